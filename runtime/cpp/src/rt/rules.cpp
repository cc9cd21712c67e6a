// Errors, messages, and the checks behind every rule: one text per problem,
// whether it is found while decoding or while encoding.
#include <algorithm>
#include <cmath>

#include "contract/rt/rules.hpp"

namespace contract {

// ---- errors ------------------------------------------------------------------------

namespace {

// ".key", or ["key"] for a key that is not a plain identifier. (Built by
// appending: GCC 12 warns wrongly about `"." + std::string(...)`, bug 105329.)
std::string key_segment(std::string_view key) {
    bool plain = !key.empty() && !(key[0] >= '0' && key[0] <= '9');
    for (char ch : key)
        plain = plain && ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                          ch == '_');
    std::string segment(plain ? "." : "[");
    segment += plain ? std::string(key) : rt::quote(key);
    if (!plain) segment += ']';
    return segment;
}

}  // namespace

Error::Error(std::string message) : std::runtime_error(message), message_(std::move(message)) { rebuild(); }

const char* Error::what() const noexcept { return full_.c_str(); }

void Error::prepend_key(std::string_view key) {
    path_.insert(0, key_segment(key));
    rebuild();
}

void Error::prepend_index(std::size_t index) {
    std::string segment(1, '[');
    segment += std::to_string(index);
    segment += ']';
    path_.insert(0, segment);
    rebuild();
}

void Error::rebuild() {
    full_.assign(1, '$');
    full_ += path_;
    full_ += ": ";
    full_ += message_;
}

namespace rt {

// ---- messages ------------------------------------------------------------------------

std::string quote(std::string_view s) {
    return Json(std::string(s)).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string number_text(double d) { return Json(d).dump(); }

std::string describe(const Cursor& c, const Token& t) {
    switch (t.kind) {
        case Tok::Null: return "null";
        case Tok::True: return "true";
        case Tok::False: return "false";
        case Tok::Int: return "number " + std::to_string(t.num.i);
        case Tok::Uint: return "number " + std::to_string(t.num.u);
        case Tok::Float: return "number " + number_text(t.num.f);
        case Tok::String: {
            std::string_view s = c.text(t);
            return s.size() > 60 ? quote(std::string(s.substr(0, 57)) + "...") : quote(s);
        }
        case Tok::BeginObject: return "an object";
        case Tok::BeginArray: return "an array";
        default: return "end of input";
    }
}

std::string joined(const std::string_view* names, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        if (!out.empty()) out += '|';
        out += names[i];
    }
    return out;
}

void fail_expected(const Cursor& c, const char* what) {
    throw DecodeError(std::string("expected ") + what + ", got " + describe(c, c.peek()));
}

void fail_missing(std::string_view property) { throw DecodeError("missing required property " + quote(property)); }

void fail_unknown(std::string_view property) {
    throw DecodeError("unknown property " + quote(property) + " (the object is closed: additionalProperties is false)");
}

void fail_forbidden(std::string_view property) {
    throw DecodeError("property " + quote(property) + " must not be present here");
}

// ---- checks --------------------------------------------------------------------------

namespace {

std::uint64_t code_points(std::string_view s) {
    std::uint64_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

}  // namespace

bool is_multiple(double value, double divisor) {
    // Both integral: the exact remainder (fmod is exact in IEEE arithmetic).
    if (std::floor(value) == value && std::floor(divisor) == divisor) return std::fmod(value, divisor) == 0.0;
    if (std::isinf(value / divisor)) return false;
    double q = value / divisor;
    return std::fabs(q - std::round(q)) <= 1e-9 * std::max(1.0, std::fabs(q));
}

std::string problem(std::string_view v, const StringRule& r) {
    if (r.shortest > 0 || r.longest != kNoLimit) {
        std::uint64_t n = code_points(v);
        if (n < r.shortest) return "string shorter than minLength " + std::to_string(r.shortest) + ": " + quote(v);
        if (n > r.longest) return "string longer than maxLength " + std::to_string(r.longest) + ": " + quote(v);
    }
    switch (r.format) {
        case Format::DateTime:
            if (!is_date_time(v)) return "expected an RFC 3339 date-time, got " + quote(v);
            break;
        case Format::Uuid:
            if (!is_uuid(v)) return "expected a UUID, got " + quote(v);
            break;
        case Format::Uri:
            if (!is_uri(v)) return "expected an absolute URI, got " + quote(v);
            break;
        case Format::None: break;
    }
    if (r.regex != nullptr && !r.regex().search(v))
        return std::string("string does not match pattern ") + quote(r.regex().source()) + ": " + quote(v);
    return "";
}

std::string problem(double v, const NumberRule& r) {
    std::string number = "number ";
    if (r.at_least.set && v < r.at_least.value)
        return number + number_text(v) + " is less than minimum " + number_text(r.at_least.value);
    if (r.at_most.set && v > r.at_most.value)
        return number + number_text(v) + " is greater than maximum " + number_text(r.at_most.value);
    if (r.above.set && v <= r.above.value)
        return number + number_text(v) + " is not greater than exclusiveMinimum " + number_text(r.above.value);
    if (r.below.set && v >= r.below.value)
        return number + number_text(v) + " is not less than exclusiveMaximum " + number_text(r.below.value);
    if (r.step.set && !is_multiple(v, r.step.value))
        return number + number_text(v) + " is not a multiple of " + number_text(r.step.value);
    return "";
}

std::string problem(std::int64_t v, const NumberRule& r) {
    double step = r.step.value;
    if (r.step.set && std::floor(step) == step && std::fabs(step) < 9.2e18) {
        // Integers beyond 2^53 lose digits as doubles: check the remainder in 64 bits.
        auto divisor = static_cast<std::int64_t>(step);
        if (v % divisor != 0) return "number " + std::to_string(v) + " is not a multiple of " + std::to_string(divisor);
        NumberRule rest = r;
        rest.step.set = false;
        return problem(static_cast<double>(v), rest);
    }
    return problem(static_cast<double>(v), r);
}

std::string count_problem(std::uint64_t n, std::uint64_t fewest, std::uint64_t most, const char* what) {
    if (n < fewest)
        return std::string(what) + " has " + std::to_string(n) + ", fewer than the minimum " + std::to_string(fewest);
    if (n > most)
        return std::string(what) + " has " + std::to_string(n) + ", more than the maximum " + std::to_string(most);
    return "";
}

bool json_equal(const Json& a, const Json& b) {
    if (a.is_number() && b.is_number()) {
        if (a.is_number_float() || b.is_number_float()) return a.get<double>() == b.get<double>();
        if (a.is_number_unsigned() && b.is_number_unsigned()) return a.get<std::uint64_t>() == b.get<std::uint64_t>();
        if (a.is_number_integer() && b.is_number_integer() && !a.is_number_unsigned() && !b.is_number_unsigned())
            return a.get<std::int64_t>() == b.get<std::int64_t>();
        return a.get<double>() == b.get<double>();
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
        for (auto it = a.begin(); it != a.end(); ++it) {
            auto other = b.find(it.key());
            if (other == b.end() || !json_equal(*it, *other)) return false;
        }
        return true;
    }
    return a == b;
}

std::string unique_problem(const std::vector<std::string>& items_as_json) {
    std::vector<Json> seen;
    seen.reserve(items_as_json.size());
    for (std::size_t i = 0; i < items_as_json.size(); ++i) {
        Json j = Json::parse(items_as_json[i]);
        for (std::size_t k = 0; k < seen.size(); ++k)
            if (json_equal(seen[k], j))
                return "items " + std::to_string(k) + " and " + std::to_string(i) + " are equal (uniqueItems)";
        seen.push_back(std::move(j));
    }
    return "";
}

}  // namespace rt
}  // namespace contract
