// The rules of JSON Schema a value is checked against, on read and on
// write: formats, patterns, lengths, bounds, counts and consts, as values
// built with named factories (`rt::StringRule().min_length(1).uri()`).
// Each failure names its JSON Schema keyword; the checks of one value run
// in the order of docs/semantics.md ("Errors"), so every binding reports
// the same keyword first.
#pragma once

#include <limits>
#include <memory>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
bool uri_rest(std::string_view s);        // what follows a URI's scheme, or a whole relative reference
// The formats of the whole vocabulary (docs/semantics.md, "Formats"), src/rt/formats_more.cpp.
bool is_date(std::string_view s);            // RFC 3339 full-date
bool is_time(std::string_view s);            // RFC 3339 full-time
bool is_duration(std::string_view s);        // RFC 3339 appendix A
bool is_email(std::string_view s);           // RFC 5321 Mailbox
bool is_hostname(std::string_view s);        // RFC 1123
bool is_ipv6(std::string_view s);            // RFC 4291 text form, no zone
bool is_uri_reference(std::string_view s);   // RFC 3986 URI or relative reference
bool is_json_pointer(std::string_view s);    // RFC 6901
// Length of the valid UTF-8 sequence at p (Unicode table 3-7), or 0.
std::size_t utf8_length(const char* p, const char* end);

// How many bytes from p on a JSON string holds as they are: printable ASCII
// other than the quote and the backslash (no escaping, no UTF-8 check).
// The scanner and the writer skip those 16 (SSE2) or 8 at a time.
//
// special8: a high bit set in each of the 8 bytes of w that is a control
// character, a quote, a backslash or non-ASCII. The "has a byte less than
// n" tricks (n <= 128) may also flag bytes after a flagged one (a borrow),
// never before, so the lowest flag is exact.
inline std::uint64_t special8(std::uint64_t w) {
    constexpr std::uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    std::uint64_t control = (w - ones * 0x20) & ~w & high;
    std::uint64_t quote = w ^ (ones * '"');
    quote = (quote - ones) & ~quote & high;
    std::uint64_t backslash = w ^ (ones * '\\');
    backslash = (backslash - ones) & ~backslash & high;
    return control | quote | backslash | (w & high);
}
inline bool plain_byte(char c) {
    auto b = static_cast<unsigned char>(c);
    return b >= 0x20 && b < 0x80 && b != '"' && b != '\\';
}
inline std::size_t plain_prefix(const char* p, const char* end) {
    const char* start = p;
#if defined(__SSE2__)
    // 16 bytes a compare where SSE2 is there (every x86-64): strings are
    // most of JSON text, and the 8-byte tricks above cost about five
    // instructions a byte (bench/README.md, "C++ decoding and encoding").
    // A signed compare with 0x20 flags control characters and every byte
    // from 0x80 up (negative as signed) at once.
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(0x20);
    for (; end - p >= 16; p += 16) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                       _mm_cmplt_epi8(v, space));
        int mask = _mm_movemask_epi8(special);
        if (mask != 0)
            return static_cast<std::size_t>(p - start) +
                   static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
    }
#endif
    for (std::uint64_t w; end - p >= 8; p += 8) {
        std::memcpy(&w, p, 8);
        std::uint64_t special = special8(w);
        if (special == 0) continue;
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        // The first byte in memory is the lowest: its flag is exact.
        return static_cast<std::size_t>(p - start) + static_cast<std::size_t>(__builtin_ctzll(special) / 8);
#else
        break;
#endif
    }
    while (p != end && plain_byte(*p)) ++p;
    return static_cast<std::size_t>(p - start);
}

// A compiled `pattern`: the schema's ECMA-262 source translated at
// generation time (src/ir/pattern.cpp), searched in UTF-8 text by RE2 in
// linear time, or, for lookaround, by PCRE2 under a match limit: a search
// past the limit does not match (src/rt/pattern.cpp, docs/semantics.md).
class Pattern {
public:
    Pattern(const char* source, const char* original);
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

enum class Format : std::uint8_t {
    None,
    DateTime,
    Uuid,
    Uri,
    Date,
    Time,
    Duration,
    Email,
    Hostname,
    Ipv4,
    Ipv6,
    UriReference,
    JsonPointer
};
// Whether `s` has the format (Format::None: any string), and what the format is called in messages.
bool format_valid(Format f, std::string_view s);
const char* format_what(Format f);
using PatternFn = const Pattern& (*)();
using ValueFn = const Value& (*)();

// What is wrong with a value: the keyword of docs/semantics.md and a
// detail; empty (false) when nothing is.
struct Problem {
    const char* keyword = nullptr;
    std::string detail;
    explicit operator bool() const { return keyword != nullptr; }
};

struct NoRule {};

// format, pattern, minLength/maxLength (in code points), checked in that order.
struct StringRule {
    std::uint64_t shortest = 0, longest = kNoLimit;
    Format format = Format::None;
    PatternFn regex = nullptr;

    constexpr StringRule min_length(std::uint64_t n) const { return with(&StringRule::shortest, n); }
    constexpr StringRule max_length(std::uint64_t n) const { return with(&StringRule::longest, n); }
    constexpr StringRule date_time() const { return with(&StringRule::format, Format::DateTime); }
    constexpr StringRule uuid() const { return with(&StringRule::format, Format::Uuid); }
    constexpr StringRule uri() const { return with(&StringRule::format, Format::Uri); }
    constexpr StringRule date() const { return with(&StringRule::format, Format::Date); }
    constexpr StringRule time() const { return with(&StringRule::format, Format::Time); }
    constexpr StringRule duration() const { return with(&StringRule::format, Format::Duration); }
    constexpr StringRule email() const { return with(&StringRule::format, Format::Email); }
    constexpr StringRule hostname() const { return with(&StringRule::format, Format::Hostname); }
    constexpr StringRule ipv4() const { return with(&StringRule::format, Format::Ipv4); }
    constexpr StringRule ipv6() const { return with(&StringRule::format, Format::Ipv6); }
    constexpr StringRule uri_reference() const { return with(&StringRule::format, Format::UriReference); }
    constexpr StringRule json_pointer() const { return with(&StringRule::format, Format::JsonPointer); }
    constexpr StringRule pattern(PatternFn p) const { return with(&StringRule::regex, p); }

private:
    template <class M, class V>
    constexpr StringRule with(M StringRule::* member, V value) const {
        StringRule r = *this;
        r.*member = value;
        return r;
    }
};

struct Bound {
    bool set = false;
    double value = 0;
};

// The range an integer must be in, after its bounds (a `range` error):
// ±(2^53−1) by default, the 64-bit range with `format: int64`/`uint64`.
enum class IntegerRange : std::uint8_t { Safe, Int64, Uint64 };

// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf (in that
// order), and for integers their range.
struct NumberRule {
    Bound at_least, at_most, above, below, step;
    IntegerRange range = IntegerRange::Safe;

    constexpr NumberRule minimum(double v) const { return with(&NumberRule::at_least, v); }
    constexpr NumberRule maximum(double v) const { return with(&NumberRule::at_most, v); }
    constexpr NumberRule exclusive_minimum(double v) const { return with(&NumberRule::above, v); }
    constexpr NumberRule exclusive_maximum(double v) const { return with(&NumberRule::below, v); }
    constexpr NumberRule multiple_of(double v) const { return with(&NumberRule::step, v); }
    constexpr NumberRule int64() const { return ranged(IntegerRange::Int64); }
    constexpr NumberRule uint64() const { return ranged(IntegerRange::Uint64); }

private:
    constexpr NumberRule with(Bound NumberRule::* member, double v) const {
        NumberRule r = *this;
        (r.*member).set = true;
        (r.*member).value = v;
        return r;
    }
    constexpr NumberRule ranged(IntegerRange range_) const {
        NumberRule r = *this;
        r.range = range_;
        return r;
    }
};

// minItems, maxItems, uniqueItems, and the rule of every item.
template <class Item = NoRule>
struct ArrayRule {
    std::uint64_t fewest = 0, most = kNoLimit;
    bool unique = false;
    Item item{};

    constexpr ArrayRule min_items(std::uint64_t n) const {
        return copy([&](ArrayRule& r) { r.fewest = n; });
    }
    constexpr ArrayRule max_items(std::uint64_t n) const {
        return copy([&](ArrayRule& r) { r.most = n; });
    }
    constexpr ArrayRule unique_items() const {
        return copy([](ArrayRule& r) { r.unique = true; });
    }
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
template <class Entry = NoRule>
struct MapRule {
    std::uint64_t fewest = 0, most = kNoLimit;
    Entry value{};
    PatternFn key = nullptr;  // `patternProperties`: every member name must match (else `additionalProperties`)

    constexpr MapRule min_properties(std::uint64_t n) const { return MapRule{n, most, value, key}; }
    constexpr MapRule max_properties(std::uint64_t n) const { return MapRule{fewest, n, value, key}; }
    constexpr MapRule keys(PatternFn p) const { return MapRule{fewest, most, value, p}; }
    template <class Other>
    constexpr MapRule<Other> values(Other rule) const {
        return MapRule<Other>{fewest, most, rule, key};
    }
};

// Whether a `const` or `enum` schema also states `type`: then a value of
// another JSON kind is a `type` error, else (a bare const or enum) a
// `const`/`enum` one.
enum class Typed : std::uint8_t { Yes, No };
inline constexpr Typed kBare = Typed::No;

// `const`: exactly this JSON value (JSON Schema equality).
struct ConstRule {
    ValueFn value;
    Typed typed = Typed::Yes;
    constexpr explicit ConstRule(ValueFn v) : value(v) {}
    constexpr ConstRule bare() const {
        ConstRule r = *this;
        r.typed = Typed::No;
        return r;
    }
};

// What is wrong with a value, or nothing when it satisfies the rule. The
// same problems serve decoding (DecodeError) and encoding (EncodeError).
Problem problem(std::string_view v, const StringRule& r);
Problem problem(double v, const NumberRule& r);
Problem problem(std::int64_t v, const NumberRule& r);   // multipleOf exact in 64 bits
Problem problem(std::uint64_t v, const NumberRule& r);
// An integer outside the rule's range (after its bounds), and how the range is written.
const char* range_text(IntegerRange range);
Problem range_problem(std::int64_t v, const NumberRule& r);
Problem range_problem(std::uint64_t v, const NumberRule& r);
// Too few or too many items (minItems/maxItems) or members (minProperties/maxProperties).
Problem count_problem(std::uint64_t n, std::uint64_t fewest, std::uint64_t most, bool items);
// multipleOf on doubles: exact for integers, and within the rounding error
// of one division otherwise (0.0075 is a multiple of 0.0001).
bool is_multiple(double value, double divisor);
// A `const`/`enum` failure for `value`: `type` when the schema states a
// type and the value is of another JSON kind than every allowed one.
const char* const_keyword(const Value& value, const Value* allowed, std::size_t n, Typed typed, const char* keyword);
// JSON Schema equality (Value's ==): numbers by value (1 == 1.0, exactly),
// objects by members in any order.
bool json_equal(const Value& a, const Value& b);
// A text that JSON-Schema-equal values share and unequal ones do not
// (members sorted, integral numbers as exact digits).
std::string canonical_key(const Value& v);
// "items K and I are equal" for the first equal pair, or nothing.
Problem unique_problem(const std::vector<Value>& items);

}  // namespace rt
}  // namespace contract
