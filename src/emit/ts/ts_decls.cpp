// Enums, open enums, unions, aliases, constants and tuples of a family, and
// what wraps a declaration's schema and reader (see
// ts_family.h); structs and the family's frame are in ts_family.cpp.
#include "emit/ts/ts_family.h"
#include "emit/ts/ts_syntax.h"

namespace contractgen::emit::ts {

using ir::Kind;
using render::Data;
using render::flag;
using render::List;
using render::Object;

namespace {

std::string joined(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) out += (out.empty() ? "" : "|") + v;
    return out;
}

}  // namespace

// ---- what wraps a declaration's schema and reader --------------------------------------------

// The type a declaration's schema is declared with: z.ZodType<X>, and the
// object a recursive struct (rt.depthLimited) lends discriminated unions.
std::string FamilyView::zod_type(ir::DeclId id, bool jsdoc) const {
    const ir::Decl& d = ctx_.model.decl(id);
    const std::string type = "z.ZodType<" + (jsdoc ? own_type(names_.of(id)) : names_.of(id)) + ">";
    const bool lends = d.recursive && d.is<ir::Struct>();
    return lends ? type + " & { object: z.ZodType }" : type;
}

// A recursive declaration's schema keeps Zod within the nesting limit
// (rt.depthLimited); a declaration with an assertion checks it in its schema
// (rt.checked) and in its reader, which reads with the unchecked one.
void FamilyView::wrappers(Data& v, ir::DeclId id, const ir::Decl& d) {
    v.set("zod_type", zod_type(id));
    v.set("schema_open", "");
    v.set("schema_close", "");
    v.set("read_export", "export ");
    v.set("checked_reader", "");
    if (d.recursive) {
        v.set("schema_open", "rt.depthLimited(");
        v.set("schema_close", ", " + max_depth_ + ")");
    }
    if (!d.is<ir::Constant>()) {
        const std::string& read = model_.readers.at(id);
        v.set("read_inner", read);
        if (d.check) {
            // The declaration's reader checks the assertion, then reads with the unchecked one.
            const std::string check = types_.check_var(*d.check);
            const std::string inner = scope_.claim(read + "Unchecked");
            const std::string type = own_type(reader_type(id));
            const std::string body = "(d) {\n  return rt.readChecked(d, " + check + ", " + inner + ");\n}\n\n";
            v.set("schema_open", (d.recursive ? "rt.depthLimited(" : "") + std::string("rt.checked(") + check + ", ");
            v.set("schema_close", d.recursive ? "), " + max_depth_ + ")" : ")");
            v.set("read_export", "");
            v.set("read_inner", inner);
            v.set("checked_reader",
                  "/**\n * @param {rt.Decoder} d\n * @returns {" + type + "}\n */\nexport function " + read + body);
        }
    }
}

// ---- enums ---------------------------------------------------------------------------------

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Enum& e) {
    const ir::Decl& d = ctx_.model.decl(id);
    ir::json all = ir::json::array();
    std::vector<std::string> literals, shown;
    bool scalars = true;
    for (const auto& value : e.values) {
        all.push_back(value);
        literals.push_back(literal_type(value, "", 1u << 30));
        scalars = scalars && value.is_primitive();
        if (value.is_string()) shown.push_back(value.get<std::string>());
    }
    std::string values_name = scope_.claim(screaming(d.name) + "_VALUES");
    const std::size_t width = room("export const " + values_name + " = ");
    v.set("values", const_expression(all, "", width));
    v.set("values_type", literal_type(all, "", room("export declare const " + values_name + ": ")));
    v.set("definition", type_definition(names_.of(id), literals));
    if (e.all_strings) {
        const std::string set_name = scope_.claim(naming::to_case(names_.of(id), naming::Case::Camel) + "Values");
        v.set("set_name", set_name);
        // The reader's statement, in the function's body: the arguments one a
        // line when the values' list would pass the width.
        Printer p(printer_style());
        p.indent();
        p.emit({Printer::Sub::list("args", {set_name, string_literal(joined(shown))})},
               "return d.enumString($args$);\n");
        std::string statement = p.take();
        statement.pop_back();  // the template ends the line
        v.set("enum_read", std::move(statement));
    } else {
        // Other values: z.literal compares scalars with SameValueZero, which is
        // JSON equality for them (1 == 1.0); arrays and objects need rt's.
        v.set("matcher", scalars ? "z.literal" : "rt.oneOfValues");
    }
    v.set("values_name", std::move(values_name));
}

void FamilyView::fill(Data& v, ir::DeclId id, const ir::OpenEnum& o) {
    const ir::Decl& d = ctx_.model.decl(id);
    ir::json known = ir::json::array();
    std::vector<std::string> members;
    for (const auto& k : o.known) {
        known.push_back(k);
        members.push_back(string_literal(k));
    }
    std::string values_name = scope_.claim(screaming(d.name) + "_KNOWN_VALUES");
    const std::size_t width = room("export const " + values_name + " = ");
    v.set("values", const_expression(known, "", width));
    v.set("values_type", literal_type(known, "", room("export declare const " + values_name + ": ")));
    v.set("known_schema", o.known_enum ? types_.decl_ref(*o.known_enum) : "z.enum(" + values_name + ")");
    // Other values: any string that meets the `other` branch's constraints.
    ir::TypeExpr other;
    other.kind = Kind::String;
    other.string_bounds = o.other;
    v.set("other_schema", "rt.otherString(" + types_.schema(other) + ")");
    v.set("other_rule", readers_.string_rule(o.other));
    v.set("set_name", scope_.claim(naming::to_case(names_.of(id), naming::Case::Camel) + "Known"));
    // `string & {}` is any string, but unlike `string` it does not absorb the
    // known literals, so editors still complete them (the usual
    // `LiteralUnion` idiom); any other string is a value as it is.
    if (o.known_enum) members = {types_.decl_ref(*o.known_enum)};
    members.push_back("(string & {})");
    v.set("definition", type_definition(names_.of(id), members));
    v.set("values_name", std::move(values_name));
}

// ---- unions --------------------------------------------------------------------------------

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Union& u) {
    const bool generic = types_.is_generic(id);
    const TypeMode mode = generic ? TypeMode::Generic : TypeMode::Strict;
    List variants;
    std::vector<std::string> members;
    std::string open, close = "])";
    // What Zod infers of lazily reached variants is only an object: the union's
    // type is stated, through `unknown` (a JSDoc cast to an unrelated type).
    std::string cast_open, cast_close;
    for (const auto& variant : u.variants) members.push_back(types_.type(variant.type, mode));
    v.set("is_tagged", flag(u.discriminator.has_value()));
    if (u.discriminator) {
        // Zod reports a missing, non-string or unknown tag at the tag's path. Its
        // options must be objects: a variant wrapped in rt.ownMembers (a pipe)
        // takes part as its object (`.object`), and the union parses the copy.
        bool own_members = false, checked = false, lazy = false;
        List tags;
        std::vector<std::string> shown;
        for (const auto& variant : u.variants)
            checked = checked || ctx_.model.decl(variant.type.decl).check.has_value();
        for (const auto& variant : u.variants) {
            const ir::Decl& vd = ctx_.model.decl(variant.type.decl);
            // rt.ownMembers(...) wraps the struct's schema (so do rt.depthLimited for a
            // recursive one): the union takes its object.
            const bool wrapped = vd.is<ir::Struct>() && (parses_own_members(vd.as<ir::Struct>()) || vd.recursive);
            own_members = own_members || (vd.is<ir::Struct>() && parses_own_members(vd.as<ir::Struct>()));
            // A recursive variant may be defined after the union: it is reached lazily.
            std::string option = types_.decl_ref(variant.type.decl) + (wrapped ? ".object" : "");
            if (vd.recursive) {
                option = "rt.lazyObject(() => " + option + ")";
                lazy = true;
            }
            // A variant with an assertion is parsed whole (a z.union: only its tag's variant can match).
            variants.push_back(Object{
                {"schema", continued_at(checked ? types_.schema(variant.type) : option, printer_style().indent)}});
            tags.push_back(
                Object{{"tag", string_literal(*variant.tag)}, {"reader", readers_.reader_of(variant.type.decl)}});
            shown.push_back(*variant.tag);
        }
        open = "z.discriminatedUnion(" + string_literal(*u.discriminator) + ", [";
        if (checked) {
            open = "z.union([";
            close = "], rt.ONE_OF)";
        } else if (own_members) {
            open = "rt.ownMembers(" + open;
            close += ")";
        }
        if (lazy && !checked) {
            cast_open = "/** @type {" + zod_type(id, true) + "} */ (/** @type {unknown} */ (";
            cast_close = "))";
        }
        v.set("wire", string_literal(*u.discriminator));
        v.set("tags", std::move(tags));
        v.set("expected", string_literal(joined(shown)));
        members.push_back(kUnknownParameter);
    } else {
        std::string alternatives;
        for (const auto& variant : u.variants) {
            variants.push_back(Object{{"schema", continued_at(types_.schema(variant.type), printer_style().indent)}});
            alternatives += (alternatives.empty() ? "" : ", ") + readers_.read_fn(variant.type);
        }
        const bool one_of = u.mode == ir::UnionMode::OneOf;
        if (u.kinds_disjoint || !one_of) {
            // Disjoint kinds: at most one variant can match. anyOf: the first match wins (z.union's rule).
            open = "z.union([";
            close = std::string("], ") + (one_of ? "rt.ONE_OF" : "rt.ANY_OF") + ")";
        } else {
            // oneOf with overlapping variants: exactly one must match.
            open = "z.xor([";
            close = "], rt.ONE_OF)";
        }
        const std::string type = own_type(reader_type(id));
        v.set("one_of", one_of ? "true" : "false");
        v.set("alternatives", "/** @type {rt.Reader<" + type + ">[]} */ ([" + alternatives + "])");
    }
    v.set("open", std::move(open));
    v.set("close", std::move(close));
    v.set("cast_open", std::move(cast_open));
    v.set("cast_close", std::move(cast_close));
    v.set("variants", std::move(variants));
    v.set("definition", type_definition(names_.of(id), members));
}

// ---- alias and constant ----------------------------------------------------------------------

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Alias& a) {
    v.set("schema", types_.schema(a.target));
    v.set("definition", " " + types_.type(a.target, types_.is_generic(id) ? TypeMode::Generic : TypeMode::Strict));
    v.set("read_expr", readers_.read(a.target));
}

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Constant& c) {
    const ir::Decl& d = ctx_.model.decl(id);
    std::string constant = scope_.claim(screaming(d.name));
    const std::size_t width = room("export const " + constant + " = ");
    v.set("value", const_expression(c.value, "", width));
    v.set("type", literal_type(c.value, "", room("export declare const " + constant + ": ")));
    v.set("constant", constant);
    bool lookup = !c.lookup_function.empty() && c.type.kind == Kind::Map;
    v.set("has_lookup", flag(lookup));
    v.set("lookup", lookup ? scope_.claim(naming::make_identifier(c.lookup_function, naming::Case::Camel, ts_reserved(),
                                                                  ts_naming(), "f_"))
                           : "");
}

// ---- tuples ----------------------------------------------------------------------------------

// `prefixItems` (+ `items`): z.tuple with a schema per position (those at or
// beyond minItems optional) and the rest's, typed `[A, B?, ...R[]]`; the
// reader reads item i with the reader of position i.
void FamilyView::fill(Data& v, ir::DeclId id, const ir::Tuple& t) {
    const TypeMode mode = types_.is_generic(id) ? TypeMode::Generic : TypeMode::Strict;
    const std::uint64_t required = t.bounds.min_items.value_or(0);
    std::string schemas, types, readers;
    for (std::size_t i = 0; i < t.items.size(); ++i) {
        const bool optional = i >= required;
        const std::string sep = i == 0 ? "" : ", ";
        schemas += sep + types_.schema(t.items[i]) + (optional ? ".exactOptional()" : "");
        std::string type = types_.type(t.items[i], mode);
        if (optional && type.find_first_of("|&") != std::string::npos) type = "(" + type + ")";
        types += sep + type + (optional ? "?" : "");
        readers += sep + readers_.read_fn(t.items[i]);
    }
    std::string schema = "z.tuple([" + schemas;
    if (t.rest) {
        schema += "], " + types_.schema(*t.rest);
        std::string rest = types_.type(*t.rest, mode);
        if (rest.find_first_of("|&") != std::string::npos) rest = "(" + rest + ")";
        types += std::string(t.items.empty() ? "" : ", ") + "..." + rest + "[]";
    }
    schema += t.rest ? ")" : "], rt.CLOSED_TUPLE)";
    // z.tuple requires the positions before the first optional one; other bounds are checks.
    if (t.bounds.min_items && *t.bounds.min_items > t.items.size())
        schema += ".check(z.minLength(" + std::to_string(*t.bounds.min_items) + "))";
    if (t.bounds.max_items) schema += ".check(z.maxLength(" + std::to_string(*t.bounds.max_items) + "))";
    if (t.bounds.unique_items) schema += ".check(rt.uniqueItems)";
    v.set("schema", schema);
    v.set("definition", " [" + types + "]");
    const std::string rule = readers_.count_rule(t.bounds.min_items, t.bounds.max_items, t.bounds.unique_items);
    const std::string rest = t.rest ? readers_.read_fn(*t.rest) : std::string("undefined");
    v.set("read_expr", "rt.readTuple(d, " + rule + ", [" + readers + "], " + rest + ")");
}

}  // namespace contractgen::emit::ts
