// `contractgen lint`'s conventions: agreements between schemas that JSON
// Schema cannot state, declared as schema data so that a contract opts in and
// the generator names no contract:
//
//   "x-tag-enum": "<ref to an enum $defs entry>"   on a discriminated union
//       The enum lists every variant's tag, in the union's order, and nothing
//       else; every variant's tag property states its type ("type": "string")
//       next to its "const".
//   "x-keys-of": "<ref to an enum $defs entry>"    on an object-valued constant
//       The constant has one key per value of the enum, in the enum's order.
//
// Refs are written as $refs are ("#/$defs/X", "file.schema.json#/$defs/X",
// "../family/file.schema.json#/$defs/X"). Every finding is an error at the
// place to change, saying what to add or remove.
#pragma once

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::lint {

void check_conventions(const load::SchemaSet& schemas, diag::Sink& sink);

}  // namespace contractgen::lint
