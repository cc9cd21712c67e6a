// References to the network, read offline: `[resolve]` in contractgen.toml
// maps URL prefixes to folders the user vendors (docs/references.md). Every
// `$ref` of the schema set whose absolute URI is an http(s) URL that names
// no resource of the set, and falls under a mapped prefix, brings in the
// file at the same place below the mapped folder; so do the references of
// the files brought in, until none is left. The network is never used.
#pragma once

#include <vector>

#include "config/project.h"
#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::resolve {

// Adds the vendored files that references of `set` reach (each once, under
// its URL as path, in the family named after its mapped folder, with that
// URL as its base URI) and sorts the documents again. A reference under a
// prefix whose file is missing or malformed is reported where it is written.
// Each file is read in its dialect as the schemas folder's are (the policy of
// `reading`): the one its `$schema` names, else the dialect of the file whose
// reference brought it in (a vendored draft-07 file without `$schema`, such
// as the official test suite's remotes, means what a draft-07 referrer means).
void load_vendored(load::SchemaSet& set, const config::SchemaReading& reading, diag::Sink& sink);

// The family of the types of a mapped folder: its last path component in
// the form family folders take (lower case, digits, '_').
std::string vendored_family(const config::ResolveMapping& mapping);

}  // namespace contractgen::resolve
