// The Go target: a Go module under go/ (go.mod, README.md), the runtime
// package contract/ (runtime/go/contract, verbatim), one package per family
// (go_family.cpp, go_struct.cpp) and a registry package. Every identifier is
// resolved here first, once, so that no two can collide.
//
// Mapping:
//   Struct     → struct with json tags; optional members are pointers (or the
//                type itself when nil already says "absent": interfaces, any),
//                optional nullable ones contract.Tristate[T]; a required const
//                member is not stored (its encoder writes the constant);
//                undeclared members go to AdditionalProperties (closed objects:
//                only in tolerant mode).
//   Enum       → defined string type and constants; other values: alias of any.
//   OpenEnum   → defined string type, constants for the known values, IsKnown.
//   Union      → discriminated: a sealed interface (a marker method and a
//                method named after the tag member, e.g. Type()) and an Unknown
//                variant for tolerant mode; otherwise a struct with one pointer
//                per alternative, exactly one set.
//   Alias      → type alias. Constant → const (scalars) or var (tables), and
//                the x-lookup function.
#include <algorithm>
#include <functional>
#include <set>

#include "emit/go/go_client.h"
#include "emit/go/go_family.h"
#include "emit/runtime_files.h"
#include "emit/targets.h"
#include "ir/passes/passes.h"
#include "ir/pattern.h"
#include "ir/queries.h"
#include "ir/schema_members.h"
#include "naming/keywords.h"

namespace contractgen::emit {

namespace {

using namespace go;
using ir::Kind;
using render::Data;
using render::flag;
using render::List;
using render::Object;

naming::NamerConfig go_naming() {
    naming::NamerConfig c;
    c.type_case = naming::Case::Pascal;  // exported identifiers throughout
    c.field_case = naming::Case::Pascal;
    c.value_case = naming::Case::Pascal;
    c.family_case = naming::Case::Snake;
    c.keywords = &naming::go_keywords();
    c.reserved_fields = {"AdditionalProperties"};
    c.type_prefix = "T";
    c.field_prefix = "F";
    c.value_prefix = "V";
    // Go's initialisms (the list golint and staticcheck's ST1003 know, in part).
    c.initialisms = {"api",   "ascii", "cpu", "css",  "dns", "eof", "guid", "html", "http",
                     "https", "id",    "ip",  "json", "rpc", "sql", "sse",  "tcp",  "tls",
                     "ttl",   "udp",   "ui",  "uid",  "uri", "url", "utf8", "uuid", "xml"};
    return c;
}

// Names a family package may not take: the module's other packages, the
// identifiers generated function bodies use (a package name would shadow
// them) and the packages the operations package imports.
std::set<std::string> taken_package_names() {
    std::set<std::string> s = naming::go_keywords();
    for (const char* n :
         {"contract", "registry", "regexp", "d",   "e",     "v",          "x",      "u",      "i",       "tag",  "name",
          "seen",     "data",     "opts",   "key", "known", "operations", "client", "stream", "context", "http", "url"})
        s.insert(n);
    return s;
}

// Every identifier of the output: packages, functions, constants, methods.
GoNames resolve(const EmitContext& ctx, const naming::Names& names) {
    GoNames g{names, {}, {}, {}, {}, {}, {}, {}, {}};
    const ir::Model& model = ctx.model;
    naming::Scope packages(taken_package_names());
    for (const auto& family : model.families) g.package[family.name] = packages.claim(package_word(family.name));

    for (const auto& family : model.families) {
        naming::Scope public_names;
        for (ir::DeclId id : family.decls) public_names.reserve(names.of(id));
        naming::Scope& private_names = g.private_names.emplace(family.name, naming::Scope()).first->second;
        for (const char* n : {"contract", "regexp", "d", "e", "v", "x", "u", "i", "tag", "name", "seen", "data", "opts",
                              "key", "known"})
            private_names.reserve(n);
        for (const auto& other : model.families) private_names.reserve(g.package.at(other.name));
        for (ir::DeclId id : family.decls) {
            const ir::Decl& d = model.decl(id);
            const std::string& name = names.of(id);
            if (const auto* c = std::get_if<ir::Constant>(&d.body)) {
                if (!c->lookup_function.empty())
                    g.lookups[id] = public_names.claim(
                        naming::make_identifier(c->lookup_function, naming::Case::Pascal, {}, go_naming(), "F"));
                continue;
            }
            g.functions[id] = {public_names.claim("Decode" + name), public_names.claim("Encode" + name),
                               public_names.claim("Parse" + name), public_names.claim("Marshal" + name),
                               public_names.claim("Validate" + name)};
            if (const auto* e = std::get_if<ir::Enum>(&d.body); e && e->all_strings)
                for (const auto& value : names.values.at(id))
                    g.constants[id].push_back(public_names.claim(name + value));
            if (std::holds_alternative<ir::OpenEnum>(d.body))
                for (const auto& value : names.values.at(id))
                    g.constants[id].push_back(public_names.claim(name + value));
            if (const auto* u = std::get_if<ir::Union>(&d.body); u && u->discriminator) {
                g.unknown[id] = public_names.claim(name + "Unknown");
                // Sealed with an unexported method when every variant is in this package.
                bool local = std::all_of(u->variants.begin(), u->variants.end(), [&](const ir::Variant& v) {
                    return model.decl(v.type.decl).family == family.name;
                });
                std::string marker =
                    local ? "is" + name : "Is" + naming::to_case(family.name, naming::Case::Pascal) + name;
                g.markers[id] = marker;
                for (const auto& v : u->variants)
                    g.memberships[v.type.decl].push_back(
                        {marker, tag_method(*u->discriminator), *u->discriminator, *v.tag});
            }
        }
    }
    return g;
}

// Whether a pattern the contract uses needs the backtracking engine
// (contract/pattern_backtracking.go and regexp2 in go.mod): its `pattern`s,
// key patterns and the patterns inside assertions' programs.
bool uses_backtracking(const EmitContext& ctx) {
    bool found = false;
    auto check_pattern = [&](const std::string& pattern) { found = found || ir::needs_backtracking(pattern); };
    auto check = [&](const ir::StringBounds& b) {
        if (b.pattern) check_pattern(*b.pattern);
    };
    std::function<void(const ir::TypeExpr&)> walk = [&](const ir::TypeExpr& t) {
        check(t.string_bounds);
        for (const auto& e : t.element) walk(e);
    };
    for (const auto& d : ctx.model.decls) {
        if (const auto* o = std::get_if<ir::OpenEnum>(&d.body)) check(o->other);
        if (const auto* s = std::get_if<ir::Struct>(&d.body); s && s->extra_key_pattern)
            check_pattern(*s->extra_key_pattern);
        ir::for_each_type_in(d, walk);
    }
    // The assertions' patterns, found by the walk that spells them (its result is not needed).
    for (const auto& c : ctx.model.checks)
        ir::program_with_patterns(c.program, [&](const std::string& pattern) {
            check_pattern(pattern);
            return pattern;
        });
    return found;
}

class GoTarget : public Target {
public:
    void emit(const EmitContext& ctx, write::OutputSet& out) const override {
        naming::Names names = naming::resolve_names(ctx.model, go_naming(), ctx.schemas, ctx.sink);
        if (ctx.sink.has_errors()) return;
        const bool backtracking = uses_backtracking(ctx);
        const GoNames go_names = resolve(ctx, names);
        const std::string header = comment_text(set_header_text(ctx));

        add_runtime(ctx, out, backtracking);

        const auto& all = ctx.model.families;
        std::vector<std::string> files(all.size());
        ctx.for_each(all.size(), [&](std::size_t i, const render::Templates& templates) {
            FamilyView view(ctx, templates, go_names, all[i]);
            files[i] = write::normalise_text(templates.render("go/family.go.mustache", view.build()));
        });
        for (std::size_t i = 0; i < all.size(); ++i) {
            const std::string& package = go_names.package.at(all[i].name);
            out.add("go/" + package + "/" + package + ".go", std::move(files[i]));
        }
        add_operations(ctx, go_names, go_naming(), out);

        // The registry: every named, non-lifted type that is not a constant.
        // The README's example: the first declared struct that no other type uses (a root).
        std::set<ir::DeclId> referenced;
        for (const auto& d : ctx.model.decls)
            ir::for_each_type_in(d, [&](const ir::TypeExpr& t) {
                if (t.kind == Kind::Named) referenced.insert(t.decl);
            });
        List entries, imports, packages;
        std::set<std::string> used;
        std::string example_package, example_parse, example_marshal;
        for (std::size_t i = 0; i < all.size(); ++i) {
            const std::string& package = go_names.package.at(all[i].name);
            packages.push_back(Object{{"name", package}, {"family", all[i].name}, {"last", flag(i + 1 == all.size())}});
            for (ir::DeclId id : all[i].decls) {
                const ir::Decl& d = ctx.model.decl(id);
                if (d.lifted || d.is<ir::Constant>()) continue;
                const DeclFunctions& f = go_names.functions.at(id);
                used.insert(package);
                entries.push_back(Object{{"name", string_literal(d.qualified_name())},
                                         {"decode", package + "." + f.decode},
                                         {"encode", package + "." + f.encode}});
                if (example_package.empty() && d.is<ir::Struct>() && !referenced.count(id)) {
                    example_package = package;
                    example_parse = f.parse;
                    example_marshal = f.marshal;
                }
            }
        }
        std::vector<std::string> paths = {string_literal(ctx.project.go_module + "/contract")};
        for (const auto& p : used) paths.push_back(string_literal(ctx.project.go_module + "/" + p));
        std::sort(paths.begin(), paths.end());
        for (auto& p : paths) imports.push_back(Object{{"path", std::move(p)}});
        Data registry;
        registry.set("header_lines", emit::comment_lines(header, "// "));
        registry.set("imports", std::move(imports));
        registry.set("entries", std::move(entries));
        out.add("go/registry/registry.go",
                write::normalise_text(ctx.templates.render("go/registry.go.mustache", registry)));

        Data module;
        module.set("header", header);
        module.set("module", ctx.project.go_module);
        module.set("backtracking", flag(backtracking));
        out.add("go/go.mod", write::normalise_text(ctx.templates.render("go/go.mod.mustache", module)));
        // go.sum has no comments, so no header line: the checksums of the one dependency, when it is used.
        if (backtracking) out.add("go/go.sum", ctx.templates.render("go/go.sum.mustache", module));
        std::string markdown_header = header;  // inside an HTML comment, "--" may not appear
        for (std::size_t at; (at = markdown_header.find("--")) != std::string::npos;)
            markdown_header.replace(at, 2, "- -");
        Data readme;
        readme.set("header", markdown_header);
        readme.set("module", ctx.project.go_module);
        readme.set("project", ctx.project.name.empty() ? std::string("the contract") : ctx.project.name);
        readme.set("example_package", example_package.empty() ? std::string("family") : example_package);
        readme.set("example_parse", example_parse.empty() ? std::string("ParseType") : example_parse);
        readme.set("example_marshal", example_marshal.empty() ? std::string("MarshalType") : example_marshal);
        readme.set("packages", std::move(packages));
        out.add("go/README.md", write::normalise_text(ctx.templates.render("go/README.md.mustache", readme)));
    }

private:
    // runtime/go/contract/*.go (tests excepted), each with the header lines;
    // the runtime module's own import path (a package of the runtime that
    // imports another, e.g. contract/client importing contract/stream) becomes the configured module's.
    static void add_runtime(const EmitContext& ctx, write::OutputSet& out, bool backtracking) {
        const std::string runtime_module = "\"example.com/contractgen/runtime/",
                          module = "\"" + ctx.project.go_module + "/";
        const std::string lines = "// Code generated by contractgen. DO NOT EDIT.\n" +
                                  emit::comment_lines(comment_text(set_header_text(ctx)), "// ") + "\n";
        const std::string folder = "go/contract/";
        for (const auto& [path, bytes] : builtin_runtime()) {
            bool source = path.rfind(folder, 0) == 0 && path.size() > 3 &&
                          path.compare(path.size() - 3, 3, ".go") == 0 && path.find("_test.go") == std::string::npos &&
                          (backtracking || path != folder + "pattern_backtracking.go");
            if (!source) continue;
            std::string text = lines + std::string(bytes);
            for (auto at = text.find(runtime_module); at != std::string::npos;
                 at = text.find(runtime_module, at + module.size()))
                text.replace(at, runtime_module.size(), module);
            out.add_runtime(path, std::move(text));
        }
    }
};

}  // namespace

std::unique_ptr<Target> make_go_target() { return std::make_unique<GoTarget>(); }

}  // namespace contractgen::emit
