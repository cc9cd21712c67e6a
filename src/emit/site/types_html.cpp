#include "emit/site/types_html.h"

namespace contractgen::emit::site {

using render::Data;
using render::flag;
using render::List;
using render::Object;

const char* kind_label(const ir::Decl& d) {
    switch (d.kind()) {
        case ir::DeclKind::Struct: return "object";
        case ir::DeclKind::Enum: return "enum";
        case ir::DeclKind::OpenEnum: return "open enum";
        case ir::DeclKind::Union: return "union";
        case ir::DeclKind::Alias: return "alias";
        case ir::DeclKind::Constant: return "constant";
        case ir::DeclKind::Tuple: return "tuple";
    }
    return "type";
}

std::string TypeWriter::link(ir::DeclId id) const {
    const ir::Decl& d = model_.decl(id);
    std::string shown = d.family == from_ ? d.name : d.qualified_name();
    return "<a href=\"" + escape(paths_.href(id, depth_)) + "\">" + escape(shown) + "</a>";
}

std::string TypeWriter::type(const ir::TypeExpr& t) const {
    std::string out;
    switch (t.kind) {
        case ir::Kind::String: out = "string"; break;
        case ir::Kind::Integer: out = "integer"; break;
        case ir::Kind::Number: out = "number"; break;
        case ir::Kind::Boolean: out = "boolean"; break;
        case ir::Kind::Null: out = "null"; break;
        case ir::Kind::Any: out = "any JSON value"; break;
        case ir::Kind::Named: out = link(t.decl); break;
        case ir::Kind::Array: out = "array of " + type(t.item()); break;
        case ir::Kind::Map: out = "map of string to " + type(t.item()); break;
        case ir::Kind::Const: out = "constant <code>" + inline_json(t.value) + "</code>"; break;
    }
    return out;
}

namespace {
std::string bound(const char* keyword, const std::string& value) {
    return std::string("<code>") + keyword + "</code> " + value;
}
std::string number(const std::optional<ir::json>& v) { return inline_json(*v); }
}  // namespace

void TypeWriter::string_rules(const ir::StringBounds& b, const std::string& prefix,
                              std::vector<std::string>& out) const {
    if (b.format != ir::StringFormat::None) out.push_back(prefix + bound("format", ir::format_name(b.format)));
    if (b.pattern) out.push_back(prefix + bound("pattern", "<code>" + escape(*b.pattern) + "</code>"));
    if (b.min_length) out.push_back(prefix + bound("minLength", std::to_string(*b.min_length)));
    if (b.max_length) out.push_back(prefix + bound("maxLength", std::to_string(*b.max_length)));
}

void TypeWriter::number_rules(const ir::NumberBounds& b, const std::string& prefix,
                              std::vector<std::string>& out) const {
    if (b.minimum) out.push_back(prefix + bound("minimum", number(b.minimum)));
    if (b.exclusive_minimum) out.push_back(prefix + bound("exclusiveMinimum", number(b.exclusive_minimum)));
    if (b.maximum) out.push_back(prefix + bound("maximum", number(b.maximum)));
    if (b.exclusive_maximum) out.push_back(prefix + bound("exclusiveMaximum", number(b.exclusive_maximum)));
    if (b.multiple_of) out.push_back(prefix + bound("multipleOf", number(b.multiple_of)));
    if (b.integer_format == ir::IntegerFormat::Int64) out.push_back(prefix + bound("format", "int64"));
    if (b.integer_format == ir::IntegerFormat::Uint64) out.push_back(prefix + bound("format", "uint64"));
}

void TypeWriter::nested_rules(const ir::TypeExpr& t, const std::string& prefix, std::vector<std::string>& out) const {
    switch (t.kind) {
        case ir::Kind::String: string_rules(t.string_bounds, prefix, out); break;
        case ir::Kind::Integer:
        case ir::Kind::Number: number_rules(t.number_bounds, prefix, out); break;
        case ir::Kind::Array: {
            const auto& b = t.array_bounds;
            if (b.min_items) out.push_back(prefix + bound("minItems", std::to_string(*b.min_items)));
            if (b.max_items) out.push_back(prefix + bound("maxItems", std::to_string(*b.max_items)));
            if (b.unique_items) out.push_back(prefix + "items are unique (<code>uniqueItems</code>)");
            nested_rules(t.item(), prefix + "each item: ", out);
            break;
        }
        case ir::Kind::Map: {
            const auto& b = t.object_bounds;
            if (b.min_properties) out.push_back(prefix + bound("minProperties", std::to_string(*b.min_properties)));
            if (b.max_properties) out.push_back(prefix + bound("maxProperties", std::to_string(*b.max_properties)));
            if (t.string_bounds.pattern)
                out.push_back(prefix +
                              "each key: " + bound("pattern", "<code>" + escape(*t.string_bounds.pattern) + "</code>"));
            nested_rules(t.item(), prefix + "each value: ", out);
            break;
        }
        case ir::Kind::Named: {
            // Enum values are what a reader looks for next to a field.
            const ir::Decl& d = model_.decl(t.decl);
            std::string values;
            if (const auto* e = std::get_if<ir::Enum>(&d.body))
                for (const auto& v : e->values)
                    values += (values.empty() ? "" : " ") + ("<code>" + inline_json(v) + "</code>");
            if (const auto* o = std::get_if<ir::OpenEnum>(&d.body)) {
                for (const auto& v : o->known)
                    values += (values.empty() ? "" : " ") + ("<code>" + inline_json(v) + "</code>");
                values += ", or any other string";
            }
            if (!values.empty()) out.push_back(prefix + "one of " + values);
            break;
        }
        default: break;
    }
    if (t.nullable && !prefix.empty()) out.push_back(prefix + "may be <code>null</code>");
}

std::vector<std::string> TypeWriter::rules(const ir::TypeExpr& t) const {
    std::vector<std::string> out;
    nested_rules(t, "", out);
    return out;
}

namespace {
List rule_list(const std::vector<std::string>& rules) {
    List out;
    for (const auto& r : rules) out.push_back(Object{{"rule", Data(std::string(r))}});
    return out;
}

// Title, description and the notes a reader of one member needs.
std::string doc_html(const ir::Docs& docs) {
    std::string out;
    if (!docs.title.empty()) out += "<p class=\"title\">" + escape(docs.title) + "</p>";
    out += paragraphs(docs.description);
    if (docs.deprecated) out += "<p class=\"deprecated\">Deprecated.</p>";
    if (docs.default_value)
        out += "<p>Default (documented, never applied): <code>" + inline_json(*docs.default_value) + "</code></p>";
    for (const auto& e : docs.examples) out += "<p>Example: <code>" + inline_json(e) + "</code></p>";
    return out;
}
}  // namespace

Data TypeWriter::field(const ir::Field& f, std::size_t index) const {
    std::vector<std::string> rules_html = rules(f.type);
    std::string presence = f.required ? "required" : "optional";
    return Object{{"anchor", Data("field-" + std::to_string(index))},
                  {"name", Data(escape(f.wire_name))},
                  {"type", Data(type(f.type))},
                  {"presence", Data(std::move(presence))},
                  {"required", flag(f.required)},
                  {"nullable", flag(f.type.nullable)},
                  {"docs", Data(doc_html(f.docs))},
                  {"rules", Data(rule_list(rules_html))}};
}

Data TypeWriter::struct_body(const ir::Decl& d) const {
    const auto& s = d.as<ir::Struct>();
    List fields;
    for (std::size_t i = 0; i < s.fields.size(); ++i) fields.push_back(field(s.fields[i], i));
    std::vector<std::string> notes;
    if (s.extra == ir::Extra::Forbid)
        notes.push_back("No other members are allowed (<code>additionalProperties: false</code>).");
    if (s.extra == ir::Extra::Keep) notes.push_back("Other members are accepted and kept as they are.");
    if (s.extra == ir::Extra::Typed && s.extra_type) {
        std::string note = "Other members are accepted when their value is " + type(*s.extra_type);
        notes.push_back(note + ".");
    }
    if (!s.forbidden.empty()) {
        std::string names;
        for (const auto& n : s.forbidden) names += (names.empty() ? "" : ", ") + ("<code>" + escape(n) + "</code>");
        notes.push_back("These members must be absent: " + names + ".");
    }
    if (s.bounds.min_properties)
        notes.push_back("At least " + std::to_string(*s.bounds.min_properties) +
                        " members (<code>minProperties</code>).");
    if (s.bounds.max_properties)
        notes.push_back("At most " + std::to_string(*s.bounds.max_properties) +
                        " members (<code>maxProperties</code>).");
    bool has_fields = !fields.empty();
    return Object{
        {"fields", Data(std::move(fields))}, {"has_fields", flag(has_fields)}, {"notes", Data(rule_list(notes))}};
}

Data TypeWriter::union_body(const ir::Decl& d) const {
    const auto& u = d.as<ir::Union>();
    List variants;
    for (const auto& v : u.variants) {
        std::string about = v.type.kind == ir::Kind::Named ? summary(model_.decl(v.type.decl).docs.description) : "";
        std::string tag = v.tag ? "<code>" + inline_json(ir::json(*v.tag)) + "</code>" : "";
        std::string shown = type(v.type) + (v.type.nullable ? " or <code>null</code>" : "");
        variants.push_back(Object{
            {"tag", Data(std::move(tag))}, {"type", Data(std::move(shown))}, {"summary", Data(std::move(about))}});
    }
    std::string rule =
        u.discriminator
            ? "The member <code>" + escape(*u.discriminator) + "</code> says which variant a value is."
            : (u.mode == ir::UnionMode::OneOf ? "A value matches exactly one variant (<code>oneOf</code>)."
                                              : "A value matches at least one variant (<code>anyOf</code>).");
    return Object{{"rule", Data(std::move(rule))},
                  {"tagged", flag(u.discriminator.has_value())},
                  {"variants", Data(std::move(variants))}};
}

Data TypeWriter::body(const ir::Decl& d) const {
    List structs, unions, enums, open_enums, aliases, constants;
    switch (d.kind()) {
        case ir::DeclKind::Struct: structs.push_back(struct_body(d)); break;
        case ir::DeclKind::Union: unions.push_back(union_body(d)); break;
        case ir::DeclKind::Enum: {
            List values;
            for (const auto& v : d.as<ir::Enum>().values) values.push_back(Object{{"value", Data(inline_json(v))}});
            enums.push_back(Object{{"values", Data(std::move(values))}});
            break;
        }
        case ir::DeclKind::OpenEnum: {
            const auto& o = d.as<ir::OpenEnum>();
            List values;
            for (const auto& v : o.known) values.push_back(Object{{"value", Data(inline_json(ir::json(v)))}});
            std::vector<std::string> other;
            string_rules(o.other, "", other);
            open_enums.push_back(Object{{"values", Data(std::move(values))}, {"rules", Data(rule_list(other))}});
            break;
        }
        case ir::DeclKind::Alias: {
            const auto& a = d.as<ir::Alias>();
            std::string shown = type(a.target) + (a.target.nullable ? " or <code>null</code>" : "");
            aliases.push_back(Object{{"type", Data(std::move(shown))}, {"rules", Data(rule_list(rules(a.target)))}});
            break;
        }
        case ir::DeclKind::Constant: {
            const auto& c = d.as<ir::Constant>();
            constants.push_back(Object{{"type", Data(type(c.type))}, {"value", Data(pretty_json(c.value))}});
            break;
        }
        case ir::DeclKind::Tuple:
            break;  // never reached: the site declares no capabilities, so the generator refuses tuples for it
    }
    return Object{{"struct", Data(std::move(structs))}, {"union", Data(std::move(unions))},
                  {"enum", Data(std::move(enums))},     {"open_enum", Data(std::move(open_enums))},
                  {"alias", Data(std::move(aliases))},  {"constant", Data(std::move(constants))}};
}

}  // namespace contractgen::emit::site
