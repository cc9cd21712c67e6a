// The family view's frame (the two files of a family) and structs; the
// other kinds are in ts_decls.cpp, the module code's JSDoc and the entry
// points in ts_entries.cpp.
#include "emit/ts/ts_family.h"

#include <algorithm>

#include "emit/common/text.h"
#include "emit/ts/ts_syntax.h"
#include "ir/pattern.h"
#include "ir/queries.h"
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
// (rt.ownMembers); so does one that keeps undeclared members, for
// `__proto__` (which Zod never copies).
bool inherited_member(const std::string& name) {
    static const std::set<std::string> names = {
        "constructor",      "hasOwnProperty",   "isPrototypeOf",    "propertyIsEnumerable",
        "toLocaleString",   "toString",         "valueOf",          "__proto__",
        "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"};
    return names.count(name) > 0;
}

bool declares_inherited(const ir::Struct& s) {
    for (const auto& f : s.fields)
        if (inherited_member(f.wire_name)) return true;
    for (const auto& name : s.forbidden)
        if (inherited_member(name)) return true;
    return false;
}

}  // namespace

bool parses_own_members(const ir::Struct& s) { return declares_inherited(s) || s.extra != ir::Extra::Forbid; }

namespace {

// A local variable of a reader for a member: `$` and the name's identifier characters.
std::string local_for(const std::string& wire) {
    std::string out = "$";
    for (char c : wire) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        out += ok ? c : '_';
    }
    return out;
}

// Sets member `wire` of the object `v` under construction to `local`.
std::string member_set(const std::string& wire, const std::string& local) {
    if (wire == "__proto__") return "rt.setMember(v, \"__proto__\", " + local + ");";
    if (is_plain_key(wire)) return "v." + wire + " = " + local + ";";
    return "v[" + string_literal(wire) + "] = " + local + ";";
}

bool is_index_name(const std::string& s) {
    if (s.empty() || s.size() > 10 || (s[0] == '0' && s.size() > 1)) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return std::stoull(s) < 4294967295ULL;
}

}  // namespace

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

ModelNames model_names(const ir::Model& model, const naming::Names& names) {
    ModelNames out;
    out.generic = tolerant_generic(model);
    for (const auto& family : model.families) {
        // The same names a family module reserves (FamilyView), so that a reader never shadows one.
        naming::Scope scope;
        for (const char* word : {"z", "rt"}) scope.reserve(word);
        for (const auto& other : family.depends_on) scope.reserve(names.family.at(other));
        for (ir::DeclId id : family.decls)
            if (!model.decl(id).is<ir::Constant>()) scope.reserve(names.of(id));
        for (ir::DeclId id : family.decls)
            if (!model.decl(id).is<ir::Constant>()) out.readers[id] = scope.claim("read" + names.of(id));
    }
    return out;
}

FamilyView::FamilyView(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
                       const ModelNames& model_names, const ir::Family& family)
    : ctx_(ctx),
      templates_(templates),
      names_(names),
      model_(model_names),
      family_(family),
      types_(ctx.model, names, model_names.generic),
      readers_(ctx.model, names, model_names.readers, types_, scope_) {
    types_.set_family(family.name);
    types_.set_scope(scope_);
    readers_.set_family(family.name);
    scope_.reserve("z");
    scope_.reserve("rt");
    for (const auto& other : family.depends_on) scope_.reserve(names.family.at(other));
    for (ir::DeclId id : family.decls) {
        if (ctx.model.decl(id).is<ir::Constant>()) continue;
        scope_.reserve(names.of(id));
        scope_.reserve(model_names.readers.at(id));
    }
    max_depth_ = scope_.claim("maxDepth");
}

std::string FamilyView::screaming(const std::string& schema_name) const {
    return naming::make_identifier(schema_name, naming::Case::ScreamingSnake, ts_reserved(), ts_naming(), "V_");
}

std::string FamilyView::reader_type(ir::DeclId id) const { return types_.decl_type(id, TypeMode::Tolerant); }

// Each declaration is rendered with the templates of its kind; declared
// (root) types get entry points too. The family templates place the code.
FamilyModule FamilyView::build() {
    FamilyModule body;
    for (ir::DeclId id : family_.decls) {
        const ir::Decl& d = ctx_.model.decl(id);
        Data view = decl_view(id, d);
        const std::string kind = decl_template(d);
        templates_.render_to("ts/" + kind + ".types.mustache", view, body.dts);
        templates_.render_to("ts/" + kind + ".declare.mustache", view, body.dts);
        render_module("ts/" + kind + ".module.mustache", view, id, body);
        if (!d.lifted && !d.is<ir::Constant>()) entry_points(id, body);
    }
    List imports;
    for (const auto& other : family_.depends_on)
        imports.push_back(Object{{"name", names_.family.at(other)},
                                 {"path", string_literal("./" + names_.family.at(other) + ".js")}});
    Data data;
    data.set("header", line_comment_text(family_header_text(ctx_, family_)));
    data.set("header_comment", comment_lines(line_comment_text(family_header_text(ctx_, family_)), "// "));
    data.set("imports", std::move(imports));
    data.set("max_depth", max_depth_);
    data.set("max_depth_value", std::to_string(ctx_.project.payload_max_depth));
    data.set("has_checks", flag(!types_.checks().empty()));
    data.set("checks", types_.checks());
    FamilyModule module;
    data.set("body", std::move(body.dts));
    module.dts = write::normalise_text(templates_.render("ts/family.d.ts.mustache", data));
    data.set("has_support", flag(!readers_.support().js.empty()));
    data.set("body", std::move(body.js));
    data.set("support", readers_.support().js);
    data.set("module_path", string_literal("./" + names_.family.at(family_.name) + ".js"));
    module.js = write::normalise_text(templates_.render("ts/family.module.mustache", data));
    return module;
}

Data FamilyView::decl_view(ir::DeclId id, const ir::Decl& d) {
    Data v;
    v.set("name", names_.of(id));
    v.set("doc", jsdoc(d.docs, ""));
    v.set("source", line_comment_text(d.origin.file + "#" + d.origin.pointer));
    if (!d.is<ir::Constant>()) {
        v.set("read", model_.readers.at(id));
        v.set("reader_type", reader_type(id));
        v.set("type_params", types_.is_generic(id) ? std::string("<") + kUnknownParameter + " = never>" : "");
    }
    wrappers(v, id, d);
    std::visit([&](const auto& body) { fill(v, id, body); }, d.body);
    return v;
}

// ---- structs ----------------------------------------------------------------------------------

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Struct& s) {
    struct_schema(v, id, s);
    struct_reader(v, id, s);
}

void FamilyView::struct_schema(Data& v, ir::DeclId id, const ir::Struct& s) {
    const bool generic = types_.is_generic(id);
    List fields, members;
    for (const ir::Field& f : s.fields) {
        fields.push_back(
            // The template puts a field one level deep.
            Object{{"key", property_key(f.wire_name)},
                   {"schema", continued_at(types_.field_schema(f.type, f.required), printer_style().indent)}});
        members.push_back(Object{{"doc", jsdoc(f.docs, "  ")},
                                 {"key", type_key(f.wire_name) + (f.required ? "" : "?")},
                                 {"type", types_.type(f.type, generic ? TypeMode::Generic : TypeMode::Strict)}});
    }
    // Forbidden members: absent, or an error naming the member (`not`; in a
    // closed object that does not declare it, `additionalProperties`). The type says `?: never`.
    for (const ir::ForbiddenMember& m : ir::forbidden_members(s)) {
        if (m.field) continue;
        fields.push_back(Object{{"key", property_key(m.wire)},
                                {"schema", s.extra == ir::Extra::Forbid ? "rt.notAllowed" : "rt.forbidden"}});
        members.push_back(Object{{"doc", std::string()}, {"key", type_key(m.wire) + "?"}, {"type", "never"}});
    }
    std::string open, close = "})";
    const std::string params = generic ? std::string("<") + kUnknownParameter + " = never>" : "";
    // The type: an interface, except where Zod infers an intersection
    // (`.catchall(T)`: the declared members and an index signature of T).
    std::string type_open = "export interface " + names_.of(id) + params + " {", type_close = "}", index;
    switch (s.extra) {
        case ir::Extra::Forbid: open = "z.strictObject({"; break;
        case ir::Extra::Keep:
            open = "z.looseObject({";
            index = "[key: string]: unknown;";
            break;
        case ir::Extra::Typed:
            open = "z.object({";
            close = "}).catchall(" + types_.schema(*s.extra_type) + ")";
            type_open = "export type " + names_.of(id) + params + " = {";
            type_close =
                "} & { [key: string]: " + types_.type(*s.extra_type, generic ? TypeMode::Generic : TypeMode::Strict) +
                " };";
            break;
    }
    if (s.extra_key_pattern) {  // the undeclared members' names must match the key pattern
        std::string names;
        for (const ir::Field& f : s.fields) names += (names.empty() ? "" : ", ") + string_literal(f.wire_name);
        for (const std::string& name : s.forbidden) names += (names.empty() ? "" : ", ") + string_literal(name);
        close += ".check(rt.extraKeys(" + pattern_call(*s.extra_key_pattern) + ", [" + names + "]))";
    }
    if (!s.bounds.empty()) {
        close += ".check(rt.propertyCount(" + std::to_string(s.bounds.min_properties.value_or(0));
        if (s.bounds.max_properties) close += ", " + std::to_string(*s.bounds.max_properties);
        close += "))";
    }
    // Zod skips a member named __proto__ altogether; rt.ownMembers checks and keeps it.
    std::string proto;
    for (const ir::Field& f : s.fields)
        if (f.wire_name == "__proto__")
            proto = "{ schema: " + types_.schema(f.type) + ", required: " + (f.required ? "true" : "false") + " }";
    for (const std::string& name : s.forbidden)
        if (name == "__proto__")
            proto = std::string("{ schema: ") +
                    (ir::field_index(s, name) || s.extra != ir::Extra::Forbid ? "rt.forbidden" : "rt.notAllowed") +
                    ", required: false }";
    if (proto.empty() && s.extra == ir::Extra::Keep) proto = "{ schema: rt.json, required: false }";
    if (proto.empty() && s.extra == ir::Extra::Typed) {
        std::string schema = types_.schema(*s.extra_type);
        if (s.extra_key_pattern)  // a member named __proto__ is kept only when the key pattern allows the name
            schema = pattern_call(*s.extra_key_pattern) + ".test(\"__proto__\") ? " + schema + " : rt.notAllowed";
        proto = "{ schema: " + schema + ", required: false }";
    }
    if (parses_own_members(s)) {
        open = "rt.ownMembers(" + open;
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

void FamilyView::struct_reader(Data& v, ir::DeclId id, const ir::Struct& s) {
    naming::Scope locals;
    List cases, required, assignments;
    std::vector<std::string> local_list, literal;
    bool leading = true, index_names = false;
    std::string names_in_order;
    for (const ir::Field& f : s.fields) {
        const std::string wire = string_literal(f.wire_name);
        if (ir::is_forbidden(s, f.wire_name)) continue;  // declared, but must be absent: below
        const std::string local = locals.claim(local_for(f.wire_name));
        local_list.push_back(local);
        List lines;
        lines.push_back(Object{{"line", "if (" + local + " !== undefined) d.duplicate(key);"}});
        lines.push_back(Object{{"line", local + " = " + readers_.read(f.type) + ";"}});
        cases.push_back(Object{{"label", wire}, {"lines", std::move(lines)}});
        if (f.required) required.push_back(Object{{"local", local}, {"wire", wire}});
        if (f.required && leading) {
            literal.push_back(property_key(f.wire_name) + ": " + local);
        } else {
            leading = false;
            const std::string set = member_set(f.wire_name, local);
            assignments.push_back(Object{{"line", f.required ? set : "if (" + local + " !== undefined) " + set}});
        }
        index_names = index_names || is_index_name(f.wire_name);
        names_in_order += (names_in_order.empty() ? "" : ", ") + wire;
    }
    // Forbidden members: `not`; one a closed object does not declare is `additionalProperties` first.
    for (const ir::ForbiddenMember& m : ir::forbidden_members(s)) {
        List lines;
        if (!m.field && s.extra == ir::Extra::Forbid)
            lines.push_back(Object{{"line", "if (!d.tolerant) d.unknown(key, kept);"}});
        lines.push_back(Object{{"line", "d.forbidden(key);"}});
        cases.push_back(Object{{"label", string_literal(m.wire)}, {"lines", std::move(lines)}});
    }
    std::string unknown;
    switch (s.extra) {
        case ir::Extra::Forbid: unknown = "kept = d.unknown(key, kept);"; break;
        case ir::Extra::Keep: unknown = "kept = d.keep(key, kept, rt.readAny);"; break;
        case ir::Extra::Typed:
            unknown = s.extra_key_pattern
                          ? "kept = rt.keepMatching(d, key, kept, " + readers_.key_pattern(*s.extra_key_pattern) +
                                ", " + readers_.read_fn(*s.extra_type) + ");"
                          : "kept = d.keep(key, kept, " + readers_.read_fn(*s.extra_type) + ");";
            break;
    }
    if (index_names) assignments.push_back(Object{{"line", "rt.recordOrder(v, [" + names_in_order + "]);"}});
    const std::string type = own_type(reader_type(id));
    // The reader's locals and the object it builds, laid out by the printer at
    // the depths struct.module.mustache puts them (the function's body, its
    // `try` block): a line that would pass the width goes one name a line.
    Printer p(printer_style());
    p.indent();
    if (!local_list.empty()) p.emit({Printer::Sub::hanging("locals", std::move(local_list))}, "let $locals$;\n");
    std::string let = p.take();
    if (!let.empty()) let.pop_back();  // the template ends the line
    p.indent();
    p.emit({{"type", type}, Printer::Sub::braced("object", std::move(literal))},
           "const v = /** @type {$type$} */ ($object$);\n");
    std::string value_statement = p.take();
    value_statement.pop_back();
    v.set("has_locals", flag(!let.empty()));
    v.set("locals", std::move(let));
    v.set("cases", std::move(cases));
    v.set("required", std::move(required));
    v.set("assignments", std::move(assignments));
    v.set("unknown", std::move(unknown));
    const std::string count = readers_.count_rule(s.bounds.min_properties, s.bounds.max_properties, false);
    v.set("count_rule", count == "undefined" ? std::string() : count);
    v.set("value_statement", std::move(value_statement));
}

// ---- names ------------------------------------------------------------------------------------

const std::set<std::string>& ts_reserved() {
    static const std::set<std::string> words = [] {
        std::set<std::string> w = naming::typescript_keywords();
        for (const char* extra : {"z", "rt", "runtime", "registry", "index", "types", "stream", "src", "dist", "U"})
            w.insert(extra);
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
                           const ModelNames& model_names, const ir::Family& family) {
    return FamilyView(ctx, templates, names, model_names, family).build();
}

}  // namespace contractgen::emit::ts
