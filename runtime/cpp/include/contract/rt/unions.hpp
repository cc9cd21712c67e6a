// Unions and open enums: dispatch on a discriminator (with the tolerant
// reader's unknown variant), on the JSON kind of the value, or by trying
// each alternative; and a string that is one of the known values or any
// other that satisfies a rule.
#pragma once

#include <variant>

#include "contract/rt/write.hpp"

namespace contract {
namespace rt {

// ---- discriminated unions ---------------------------------------------------------------

// The number of the tag the discriminator `property` holds, in `tags`,
// looking ahead in the object at the cursor without moving. A missing tag
// is `required` at the object; a tag that is not a string, or an unknown
// one, `discriminator` at the tag member (docs/semantics.md: both sit at
// the object's start). In tolerant mode an unknown string tag gives n: the
// union's UnknownVariant.
std::size_t read_tag(const Cursor& c, std::string_view property, const std::string_view* tags, std::size_t n);
template <std::size_t N>
std::size_t read_tag(const Cursor& c, std::string_view property, const std::string_view (&tags)[N]) {
    return read_tag(c, property, tags, N);
}

// The object at the cursor as an UnknownVariant (its tag and the whole value).
void read_unknown(Cursor& c, UnknownVariant& out, std::string_view property);
void write(Writer& w, const UnknownVariant& v);

// ---- unions without a discriminator -------------------------------------------------------

// The JSON kinds a union without a discriminator dispatches on.
inline constexpr unsigned kNull = 1, kBoolean = 2, kObject = 4, kArray = 8, kString = 16, kInteger = 32, kNumber = 64;
unsigned kind_of(const Cursor& c);  // kInteger for a number without fraction (1.0 too)

enum class Match { OneOf, AnyOf };

// The `oneOf`/`anyOf` error at the value: the branches' own errors are not
// reported (docs/semantics.md), though the first shows in the detail.
[[noreturn]] void fail_union(Match mode, const std::string& first_error, bool several);
// Before any alternative is tried: the whole value must be JSON, and a
// value nested too deep is that error (deeper inside, the first alternative
// that reaches the too-deep container reports it).
void check_union_value(const Cursor& c);

// Reads a union without a discriminator: `alternative(c, out, i)` reads
// alternative i. With `kinds` (one mask per alternative, when their JSON
// kinds do not overlap) only the alternative of the value's kind is tried;
// otherwise each in turn, oneOf requiring exactly one match and anyOf
// taking the first.
template <class T>
void read_union(Cursor& c, T& out, Match mode, const unsigned* kinds, void (*alternative)(Cursor&, T&, std::size_t)) {
    constexpr std::size_t n = std::variant_size_v<decltype(out.value)>;
    check_union_value(c);
    std::size_t start = c.pos(), after = start;
    int matches = 0;
    std::string first_error;
    unsigned kind = kinds != nullptr ? kind_of(c) : 0;
    T candidate{};
    for (std::size_t i = 0; i < n && (matches == 0 || mode == Match::OneOf); ++i) {
        if (kinds != nullptr && (kinds[i] & kind) == 0) continue;
        c.rewind(start);
        try {
            alternative(c, candidate, i);
            if (++matches == 1) {
                out = std::move(candidate);
                after = c.pos();
            }
        } catch (const DecodeError& e) {
            // Nesting beyond the limit breaks the payload policy, which comes
            // before what any alternative says: it is the value's error.
            if (e.keyword() == "depth") throw;
            if (first_error.empty()) first_error = e.what();
        }
    }
    c.rewind(start);
    if (matches != 1) fail_union(mode, first_error, matches > 1);
    c.rewind(after);
}

// oneOf on write: what was written since `start` must match exactly one
// alternative, as the decoder would judge it.
template <class T>
void check_exactly_one(const Writer& w, std::size_t start) {
    try {
        parse<T>(w.since(start));
    } catch (const DecodeError& e) {
        throw EncodeError(e.keyword(), e.detail());
    }
}

[[noreturn]] void fail_valueless();  // a std::variant left empty by an exception

// ---- open enums ------------------------------------------------------------------------

// A string that is one of `known`, or else satisfies `other` (nullptr: any
// string). One schema of two alternatives (anyOf), so any failure is an
// `anyOf` error at the value.
void read_open_enum(Cursor& c, std::string& out, const std::string_view* known, std::size_t n, const StringRule* other);
template <std::size_t N>
void read_open_enum(Cursor& c, std::string& out, const std::string_view (&known)[N]) {
    read_open_enum(c, out, known, N, nullptr);
}
template <std::size_t N>
void read_open_enum(Cursor& c, std::string& out, const std::string_view (&known)[N], const StringRule& other) {
    read_open_enum(c, out, known, N, &other);
}

}  // namespace rt
}  // namespace contract
