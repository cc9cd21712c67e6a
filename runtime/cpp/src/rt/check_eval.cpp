// Evaluation of a schema program, with the annotations that
// `unevaluatedProperties` and `unevaluatedItems` read (docs/semantics.md,
// "Assertions"). Each keyword is taken in the order of the documented
// list, so the first that fails is the one reported. Recursion follows the
// value (a schema applies to members and items) or the program's `$ref`s,
// which contractgen refuses to let loop without descending; the value's
// depth is bounded by the payload policy.
#include <cmath>
#include <unordered_map>

#include "contract/rt/check_schema.hpp"

namespace contract {
namespace rt {

namespace {

std::uint8_t value_kind_bits(const Value& v) {
    switch (v.kind()) {
        case Value::Kind::Null: return kKindNull;
        case Value::Kind::Boolean: return kKindBoolean;
        case Value::Kind::Object: return kKindObject;
        case Value::Kind::Array: return kKindArray;
        case Value::Kind::String: return kKindString;
        case Value::Kind::Integer: return kKindInteger | kKindNumber;
        case Value::Kind::Number: {
            double d = v.as_double();
            return std::trunc(d) == d ? kKindInteger | kKindNumber : kKindNumber;
        }
    }
    return 0;
}

const char* check_number(const Check::Schema& s, double f) {
    if (s.multiple_of.set && !is_multiple(f, s.multiple_of.value)) return "multipleOf";
    if (s.maximum.set && f > s.maximum.value) return "maximum";
    if (s.exclusive_maximum.set && f >= s.exclusive_maximum.value) return "exclusiveMaximum";
    if (s.minimum.set && f < s.minimum.value) return "minimum";
    if (s.exclusive_minimum.set && f <= s.exclusive_minimum.value) return "exclusiveMinimum";
    return nullptr;
}

const char* check_string(const Check::Schema& s, const std::string& str) {
    if (s.max_length != kNoLimit || s.min_length > 0) {
        std::uint64_t n = 0;  // code points: the bytes that do not continue a UTF-8 sequence
        for (char ch : str) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
        if (n > s.max_length) return "maxLength";
        if (n < s.min_length) return "minLength";
    }
    if (s.pattern && !s.pattern->regex->search(str)) return "pattern";
    if (s.format != Format::None && !format_valid(s.format, str)) return "format";
    return nullptr;
}

const char* check_array_counts(const Check::Schema& s, const Value::Array& arr) {
    if (arr.size() > s.max_items) return "maxItems";
    if (arr.size() < s.min_items) return "minItems";
    if (s.unique_items && unique_problem(arr)) return "uniqueItems";
    return nullptr;
}

const char* check_object_counts(const Check::Schema& s, const Value::Object& obj) {
    if (obj.size() > s.max_properties) return "maxProperties";
    if (obj.size() < s.min_properties) return "minProperties";
    for (const auto& name : s.required)
        if (!obj.contains(name)) return "required";
    for (const auto& d : s.dependent_required) {
        if (!obj.contains(d.name)) continue;
        for (const auto& name : d.names)
            if (!obj.contains(name)) return "dependentRequired";
    }
    return nullptr;
}

}  // namespace

bool Check::Schema::declares(const std::string& name) const {
    for (const auto& p : properties)
        if (p.name == name) return true;
    for (const auto& p : pattern_properties)
        if (p.pattern->regex->search(name)) return true;
    return false;
}

const char* Check::eval(const Value& v) const {
    for (const auto& s : assert_) {
        Annotations a;
        if (const char* k = eval(*s, v, a)) return k;
    }
    return nullptr;
}

bool Check::valid(const Schema& s, const Value& v, Annotations* into) const {
    Annotations a;
    if (eval(s, v, a)) return false;
    if (into) into->merge(a);
    return true;
}

const char* Check::eval(const Schema& s, const Value& v, Annotations& a) const {
    if (s.always >= 0) return s.always ? nullptr : "not";
    std::uint8_t kind = value_kind_bits(v);
    if (s.types != 0 && (s.types & kind) == 0) return "type";
    if (s.has_enum) {
        bool found = false;
        for (const auto& e : s.enum_values) found = found || e == v;
        if (!found) return "enum";
    }
    if (s.has_const && !(s.constant == v)) return "const";
    if (kind & kKindNumber)
        if (const char* k = check_number(s, v.as_double())) return k;
    if (v.is_string())
        if (const char* k = check_string(s, v.as_string())) return k;
    if (v.is_array())
        if (const char* k = check_array_counts(s, v.as_array())) return k;
    if (v.is_object())
        if (const char* k = check_object_counts(s, v.as_object())) return k;
    if (const char* k = in_place(s, v, a)) return k;
    if (v.is_array())
        if (const char* k = items(s, v.as_array(), a)) return k;
    if (v.is_object())
        if (const char* k = members(s, v.as_object(), a)) return k;
    return nullptr;
}

// The keywords that apply to the value itself and pass their annotations on.
const char* Check::in_place(const Schema& s, const Value& v, Annotations& a) const {
    if (s.ref >= 0 && eval(*defs_.at(static_cast<std::size_t>(s.ref)), v, a)) return "$ref";
    for (const auto& sub : s.all_of)
        if (!valid(*sub, v, &a)) return "allOf";
    if (!s.any_of.empty()) {
        bool matched = false;
        for (const auto& sub : s.any_of) matched = valid(*sub, v, &a) || matched;  // each passing branch annotates
        if (!matched) return "anyOf";
    }
    if (!s.one_of.empty()) {
        Annotations first;
        int matches = 0;
        for (const auto& sub : s.one_of) {
            Annotations b;
            if (!eval(*sub, v, b)) {
                ++matches;
                first = std::move(b);
            }
        }
        if (matches != 1) return "oneOf";
        a.merge(first);
    }
    if (s.not_ && valid(*s.not_, v, nullptr)) return "not";
    if (s.if_) {
        if (valid(*s.if_, v, &a)) {
            if (s.then_ && !valid(*s.then_, v, &a)) return "then";
        } else if (s.else_ && !valid(*s.else_, v, &a)) {
            return "else";
        }
    }
    if (v.is_object()) {
        for (const auto& d : s.dependent_schemas)
            if (v.as_object().contains(d.name) && !valid(*d.schema, v, &a)) return "dependentSchemas";
    }
    return nullptr;
}

const char* Check::items(const Schema& s, const Value::Array& arr, Annotations& a) const {
    for (std::size_t i = 0; i < s.prefix_items.size() && i < arr.size(); ++i) {
        if (!valid(*s.prefix_items[i], arr[i], nullptr)) return "prefixItems";
        a.items.insert(i);
    }
    if (s.items) {
        for (std::size_t i = s.prefix_items.size(); i < arr.size(); ++i)
            if (!valid(*s.items, arr[i], nullptr)) return "items";
        a.all_items = true;
    }
    if (s.contains) {
        std::uint64_t matches = 0;
        for (std::size_t i = 0; i < arr.size(); ++i) {
            if (valid(*s.contains, arr[i], nullptr)) {
                ++matches;
                a.items.insert(i);
            }
        }
        bool has_min = s.min_contains != kNoLimit;
        std::uint64_t least = has_min ? s.min_contains : 1;
        if (matches < least) return has_min ? "minContains" : "contains";
        if (matches > s.max_contains) return "maxContains";
    }
    if (s.unevaluated_items && !a.all_items) {
        for (std::size_t i = 0; i < arr.size(); ++i) {
            if (a.items.count(i)) continue;
            if (!valid(*s.unevaluated_items, arr[i], nullptr)) return "unevaluatedItems";
        }
        a.all_items = true;
    }
    return nullptr;
}

const char* Check::members(const Schema& s, const Value::Object& obj, Annotations& a) const {
    // An index, so that large objects stay linear.
    std::unordered_map<std::string_view, const Value*> index;
    if (obj.size() > 16 && !s.properties.empty())
        for (const auto& m : obj) index.emplace(m.first, &m.second);
    auto get = [&](const std::string& name) -> const Value* {
        if (!index.empty()) {
            auto it = index.find(name);
            return it == index.end() ? nullptr : it->second;
        }
        auto it = obj.find(name);
        return it == obj.end() ? nullptr : &it->second;
    };
    for (const auto& p : s.properties) {
        if (const Value* v = get(p.name)) {
            if (!valid(*p.schema, *v, nullptr)) return "properties";
            a.props.insert(p.name);
        }
    }
    if (!s.pattern_properties.empty()) {
        for (const auto& m : obj) {
            bool matched = false;
            for (const auto& p : s.pattern_properties) {
                if (!p.pattern->regex->search(m.first)) continue;
                matched = true;
                if (!valid(*p.schema, m.second, nullptr)) return "patternProperties";
            }
            if (matched) a.props.insert(m.first);
        }
    }
    if (s.additional_properties) {
        for (const auto& m : obj) {
            if (s.declares(m.first)) continue;
            if (!valid(*s.additional_properties, m.second, nullptr)) return "additionalProperties";
        }
        a.all_props = true;
    }
    if (s.property_names) {
        for (const auto& m : obj)
            if (!valid(*s.property_names, Value(m.first), nullptr)) return "propertyNames";
    }
    if (s.unevaluated_properties && !a.all_props) {
        for (const auto& m : obj) {
            if (a.props.count(m.first)) continue;
            if (!valid(*s.unevaluated_properties, m.second, nullptr)) return "unevaluatedProperties";
        }
        a.all_props = true;
    }
    return nullptr;
}

}  // namespace rt
}  // namespace contract
