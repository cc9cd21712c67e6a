#include "emit/ts/ts_family.h"

#include <algorithm>

#include "emit/ts/ts_syntax.h"
#include "emit/ts/ts_types.h"
#include "naming/keywords.h"

namespace contractgen::emit::ts {

namespace {

using ir::Kind;
using render::Data;
using render::flag;
using render::List;
using render::Object;

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

// What follows `export type X =`: ` A | B | C` on the same line when it fits
// in 100 columns, else one member per line (`\n  | A\n  | B`), as
// formatters print it; ` never` for no members. A member written twice
// (two variants of one type that differ in constraints) is written once.
std::string type_definition(const std::string& name, const std::vector<std::string>& all) {
    std::vector<std::string> members;
    for (const auto& m : all)
        if (std::find(members.begin(), members.end(), m) == members.end()) members.push_back(m);
    if (members.empty()) return " never";
    std::string flat;
    for (std::size_t i = 0; i < members.size(); ++i) flat += (i ? " | " : "") + members[i];
    if (members.size() < 2 || name.size() + flat.size() + 15 <= 100) return " " + flat;
    std::string out;
    for (const auto& m : members) out += "\n  | " + m;
    return out;
}

// The width left on a line of 100 columns after `prefix`, for a value that
// goes on one line when it fits (at least 40, so that short tables stay on one line).
std::size_t room(const std::string& prefix) { return prefix.size() + 40 < 100 ? 100 - prefix.size() : 40; }

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

    // Each declaration is rendered with the templates of its kind
    // (ts/struct.js.mustache and ts/struct.d.ts.mustache, ...), followed by
    // ts/parse.*.mustache for the declared (root) types; the family templates
    // place the rendered code.
    FamilyModule build() {
        std::string js, dts;
        for (ir::DeclId id : family_.decls) {
            const ir::Decl& d = ctx_.model.decl(id);
            Data view = decl_view(id, d);
            const std::string kind = decl_template(d);
            templates_.render_to("ts/" + kind + ".js.mustache", view, js);
            templates_.render_to("ts/" + kind + ".d.ts.mustache", view, dts);
            if (!d.lifted && !d.is<ir::Constant>()) {
                Data parse;
                parse.set("name", names_.of(id));
                parse.set("parse", scope_.claim("parse" + names_.of(id)));
                parse.set("safe_parse", scope_.claim("safeParse" + names_.of(id)));
                templates_.render_to("ts/parse.js.mustache", parse, js);
                templates_.render_to("ts/parse.d.ts.mustache", parse, dts);
            }
        }
        List imports;
        for (const auto& other : family_.depends_on)
            imports.push_back(Object{{"name", names_.family.at(other)},
                                     {"path", string_literal("./" + names_.family.at(other) + ".js")}});
        Data data;
        data.set("header", line_comment_text(family_header_text(ctx_, family_)));
        data.set("imports", std::move(imports));
        data.set("body", std::move(js));
        FamilyModule module;
        module.js = write::normalise_text(templates_.render("ts/family.js.mustache", data));
        data.set("body", std::move(dts));
        module.dts = write::normalise_text(templates_.render("ts/family.d.ts.mustache", data));
        return module;
    }

private:
    Data decl_view(ir::DeclId id, const ir::Decl& d) {
        Data v;
        v.set("name", names_.of(id));
        v.set("doc", jsdoc(d.docs, ""));
        v.set("source", line_comment_text(d.origin.file + "#" + d.origin.pointer));
        std::visit([&](const auto& body) { if constexpr (!std::is_same_v<std::decay_t<decltype(body)>, ir::Tuple>) fill(v, id, body); }, d.body);  // tuples: refused by the target's capabilities
        return v;
    }

    // ---- struct --------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Struct& s) {
        List fields, members;
        for (const ir::Field& f : s.fields) {
            fields.push_back(Object{{"key", property_key(f.wire_name)}, {"schema", types_.field_schema(f.type, f.required)}});
            members.push_back(Object{{"doc", jsdoc(f.docs, "  ")},
                                     {"key", type_key(f.wire_name) + (f.required ? "" : "?")},
                                     {"type", types_.type(f.type)}});
        }
        // Forbidden members: absent, or an error naming the member. Closed
        // objects reject them anyway; the type says `?: never`.
        for (const std::string& name : s.forbidden) {
            fields.push_back(Object{{"key", property_key(name)}, {"schema", "rt.forbidden"}});
            members.push_back(Object{{"doc", std::string()}, {"key", type_key(name) + "?"}, {"type", "never"}});
        }
        std::string open, close = "})";
        // The type: an interface, except where Zod infers an intersection
        // (`.catchall(T)`: the declared members and an index signature of T).
        std::string type_open = "export interface " + names_.of(id) + " {", type_close = "}", index;
        switch (s.extra) {
            case ir::Extra::Forbid: open = "z.strictObject({"; break;
            case ir::Extra::Keep:
                open = "z.looseObject({";
                index = "[key: string]: unknown;";
                break;
            case ir::Extra::Typed:
                open = "z.object({";
                close = "}).catchall(" + types_.schema(*s.extra_type) + ")";
                type_open = "export type " + names_.of(id) + " = {";
                type_close = "} & { [key: string]: " + types_.type(*s.extra_type) + " };";
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
        v.set("type_open", std::move(type_open));
        v.set("type_close", std::move(type_close));
        v.set("members", std::move(members));
        v.set("has_index", flag(!index.empty()));
        v.set("index", std::move(index));
    }

    // ---- enums ---------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Enum& e) {
        const ir::Decl& d = ctx_.model.decl(id);
        ir::json all = ir::json::array();
        std::vector<std::string> literals;
        bool scalars = true;
        for (const auto& value : e.values) {
            all.push_back(value);
            literals.push_back(literal_type(value, "", 1u << 30));
            scalars = scalars && value.is_primitive();
        }
        std::string values_name = scope_.claim(screaming(d.name) + "_VALUES");
        v.set("values", const_expression(all, "", room("export const " + values_name + " = ")));
        v.set("values_type", literal_type(all, "", room("export declare const " + values_name + ": ")));
        v.set("values_name", std::move(values_name));
        v.set("definition", type_definition(names_.of(id), literals));
        // Other values: z.literal compares scalars with SameValueZero, which is
        // JSON equality for them (1 == 1.0); arrays and objects need rt's.
        if (!e.all_strings) v.set("matcher", scalars ? "z.literal" : "rt.oneOfValues");
    }

    void fill(Data& v, ir::DeclId id, const ir::OpenEnum& o) {
        const ir::Decl& d = ctx_.model.decl(id);
        ir::json known = ir::json::array();
        std::vector<std::string> members;
        for (const auto& k : o.known) {
            known.push_back(k);
            members.push_back(string_literal(k));
        }
        std::string values_name = scope_.claim(screaming(d.name) + "_KNOWN_VALUES");
        v.set("values_name", values_name);
        v.set("values", const_expression(known, "", room("export const " + values_name + " = ")));
        v.set("values_type", literal_type(known, "", room("export declare const " + values_name + ": ")));
        v.set("known_schema", o.known_enum ? types_.decl_ref(*o.known_enum) : "z.enum(" + values_name + ")");
        // Other values: any string that meets the `other` branch's constraints.
        ir::TypeExpr other;
        other.kind = Kind::String;
        other.string_bounds = o.other;
        v.set("other_schema", "rt.otherString(" + types_.schema(other) + ")");
        // `string & {}` keeps the known literals apart from `string` (editor completion).
        if (o.known_enum) members = {types_.decl_ref(*o.known_enum)};
        members.push_back("(string & {})");
        v.set("definition", type_definition(names_.of(id), members));
    }

    // ---- unions --------------------------------------------------------------
    void fill(Data& v, ir::DeclId id, const ir::Union& u) {
        List variants;
        std::vector<std::string> members;
        std::string open, close = "])";
        for (const auto& variant : u.variants) members.push_back(types_.type(variant.type));
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
        v.set("definition", type_definition(names_.of(id), members));
    }

    // ---- alias and constant ---------------------------------------------------
    void fill(Data& v, ir::DeclId, const ir::Alias& a) {
        v.set("schema", types_.schema(a.target));
        v.set("definition", " " + types_.type(a.target));
    }

    void fill(Data& v, ir::DeclId id, const ir::Constant& c) {
        const ir::Decl& d = ctx_.model.decl(id);
        std::string constant = scope_.claim(screaming(d.name));
        v.set("value", const_expression(c.value, "", room("export const " + constant + " = ")));
        v.set("type", literal_type(c.value, "", room("export declare const " + constant + ": ")));
        v.set("constant", constant);
        bool lookup = !c.lookup_function.empty() && c.type.kind == Kind::Map;
        v.set("has_lookup", flag(lookup));
        v.set("lookup", lookup ? scope_.claim(naming::make_identifier(c.lookup_function, naming::Case::Camel,
                                                                       ts_reserved(), ts_naming(), "f_"))
                               : "");
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

}  // namespace

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

FamilyModule render_family(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
                           const ir::Family& family) {
    return FamilyView(ctx, templates, names, family).build();
}

}  // namespace contractgen::emit::ts
