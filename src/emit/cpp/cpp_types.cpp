#include "emit/cpp/cpp_types.h"

#include <algorithm>

#include "emit/cpp/cpp_syntax.h"

namespace contractgen::emit::cpp {

using ir::Kind;

const ir::TypeExpr& strip_aliases(const ir::Model& model, const ir::TypeExpr& t, bool& nullable) {
    nullable = nullable || t.nullable;
    if (t.kind == Kind::Named && model.decl(t.decl).is<ir::Alias>())
        return strip_aliases(model, model.decl(t.decl).as<ir::Alias>().target, nullable);
    return t;
}

std::string CppTypes::decl_name(ir::DeclId id) const {
    const ir::Decl& d = model_.decl(id);
    std::string name = names_.of(id);
    if (d.family == family_) return name;
    return "::contract::" + names_.family.at(d.family) + "::" + name;
}

std::string CppTypes::function(const std::string& prefix, ir::DeclId id) const {
    const ir::Decl& d = model_.decl(id);
    std::string name = prefix + names_.of(id);
    if (d.family == family_) return name;
    return "::contract::" + names_.family.at(d.family) + "::" + name;
}

std::string CppTypes::value_type(const ir::TypeExpr& t) const {
    switch (t.kind) {
        case Kind::String: return "std::string";
        case Kind::Integer: return "std::int64_t";
        case Kind::Number: return "double";
        case Kind::Boolean: return "bool";
        case Kind::Null: return "std::nullptr_t";
        case Kind::Any:
        case Kind::Const: return "::contract::Json";
        case Kind::Named: return decl_name(t.decl);
        case Kind::Array: return "std::vector<" + type(t.item()) + ">";
        case Kind::Map: return "std::map<std::string, " + type(t.item()) + ">";
    }
    return "::contract::Json";
}

std::string CppTypes::type(const ir::TypeExpr& t) const {
    bool wrap = t.nullable && t.kind != Kind::Null && t.kind != Kind::Any;
    return wrap ? "::contract::Nullable<" + value_type(t) + ">" : value_type(t);
}

std::string CppTypes::count_rule(std::optional<std::uint64_t> min, std::optional<std::uint64_t> max, bool unique) {
    if (!min && !max && !unique) return "::contract::rt::CountRule{}";
    return "::contract::rt::CountRule{" + std::to_string(min.value_or(0)) + "u, " +
           (max ? std::to_string(*max) + "u" : "std::numeric_limits<std::uint64_t>::max()") + ", " +
           (unique ? "true" : "false") + "}";
}

std::string CppTypes::string_rule(const ir::StringBounds& b) const {
    if (b.empty()) return "";
    const char* format = b.format == ir::StringFormat::DateTime ? "DateTime"
                         : b.format == ir::StringFormat::Uuid   ? "Uuid"
                         : b.format == ir::StringFormat::Uri    ? "Uri"
                                                                : "None";
    std::string pattern = "nullptr";
    if (b.pattern) {
        auto it = std::find(patterns_.begin(), patterns_.end(), *b.pattern);
        std::size_t index = static_cast<std::size_t>(it - patterns_.begin());
        if (it == patterns_.end()) patterns_.push_back(*b.pattern);
        pattern = "&detail::pattern_" + std::to_string(index);
    }
    return "::contract::rt::StringRule{" + std::to_string(b.min_length.value_or(0)) + "u, " +
           (b.max_length ? std::to_string(*b.max_length) + "u" : "std::numeric_limits<std::uint64_t>::max()") +
           ", ::contract::rt::Format::" + format + ", " + pattern + "}";
}

std::string CppTypes::number_rule(const ir::NumberBounds& b) const {
    if (b.empty()) return "";
    auto flag = [](const std::optional<ir::json>& v) { return v ? "true" : "false"; };
    auto value = [](const std::optional<ir::json>& v) { return v ? double_literal(*v) : std::string("0.0"); };
    return "::contract::rt::NumberRule{" + std::string(flag(b.minimum)) + ", " + flag(b.maximum) + ", " +
           flag(b.exclusive_minimum) + ", " + flag(b.exclusive_maximum) + ", " + flag(b.multiple_of) + ", " +
           value(b.minimum) + ", " + value(b.maximum) + ", " + value(b.exclusive_minimum) + ", " +
           value(b.exclusive_maximum) + ", " + value(b.multiple_of) + "}";
}

std::string CppTypes::decode(const ir::TypeExpr& t, const std::string& lhs, const std::string& cursor, int depth) const {
    if (!t.nullable || t.kind == Kind::Null || t.kind == Kind::Any) return decode_value(t, lhs, cursor, depth);
    std::string c = "c" + std::to_string(depth), v = "v" + std::to_string(depth);
    return "::contract::rt::read_nullable(" + cursor + ", " + lhs + ", [&](::contract::rt::Cursor& " + c + ", " +
           value_type(t) + "& " + v + ") { " + decode_value(t, v, c, depth + 1) + "; })";
}

std::string CppTypes::decode_value(const ir::TypeExpr& t, const std::string& lhs, const std::string& cursor,
                                   int depth) const {
    auto with_rule = [](const std::string& call, const std::string& rule) {
        return rule.empty() ? call + ")" : call + ", " + rule + ")";
    };
    std::string c = "c" + std::to_string(depth), v = "v" + std::to_string(depth);
    switch (t.kind) {
        case Kind::String:
            return with_rule("::contract::rt::read_string(" + cursor + ", " + lhs, string_rule(t.string_bounds));
        case Kind::Integer:
            return with_rule("::contract::rt::read_int(" + cursor + ", " + lhs, number_rule(t.number_bounds));
        case Kind::Number:
            return with_rule("::contract::rt::read_number(" + cursor + ", " + lhs, number_rule(t.number_bounds));
        case Kind::Boolean: return "::contract::rt::read_bool(" + cursor + ", " + lhs + ")";
        case Kind::Null: return "(::contract::rt::read_null(" + cursor + "), " + lhs + " = nullptr)";
        case Kind::Any: return "::contract::rt::read_json(" + cursor + ", " + lhs + ")";
        case Kind::Const: return "::contract::rt::read_const(" + cursor + ", " + lhs + ", " + json_value_expr(t.value) + ")";
        case Kind::Named: {
            const ir::Decl& d = model_.decl(t.decl);
            if (d.is<ir::Alias>()) {
                ir::TypeExpr target = d.as<ir::Alias>().target;
                return decode(target, lhs, cursor, depth);
            }
            return function("decode_", t.decl) + "(" + cursor + ", " + lhs + ")";
        }
        case Kind::Array:
            return "::contract::rt::read_array(" + cursor + ", " + lhs + ", " +
                   count_rule(t.array_bounds.min_items, t.array_bounds.max_items, t.array_bounds.unique_items) +
                   ", [&](::contract::rt::Cursor& " + c + ", " + type(t.item()) + "& " + v + ") { " +
                   decode(t.item(), v, c, depth + 1) + "; })";
        case Kind::Map:
            return "::contract::rt::read_map(" + cursor + ", " + lhs + ", " +
                   count_rule(t.object_bounds.min_properties, t.object_bounds.max_properties, false) +
                   ", [&](::contract::rt::Cursor& " + c + ", " + type(t.item()) + "& " + v + ") { " +
                   decode(t.item(), v, c, depth + 1) + "; })";
    }
    return "";
}

std::string CppTypes::literal(const ir::TypeExpr& t, const ir::json& value) const {
    if (value.is_null() && t.nullable) return type(t) + "{nullptr}";
    switch (t.kind) {
        case Kind::String:
            if (value.is_string()) return "std::string(" + std_string_literal(value.get<std::string>()) + ")";
            break;
        case Kind::Integer:
            if (value.is_number()) return "std::int64_t{" + value.dump() + "}";
            break;
        case Kind::Number:
            if (value.is_number()) return double_literal(value);
            break;
        case Kind::Boolean:
            if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
            break;
        case Kind::Named: {
            const ir::Decl& d = model_.decl(t.decl);
            if (d.is<ir::Alias>()) return literal(d.as<ir::Alias>().target, value);
            if (d.is<ir::Enum>() && d.as<ir::Enum>().all_strings && value.is_string()) {
                const auto& values = d.as<ir::Enum>().values;
                for (std::size_t i = 0; i < values.size(); ++i)
                    if (values[i] == value) return decl_name(t.decl) + "::" + names_.values[t.decl][i];
            }
            if (d.is<ir::OpenEnum>() && value.is_string())
                return decl_name(t.decl) + "{" + std_string_literal(value.get<std::string>()) + "}";
            break;
        }
        case Kind::Array:
            if (value.is_array()) {
                std::string out = type(t) + "{";
                for (std::size_t i = 0; i < value.size(); ++i) out += (i ? ", " : "") + literal(t.item(), value[i]);
                return out + "}";
            }
            break;
        case Kind::Map:
            if (value.is_object()) {
                std::string out = type(t) + "{";
                bool first = true;
                for (const auto& [k, v] : value.items()) {
                    out += (first ? "{" : ", {") + std_string_literal(k) + ", " + literal(t.item(), v) + "}";
                    first = false;
                }
                return out + "}";
            }
            break;
        default: break;
    }
    // Anything else (Any, Const, structs, unions) is kept as a JSON value decoded through the type's own rules.
    if (t.kind == Kind::Named) {
        return "::contract::rt::decode_text<" + type(t) + ">(" + string_literal(value.dump()) + ", &" +
               function("decode_", t.decl) + ")";
    }
    return "::contract::Json(" + json_value_expr(value) + ")";
}

}  // namespace contractgen::emit::cpp
