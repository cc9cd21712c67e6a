// The HTTP operations and stream protocols a contract declares as schema
// data: a schema file's top-level `x-openapi` (an OpenAPI 3.2 Paths Object
// and Tag Objects, whose `$ref`s name contract types the way schemas do) and
// `x-streams` (each stream's framing, item type, SSE event and id sources,
// sequence, terminal, heartbeat and client rules). schemas/README.md,
// "Operations and streams", defines both keywords.
//
// Runs after the types are built (it resolves `$ref`s to declarations):
// fills model.operations, model.streams and model.api_tags, and reports
// every problem with its position.
#pragma once

#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"

namespace contractgen::ir {

void build_operations(const load::SchemaSet& schemas, Model& model, diag::Sink& sink);

}  // namespace contractgen::ir
