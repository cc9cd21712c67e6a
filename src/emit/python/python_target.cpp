// The python target: a typed package of Pydantic v2 models under python/
// (pyproject.toml, setup.py, contract/<family>.py, contract/_runtime/, contract/_stream/,
// contract/registry.py). This file builds the package files; python_family.cpp
// the family modules (all Python is spelled out there and in python_types.cpp);
// templates/python/ lays it out.
//
// Mapping (see also the runtime's docstrings):
//   Struct     → class <Name>(_rt.ContractModel), extra="forbid"|"allow",
//                typed extras via __pydantic_extra__; wire names through
//                validation_alias/serialization_alias so that __init__ and
//                mypy use the Python names.
//   Enum       → Literal[...] alias (the value is the wire string; mypy checks it);
//                mixed enums → Annotated[<types>, _rt.OneOfValues(...)].
//   OpenEnum   → str alias (constrained when unknown values have rules) and a
//                tuple of the known values.
//   Union      → Annotated[Union[...], _rt.Tagged | _rt.FirstMatch | _rt.ExactlyOne].
//   Alias      → TypeAlias; every non-model type also gets an _rt.Adapter.
//   Constant   → Final module constant (tuples, read-only mappings) and the lookup function.
#include <set>

#include "emit/common/text.h"
#include "emit/python/python_client.h"
#include "emit/python/python_family.h"
#include "emit/python/python_syntax.h"
#include "emit/runtime_files.h"
#include "emit/targets.h"
#include "ir/passes/passes.h"
#include "naming/namer.h"

namespace contractgen::emit {

namespace {

using namespace python;
using ir::Kind;
using render::Data;
using render::flag;
using render::List;
using render::Object;

class PythonTarget : public Target {
public:
    void emit(const EmitContext& ctx, write::OutputSet& out) const override {
        naming::Names names = naming::resolve_names(ctx.model, python_naming(), ctx.schemas, ctx.sink);
        if (ctx.sink.has_errors()) return;
        std::vector<std::string> all_sources;
        for (const auto& d : ctx.schemas.documents) all_sources.push_back(d.path);
        const std::string header = comment_text(header_text(ctx, all_sources));
        const std::string kPackage = "python/" + ctx.project.python_package + "/";

        std::map<std::string, std::string> aliases;  // family → import alias
        for (const auto& family : ctx.model.families)
            aliases[family.name] = module_alias(module_name(names.family.at(family.name)));

        // The runtime packages, verbatim: _runtime (what the models use) and
        // _stream (the wire protocol: NDJSON/SSE readers and writers, state machines).
        // Python modules, their stubs, and the C source of the optional extension (setup.py builds it).
        for (const auto& [path, text] : builtin_runtime()) {
            const bool shipped = path.rfind("python/_runtime/", 0) == 0 || path.rfind("python/_stream/", 0) == 0 ||
                                 path.rfind("python/_client/", 0) == 0;
            const std::string_view extension = std::string_view(path).substr(std::min(path.size(), path.rfind('.')));
            const char* comment = extension == ".py" || extension == ".pyi" ? "# "
                                  : extension == ".c"                       ? "// "
                                                                            : nullptr;
            if (!shipped || comment == nullptr) continue;
            out.add_runtime(kPackage + path.substr(std::string("python/").size()),
                            comment + set_header_text(ctx) + "\n" + std::string(text));
        }

        // One module per family, side by side; the package files list them in family order.
        const auto& all = ctx.model.families;
        std::vector<FamilyModule> built(all.size());
        ctx.for_each(all.size(), [&](std::size_t i, const render::Templates& templates) {
            built[i] = render_family(ctx, templates, names, all[i], aliases);
        });

        List modules, entries;
        std::vector<std::pair<std::string, std::string>> client_modules;  // (family, module)
        std::map<ir::DeclId, std::string> all_adapters;  // a non-model type → its adapter, for the client
        for (std::size_t i = 0; i < all.size(); ++i) {
            const ir::Family& family = all[i];
            const std::map<ir::DeclId, std::string>& adapters = built[i].adapters;
            const std::string module = module_name(names.family.at(family.name));
            out.add(kPackage + module + ".py", std::move(built[i].text));
            modules.push_back(Object{{"module", module},
                                     {"alias", aliases.at(family.name)},
                                     {"name", string_literal(module)},
                                     {"last", flag(i + 1 == all.size())}});
            client_modules.emplace_back(family.name, module);
            for (ir::DeclId id : family.decls) {
                const ir::Decl& d = ctx.model.decl(id);
                if (d.lifted || d.is<ir::Constant>()) continue;
                auto adapter = adapters.find(id);
                std::string ref =
                    aliases.at(family.name) + "." + (adapter != adapters.end() ? adapter->second : names.of(id));
                if (adapter != adapters.end()) all_adapters.emplace(id, ref);
                entries.push_back(Object{{"name", string_literal(d.qualified_name())},
                                         {"adapter", adapter != adapters.end() ? ref : "_rt.Adapter(" + ref + ")"}});
            }
        }

        // The README's example: the first declared model that no other type uses (a root).
        std::set<ir::DeclId> used;
        for (const auto& d : ctx.model.decls)
            ir::for_each_type_in(d, [&](const ir::TypeExpr& t) {
                if (t.kind == Kind::Named) used.insert(t.decl);
            });
        std::string example_module, example_type;
        for (const auto& family : ctx.model.families)
            for (ir::DeclId id : family.decls) {
                const ir::Decl& d = ctx.model.decl(id);
                if (example_type.empty() && d.is<ir::Struct>() && !d.lifted && !used.count(id)) {
                    example_module = module_name(names.family.at(family.name));
                    example_type = names.of(id);
                }
            }
        Data package;
        package.set("has_example", flag(!example_type.empty()));
        package.set("example_module", example_module);
        package.set("example_type", example_type);
        package.set("header", header);
        // The header as comment lines within 120 columns (the source list wraps at its commas).
        package.set("header_comment", comment_lines(header, "# "));
        package.set("package", ctx.project.python_package);
        package.set("distribution", ctx.project.python_distribution);
        package.set("version", ctx.project.version);
        package.set("max_depth", std::to_string(ctx.project.payload_max_depth));
        package.set("project", ctx.project.name.empty() ? std::string("the contract") : ctx.project.name);
        package.set("modules", std::move(modules));
        package.set("entries", std::move(entries));
        out.add(kPackage + "__init__.py",
                write::normalise_text(ctx.templates.render("python/__init__.py.mustache", package)));
        out.add(kPackage + "registry.py",
                write::normalise_text(ctx.templates.render("python/registry.py.mustache", package)));
        out.add(kPackage + "py.typed",
                write::normalise_text(ctx.templates.render("python/py.typed.mustache", package)));
        out.add("python/pyproject.toml",
                write::normalise_text(ctx.templates.render("python/pyproject.toml.mustache", package)));
        // The operation clients (docs/clients.md), when the schemas declare operations.
        if (!ctx.model.operations.empty())
            out.add(kPackage + "client.py", render_client(ctx, names, aliases, all_adapters, header, client_modules));
        out.add("python/setup.py", write::normalise_text(ctx.templates.render("python/setup.py.mustache", package)));
        Data readme = package;
        std::string markdown_header = header;  // inside an HTML comment, "--" may not appear
        for (std::size_t at; (at = markdown_header.find("--")) != std::string::npos;)
            markdown_header.replace(at, 2, "- -");
        readme.set("header", markdown_header);
        out.add("python/README.md", write::normalise_text(ctx.templates.render("python/README.md.mustache", readme)));
    }
};

}  // namespace

std::unique_ptr<Target> make_python_target() { return std::make_unique<PythonTarget>(); }

}  // namespace contractgen::emit
