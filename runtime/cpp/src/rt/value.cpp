// Free-form values: building them, JSON Schema equality (also the key
// uniqueItems groups items by), and the conversions to and from nlohmann::json.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>

#include "contract/rt/codec.hpp"

namespace contract {

namespace {

bool is_integer_literal(std::string_view s) {
    std::size_t i = !s.empty() && s[0] == '-' ? 1 : 0;
    if (i == s.size() || (s[i] == '0' && s.size() > i + 1)) return false;
    for (; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

}  // namespace

Value Value::integer(std::string_view digits) {
    if (!is_integer_literal(digits)) throw std::invalid_argument("not a JSON integer: " + std::string(digits));
    Value v;
    v.kind_ = Kind::Integer;
    v.text_ = digits == "-0" ? std::string("0") : std::string(digits);
    return v;
}

// Through rt:: rather than the namespace's parse<>/dump(): this file is
// copied into the contract's configured namespace, and inside Value the
// names parse and dump are the members.
Value Value::parse(std::string_view text) {
    Value out;
    rt::decode_text(text, &rt::decode_as<Value>, &out, Options());
    return out;
}

std::string Value::dump() const { return rt::encode_string(&rt::encode_as<Value>, this); }

double Value::as_double() const {
    if (kind_ == Kind::Number) return number_;
    // An integer's digits as the nearest double (±inf beyond the double range).
    const std::string& digits = expect(Kind::Integer).text_;
    double d = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), d);
    if (ec == std::errc::result_out_of_range) return digits[0] == '-' ? -HUGE_VAL : HUGE_VAL;
    return d;
}

std::optional<std::int64_t> Value::as_int64() const {
    const std::string& digits = expect(Kind::Integer).text_;
    std::int64_t v = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc()) return std::nullopt;
    return v;
}

std::optional<std::uint64_t> Value::as_uint64() const {
    const std::string& digits = expect(Kind::Integer).text_;
    std::uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || ptr != digits.data() + digits.size()) return std::nullopt;
    return v;
}

Value& Value::operator[](std::string_view key) {
    if (kind_ == Kind::Null) kind_ = Kind::Object;
    return as_object()[key];
}

void Value::push_back(Value item) {
    if (kind_ == Kind::Null) kind_ = Kind::Array;
    as_array().push_back(std::move(item));
}

std::size_t Value::size() const {
    if (kind_ == Kind::Array) return items_.size();
    if (kind_ == Kind::Object) return members_.size();
    return 0;
}

bool operator==(const Value& a, const Value& b) { return rt::json_equal(a, b); }

namespace rt {

namespace {

// The exact decimal digits of an integral double ("-12", "1180591620717411303424").
std::string integral_digits(double d) {
    char buffer[400];
    auto end = std::to_chars(buffer, buffer + sizeof buffer, d, std::chars_format::fixed, 0).ptr;
    std::string out(buffer, end);
    return out == "-0" ? std::string("0") : out;
}

bool integral(double d) { return std::isfinite(d) && std::floor(d) == d; }

bool number_equal(const Value& a, const Value& b) {
    if (a.is_integer() && b.is_integer()) return a.integer_text() == b.integer_text();
    if (a.is_double() && b.is_double()) return a.as_double() == b.as_double();
    // An integer literal and a double: equal when the double is exactly that integer.
    const Value& i = a.is_integer() ? a : b;
    double d = a.is_integer() ? b.as_double() : a.as_double();
    return integral(d) && integral_digits(d) == i.integer_text();
}

}  // namespace

bool json_equal(const Value& a, const Value& b) {
    if (a.is_number() && b.is_number()) return number_equal(a, b);
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
        case Value::Kind::Null: return true;
        case Value::Kind::Boolean: return a.as_bool() == b.as_bool();
        case Value::Kind::String: return a.as_string() == b.as_string();
        case Value::Kind::Array: {
            const auto& x = a.as_array();
            const auto& y = b.as_array();
            if (x.size() != y.size()) return false;
            for (std::size_t i = 0; i < x.size(); ++i)
                if (!json_equal(x[i], y[i])) return false;
            return true;
        }
        case Value::Kind::Object: {
            const auto& x = a.as_object();
            const auto& y = b.as_object();
            if (x.size() != y.size()) return false;
            if (x.size() > 16) return canonical_key(a) == canonical_key(b);  // linear, not quadratic
            for (const auto& [key, value] : x) {
                auto it = y.find(key);
                if (it == y.end() || !json_equal(value, it->second)) return false;
            }
            return true;
        }
        default: return false;
    }
}

std::string canonical_key(const Value& v) {
    switch (v.kind()) {
        case Value::Kind::Null: return "null";
        case Value::Kind::Boolean: return v.as_bool() ? "true" : "false";
        case Value::Kind::Integer: return v.integer_text();
        case Value::Kind::Number: {
            double d = v.as_double();
            return integral(d) ? integral_digits(d) : number_text(d);
        }
        case Value::Kind::String: return json_quoted(v.as_string());
        case Value::Kind::Array: {
            std::string out = "[";
            for (const auto& item : v.as_array()) out += canonical_key(item) + ",";
            return out + "]";
        }
        case Value::Kind::Object: {
            std::vector<std::pair<std::string, std::string>> members;
            for (const auto& [key, value] : v.as_object()) members.emplace_back(json_quoted(key), canonical_key(value));
            std::sort(members.begin(), members.end());
            std::string out = "{";
            for (const auto& [key, value] : members) out += key + ":" + value + ",";
            return out + "}";
        }
    }
    return "";
}

Problem unique_problem(const std::vector<Value>& items) {
    std::unordered_map<std::string, std::size_t> first;
    first.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        auto [it, added] = first.emplace(canonical_key(items[i]), i);
        if (!added)
            return Problem{"uniqueItems",
                           "items " + std::to_string(it->second) + " and " + std::to_string(i) + " are equal"};
    }
    return {};
}

}  // namespace rt

// ---- nlohmann::json ---------------------------------------------------------------------------

void to_json(Json& json, const Value& value) { json = Json::parse(value.dump()); }

void from_json(const Json& json, Value& value) { value = from_json_value<Value>(json); }

}  // namespace contract
