// Structs and constants of a family's Go package (see go_family.h).
#include <set>

#include "emit/go/go_family.h"

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

// Follows aliases to the type a declaration finally stands for.
const ir::TypeExpr& shape_of(const ir::Model& model, const ir::TypeExpr& t) {
    const ir::TypeExpr* s = &t;
    while (s->kind == Kind::Named && !s->nullable && model.decl(s->decl).is<ir::Alias>())
        s = &model.decl(s->decl).as<ir::Alias>().target;
    return *s;
}

// A Go constant expression for a JSON scalar of a scalar type, or "" when it is not one.
std::string scalar_literal(const ir::Model& model, const ir::TypeExpr& type, const ir::json& value) {
    const ir::TypeExpr& t = shape_of(model, type);
    if (t.nullable) return "";
    bool string_kind = t.kind == Kind::String ||
                       (t.kind == Kind::Named && (model.decl(t.decl).is<ir::OpenEnum>() ||
                                                  (model.decl(t.decl).is<ir::Enum>() && model.decl(t.decl).as<ir::Enum>().all_strings)));
    if (string_kind && value.is_string()) return string_literal(value.get<std::string>());
    if ((t.kind == Kind::Integer || t.kind == Kind::Number) && value.is_number()) return value.dump();
    if (t.kind == Kind::Boolean && value.is_boolean()) return value.get<bool>() ? "true" : "false";
    return "";
}

// Statements on consecutive lines: each after the first starts with `separator` (newline and indent).
std::string joined(const std::vector<std::string>& lines, const std::string& separator = "\n\t\t\t") {
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? separator : "") + lines[i];
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
                tag_methods.push_back(Object{{"method", m.method}, {"wire", string_literal(m.wire)}, {"value", string_literal(m.tag)}});
        }
    v.set("markers", std::move(markers));
    v.set("tag_methods", std::move(tag_methods));

    std::vector<std::string> field_names = names_.names.fields.at(id);
    naming::Scope scope(methods);
    for (const auto& f : field_names)
        if (!methods.count(f)) scope.reserve(f);
    for (auto& f : field_names)
        if (methods.count(f)) f = scope.claim(f + "_");

    std::set<std::string> forbidden(s.forbidden.begin(), s.forbidden.end());
    std::vector<FieldLine> lines;
    std::vector<std::string> comments;
    List cases;
    std::vector<std::string> encode;
    std::string required;
    std::string forbidden_labels;
    bool has_seen = false;
    for (std::size_t i = 0; i < s.fields.size(); ++i) {
        const ir::Field& f = s.fields[i];
        const std::string& field = field_names[i];
        const std::string wire = string_literal(f.wire_name);
        const std::string member = "v." + field;
        if (forbidden.count(f.wire_name)) {  // declared, but must be absent
            forbidden_labels += (forbidden_labels.empty() ? "" : ", ") + wire;
            continue;
        }
        std::string word = "seen[" + std::to_string(i / 64) + "]", bit = hex(std::uint64_t(1) << (i % 64));
        std::vector<std::string> statements = {"d.Field(" + wire + ", &" + word + ", " + bit + ")"};
        has_seen = true;
        std::string go_type, tag_options;
        if (f.required && !f.type.nullable && f.type.kind == Kind::Const) {
            // Not stored: the encoder writes the constant.
            bool text = f.type.value.is_string();
            std::string literal = text ? string_literal(f.type.value.get<std::string>()) : types_.value_var(f.type.value);
            const char* read = !text ? "d.ConstValue(" : f.type.const_typed ? "d.ConstStringTyped(" : "d.ConstString(";
            statements.push_back(read + literal + ")");
            encode.push_back("e.Key(" + wire + ")");
            encode.push_back((text ? "e.String(" : "e.Any(") + literal + ")");
        } else if (f.required && types_.boxed(f.type, ctx_.model.decl(id))) {
            go_type = "*" + types_.type(f.type);  // a struct cannot contain itself
            statements.push_back(member + " = contract.Ptr(" + types_.decode(f.type) + ")");
            encode.push_back("e.Key(" + wire + ")");
            encode.push_back(types_.encode(f.type, "*" + member));
        } else if (f.required) {
            go_type = types_.type(f.type);
            statements.push_back(member + " = " + types_.decode(f.type));
            encode.push_back("e.Key(" + wire + ")");
            encode.push_back(types_.encode(f.type, member));
        } else if (!types_.accepts_null(f.type)) {
            bool nil_able = types_.nil_able(f.type);
            go_type = (nil_able ? "" : "*") + types_.type(f.type);
            statements.push_back(member + " = " + (nil_able ? types_.decode(f.type) : "contract.Ptr(" + types_.decode(f.type) + ")"));
            encode.push_back(std::string(nil_able ? "contract.EncodeIfSet" : "contract.EncodeOptional") + "(e, " + wire + ", " +
                             member + ", " + types_.encode_fn(f.type) + ")");
            tag_options = ",omitempty";
        } else {
            ir::TypeExpr base = GoTypes::without_null(f.type);
            const bool box = types_.boxed(base, ctx_.model.decl(id));  // a struct cannot contain itself
            go_type = "contract.Tristate[" + std::string(box ? "*" : "") + types_.type(base) + "]";
            statements.push_back(member + " = " + types_.decode_tristate(f.type, box));
            std::string write = box ? "contract.EncodeBoxed(" + types_.encode_fn(base) + ")" : types_.encode_fn(base);
            encode.push_back("contract.EncodeTristate(e, " + wire + ", " + member + ", " + write + ")");
            tag_options = ",omitempty";
        }
        cases.push_back(Object{{"labels", wire}, {"body", joined(statements)}});
        if (f.required) required += "\tif " + word + "&" + bit + " == 0 {\n\t\td.Missing(" + wire + ")\n\t}\n";
        if (go_type.empty()) continue;
        std::string comment = doc_comment(f.docs, "\t");
        FieldLine line{{field, go_type}, !comment.empty() || lines.empty()};
        if (is_tag_name(f.wire_name)) line.cells.push_back("`json:\"" + f.wire_name + tag_options + "\"`");
        lines.push_back(std::move(line));
        comments.push_back(std::move(comment));
    }

    // Members the struct does not declare.
    std::string extra_type = "contract.Object", keep_fn = "(*contract.Encoder).Any";
    std::vector<std::string> unknown;
    auto add = [](std::vector<std::string>& list, const std::string& line) { list.push_back(line); };
    switch (s.extra) {
        case ir::Extra::Forbid:
            add(unknown, "if d.Tolerant() {");
            add(unknown, "\td.Keep(&v.AdditionalProperties)");
            add(unknown, "\tcontinue");
            add(unknown, "}");
            add(unknown, "d.Unknown()");
            break;
        case ir::Extra::Keep: add(unknown, "d.Keep(&v.AdditionalProperties)"); break;
        case ir::Extra::Typed:
            extra_type = "contract.Map[" + types_.type(*s.extra_type) + "]";
            keep_fn = types_.encode_fn(*s.extra_type);
            if (s.extra_key_pattern)  // patternProperties: the member's name must match
                add(unknown, "contract.KeepMatching(d, &v.AdditionalProperties, " + types_.regexp_var(*s.extra_key_pattern) +
                                 ", " + types_.decode_fn(*s.extra_type) + ")");
            else
                add(unknown, "contract.KeepTyped(d, &v.AdditionalProperties, " + types_.decode_fn(*s.extra_type) + ")");
            break;
    }
    // Forbidden members that are not declared: `not` (or, in a closed object
    // read strictly, `additionalProperties`, which comes first).
    std::string undeclared_forbidden;
    for (const auto& wire : s.forbidden) {
        bool declared = false;
        for (const auto& f : s.fields) declared = declared || f.wire_name == wire;
        if (!declared) undeclared_forbidden += (undeclared_forbidden.empty() ? "" : ", ") + string_literal(wire);
    }
    if (!undeclared_forbidden.empty()) {
        std::vector<std::string> statements;
        if (s.extra == ir::Extra::Forbid) {
            add(statements, "if !d.Tolerant() {");
            add(statements, "\td.Unknown()");
            add(statements, "}");
        }
        add(statements, "d.Forbidden()");
        cases.push_back(Object{{"labels", undeclared_forbidden}, {"body", joined(statements)}});
    }
    if (!forbidden_labels.empty()) cases.push_back(Object{{"labels", forbidden_labels}, {"body", "d.Forbidden()"}});
    encode.push_back("contract.EncodeMembers(e, v.AdditionalProperties, " + keep_fn + ")");

    std::string extra_doc = s.extra == ir::Extra::Forbid
                                ? "\t// AdditionalProperties holds undeclared members read in tolerant mode (the\n"
                                  "\t// schema allows none); they are written after the declared ones.\n"
                                : "\t// AdditionalProperties holds the members the schema does not declare, in\n"
                                  "\t// input order; they are written after the declared ones.\n";
    lines.push_back(FieldLine{{"AdditionalProperties", extra_type, "`json:\"-\"`"}, true});
    comments.push_back(extra_doc);
    std::vector<std::string> aligned = align_fields(lines);
    std::string fields;  // the struct's body: comments and aligned lines
    for (std::size_t i = 0; i < aligned.size(); ++i) fields += comments[i] + "\t" + aligned[i] + "\n";

    v.set("fields", std::move(fields));
    const bool has_cases = !cases.empty();
    v.set("has_fields", flag(has_cases));
    v.set("has_seen", flag(has_seen));
    v.set("words", std::to_string((s.fields.size() + 63) / 64));
    v.set("cases", std::move(cases));
    v.set("unknown", joined(unknown, has_cases ? "\n\t\t\t" : "\n\t\t"));
    v.set("required", std::move(required));
    v.set("encode_lines", joined(encode, "\n\t"));
    v.set("count_rule", types_.count_rule(s.bounds.min_properties, s.bounds.max_properties, false));
    (void)name;
}

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Constant& c) {
    const std::string& constant = names_.names.of(id);
    v.set("constant", constant);
    const ir::TypeExpr& shape = shape_of(ctx_.model, c.type);
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
