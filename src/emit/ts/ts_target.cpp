// The TypeScript target: an ESM npm package under ts/ (package.json,
// tsconfig.json, src/<family>.ts with a Zod 4 schema and an inferred type
// per declaration, src/runtime.ts with the rules Zod does not implement
// alike, src/registry.ts naming every type, src/index.ts). This file builds
// the view model (all TypeScript spelled out here, through ts_types and
// ts_syntax); templates/ts/ lays it out.
#include <set>

#include "emit/ts/ts_syntax.h"
#include "emit/ts/ts_types.h"
#include "emit/runtime_files.h"
#include "emit/targets.h"
#include "naming/keywords.h"
#include "naming/namer.h"

namespace contractgen::emit {

namespace {

using namespace ts;
using render::Data;
using render::flag;
using render::List;
using render::Object;
using ir::Kind;

const std::string kSrc = "ts/src/";

// Identifiers module code itself uses, on top of the language's reserved
// words: the zod import, the runtime import, and the package's own module
// names (a family called `runtime` must not shadow or overwrite them).
const std::set<std::string>& ts_reserved() {
    static const std::set<std::string> words = [] {
        std::set<std::string> w = naming::typescript_keywords();
        for (const char* extra : {"z", "rt", "runtime", "registry", "index", "types"}) w.insert(extra);
        return w;
    }();
    return words;
}

naming::NamerConfig ts_naming() {
    naming::NamerConfig c;
    c.type_case = naming::Case::Pascal;   // types and their schemas share one name
    c.field_case = naming::Case::Camel;   // unused: properties keep their wire names
    c.value_case = naming::Case::ScreamingSnake;
    c.family_case = naming::Case::Snake;  // module file and namespace name
    c.keywords = &ts_reserved();
    c.reserved_suffix = "_";
    c.type_prefix = "T";
    c.value_prefix = "V_";
    return c;
}

// Zod reads an object's members with `input[key]` and `key in input`, which
// also see what every object inherits from Object.prototype: an absent
// `constructor` or `toString` member would be read as a function. A struct
// that declares one of these names parses a null-prototype copy of its input
// (rt.ownMembers).
bool inherited_member(const std::string& name) {
    static const std::set<std::string> names = {
        "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString",
        "valueOf", "__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"};
    return names.count(name) > 0;
}

bool reads_inherited_members(const ir::Decl& d) {
    if (!d.is<ir::Struct>()) return false;
    const auto& s = d.as<ir::Struct>();
    for (const auto& f : s.fields)
        if (inherited_member(f.wire_name)) return true;
    for (const auto& name : s.forbidden)
        if (inherited_member(name)) return true;
    return false;
}

std::string screaming(const std::string& schema_name) {
    return naming::make_identifier(schema_name, naming::Case::ScreamingSnake, ts_reserved(), ts_naming(), "V_");
}

class FamilyView {
public:
    FamilyView(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
               const ir::Family& family)
        : ctx_(ctx), templates_(templates), names_(names), family_(family), types_(ctx.model, names) {
        types_.set_family(family.name);
        scope_.reserve("z");
        scope_.reserve("rt");
        for (const auto& other : family.depends_on) scope_.reserve(names.family.at(other));
        for (ir::DeclId id : family.decls)
            if (!ctx.model.decl(id).is<ir::Constant>()) scope_.reserve(names.of(id));
    }

    // Each declaration is rendered with the template of its kind
    // (ts/struct.ts.mustache, ...), followed by ts/parse.ts.mustache for the
    // declared (root) types; the family template places the rendered code.
    Data build() {
        std::string body;
        for (ir::DeclId id : family_.decls) {
            const ir::Decl& d = ctx_.model.decl(id);
            templates_.render_to("ts/" + decl_template(d) + ".ts.mustache", decl_view(id, d), body);
            if (!d.lifted && !d.is<ir::Constant>()) {
                Data parse;
                parse.set("name", names_.of(id));
                parse.set("parse", scope_.claim("parse" + names_.of(id)));
                parse.set("safe_parse", scope_.claim("safeParse" + names_.of(id)));
                templates_.render_to("ts/parse.ts.mustache", parse, body);
            }
        }
        List imports;
        for (const auto& other : family_.depends_on)
            imports.push_back(Object{{"name", names_.family.at(other)},
                                     {"path", string_literal("./" + names_.family.at(other) + ".js")}});
        Data data;
        data.set("header", line_comment_text(family_header_text(ctx_, family_)));
        data.set("imports", std::move(imports));
        data.set("body", std::move(body));
        return data;
    }

private:
    Data decl_view(ir::DeclId id, const ir::Decl& d) {
        Data v;
        v.set("name", names_.of(id));
        v.set("doc", jsdoc(d.docs, ""));
        v.set("source", line_comment_text(d.origin.file + "#" + d.origin.pointer));
        std::visit([&](const auto& body) { fill(v, id, body); }, d.body);
        return v;
    }

    // ---- struct --------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Struct& s) {
        List fields;
        for (const ir::Field& f : s.fields)
            fields.push_back(Object{{"doc", jsdoc(f.docs, "  ")},
                                    {"key", property_key(f.wire_name)},
                                    {"schema", types_.field_schema(f.type, f.required)}});
        // Forbidden members: absent, or an error naming the member. Closed
        // objects reject them anyway; the entry also types them `?: never`.
        for (const std::string& name : s.forbidden)
            fields.push_back(Object{{"doc", std::string()},
                                    {"key", property_key(name)},
                                    {"schema", "rt.forbidden"}});
        std::string open, close = "})";
        switch (s.extra) {
            case ir::Extra::Forbid: open = "z.strictObject({"; break;
            case ir::Extra::Keep: open = "z.looseObject({"; break;
            case ir::Extra::Typed:
                open = "z.object({";
                close = "}).catchall(" + types_.schema(*s.extra_type) + ")";
                break;
        }
        if (!s.bounds.empty()) {
            close += ".check(rt.propertyCount(" + std::to_string(s.bounds.min_properties.value_or(0));
            if (s.bounds.max_properties) close += ", " + std::to_string(*s.bounds.max_properties);
            close += "))";
        }
        if (reads_inherited_members(ctx_.model.decl(id))) {
            open = "rt.ownMembers(" + open;
            // Zod skips a member named __proto__ altogether; rt.ownMembers checks and keeps it.
            std::string proto;
            for (const ir::Field& f : s.fields)
                if (f.wire_name == "__proto__")
                    proto = "{ schema: " + types_.schema(f.type) + ", required: " + (f.required ? "true" : "false") + " }";
            for (const std::string& name : s.forbidden)
                if (name == "__proto__") proto = "{ schema: rt.forbidden, required: false }";
            close += proto.empty() ? ")" : ", " + proto + ")";
        }
        v.set("open", std::move(open));
        v.set("close", std::move(close));
        v.set("fields", std::move(fields));
    }

    // ---- enums ---------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Enum& e) {
        const ir::Decl& d = ctx_.model.decl(id);
        ir::json all = ir::json::array();
        bool scalars = true;
        for (const auto& value : e.values) {
            all.push_back(value);
            scalars = scalars && value.is_primitive();
        }
        v.set("values_name", scope_.claim(screaming(d.name) + "_VALUES"));
        v.set("values", value_literal(all, ""));
        // Other values: z.literal compares scalars with SameValueZero, which is
        // JSON equality for them (1 == 1.0); arrays and objects need rt's.
        if (!e.all_strings) v.set("matcher", scalars ? "z.literal" : "rt.oneOfValues");
    }

    void fill(Data& v, ir::DeclId id, const ir::OpenEnum& o) {
        const ir::Decl& d = ctx_.model.decl(id);
        ir::json known = ir::json::array();
        for (const auto& k : o.known) known.push_back(k);
        std::string values_name = scope_.claim(screaming(d.name) + "_KNOWN_VALUES");
        v.set("values_name", values_name);
        v.set("values", value_literal(known, ""));
        v.set("known_schema", o.known_enum ? types_.decl_ref(*o.known_enum) : "z.enum(" + values_name + ")");
        // Other values: any string that meets the `other` branch's constraints.
        ir::TypeExpr other;
        other.kind = Kind::String;
        other.string_bounds = o.other;
        v.set("other_schema", "rt.otherString(" + types_.schema(other) + ")");
    }

    // ---- unions --------------------------------------------------------------
    void fill(Data& v, ir::DeclId, const ir::Union& u) {
        List variants;
        std::string open, close = "])";
        if (u.discriminator) {
            // Zod reports a missing, non-string or unknown tag at the tag's path. Its
            // options must be objects: a variant wrapped in rt.ownMembers (a pipe)
            // takes part as its object (`.object`), and the union parses the copy.
            bool own_members = false;
            for (const auto& variant : u.variants) {
                bool wrapped = variant.type.kind == Kind::Named && reads_inherited_members(ctx_.model.decl(variant.type.decl));
                own_members = own_members || wrapped;
                variants.push_back(Object{{"schema", types_.schema(variant.type) + (wrapped ? ".object" : "")}});
            }
            open = "z.discriminatedUnion(" + string_literal(*u.discriminator) + ", [";
            if (own_members) {
                open = "rt.ownMembers(" + open;
                close += ")";
            }
        } else {
            for (const auto& variant : u.variants) variants.push_back(Object{{"schema", types_.schema(variant.type)}});
            if (u.kinds_disjoint || u.mode == ir::UnionMode::AnyOf) {
                // Disjoint kinds: at most one variant can match. anyOf: the first match wins (z.union's rule).
                open = "z.union([";
            } else {
                // oneOf with overlapping variants: exactly one must match.
                open = "z.xor([";
                close = "], rt.ONE_OF)";
            }
        }
        v.set("open", std::move(open));
        v.set("close", std::move(close));
        v.set("variants", std::move(variants));
    }

    // ---- alias and constant ---------------------------------------------------
    void fill(Data& v, ir::DeclId, const ir::Alias& a) {
        v.set("schema", types_.schema(a.target));
    }

    void fill(Data& v, ir::DeclId id, const ir::Constant& c) {
        const ir::Decl& d = ctx_.model.decl(id);
        std::string constant = scope_.claim(screaming(d.name));
        v.set("constant", constant);
        v.set("value", value_literal(c.value, ""));
        // `as const` makes nested arrays and objects read-only; scalars need no wrapper.
        std::string type = types_.type(c.type);
        v.set("type", readonly_type(c.type) ? type : "rt.DeepReadonly<" + type + ">");
        bool lookup = !c.lookup_function.empty() && c.type.kind == Kind::Map;
        v.set("has_lookup", flag(lookup));
        v.set("lookup", lookup ? scope_.claim(naming::make_identifier(c.lookup_function, naming::Case::Camel,
                                                                       ts_reserved(), ts_naming(), "f_"))
                               : "");
        std::string value_type = lookup ? types_.type(c.type.item()) : "";
        v.set("lookup_value", lookup && !readonly_type(c.type.item()) ? "rt.DeepReadonly<" + value_type + ">" : value_type);
    }

    // Whether values of `t` are never arrays or objects.
    bool scalar_type(const ir::TypeExpr& t) const {
        switch (t.kind) {
            case Kind::String:
            case Kind::Integer:
            case Kind::Number:
            case Kind::Boolean:
            case Kind::Null: return true;
            case Kind::Const: return t.value.is_primitive();
            case Kind::Named: {
                const ir::Decl& d = ctx_.model.decl(t.decl);
                if (d.is<ir::Alias>()) return scalar_type(d.as<ir::Alias>().target);
                return d.is<ir::OpenEnum>() || (d.is<ir::Enum>() && d.as<ir::Enum>().all_strings);
            }
            default: return false;
        }
    }

    // Whether types_.type(t) is already read-only all the way down (as an `as const` value is).
    bool readonly_type(const ir::TypeExpr& t) const {
        if (t.kind == Kind::Array || t.kind == Kind::Map) return readonly_type(t.item());
        return scalar_type(t);
    }

    const EmitContext& ctx_;
    const render::Templates& templates_;  // this thread's
    const naming::Names& names_;
    const ir::Family& family_;
    TsTypes types_;
    // Module-scope names besides the types: values tables, constants, lookup and
    // parse functions, with the Namer's suffix rule.
    naming::Scope scope_;
};

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
        std::vector<std::string> modules(all.size());
        ctx.for_each(all.size(), [&](std::size_t i, const render::Templates& templates) {
            FamilyView view(ctx, templates, names, all[i]);
            modules[i] = write::normalise_text(templates.render("ts/family.ts.mustache", view.build()));
        });
        for (std::size_t i = 0; i < all.size(); ++i) out.add(kSrc + names.family.at(all[i].name) + ".ts", std::move(modules[i]));

        List families, entries, exports;
        for (const auto& family : ctx.model.families) {
            const std::string& module = names.family.at(family.name);
            families.push_back(Object{{"name", module}, {"path", string_literal("./" + module + ".js")}});
            exports.push_back(Object{{"subpath", ir::json("./" + module).dump()},
                                     {"types", ir::json("./dist/" + module + ".d.ts").dump()},
                                     {"js", ir::json("./dist/" + module + ".js").dump()}});
            for (ir::DeclId id : family.decls) {
                const ir::Decl& d = ctx.model.decl(id);
                if (d.lifted || d.is<ir::Constant>()) continue;
                entries.push_back(Object{{"name", string_literal(d.qualified_name())},
                                         {"schema", module + "." + names.of(id)}});
            }
        }

        out.add(kSrc + "runtime.ts", "// " + set_header_text(ctx) + "\n//\n" + std::string(runtime_file("ts/runtime.ts")));

        Data registry;
        registry.set("header", header);
        registry.set("families", families);
        registry.set("entries", std::move(entries));
        out.add(kSrc + "registry.ts", write::normalise_text(ctx.templates.render("ts/registry.ts.mustache", registry)));

        Data index;
        index.set("header", header);
        index.set("package", ctx.project.ts_package);
        index.set("families", families);
        out.add(kSrc + "index.ts", write::normalise_text(ctx.templates.render("ts/index.ts.mustache", index)));

        Data package;
        package.set("header_json", ir::json(header_text(ctx, all_sources)).dump(-1, ' ', true));
        package.set("exports", std::move(exports));
        package.set("name_json", ir::json(ctx.project.ts_package).dump());
        package.set("version_json", ir::json(ctx.project.version).dump());
        out.add("ts/package.json", write::normalise_text(ctx.templates.render("ts/package.json.mustache", package)));

        Data tsconfig;
        tsconfig.set("header", header);
        out.add("ts/tsconfig.json", write::normalise_text(ctx.templates.render("ts/tsconfig.json.mustache", tsconfig)));

        Data readme;
        readme.set("package", ctx.project.ts_package);
        readme.set("project", ctx.project.name.empty() ? std::string("the contract") : ctx.project.name);
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
