#include "emit/openapi/paths.h"

#include "emit/apidoc/streams.h"

namespace contractgen::emit::openapi {

namespace {

using ir::json;

class OperationWriter {
public:
    OperationWriter(const EmitContext& ctx, apidoc::SchemaRewriter& rw, const load::Document& doc,
                    const ir::Operation& op)
        : ctx_(ctx), rw_(rw), doc_(doc), op_(op) {}

    json write() {
        const std::string& at = op_.origin.pointer;
        json out = json::object();
        for (auto it = op_.source.begin(); it != op_.source.end(); ++it) {
            std::string p = load::pointer_append(at, it.key());
            if (it.key() == "parameters" && it->is_array()) {
                json list = json::array();
                for (std::size_t i = 0; i < it->size(); ++i)
                    list.push_back(with_schema(load::pointer_append(p, i), (*it)[i]));
                out[it.key()] = std::move(list);
            } else if (it.key() == "requestBody" && it->is_object()) {
                out[it.key()] = body(p, *it, op_.request);
            } else if (it.key() == "responses" && it->is_object()) {
                json responses = json::object();
                for (auto r = it->begin(); r != it->end(); ++r)
                    responses[r.key()] = response(load::pointer_append(p, r.key()), r.key(), *r);
                out[it.key()] = std::move(responses);
            } else {
                out[it.key()] = *it;
            }
        }
        return out;
    }

private:
    // A Parameter or Header Object: its `schema` rewritten.
    json with_schema(const std::string& pointer, const json& node) {
        json out = node;
        if (node.contains("schema"))
            out["schema"] = rw_.schema(doc_, load::pointer_append(pointer, "schema"), node["schema"]);
        return out;
    }

    json response(const std::string& pointer, const std::string& status, const json& node) {
        const std::vector<ir::ApiMediaType>* media = nullptr;
        for (const auto& r : op_.responses)
            if (r.status == status) media = &r.content;
        json out = json::object();
        for (auto it = node.begin(); it != node.end(); ++it) {
            std::string p = load::pointer_append(pointer, it.key());
            if (it.key() == "headers" && it->is_object()) {
                json headers = json::object();
                for (auto h = it->begin(); h != it->end(); ++h)
                    headers[h.key()] = with_schema(load::pointer_append(p, h.key()), *h);
                out[it.key()] = std::move(headers);
            } else if (it.key() == "content" && it->is_object() && media) {
                out[it.key()] = content(p, *it, *media);
            } else {
                out[it.key()] = *it;
            }
        }
        return out;
    }

    json body(const std::string& pointer, const json& node, const std::vector<ir::ApiMediaType>& media) {
        json out = node;
        if (node.contains("content"))
            out["content"] = content(load::pointer_append(pointer, "content"), node["content"], media);
        return out;
    }

    json content(const std::string& pointer, const json& node, const std::vector<ir::ApiMediaType>& media) {
        json out = json::object();
        for (auto it = node.begin(); it != node.end(); ++it) {
            std::string p = load::pointer_append(pointer, it.key());
            const ir::ApiMediaType* known = nullptr;
            for (const auto& m : media)
                if (m.name == it.key()) known = &m;
            json m = json::object();
            for (auto member = it->begin(); member != it->end(); ++member) {
                const std::string& key = member.key();
                if (key == "schema" || key == "itemSchema")
                    m[key] = rw_.schema(doc_, load::pointer_append(p, key), *member);
                else if (key == "x-stream" && known && known->stream)
                    m[key] = apidoc::published_stream(ctx_.model.streams[*known->stream], ctx_.schemas, rw_);
                else
                    m[key] = *member;
            }
            out[it.key()] = std::move(m);
        }
        return out;
    }

    const EmitContext& ctx_;
    apidoc::SchemaRewriter& rw_;
    const load::Document& doc_;
    const ir::Operation& op_;
};

}  // namespace

PathsAndTags build_paths(const EmitContext& ctx, apidoc::SchemaRewriter& rewriter) {
    PathsAndTags out;
    for (const auto& op : ctx.model.operations) {
        const load::Document* doc = ctx.schemas.find(op.origin.file);
        if (doc == nullptr) continue;
        out.paths[op.path][op.method] = OperationWriter(ctx, rewriter, *doc, op).write();
    }
    for (const auto& tag : ctx.model.api_tags) out.tags.push_back(tag.source);
    return out;
}

}  // namespace contractgen::emit::openapi
