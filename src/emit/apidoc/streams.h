// A stream declaration (ir::Stream, from `x-streams`) as the documents
// publish it: the declaration as written, named `family.Name`, with every
// `$ref` to a type or constant rewritten to its component. OpenAPI puts it
// on each media type that carries the stream (`x-stream`), AsyncAPI on the
// stream's channel, so a client or verifier reads the same rules from either.
#pragma once

#include "emit/apidoc/components.h"

namespace contractgen::emit::apidoc {

ir::json published_stream(const ir::Stream& stream, const load::SchemaSet& schemas, SchemaRewriter& rewriter);

// The component reference of a declaration.
ir::json ref_to(const ir::Decl& decl);

}  // namespace contractgen::emit::apidoc
