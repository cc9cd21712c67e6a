// The rules of JSON Schema a value is checked against, on read and on
// write: formats, patterns, lengths, bounds, counts and consts, as values
// built with named factories (`rt::StringRule().min_length(1).uri()`).
#pragma once

#include <limits>
#include <memory>

#include "contract/rt/tape.hpp"

namespace contract {
namespace rt {

// ---- characters

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
inline bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// ---- formats (docs/semantics.md; the TypeScript and Python targets implement the same rules)

bool is_uuid(std::string_view s);         // RFC 4122 textual form, any case, any version
bool is_date_time(std::string_view s);    // RFC 3339 section 5.6, leap seconds at 23:59:60 UTC
bool is_ipv4(std::string_view s);         // four dec-octets 0-255, no leading zeros
bool is_ip_literal(std::string_view s);   // inside "[...]": IPv6address or IPvFuture
bool is_uri(std::string_view s);          // RFC 3986, absolute (a scheme is required)
// Length of the valid UTF-8 sequence at p (Unicode table 3-7), or 0.
std::size_t utf8_length(const char* p, const char* end);

// A compiled `pattern` (ECMA-262 syntax, code point semantics), matched over
// UTF-32 text with std::wregex (wchar_t is 32 bits on the supported
// platforms); the regex lives in src/runtime.cpp.
class Pattern {
public:
    Pattern(const wchar_t* source, const char* original);
    ~Pattern();
    Pattern(const Pattern&) = delete;
    Pattern& operator=(const Pattern&) = delete;
    bool search(std::string_view text) const;
    const char* source() const { return original_; }

private:
    struct Regex;
    std::unique_ptr<Regex> regex_;
    const char* original_;
};

// ---- rules: values built with named factories, checked on read and on write ---------

inline constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

enum class Format : std::uint8_t { None, DateTime, Uuid, Uri };
using PatternFn = const Pattern& (*)();
using JsonFn = const Json& (*)();

struct NoRule {};

// minLength/maxLength (in code points), format, pattern.
struct StringRule {
    std::uint64_t shortest = 0, longest = kNoLimit;
    Format format = Format::None;
    PatternFn regex = nullptr;

    constexpr StringRule min_length(std::uint64_t n) const { return with(&StringRule::shortest, n); }
    constexpr StringRule max_length(std::uint64_t n) const { return with(&StringRule::longest, n); }
    constexpr StringRule date_time() const { return with(&StringRule::format, Format::DateTime); }
    constexpr StringRule uuid() const { return with(&StringRule::format, Format::Uuid); }
    constexpr StringRule uri() const { return with(&StringRule::format, Format::Uri); }
    constexpr StringRule pattern(PatternFn p) const { return with(&StringRule::regex, p); }

private:
    template <class M, class V>
    constexpr StringRule with(M StringRule::*member, V value) const {
        StringRule r = *this;
        r.*member = value;
        return r;
    }
};

struct Bound {
    bool set = false;
    double value = 0;
};

// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf.
struct NumberRule {
    Bound at_least, at_most, above, below, step;

    constexpr NumberRule minimum(double v) const { return with(&NumberRule::at_least, v); }
    constexpr NumberRule maximum(double v) const { return with(&NumberRule::at_most, v); }
    constexpr NumberRule exclusive_minimum(double v) const { return with(&NumberRule::above, v); }
    constexpr NumberRule exclusive_maximum(double v) const { return with(&NumberRule::below, v); }
    constexpr NumberRule multiple_of(double v) const { return with(&NumberRule::step, v); }

private:
    constexpr NumberRule with(Bound NumberRule::*member, double v) const {
        NumberRule r = *this;
        (r.*member).set = true;
        (r.*member).value = v;
        return r;
    }
};

// minItems, maxItems, uniqueItems, and the rule of every item.
template <class Item = NoRule>
struct ArrayRule {
    std::uint64_t fewest = 0, most = kNoLimit;
    bool unique = false;
    Item item{};

    constexpr ArrayRule min_items(std::uint64_t n) const { return copy([&](ArrayRule& r) { r.fewest = n; }); }
    constexpr ArrayRule max_items(std::uint64_t n) const { return copy([&](ArrayRule& r) { r.most = n; }); }
    constexpr ArrayRule unique_items() const { return copy([](ArrayRule& r) { r.unique = true; }); }
    template <class Other>
    constexpr ArrayRule<Other> items(Other rule) const {
        return ArrayRule<Other>{fewest, most, unique, rule};
    }

private:
    template <class F>
    constexpr ArrayRule copy(F f) const {
        ArrayRule r = *this;
        f(r);
        return r;
    }
};

// minProperties, maxProperties, and the rule of every value (maps; also the
// member count of objects).
template <class Value = NoRule>
struct MapRule {
    std::uint64_t fewest = 0, most = kNoLimit;
    Value value{};

    constexpr MapRule min_properties(std::uint64_t n) const { return MapRule{n, most, value}; }
    constexpr MapRule max_properties(std::uint64_t n) const { return MapRule{fewest, n, value}; }
    template <class Other>
    constexpr MapRule<Other> values(Other rule) const {
        return MapRule<Other>{fewest, most, rule};
    }
};

// `const`: exactly this JSON value (JSON Schema equality).
struct ConstRule {
    JsonFn value;
    constexpr explicit ConstRule(JsonFn v) : value(v) {}
};

// What is wrong with a value, or "" when it satisfies the rule. The same
// messages serve decoding (DecodeError) and encoding (EncodeError).
std::string problem(std::string_view v, const StringRule& r);
std::string problem(double v, const NumberRule& r);
std::string problem(std::int64_t v, const NumberRule& r);  // multipleOf exact in 64 bits
std::string count_problem(std::uint64_t n, std::uint64_t fewest, std::uint64_t most, const char* what);
// multipleOf on doubles: exact for integers, and within the rounding error
// of one division otherwise (0.0075 is a multiple of 0.0001).
bool is_multiple(double value, double divisor);
// JSON Schema equality: numbers by value (1 == 1.0), objects by members.
bool json_equal(const Json& a, const Json& b);
// "items K and I are equal (uniqueItems)" for the first equal pair, or "".
std::string unique_problem(const std::vector<std::string>& items_as_json);

}  // namespace rt
}  // namespace contract
