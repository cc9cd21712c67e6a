#include "breaking/validate.h"

#include <cmath>
#include <map>
#include <regex>

#include "ir/pattern.h"
#include "text/utf8.h"

namespace contractgen::breaking {

using ir::json;
using ir::Kind;

namespace {

std::u32string utf32(const std::string& s) {
    std::u32string out;
    for (std::size_t i = 0; i < s.size();) out += text::next_code_point(s, i);
    return out;
}

bool is_integer_value(const json& v) {
    if (v.is_number_integer() || v.is_number_unsigned()) return true;
    if (!v.is_number_float()) return false;
    double d = v.get<double>();
    return std::isfinite(d) && d == std::floor(d);
}

double number(const json& v) { return v.get<double>(); }

bool multiple_of(const json& value, const json& divisor) {
    if ((value.is_number_integer() || value.is_number_unsigned()) &&
        (divisor.is_number_integer() || divisor.is_number_unsigned())) {
        long long d = divisor.get<long long>();
        return d != 0 && value.get<long long>() % d == 0;
    }
    double q = number(value) / number(divisor);
    return std::isfinite(q) && std::fabs(q - std::round(q)) <= 1e-9 * std::max(1.0, std::fabs(q));
}

bool number_ok(const ir::NumberBounds& b, const json& v) {
    double x = number(v);
    if (b.minimum && x < number(*b.minimum)) return false;
    if (b.maximum && x > number(*b.maximum)) return false;
    if (b.exclusive_minimum && x <= number(*b.exclusive_minimum)) return false;
    if (b.exclusive_maximum && x >= number(*b.exclusive_maximum)) return false;
    if (b.multiple_of && !multiple_of(v, *b.multiple_of)) return false;
    return true;
}

bool string_ok(const ir::StringBounds& b, const std::string& s) {
    std::size_t n = code_points(s);
    if (b.min_length && n < *b.min_length) return false;
    if (b.max_length && n > *b.max_length) return false;
    if (b.pattern && !pattern_matches(*b.pattern, s)) return false;
    return format_matches(b.format, s);
}

bool struct_ok(const ir::Model& m, const ir::Struct& s, const json& v) {
    if (!v.is_object()) return false;
    for (const auto& f : s.fields) {
        auto it = v.find(f.wire_name);
        if (it == v.end()) {
            if (f.required) return false;
        } else if (!accepts(m, f.type, *it)) {
            return false;
        }
    }
    for (const auto& name : s.forbidden)
        if (v.contains(name)) return false;
    for (const auto& [key, member] : v.items()) {
        bool declared = false;
        for (const auto& f : s.fields) declared |= f.wire_name == key;
        if (declared) continue;
        if (s.extra == ir::Extra::Forbid) return false;
        if (s.extra == ir::Extra::Typed && !accepts(m, *s.extra_type, member)) return false;
        if (s.extra_key_pattern && !pattern_matches(*s.extra_key_pattern, key)) return false;
    }
    if (s.bounds.min_properties && v.size() < *s.bounds.min_properties) return false;
    if (s.bounds.max_properties && v.size() > *s.bounds.max_properties) return false;
    return true;
}

bool union_ok(const ir::Model& m, const ir::Union& u, const json& v) {
    std::size_t matches = 0;
    for (const auto& variant : u.variants) matches += accepts(m, variant.type, v) ? 1 : 0;
    return u.mode == ir::UnionMode::OneOf ? matches == 1 : matches >= 1;
}

}  // namespace

std::size_t code_points(const std::string& s) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size(); ++n) text::next_code_point(s, i);
    return n;
}

bool pattern_matches(const std::string& pattern, const std::string& text) {
    // std::wregex over UTF-32 text, the way the generated C++ matches.
    static std::map<std::string, std::wregex> cache;
    auto it = cache.find(pattern);
    if (it == cache.end()) {
        std::u32string translated = utf32(ir::translate_pattern(pattern, ir::PatternDialect::CppWide));
        std::wstring wide(translated.begin(), translated.end());
        it = cache.emplace(pattern, std::wregex(wide, std::regex::ECMAScript)).first;
    }
    std::u32string t = utf32(text);
    std::wstring wide(t.begin(), t.end());
    return std::regex_search(wide, it->second);
}

bool format_matches(ir::StringFormat format, const std::string& text) {
    static const std::regex uuid("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");
    static const std::regex date_time(
        "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)"
        "(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$");
    static const std::regex uri("^[A-Za-z][A-Za-z0-9+.-]*:[^ \"<>\\\\^`{|}\\x00-\\x1f\\x7f]*$");
    switch (format) {
        case ir::StringFormat::None: return true;
        case ir::StringFormat::Uuid: return std::regex_match(text, uuid);
        case ir::StringFormat::DateTime: return std::regex_match(text, date_time);
        case ir::StringFormat::Uri: return std::regex_match(text, uri);
        default: break;  // the other formats are not judged here: any string (no witness is built on them)
    }
    return true;
}

bool json_equal(const json& a, const json& b) {
    if (a.is_number() && b.is_number()) {
        if (is_integer_value(a) && is_integer_value(b) && !a.is_number_float() && !b.is_number_float())
            return a.get<long long>() == b.get<long long>();
        return number(a) == number(b);
    }
    if (a.type() != b.type()) return false;
    if (a.is_array()) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!json_equal(a[i], b[i])) return false;
        return true;
    }
    if (a.is_object()) {
        if (a.size() != b.size()) return false;
        for (const auto& [k, v] : a.items()) {
            auto it = b.find(k);
            if (it == b.end() || !json_equal(v, *it)) return false;
        }
        return true;
    }
    return a == b;
}

bool accepts(const ir::Model& m, const ir::TypeExpr& t, const json& v) {
    if (v.is_null() && (t.nullable || t.kind == Kind::Null)) return true;
    switch (t.kind) {
        case Kind::Any: return true;
        case Kind::Null: return v.is_null();
        case Kind::Boolean: return v.is_boolean();
        case Kind::String: return v.is_string() && string_ok(t.string_bounds, v.get<std::string>());
        case Kind::Integer:
            return is_integer_value(v) && std::fabs(number(v)) < 9.3e18 && number_ok(t.number_bounds, v);
        case Kind::Number: return v.is_number() && number_ok(t.number_bounds, v);
        case Kind::Const: return json_equal(t.value, v);
        case Kind::Named: return accepts_decl(m, t.decl, v);
        case Kind::Array: {
            if (!v.is_array()) return false;
            const auto& b = t.array_bounds;
            if (b.min_items && v.size() < *b.min_items) return false;
            if (b.max_items && v.size() > *b.max_items) return false;
            for (const auto& item : v)
                if (!accepts(m, t.item(), item)) return false;
            if (b.unique_items)
                for (std::size_t i = 0; i < v.size(); ++i)
                    for (std::size_t j = i + 1; j < v.size(); ++j)
                        if (json_equal(v[i], v[j])) return false;
            return true;
        }
        case Kind::Map: {
            if (!v.is_object()) return false;
            const auto& b = t.object_bounds;
            if (b.min_properties && v.size() < *b.min_properties) return false;
            if (b.max_properties && v.size() > *b.max_properties) return false;
            for (const auto& [key, member] : v.items())
                if (!accepts(m, t.item(), member) ||
                    (t.string_bounds.pattern && !pattern_matches(*t.string_bounds.pattern, key)))
                    return false;
            return true;
        }
    }
    return false;
}

bool accepts_decl(const ir::Model& m, ir::DeclId id, const json& v) {
    const ir::Decl& d = m.decl(id);
    return std::visit(
        [&](const auto& body) -> bool {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, ir::Struct>) {
                return struct_ok(m, body, v);
            } else if constexpr (std::is_same_v<T, ir::Enum>) {
                for (const auto& e : body.values)
                    if (json_equal(e, v)) return true;
                return false;
            } else if constexpr (std::is_same_v<T, ir::OpenEnum>) {
                if (!v.is_string()) return false;
                for (const auto& k : body.known)
                    if (k == v.get<std::string>()) return true;
                return string_ok(body.other, v.get<std::string>());
            } else if constexpr (std::is_same_v<T, ir::Union>) {
                return union_ok(m, body, v);
            } else if constexpr (std::is_same_v<T, ir::Alias>) {
                return accepts(m, body.target, v);
            } else if constexpr (std::is_same_v<T, ir::Tuple>) {
                if (!v.is_array()) return false;
                const auto& b = body.bounds;
                if ((b.min_items && v.size() < *b.min_items) || (b.max_items && v.size() > *b.max_items)) return false;
                if (!body.rest && v.size() > body.items.size()) return false;
                for (std::size_t i = 0; i < v.size(); ++i)
                    if (!accepts(m, i < body.items.size() ? body.items[i] : *body.rest, v[i])) return false;
                return true;
            } else {
                return json_equal(body.value, v);
            }
        },
        d.body);
}

}  // namespace contractgen::breaking
