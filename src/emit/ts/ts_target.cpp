// The TypeScript target: an npm package under ts/ that runs with no build
// step. Every module is ESM JavaScript with a declaration file beside it:
// <family>.js/.d.ts (ts_family.cpp: Zod schemas, readers of the text
// decoder, entry points), registry.js/.d.ts (every type by "family.Type"),
// index.js/.d.ts, and the runtime (runtime.js and runtime/: the text decoder
// and encoder, the rules Zod does not implement alike; stream/: the stream
// runtime), compiled from runtime/ts/ and shipped as it is; then
// package.json and a README. The package ships one form, JavaScript with
// declarations: no TypeScript sources to build. All of it is spelled out in
// C++ (ts_family, ts_decls, ts_readers, ts_types, ts_syntax); templates/ts/
// lays it out.
#include <set>

#include "emit/common/text.h"
#include "emit/runtime_files.h"
#include "emit/targets.h"
#include "emit/ts/ts_client.h"
#include "emit/ts/ts_family.h"
#include "emit/ts/ts_syntax.h"
#include "ir/passes/passes.h"

namespace contractgen::emit {

namespace {

using namespace ts;
using render::Data;
using render::List;
using render::Object;

// The README's example: the first declared struct that no other type uses (a
// root, such as a stream's envelope), as {module, type}; empty when there is none.
std::pair<std::string, std::string> example_root(const ir::Model& model, const naming::Names& names) {
    std::set<ir::DeclId> used;
    for (const auto& d : model.decls)
        ir::for_each_type_in(d, [&](const ir::TypeExpr& t) {
            if (t.kind == ir::Kind::Named) used.insert(t.decl);
        });
    for (const auto& family : model.families)
        for (ir::DeclId id : family.decls) {
            const ir::Decl& d = model.decl(id);
            if (d.is<ir::Struct>() && !d.lifted && !used.count(id)) return {names.family.at(family.name), names.of(id)};
        }
    return {};
}

class TsTarget : public Target {
public:
    void emit(const EmitContext& ctx, write::OutputSet& out) const override {
        naming::Names names = naming::resolve_names(ctx.model, ts_naming(), ctx.schemas, ctx.sink);
        if (ctx.sink.has_errors()) return;
        std::vector<std::string> all_sources;
        for (const auto& d : ctx.schemas.documents) all_sources.push_back(d.path);
        std::string header = line_comment_text(header_text(ctx, all_sources));

        // One module per family, side by side.
        const auto& all = ctx.model.families;
        const ModelNames model = model_names(ctx.model, names);
        std::vector<FamilyModule> modules(all.size());
        ctx.for_each(all.size(), [&](std::size_t i, const render::Templates& templates) {
            modules[i] = render_family(ctx, templates, names, model, all[i]);
        });
        for (std::size_t i = 0; i < all.size(); ++i) {
            const std::string& module = names.family.at(all[i].name);
            out.add("ts/" + module + ".js", std::move(modules[i].js));
            out.add("ts/" + module + ".d.ts", std::move(modules[i].dts));
        }

        List families, entries, exports;
        for (const auto& family : ctx.model.families) {
            const std::string& module = names.family.at(family.name);
            families.push_back(Object{{"name", module}, {"path", string_literal("./" + module + ".js")}});
            exports.push_back(Object{{"subpath", ir::json("./" + module).dump()},
                                     {"types", ir::json("./" + module + ".d.ts").dump()},
                                     {"js", ir::json("./" + module + ".js").dump()}});
            for (ir::DeclId id : family.decls) {
                const ir::Decl& d = ctx.model.decl(id);
                if (d.lifted || d.is<ir::Constant>()) continue;
                entries.push_back(Object{{"name", string_literal(d.qualified_name())},
                                         {"schema", module + "." + names.of(id)},
                                         {"read", module + "." + model.readers.at(id)}});
            }
        }

        // The runtime as tsc compiled it (runtime/ts/dist: JavaScript and
        // declarations; tests/runtime/ts_emit.sh keeps it in step with the
        // sources).
        const std::string runtime_header = "// " + set_header_text(ctx) + "\n//\n";
        for (const auto& [path, text] : builtin_runtime()) {
            if (path.rfind("ts/", 0) != 0) continue;
            const std::string relative = path.substr(3);
            if (relative.rfind("dist/", 0) == 0)
                out.add_runtime("ts/" + relative.substr(5), runtime_header + std::string(text));
        }

        Data registry;
        registry.set("header", header);
        registry.set("header_comment", comment_lines(header, "// "));
        registry.set("families", families);
        registry.set("entries", std::move(entries));
        registry.set("max_depth", std::to_string(ctx.project.payload_max_depth));
        out.add("ts/registry.js", write::normalise_text(ctx.templates.render("ts/registry.module.mustache", registry)));
        out.add("ts/registry.d.ts", write::normalise_text(ctx.templates.render("ts/registry.d.ts.mustache", registry)));

        // The operation clients (docs/clients.md), when the schemas declare operations.
        const bool has_client = !ctx.model.operations.empty();
        if (has_client) {
            ClientModule client = render_client(ctx, names, model.generic, header);
            out.add("ts/client.js", std::move(client.js));
            out.add("ts/client.d.ts", std::move(client.dts));
        }

        Data index;
        index.set("header", header);
        index.set("header_comment", comment_lines(header, "// "));
        index.set("package", ctx.project.ts_package);
        index.set("families", families);
        std::string index_text = write::normalise_text(ctx.templates.render("ts/index.mustache", index));
        out.add("ts/index.js", index_text);
        out.add("ts/index.d.ts", std::move(index_text));

        Data package;
        package.set("header_json", ir::json(header_text(ctx, all_sources)).dump(-1, ' ', true));
        package.set("exports", std::move(exports));
        package.set("has_client", render::flag(has_client));
        package.set("name_json", ir::json(ctx.project.ts_package).dump());
        package.set("version_json", ir::json(ctx.project.version).dump());
        const std::string project = ctx.project.name.empty() ? std::string("contract") : ctx.project.name;
        package.set("description_json", ir::json("TypeScript types and Zod 4 schemas of the contract `" + project +
                                                 "`, generated by contractgen")
                                            .dump());
        out.add("ts/package.json", write::normalise_text(ctx.templates.render("ts/package.json.mustache", package)));

        Data readme;
        readme.set("package", ctx.project.ts_package);
        readme.set("project", project);
        readme.set("max_depth", std::to_string(ctx.project.payload_max_depth));
        auto [example_module, example_type] = example_root(ctx.model, names);
        readme.set("has_example", render::flag(!example_type.empty()));
        readme.set("example_module", example_module.empty() ? std::string("family") : example_module);
        readme.set("example_type", std::move(example_type));
        std::string html_safe = header;  // "--" may not appear inside an HTML comment
        for (std::size_t at = html_safe.find("--"); at != std::string::npos; at = html_safe.find("--", at))
            html_safe.replace(at, 2, "- -");
        readme.set("header", html_safe);
        out.add("ts/README.md", write::normalise_text(ctx.templates.render("ts/README.md.mustache", readme)));
    }
};

}  // namespace

std::unique_ptr<Target> make_ts_target() { return std::make_unique<TsTarget>(); }

}  // namespace contractgen::emit
