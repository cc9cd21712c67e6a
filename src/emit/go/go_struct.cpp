// Structs and constants of a family's Go package (see go_family.h).
#include <set>

#include "emit/go/go_family.h"
#include "ir/queries.h"

namespace contractgen::emit::go {

using ir::Kind;
using render::Data;
using render::flag;
using render::List;
using render::Object;

namespace {

std::string hex(std::uint64_t bit) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    do {
        out.insert(out.begin(), digits[bit & 15]);
        bit >>= 4;
    } while (bit);
    return "0x" + out;
}

// A Go constant expression for a JSON scalar of a scalar type, or "" when it is not one.
std::string scalar_literal(const ir::Model& model, const ir::TypeExpr& type, const ir::json& value) {
    const ir::TypeExpr& t = ir::resolve_alias(model, type);
    if (t.nullable) return "";
    bool string_kind = t.kind == Kind::String ||
                       (t.kind == Kind::Named &&
                        (model.decl(t.decl).is<ir::OpenEnum>() ||
                         (model.decl(t.decl).is<ir::Enum>() && model.decl(t.decl).as<ir::Enum>().all_strings)));
    if (string_kind && value.is_string()) return string_literal(value.get<std::string>());
    if ((t.kind == Kind::Integer || t.kind == Kind::Number) && value.is_number()) return value.dump();
    if (t.kind == Kind::Boolean && value.is_boolean()) return value.get<bool>() ? "true" : "false";
    return "";
}

// Statements for a template to place one a line at its own indentation.
List lines_of(const std::vector<std::string>& statements) {
    List out;
    for (const std::string& s : statements) out.push_back(Object{{"line", s}});
    return out;
}

}  // namespace

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Struct& s) {
    const std::string& name = names_.names.of(id);
    // Methods this struct gets; a field may not share a method's name.
    std::set<std::string> methods = {"MarshalJSON"};
    List markers, tag_methods;
    if (auto it = names_.memberships.find(id); it != names_.memberships.end())
        for (const Membership& m : it->second) {
            if (methods.insert(m.marker).second) markers.push_back(Object{{"marker", m.marker}});
            if (methods.insert(m.method).second)
                tag_methods.push_back(
                    Object{{"method", m.method}, {"wire", string_literal(m.wire)}, {"value", string_literal(m.tag)}});
        }
    v.set("markers", std::move(markers));
    v.set("tag_methods", std::move(tag_methods));

    std::vector<std::string> field_names = names_.names.fields.at(id);
    naming::Scope scope(methods);
    for (const auto& f : field_names)
        if (!methods.count(f)) scope.reserve(f);
    for (auto& f : field_names)
        if (methods.count(f)) f = scope.claim(f + "_");

    std::vector<Printer::Row> rows;
    List cases;
    std::vector<std::string> encode;
    List required;
    std::string forbidden_labels;
    bool has_seen = false;
    for (std::size_t i = 0; i < s.fields.size(); ++i) {
        const ir::Field& f = s.fields[i];
        const std::string& field = field_names[i];
        const std::string wire = string_literal(f.wire_name);
        const std::string member = "v." + field;
        if (ir::is_forbidden(s, f.wire_name)) {  // declared, but must be absent
            forbidden_labels += (forbidden_labels.empty() ? "" : ", ") + wire;
            continue;
        }
        std::string word = "seen[" + std::to_string(i / 64) + "]", bit = hex(std::uint64_t(1) << (i % 64));
        std::vector<std::string> statements = {"d.Field(" + wire + ", &" + word + ", " + bit + ")"};
        has_seen = true;
        std::string go_type, tag_options;
        const ir::Presence presence = ir::presence(ctx_.model, f);
        if (presence == ir::Presence::Constant) {
            // Not stored: the encoder writes the constant.
            bool text = f.type.value.is_string();
            std::string literal =
                text ? string_literal(f.type.value.get<std::string>()) : types_.value_var(f.type.value);
            const char* read = !text ? "d.ConstValue(" : f.type.const_typed ? "d.ConstStringTyped(" : "d.ConstString(";
            statements.push_back(read + literal + ")");
            encode.push_back("e.Key(" + wire + ")");
            encode.push_back((text ? "e.String(" : "e.Any(") + literal + ")");
        } else if (presence == ir::Presence::Required && types_.boxed(f.type, ctx_.model.decl(id))) {
            go_type = "*" + types_.type(f.type);  // a struct cannot contain itself
            statements.push_back(member + " = contract.Ptr(" + types_.decode(f.type) + ")");
            encode.push_back("e.Key(" + wire + ")");
            encode.push_back(types_.encode(f.type, "*" + member));
        } else if (presence == ir::Presence::Required) {
            go_type = types_.type(f.type);
            statements.push_back(member + " = " + types_.decode(f.type));
            encode.push_back("e.Key(" + wire + ")");
            encode.push_back(types_.encode(f.type, member));
        } else if (presence == ir::Presence::Optional) {
            bool nil_able = types_.nil_able(f.type);
            go_type = (nil_able ? "" : "*") + types_.type(f.type);
            statements.push_back(member + " = " +
                                 (nil_able ? types_.decode(f.type) : "contract.Ptr(" + types_.decode(f.type) + ")"));
            encode.push_back(std::string(nil_able ? "contract.EncodeIfSet" : "contract.EncodeOptional") + "(e, " +
                             wire + ", " + member + ", " + types_.encode_fn(f.type) + ")");
            tag_options = ",omitempty";
        } else {
            ir::TypeExpr base = ir::without_null(f.type);
            const bool box = types_.boxed(base, ctx_.model.decl(id));  // a struct cannot contain itself
            go_type = "contract.Tristate[" + std::string(box ? "*" : "") + types_.type(base) + "]";
            statements.push_back(member + " = " + types_.decode_tristate(f.type, box));
            std::string write = box ? "contract.EncodeBoxed(" + types_.encode_fn(base) + ")" : types_.encode_fn(base);
            encode.push_back("contract.EncodeTristate(e, " + wire + ", " + member + ", " + write + ")");
            tag_options = ",omitempty";
        }
        cases.push_back(Object{{"labels", wire}, {"strict_unknown", flag(false)}, {"lines", lines_of(statements)}});
        if (f.required) required.push_back(Object{{"word", word}, {"bit", bit}, {"wire", wire}});
        if (go_type.empty()) continue;
        Printer::Row row{text_lines(doc_comment(f.docs, "")), {field, go_type}};
        if (is_tag_name(f.wire_name)) row.cells.push_back("`json:\"" + f.wire_name + tag_options + "\"`");
        rows.push_back(std::move(row));
    }

    // Members the struct does not declare: a closed struct keeps them only
    // in tolerant mode (the template says how); others keep them with `keep`.
    std::string extra_type = "contract.Object", keep_fn = "(*contract.Encoder).Any", keep;
    switch (s.extra) {
        case ir::Extra::Forbid: break;
        case ir::Extra::Keep: keep = "d.Keep(&v.AdditionalProperties)"; break;
        case ir::Extra::Typed:
            extra_type = "contract.Map[" + types_.type(*s.extra_type) + "]";
            keep_fn = types_.encode_fn(*s.extra_type);
            if (s.extra_key_pattern)  // patternProperties: the member's name must match
                keep = "contract.KeepMatching(d, &v.AdditionalProperties, " + types_.regexp_var(*s.extra_key_pattern) +
                       ", " + types_.decode_fn(*s.extra_type) + ")";
            else
                keep = "contract.KeepTyped(d, &v.AdditionalProperties, " + types_.decode_fn(*s.extra_type) + ")";
            break;
    }
    // Forbidden members that are not declared: `not` (or, in a closed object
    // read strictly, `additionalProperties`, which comes first).
    std::string undeclared_forbidden;
    for (const ir::ForbiddenMember& m : ir::forbidden_members(s))
        if (!m.field) undeclared_forbidden += (undeclared_forbidden.empty() ? "" : ", ") + string_literal(m.wire);
    // (`strict_unknown`: the template's check that comes first in a closed struct).
    if (!undeclared_forbidden.empty())
        cases.push_back(Object{{"labels", undeclared_forbidden},
                               {"strict_unknown", flag(s.extra == ir::Extra::Forbid)},
                               {"lines", lines_of({"d.Forbidden()"})}});
    if (!forbidden_labels.empty())
        cases.push_back(Object{
            {"labels", forbidden_labels}, {"strict_unknown", flag(false)}, {"lines", lines_of({"d.Forbidden()"})}});
    encode.push_back("contract.EncodeMembers(e, v.AdditionalProperties, " + keep_fn + ")");

    // What AdditionalProperties holds is said once, in the package comment (go_family.cpp).
    rows.push_back(Printer::Row{{}, {"AdditionalProperties", extra_type, "`json:\"-\"`"}});
    v.set("fields", field_block(rows));
    const bool has_cases = !cases.empty();
    v.set("has_fields", flag(has_cases));
    v.set("has_seen", flag(has_seen));
    v.set("words", std::to_string((s.fields.size() + 63) / 64));
    v.set("cases", std::move(cases));
    v.set("closed", flag(s.extra == ir::Extra::Forbid));
    v.set("keep", keep.empty() ? flag(false) : Data(keep));
    v.set("required", std::move(required));
    v.set("encode_lines", lines_of(encode));
    v.set("count_rule", types_.count_rule(s.bounds.min_properties, s.bounds.max_properties, false));
    (void)name;
}

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Constant& c) {
    const std::string& constant = names_.names.of(id);
    v.set("constant", constant);
    const ir::TypeExpr& shape = ir::resolve_alias(ctx_.model, c.type);
    std::string scalar = scalar_literal(ctx_.model, c.type, c.value);
    bool is_list = false, is_map = false;
    List entries;
    if (scalar.empty() && !shape.nullable && shape.kind == Kind::Array && c.value.is_array()) {
        is_list = true;
        for (const auto& item : c.value) {
            std::string literal = scalar_literal(ctx_.model, shape.item(), item);
            is_list = is_list && !literal.empty();
            entries.push_back(Object{{"value", literal}});
        }
    } else if (scalar.empty() && !shape.nullable && shape.kind == Kind::Map && c.value.is_object()) {
        is_map = true;
        for (const auto& [key, item] : c.value.items()) {
            std::string literal = scalar_literal(ctx_.model, shape.item(), item);
            is_map = is_map && !literal.empty();
            entries.push_back(Object{{"key", string_literal(key)}, {"value", literal}});
        }
    }
    bool is_value = scalar.empty() && !is_list && !is_map;
    v.set("is_scalar", flag(!scalar.empty()));
    v.set("is_list", flag(is_list));
    v.set("is_map", flag(is_map));
    v.set("is_value", flag(is_value));
    v.set("entries", is_list || is_map ? std::move(entries) : List());
    v.set("type", is_value ? std::string("any") : types_.type(c.type));
    v.set("value", is_value ? string_literal(c.value.dump()) : scalar);
    auto lookup = names_.lookups.find(id);
    bool has_lookup = lookup != names_.lookups.end() && is_map;
    v.set("has_lookup", flag(has_lookup));
    v.set("lookup", has_lookup ? lookup->second : std::string());
    v.set("lookup_type", has_lookup ? types_.type(shape.item()) : std::string());
}

}  // namespace contractgen::emit::go
