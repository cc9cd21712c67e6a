// The operations of the contract (ir::Model::operations, from the schemas'
// `x-openapi`) as an OpenAPI 3.2 Paths Object and the tags they use. Each
// operation is its source Operation Object with every schema's `$ref`
// rewritten to a component and each `x-stream` reference replaced by the
// stream's published declaration (apidoc/streams.h). Nothing here knows
// any particular contract.
#pragma once

#include "emit/apidoc/components.h"
#include "emit/target.h"

namespace contractgen::emit::openapi {

struct PathsAndTags {
    ir::json paths = ir::json::object();
    ir::json tags = ir::json::array();
};

PathsAndTags build_paths(const EmitContext& ctx, apidoc::SchemaRewriter& rewriter);

}  // namespace contractgen::emit::openapi
