// Errors, messages, and the checks behind every rule: one problem per
// failure, whether it is found while decoding or while encoding.
#include <algorithm>
#include <cmath>

#include "contract/rt/rules.hpp"

namespace contract {

// ---- errors ------------------------------------------------------------------------

namespace {

bool is_identifier(std::string_view key) {
    if (key.empty() || (key[0] >= '0' && key[0] <= '9')) return false;
    for (char ch : key)
        if (!(rt::is_alpha(ch) || rt::is_digit(ch) || ch == '_')) return false;
    return true;
}

}  // namespace

Error::Error(std::string keyword, std::string detail, bool whole_text)
    : std::runtime_error(detail), keyword_(std::move(keyword)), detail_(std::move(detail)), whole_text_(whole_text) {
    rebuild();
}

const char* Error::what() const noexcept { return full_.c_str(); }

// `.key` for a name like an identifier, else `["key"]` escaped as JSON.stringify would.
void Error::prepend_key(std::string_view key) {
    if (whole_text_) return;
    std::string segment;
    if (is_identifier(key)) {
        segment = ".";
        segment += key;
    } else {
        segment = "[";
        segment += rt::json_quoted(key);
        segment += ']';
    }
    path_.insert(1, segment);
    rebuild();
}

void Error::prepend_index(std::size_t index) {
    if (whole_text_) return;
    std::string segment(1, '[');
    segment += std::to_string(index);
    segment += ']';
    path_.insert(1, segment);
    rebuild();
}

void Error::rebuild() {
    full_ = path_;
    full_ += ": ";
    full_ += keyword_;
    full_ += ": ";
    full_ += detail_;
}

namespace rt {

// ---- messages ------------------------------------------------------------------------

std::string json_quoted(std::string_view s) {
    static const char hex[] = "0123456789abcdef";
    std::string out(1, '"');
    for (char ch : s) {
        auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else {
                    out += ch;
                }
        }
    }
    out += '"';
    return out;
}

std::string quote(std::string_view s) {
    std::size_t n = 0, cut = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
        if (n++ == 60) {
            cut = i;
            break;
        }
    }
    if (cut == 0) return json_quoted(s);
    return json_quoted(s.substr(0, cut)) + "\xE2\x80\xA6";  // …
}

std::string describe(const Cursor& c, const Token& t) {
    switch (t.kind) {
        case Tok::Null: return "null";
        case Tok::True: return "true";
        case Tok::False: return "false";
        case Tok::Int: return "number " + std::to_string(t.num.i);
        case Tok::Uint: return "number " + std::to_string(t.num.u);
        case Tok::Big: return "number " + std::string(c.text(t));
        case Tok::Float: return "number " + (std::isfinite(t.num.f) ? number_text(t.num.f) : std::string(c.text(t)));
        case Tok::String: return "string " + quote(c.text(t));
        case Tok::BeginObject: return "an object";
        case Tok::BeginArray: return "an array";
        default: return "the end of the text";
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

void fail(const char* keyword, std::string detail) { throw DecodeError(keyword, std::move(detail)); }

void fail_token(const Cursor& c, const Token& t) {
    if (t.kind != Tok::Error) fail("syntax", "invalid JSON: unexpected " + describe(c, t));
    fail(t.num.u == kDepth ? "depth" : "syntax", std::string(c.text(t)));
}

void fail_type(const Cursor& c, const char* what) {
    const Token& t = c.peek();
    if (t.kind == Tok::Error) fail_token(c, t);
    fail("type", std::string("expected ") + what + ", got " + describe(c, t));
}

void fail_missing(std::string_view member) { fail("required", "missing member " + quote(member)); }
void fail_unmatched(std::string_view member) {
    fail("additionalProperties", "member " + quote(member) + " is not allowed");
}

void fail_duplicate(std::string_view member) { fail("duplicate", "member " + quote(member) + " appears twice"); }

void Cursor::require_json() const {
    std::size_t e = tape_.syntax_error;
    if (e == kNoError || e < pos_ || e >= after(pos_)) return;
    fail_token(*this, tape_[e]);
}

// ---- checks --------------------------------------------------------------------------

namespace {

std::uint64_t code_points(std::string_view s) {
    std::uint64_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

Problem make(const char* keyword, std::string detail) { return Problem{keyword, std::move(detail)}; }

}  // namespace

bool is_multiple(double value, double divisor) {
    // Both integral: the exact remainder (fmod is exact in IEEE arithmetic).
    if (std::floor(value) == value && std::floor(divisor) == divisor) return std::fmod(value, divisor) == 0.0;
    if (std::isinf(value / divisor)) return false;
    double q = value / divisor;
    return std::fabs(q - std::round(q)) <= 1e-9 * std::max(1.0, std::fabs(q));
}

Problem problem(std::string_view v, const StringRule& r) {
    if (r.format != Format::None && !format_valid(r.format, v))
        return make("format", std::string("expected ") + format_what(r.format) + ", got " + quote(v));
    if (r.regex != nullptr && !r.regex().search(v))
        return make("pattern", "string does not match pattern " + quote(r.regex().source()) + ": " + quote(v));
    if (r.shortest > 0 || r.longest != kNoLimit) {
        std::uint64_t n = code_points(v);
        if (n < r.shortest)
            return make("minLength", "string shorter than minLength " + std::to_string(r.shortest) + ": " + quote(v));
        if (n > r.longest)
            return make("maxLength", "string longer than maxLength " + std::to_string(r.longest) + ": " + quote(v));
    }
    return {};
}

Problem problem(double v, const NumberRule& r) {
    // The number's text only when something failed: this runs for every number read.
    auto number = [v] { return number_text(v); };
    if (r.at_least.set && v < r.at_least.value)
        return make("minimum", number() + " is less than the minimum " + number_text(r.at_least.value));
    if (r.at_most.set && v > r.at_most.value)
        return make("maximum", number() + " is greater than the maximum " + number_text(r.at_most.value));
    if (r.above.set && v <= r.above.value)
        return make("exclusiveMinimum",
                    number() + " is not greater than the exclusive minimum " + number_text(r.above.value));
    if (r.below.set && v >= r.below.value)
        return make("exclusiveMaximum",
                    number() + " is not less than the exclusive maximum " + number_text(r.below.value));
    if (r.step.set && !is_multiple(v, r.step.value))
        return make("multipleOf", number() + " is not a multiple of " + number_text(r.step.value));
    return {};
}

namespace {

// The bounds of an exact integer: compared as doubles (the schema's bounds
// are), multipleOf with the exact 64-bit remainder when the divisor is integral.
template <class I>
Problem integer_problem(I v, const NumberRule& r) {
    double step = r.step.value;
    if (!r.step.set || std::floor(step) != step || std::fabs(step) >= 9.2e18) return problem(static_cast<double>(v), r);
    NumberRule rest = r;
    rest.step.set = false;
    if (Problem p = problem(static_cast<double>(v), rest)) return p;
    auto divisor = static_cast<std::int64_t>(std::fabs(step));
    bool multiple = std::is_signed_v<I> ? static_cast<std::int64_t>(v) % divisor == 0
                                        : static_cast<std::uint64_t>(v) % static_cast<std::uint64_t>(divisor) == 0;
    if (!multiple) return make("multipleOf", std::to_string(v) + " is not a multiple of " + std::to_string(divisor));
    return {};
}

constexpr std::int64_t kMaxSafe = 9007199254740991;

}  // namespace

Problem problem(std::int64_t v, const NumberRule& r) { return integer_problem(v, r); }
Problem problem(std::uint64_t v, const NumberRule& r) { return integer_problem(v, r); }

const char* range_text(IntegerRange range) {
    switch (range) {
        case IntegerRange::Int64:
            return "\xE2\x88\x92"
                   "2^63 to 2^63\xE2\x88\x92"
                   "1";  // −2^63 to 2^63−1
        case IntegerRange::Uint64:
            return "0 to 2^64\xE2\x88\x92"
                   "1";
        default:
            return "\xC2\xB1(2^53\xE2\x88\x92"
                   "1)";  // ±(2^53−1)
    }
}

Problem range_problem(std::int64_t v, const NumberRule& r) {
    bool out = r.range == IntegerRange::Safe ? v > kMaxSafe || v < -kMaxSafe : r.range == IntegerRange::Uint64 && v < 0;
    if (out) return make("range", std::to_string(v) + " is outside the integer range " + range_text(r.range));
    return {};
}

Problem range_problem(std::uint64_t v, const NumberRule& r) {
    constexpr auto max_int64 = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    bool out = r.range == IntegerRange::Safe    ? v > static_cast<std::uint64_t>(kMaxSafe)
               : r.range == IntegerRange::Int64 ? v > max_int64
                                                : false;
    if (out) return make("range", std::to_string(v) + " is outside the integer range " + range_text(r.range));
    return {};
}

Problem count_problem(std::uint64_t n, std::uint64_t fewest, std::uint64_t most, bool items) {
    const char* what = items ? " items" : " members";
    if (n < fewest)
        return make(items ? "minItems" : "minProperties",
                    "has " + std::to_string(n) + what + ", fewer than the minimum " + std::to_string(fewest));
    if (n > most)
        return make(items ? "maxItems" : "maxProperties",
                    "has " + std::to_string(n) + what + ", more than the maximum " + std::to_string(most));
    return {};
}

const char* const_keyword(const Value& value, const Value* allowed, std::size_t n, Typed typed, const char* keyword) {
    if (typed == Typed::No) return keyword;
    // The JSON kinds the allowed values have (an integer is a number, and a
    // number with no fraction an integer).
    auto same_kind = [](const Value& a, const Value& b) {
        if (a.is_number() && b.is_number()) {
            bool integral_b = b.is_integer() || std::floor(b.as_double()) == b.as_double();
            bool integral_a = a.is_integer() || std::floor(a.as_double()) == a.as_double();
            return integral_a || !integral_b;
        }
        return a.kind() == b.kind();
    };
    for (std::size_t i = 0; i < n; ++i)
        if (same_kind(value, allowed[i])) return keyword;
    return "type";
}

}  // namespace rt
}  // namespace contract
