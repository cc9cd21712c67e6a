#include "emit/apidoc/streams.h"

namespace contractgen::emit::apidoc {

ir::json published_stream(const ir::Stream& stream, const load::SchemaSet& schemas, SchemaRewriter& rewriter) {
    ir::json out = ir::json::object();
    out["name"] = stream.qualified_name();
    const load::Document* doc = schemas.find(stream.origin.file);
    if (doc == nullptr) return out;
    ir::json body = rewriter.all_refs(*doc, stream.origin.pointer, stream.source);
    for (auto it = body.begin(); it != body.end(); ++it) add_new_member(out, it.key(), std::move(*it));
    return out;
}

ir::json ref_to(const ir::Decl& decl) { return ir::json{{"$ref", component_ref(decl.family, decl.name)}}; }

}  // namespace contractgen::emit::apidoc
