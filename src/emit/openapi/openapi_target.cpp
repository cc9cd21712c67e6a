// The OpenAPI target: openapi/openapi.json (OpenAPI 3.2.0), the same value as
// openapi/openapi.yaml, and openapi/openapi-3.1.json for tools that only read
// 3.1 (version31.h says what changes).
//
//  - components/schemas: every contract type, re-emitted from the source
//    schemas with rewritten $refs (apidoc/components.h says why);
//  - paths and tags: the operations the schemas declare in `x-openapi`, with
//    their streams' rules (`x-streams`) on each streaming media type
//    (paths.h). Which operations exist, their prose, parameters, headers and
//    examples are all schema data: nothing here names a contract.
//
// The document's frame (info, servers) lives in
// templates/openapi/document.json.mustache (JSON with `<% %>` delimiters;
// users may override it with --templates); every value taken from the
// schemas or the config is inserted as a JSON literal built here, so no text
// can break the document. The rendered template is parsed back, the paths
// and components are moved in as values, and serialize.h prints the result
// deterministically.
#include <algorithm>
#include <memory>
#include <optional>

#include "emit/apidoc/components.h"
#include "emit/apidoc/serialize.h"
#include "emit/apidoc/shared_schemas.h"
#include "emit/openapi/paths.h"
#include "emit/openapi/version31.h"
#include "emit/targets.h"

namespace contractgen::emit {

namespace {

using ir::json;
using render::Data;
using render::flag;
using render::List;
using render::Object;
namespace ad = apidoc;

// A JSON value as template text.
std::string lit(const json& v) { return v.dump(); }
// A string as the inside of a JSON string literal (for text that the
// template places inside its own quotes).
std::string body(const std::string& text) {
    std::string quoted = json(text).dump();
    return quoted.substr(1, quoted.size() - 2);
}

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

std::optional<json> render_json(const EmitContext& ctx, const std::string& name, const Data& data) {
    std::string text = ctx.templates.render(name, data);
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        ctx.sink.error("", 0, 0, "openapi target: template '" + name + "' did not render valid JSON: " + e.what());
        return std::nullopt;
    }
}

// The template's members that the target fills with values: `paths` (the
// operations) and components/schemas (the contract's types, megabytes for a
// large contract, so never printed into the template and parsed back).
bool place(const EmitContext& ctx, json& document, json paths, json schemas) {
    auto components = document.find("components");
    if (components == document.end() || !components->is_object() || !components->contains("schemas")) {
        ctx.sink.error("", 0, 0,
                       "openapi target: template 'openapi/document.json.mustache' has no components/schemas "
                       "member to hold the contract's types");
        return false;
    }
    (*components)["schemas"] = std::move(schemas);
    if (document.contains("paths")) document["paths"] = std::move(paths);
    return true;
}

std::string yaml_with_header(const std::string& header, const json& document, const ad::WrittenMember& written) {
    std::string comment = header;
    std::replace_if(comment.begin(), comment.end(), [](char ch) { return ch == '\n' || ch == '\r'; }, ' ');
    std::string yaml = "# " + comment + "\n";
    ad::append_yaml_text(document, yaml, written);
    return yaml;
}

class OpenApiTarget : public Target {
public:
    void emit(const EmitContext& ctx, write::OutputSet& out) const override {
        bool same_for_all = false;
        const int errors_before = ctx.sink.error_count();
        json schemas = ad::build_component_schemas(ctx.model, ctx.schemas, ctx.sink, {}, &same_for_all);
        auto shared = std::make_shared<const ad::WrittenMember>(ad::write_member(schemas, {"components", "schemas"}));
        const ad::WrittenMember& written = *shared;
        schemas = json::object();  // written: the document's member stands in for it
        if (same_for_all && ctx.sink.error_count() == errors_before && ctx.shared_schemas != nullptr)
            ctx.shared_schemas->publish(shared);
        ad::SchemaRewriter rewriter(ctx.model, ctx.schemas, ctx.sink);
        openapi::PathsAndTags api = openapi::build_paths(ctx, rewriter);
        if (ctx.sink.has_errors()) return;

        std::vector<std::string> sources;
        for (const auto& d : ctx.schemas.documents) sources.push_back(d.path);
        std::string header = header_text(ctx, sources);
        List families;
        for (const auto& family : ctx.model.families) {
            std::string titles;
            for (const auto& file : family.source_files) {
                const load::Document* doc = ctx.schemas.find(file);
                if (doc && doc->root.contains("title") && doc->root["title"].is_string())
                    titles += (titles.empty() ? "" : "; ") + doc->root["title"].get<std::string>();
            }
            families.push_back(Object{{"name", body(family.name)}, {"titles", body(titles)}});
        }
        std::string operations;
        for (const auto& op : ctx.model.operations)
            operations += (operations.empty() ? "" : ", ") + upper(op.method) + " " + op.path;
        Data data;
        data.set("header", lit(header));
        data.set("title", lit(json(ctx.project.openapi_title)));
        data.set("version", lit(json(ctx.project.version)));
        data.set("has_paths", flag(!ctx.model.operations.empty()));
        data.set("has_streams", flag(!ctx.model.streams.empty()));
        data.set("operations", body(operations));
        data.set("families", std::move(families));
        data.set("tags", lit(api.tags));
        data.set("paths", "{}");
        auto document = render_json(ctx, "openapi/document.json.mustache", data);
        if (!document || !place(ctx, *document, std::move(api.paths), std::move(schemas))) return;

        // The 3.1 rendering changes the version and the paths only: the schemas are written once.
        out.add("openapi/openapi.json", write::normalise_text(ad::to_json_text(*document, written)));
        out.add("openapi/openapi.yaml", write::normalise_text(yaml_with_header(header, *document, written)));
        openapi::make_openapi_31(*document);
        out.add("openapi/openapi-3.1.json", write::normalise_text(ad::to_json_text(*document, written)));
    }
};

}  // namespace

std::unique_ptr<Target> make_openapi_target() { return std::make_unique<OpenApiTarget>(); }

}  // namespace contractgen::emit
