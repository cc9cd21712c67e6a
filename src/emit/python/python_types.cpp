#include "emit/python/python_types.h"

#include <algorithm>
#include <functional>

#include "emit/python/python_syntax.h"
#include "ir/integral.h"
#include "ir/pattern.h"
#include "ir/queries.h"
#include "ir/schema_members.h"

namespace contractgen::emit::python {

using ir::Kind;

namespace {

std::string annotated(const std::string& base, const std::vector<std::string>& metadata) {
    if (metadata.empty()) return base;
    std::string out = "_t.Annotated[" + base;
    for (const auto& m : metadata) out += ", " + m;
    return out + "]";
}

std::string count_field(std::optional<std::uint64_t> min, std::optional<std::uint64_t> max) {
    if (!min && !max) return "";
    std::string args;
    if (min) args += "min_length=" + std::to_string(*min);
    if (max) args += std::string(args.empty() ? "" : ", ") + "max_length=" + std::to_string(*max);
    return "_p.Field(" + args + ")";
}

// The runtime's rule for a format (formats.py), null for none.
const char* format_rule(ir::StringFormat f) {
    using F = ir::StringFormat;
    switch (f) {
        case F::None: return nullptr;
        case F::DateTime: return "DATE_TIME";
        case F::Uuid: return "UUID";
        case F::Uri: return "URI";
        case F::Date: return "DATE";
        case F::Time: return "TIME";
        case F::Duration: return "DURATION";
        case F::Email: return "EMAIL";
        case F::Hostname: return "HOSTNAME";
        case F::Ipv4: return "IPV4";
        case F::Ipv6: return "IPV6";
        case F::UriReference: return "URI_REFERENCE";
        case F::JsonPointer: return "JSON_POINTER";
    }
    return nullptr;
}

}  // namespace

std::string PyTypes::decl_ref(ir::DeclId id) const {
    const ir::Decl& d = model_.decl(id);
    if (d.family == family_) return names_.of(id);
    return module_alias_.at(d.family) + "." + names_.of(id);
}

std::string PyTypes::string_annotation(const ir::StringBounds& b) const {
    std::vector<std::string> metadata;
    if (b.min_length || b.max_length) {
        std::string args;
        if (b.min_length) args += "min_length=" + std::to_string(*b.min_length);
        if (b.max_length) args += std::string(args.empty() ? "" : ", ") + "max_length=" + std::to_string(*b.max_length);
        metadata.push_back("_p.StringConstraints(" + args + ")");
    }
    const char* format = format_rule(b.format);
    bool plain_format = b.format == ir::StringFormat::DateTime || b.format == ir::StringFormat::Uuid ||
                        b.format == ir::StringFormat::Uri;
    if (plain_format && metadata.empty() && !b.pattern) {
        // The runtime's aliases for the plain formats read better in signatures.
        return b.format == ir::StringFormat::DateTime ? "_rt.DateTime"
               : b.format == ir::StringFormat::Uuid   ? "_rt.Uuid"
                                                      : "_rt.Uri";
    }
    if (format) metadata.push_back(std::string("_rt.") + format);
    if (b.pattern) metadata.push_back(pattern_name(*b.pattern));
    return annotated("str", metadata);
}

std::string PyTypes::pattern_name(const std::string& pattern) const {
    auto it = std::find(patterns_.begin(), patterns_.end(), pattern);
    std::size_t index = static_cast<std::size_t>(it - patterns_.begin());
    if (it == patterns_.end()) patterns_.push_back(pattern);
    return "_PATTERN_" + std::to_string(index);
}

std::string PyTypes::key_annotation(const std::string& pattern) const {
    return "_t.Annotated[str, _rt.KeyPattern(" + pattern_name(pattern) + ")]";
}

std::string PyTypes::tuple_annotation(const ir::Tuple& t) const {
    std::vector<std::string> items;
    for (const auto& item : t.items) items.push_back(annotation(item));
    auto joined = [&](std::size_t n) {
        std::string out;
        for (std::size_t i = 0; i < n; ++i) out += (i ? ", " : "") + items[i];
        return out;
    };
    // One variant per length the array may have: positions from minItems on
    // are optional, and an absent one ends the array.
    std::size_t n = items.size();
    std::size_t least = static_cast<std::size_t>(std::min<std::uint64_t>(t.bounds.min_items.value_or(0), n));
    std::string rest = t.rest ? annotation(*t.rest) : "";
    std::vector<std::string> variants;
    for (std::size_t k = least; k < n || (!t.rest && k == n); ++k)
        variants.push_back("tuple[" + (k ? joined(k) : "()") + "]");
    if (t.rest) variants.push_back("tuple[" + joined(n) + (n ? ", " : "") + "_t.Unpack[tuple[" + rest + ", ...]]]");
    std::string type;
    for (std::size_t i = 0; i < variants.size(); ++i) type += (i ? " | " : "") + variants[i];
    std::string args = joined(n);
    auto arg = [&](const std::string& a) { args += (args.empty() ? "" : ", ") + a; };
    if (t.rest) arg("rest=" + rest);
    if (t.bounds.min_items) arg("min_items=" + std::to_string(*t.bounds.min_items));
    if (t.bounds.max_items) arg("max_items=" + std::to_string(*t.bounds.max_items));
    if (t.bounds.unique_items) arg("unique=True");
    return "_t.Annotated[" + type + ", _rt.TupleOf(" + args + ")]";
}

std::string PyTypes::number_annotation(const ir::NumberBounds& b, bool integer) const {
    if (b.empty()) return integer ? "_rt.Integer" : "_rt.Number";
    std::string args;
    auto add = [&](const char* name, const std::optional<ir::json>& v) {
        if (v) args += std::string(args.empty() ? "" : ", ") + name + "=" + number_literal(*v);
    };
    add("minimum", b.minimum);
    add("maximum", b.maximum);
    add("exclusive_minimum", b.exclusive_minimum);
    add("exclusive_maximum", b.exclusive_maximum);
    add("multiple_of", b.multiple_of);
    // The representable range: ±(2^53−1) unless the schema widens it (docs/semantics.md §1.5).
    if (integer && b.integer_format != ir::IntegerFormat::Safe)
        args += std::string(args.empty() ? "" : ", ") +
                "format=" + (b.integer_format == ir::IntegerFormat::Int64 ? "\"int64\"" : "\"uint64\"");
    return integer ? "_t.Annotated[int, _rt.IntegerRule(" + args + ")]"
                   : "_t.Annotated[float, _rt.NumberRule(" + args + ")]";
}

std::string PyTypes::value_union(const std::vector<ir::json>& values) {
    std::vector<std::string> literals, parts;
    bool null = false, fraction = false, array = false, object = false;
    for (const auto& v : values) {
        if (v.is_null()) null = true;
        else if (v.is_boolean())
            literals.push_back(v.get<bool>() ? "True" : "False");
        else if (v.is_string())
            literals.push_back(string_literal(v.get<std::string>()));
        else if (v.is_number_integer())
            literals.push_back(v.dump());
        else if (v.is_number_float())
            fraction = true;  // typed float: the value kept is the one listed
        else if (v.is_array())
            array = true;
        else if (v.is_object())
            object = true;
    }
    std::vector<std::string> unique;
    for (const auto& l : literals)
        if (std::find(unique.begin(), unique.end(), l) == unique.end()) unique.push_back(l);
    if (!unique.empty()) {
        std::string lit = "_t.Literal[";
        for (std::size_t i = 0; i < unique.size(); ++i) lit += (i ? ", " : "") + unique[i];
        parts.push_back(lit + "]");
    }
    if (fraction) parts.push_back("float");
    if (array) parts.push_back("list[_t.Any]");
    if (object) parts.push_back("dict[str, _t.Any]");
    if (null) parts.push_back("None");
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? " | " : "") + parts[i];
    return out.empty() ? "_t.Any" : out;
}

// `typed`: the schema states `type` beside `const`, so a value of another JSON
// kind is a `type` error rather than a `const` one (docs/semantics.md §2).
std::string PyTypes::const_annotation(const ir::json& value, bool typed) const {
    if (value.is_string()) return "_t.Literal[" + string_literal(value.get<std::string>()) + "]";
    return "_t.Annotated[" + value_union({value}) + ", _rt.Const(" + json_literal(value) +
           (typed ? "" : ", typed=False") + ")]";
}

std::string PyTypes::value_annotation(const ir::TypeExpr& t) const {
    switch (t.kind) {
        case Kind::String: return string_annotation(t.string_bounds);
        case Kind::Integer: return number_annotation(t.number_bounds, true);
        case Kind::Number: return number_annotation(t.number_bounds, false);
        case Kind::Boolean: return "bool";
        case Kind::Null: return "None";
        case Kind::Any: return "_rt.JsonValue";
        case Kind::Const: return const_annotation(t.value, t.const_typed);
        case Kind::Named: {
            const ir::Decl& d = model_.decl(t.decl);
            if (d.is<ir::Constant>()) {
                // A reference to a `const` definition accepts exactly its value.
                return const_annotation(d.as<ir::Constant>().value, true);
            }
            return decl_ref(t.decl);
        }
        case Kind::Array: {
            std::vector<std::string> metadata;
            if (auto count = count_field(t.array_bounds.min_items, t.array_bounds.max_items); !count.empty())
                metadata.push_back(count);
            if (t.array_bounds.unique_items) metadata.push_back("_rt.UNIQUE");
            return annotated("list[" + annotation(t.item()) + "]", metadata);
        }
        case Kind::Map: {
            std::vector<std::string> metadata;
            if (auto count = count_field(t.object_bounds.min_properties, t.object_bounds.max_properties);
                !count.empty())
                metadata.push_back(count);
            std::string key = t.string_bounds.pattern ? key_annotation(*t.string_bounds.pattern) : "str";
            return annotated("dict[" + key + ", " + annotation(t.item()) + "]", metadata);
        }
    }
    return "_rt.JsonValue";
}

std::string PyTypes::annotation(const ir::TypeExpr& t) const {
    std::string value = value_annotation(t);
    bool wrap = t.nullable && t.kind != Kind::Null && t.kind != Kind::Any;
    if (wrap) value += " | None";
    // The assertion covers the whole value, null included.
    return t.check ? "_t.Annotated[" + value + ", " + check_name(*t.check) + "]" : value;
}

std::string PyTypes::check_name(ir::CheckId id) const {
    std::string program = json_literal(python_program(model_.checks.at(id).program));
    auto it = std::find(checks_.begin(), checks_.end(), program);
    std::size_t index = static_cast<std::size_t>(it - checks_.begin());
    if (it == checks_.end()) checks_.push_back(std::move(program));
    return "_CHECK_" + std::to_string(index);
}

ir::json python_program(const ir::json& program) { return ir::program_in_dialect(program, ir::PatternDialect::Python); }

bool PyTypes::mentions_recursive(const ir::TypeExpr& t) const {
    if (t.kind == Kind::Named) return model_.decl(t.decl).recursive;
    for (const auto& e : t.element)
        if (mentions_recursive(e)) return true;
    return false;
}

const std::string* PyTypes::string_constant(const ir::TypeExpr& t) const {
    if (t.nullable) return nullptr;
    const ir::json* value = nullptr;
    if (t.kind == Kind::Const) value = &t.value;
    if (t.kind == Kind::Named && model_.decl(t.decl).is<ir::Constant>())
        value = &model_.decl(t.decl).as<ir::Constant>().value;
    return value && value->is_string() ? value->get_ptr<const std::string*>() : nullptr;
}

std::string PyTypes::constant_annotation(const ir::TypeExpr& t) const {
    std::string value;
    switch (t.kind) {
        case Kind::Array: value = "tuple[" + constant_annotation(t.item()) + ", ...]"; break;
        case Kind::Map: value = "_t.Mapping[str, " + constant_annotation(t.item()) + "]"; break;
        case Kind::Named: {
            const ir::Decl& d = model_.decl(t.decl);
            if (d.is<ir::Alias>()) {
                const ir::TypeExpr& target = d.as<ir::Alias>().target;
                value = constant_annotation(target);
                return t.nullable && !target.nullable ? value + " | None" : value;
            }
            value = value_annotation(t);
            break;
        }
        default: return annotation(t);
    }
    return t.nullable ? value + " | None" : value;
}

std::string PyTypes::constant_value(const ir::TypeExpr& t, const ir::json& v) const {
    if (v.is_null()) return "None";
    switch (t.kind) {
        case Kind::String:
            if (v.is_string()) return string_literal(v.get<std::string>());
            break;
        case Kind::Integer:
            if (v.is_number_integer()) return v.dump();
            if (v.is_number_float() && ir::is_int64_float(v.get<double>()))
                return ir::json(static_cast<std::int64_t>(v.get<double>())).dump();
            break;
        case Kind::Number:
            if (v.is_number()) return number_literal(v);
            break;
        case Kind::Boolean:
            if (v.is_boolean()) return v.get<bool>() ? "True" : "False";
            break;
        case Kind::Array:
            if (v.is_array()) {
                std::string out = "(";
                for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + constant_value(t.item(), v[i]);
                return out + (v.size() == 1 ? ",)" : ")");
            }
            break;
        case Kind::Map:
            if (v.is_object()) {
                std::string out = "_rt.frozen_map({";
                bool first = true;
                for (const auto& [k, e] : v.items()) {
                    out += (first ? "" : ", ") + string_literal(k) + ": " + constant_value(t.item(), e);
                    first = false;
                }
                return out + "})";
            }
            break;
        case Kind::Named: {
            const ir::Decl& d = model_.decl(t.decl);
            if (d.is<ir::Alias>()) return constant_value(d.as<ir::Alias>().target, v);
            if (d.is<ir::Constant>()) return constant_value(d.as<ir::Constant>().type, v);
            if ((d.is<ir::Enum>() || d.is<ir::OpenEnum>()) && v.is_string())
                return string_literal(v.get<std::string>());
            // Models, unions and other enums: the value is validated by the type when the module is imported.
            return "_rt.decode(" + decl_ref(t.decl) + ", " + string_literal(v.dump()) + ")";
        }
        default: break;
    }
    return json_literal(v);
}

}  // namespace contractgen::emit::python
