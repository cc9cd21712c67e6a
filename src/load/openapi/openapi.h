// OpenAPI 3.0 and 3.1 documents as input: a document in a family folder is
// read as that family. The loader turns it into the schema document the rest
// of the pipeline reads (types under `$defs`, operations under `x-openapi`,
// JSON Schema 2020-12), keeping every node's position in the original text so
// that later diagnostics point into the file the user wrote.
// docs/openapi-input.md describes what is read and how.
#pragma once

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::load::openapi {

// A top-level "openapi" (or Swagger 2.0's "swagger") member, and no "$schema".
bool is_openapi_document(const json& root);

// openapi.json, openapi.yaml, openapi.yml or *.openapi.<one of those>: a
// file that says by its name that it is an OpenAPI document, so its errors
// stand even when it is too malformed to tell (like *.schema.json).
bool is_openapi_name(const std::string& path);

// A YAML file of the schemas folder (*.yaml, *.yml), parsed into `doc`.
// false when it is not usable: malformed (errors when is_openapi_name or a
// line starts with "openapi:", else skipped with a warning) or not an OpenAPI document (skipped with a warning).
bool parse_yaml_openapi(std::string_view text, Document& doc, diag::Sink& sink);

// Rewrites `doc` (an OpenAPI document as parsed, with positions) in place.
// Reports an unsupported version (Swagger 2.0, 3.2, ...) and malformed parts
// with their positions and returns false then.
bool convert_openapi(Document& doc, diag::Sink& sink);

}  // namespace contractgen::load::openapi
