// What the generated decoders and encoders (src/<family>.cpp) are made of:
// objects, enums, unions and the registry's round trip, on top of the tape
// (rt/tape.hpp), the rules (rt/rules.hpp), reading (rt/read.hpp) and
// writing (rt/write.hpp).
//
// Generated code is one call per member: `object.read(out.x, rule)` and
// `object.write("x", v.x, rule)` dispatch on the member's C++ type (string,
// integer, optional, Nullable, vector, map, generated type, ...), and rules
// are values built with named factories, `rt::StringRule().min_length(1)`.
#pragma once

#include <bitset>
#include <variant>

#include "contract/rt/write.hpp"

namespace contract {
namespace rt {

// ---- objects ------------------------------------------------------------------------

inline constexpr unsigned kRequired = 1;   // must be present
inline constexpr unsigned kForbidden = 2;  // must be absent (`not: {required: [...]}`)

// One member name of a struct, in schema order (the index is the member's number).
struct Field {
    std::string_view name;
    unsigned flags = 0;
};

// Reads the members of one object in whatever order they come:
//   rt::ObjectReader object(c, kFields);
//   while (object.next()) {
//       switch (object.field()) {
//           case 0: object.read(out.id); break;
//           default: object.reject();
//       }
//   }
//   object.finish();
template <std::size_t N = 0>
class ObjectReader {
public:
    ObjectReader(Cursor& c, const Field (&fields)[N]) : c_(c), fields_(fields) { begin(); }
    explicit ObjectReader(Cursor& c) : c_(c), fields_(nullptr) {
        static_assert(N == 0, "an object with fields needs their table");
        begin();
    }

    // Moves to the next member; false at the end of the object.
    bool next() {
        const Token& t = c_.take();
        if (t.kind == Tok::EndObject) return false;
        key_ = c_.text(t);
        ++members_;
        return true;
    }
    // The number of the current member in the table, or -1 if the object
    // does not declare it. Members usually come in schema order, so the
    // search starts after the last one found.
    int field() {
        for (std::size_t k = 0; k < N; ++k) {
            std::size_t i = hint_ + k < N ? hint_ + k : hint_ + k - N;
            if (fields_[i].name != key_) continue;
            if (fields_[i].flags & kForbidden) in_field(key_, [&] { fail_forbidden(key_); });
            hint_ = i + 1;
            seen_.set(i);
            return static_cast<int>(i);
        }
        return -1;
    }
    std::string_view key() const { return key_; }

    template <class T, class... Rule>
    void read(T& member, const Rule&... rule) {
        in_field(key_, [&] { rt::read(c_, member, rule...); });
    }
    // A member whose value is fixed (a required `const`): checked, not stored.
    void read_const(std::string_view value) {
        in_field(key_, [&] { expect_const(c_, value); });
    }
    void read_const(JsonFn value) {
        in_field(key_, [&] { expect_const(c_, value()); });
    }
    // An undeclared member of a closed object.
    void reject() {
        in_field(key_, [&] { fail_unknown(key_); });
    }
    // An undeclared member of an open object, kept for the round trip.
    template <class T, class... Rule>
    void keep(std::map<std::string, T>& extra, const Rule&... rule) {
        in_field(key_, [&] { rt::read(c_, extra[std::string(key_)], rule...); });
    }
    // Required members (in schema order), then the member count.
    void finish() {
        for (std::size_t i = 0; i < N; ++i)
            if ((fields_[i].flags & kRequired) && !seen_[i]) fail_missing(fields_[i].name);
    }
    template <class Value>
    void finish(const MapRule<Value>& count) {
        finish();
        std::string why = count_problem(members_, count.fewest, count.most, "object");
        if (!why.empty()) throw DecodeError(why);
    }

private:
    void begin() {
        if (c_.peek().kind != Tok::BeginObject) fail_expected(c_, "object");
        c_.take();
    }

    Cursor& c_;
    const Field* fields_;
    std::string_view key_;
    std::bitset<N> seen_;
    std::size_t members_ = 0;
    std::size_t hint_ = 0;
};

// Writes the members of one object in schema order; absent optional members
// are left out, null ones written as null.
class ObjectWriter {
public:
    explicit ObjectWriter(Writer& w) : w_(w) { w_.begin_object(); }
    template <std::size_t N>
    ObjectWriter(Writer& w, const Field (&fields)[N]) : w_(w), fields_(fields), count_(N) {
        w_.begin_object();
    }

    template <class T, class... Rule>
    void write(std::string_view key, const T& member, const Rule&... rule) {
        in_field(key, [&] {
            w_.key(key);
            rt::write(w_, member, rule...);
        });
        ++members_;
    }
    template <class T, class... Rule>
    void write(std::string_view key, const std::optional<T>& member, const Rule&... rule) {
        if (member) write(key, *member, rule...);
    }
    template <class T, class... Rule>
    void write(std::string_view key, const Tristate<T>& member, const Rule&... rule) {
        if (member.is_absent()) return;
        if (member.has_value()) return write(key, member.value(), rule...);
        w_.key(key);
        w_.null();
        ++members_;
    }
    void write_const(std::string_view key, std::string_view value) {
        w_.key(key);
        w_.string(value);
        ++members_;
    }
    void write_const(std::string_view key, JsonFn value) {
        w_.key(key);
        w_.json(value());
        ++members_;
    }
    // The members an open object kept, after the declared ones; a kept
    // member may not reuse a declared or forbidden name.
    template <class T, class... Rule>
    void write_extra(const std::map<std::string, T>& extra, const Rule&... rule) {
        for (const auto& [key, value] : extra) {
            check_extra_name(key);
            write(key, value, rule...);
        }
    }
    void finish() { w_.end_object(); }
    template <class Value>
    void finish(const MapRule<Value>& count) {
        refuse_if(count_problem(members_, count.fewest, count.most, "object"));
        finish();
    }

private:
    void check_extra_name(std::string_view key) const;

    Writer& w_;
    const Field* fields_ = nullptr;
    std::size_t count_ = 0;
    std::size_t members_ = 0;
};

// ---- enums --------------------------------------------------------------------------
// A closed string enum is an enum class whose enumerators number its wire names.

template <class E, std::size_t N>
std::string_view enum_name(E value, const std::string_view (&names)[N]) {
    auto i = static_cast<std::size_t>(value);
    return i < N ? names[i] : std::string_view();
}

template <class E, std::size_t N>
bool enum_value(std::string_view name, E& out, const std::string_view (&names)[N]) {
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i] != name) continue;
        out = static_cast<E>(i);
        return true;
    }
    return false;
}

template <class E, std::size_t N>
void read_enum(Cursor& c, E& out, const std::string_view (&names)[N]) {
    const Token& t = c.peek();
    if (t.kind != Tok::String || !enum_value(c.text(t), out, names))
        throw DecodeError("expected one of " + joined(names, N) + ", got " + describe(c, t));
    c.take();
}

template <class E, std::size_t N>
void write_enum(Writer& w, E value, const std::string_view (&names)[N]) {
    auto i = static_cast<std::size_t>(value);
    if (i >= N) throw EncodeError("enumerator " + std::to_string(i) + " is not one of " + joined(names, N));
    w.string(names[i]);
}

template <std::size_t N>
bool contains(const std::string_view (&names)[N], std::string_view value) {
    for (std::string_view name : names)
        if (name == value) return true;
    return false;
}

// An enum of other JSON values: one of `allowed` (a JSON array), by JSON equality.
void read_one_of(Cursor& c, Json& out, const Json& allowed, std::string_view expected);
void write_one_of(Writer& w, const Json& value, const Json& allowed, std::string_view expected);

// ---- unions -------------------------------------------------------------------------

// The JSON kinds a union without a discriminator dispatches on.
inline constexpr unsigned kNull = 1, kBoolean = 2, kObject = 4, kArray = 8, kString = 16, kInteger = 32, kNumber = 64;
unsigned kind_of(const Cursor& c);  // kInteger for a number without fraction (1.0 too)

// The number of the tag the discriminator `property` holds, in `tags`; a
// missing, non-string or unknown tag is a DecodeError naming the tag.
std::size_t read_tag(const Cursor& c, std::string_view property, const std::string_view* tags, std::size_t n);
template <std::size_t N>
std::size_t read_tag(const Cursor& c, std::string_view property, const std::string_view (&tags)[N]) {
    return read_tag(c, property, tags, N);
}

enum class Match { OneOf, AnyOf };

// Unions whose alternatives overlap in JSON kind: try each in turn. oneOf
// requires exactly one match; anyOf takes the first.
template <class T>
void read_first_match(Cursor& c, T& out, Match mode, void (*alternative)(Cursor&, T&, std::size_t)) {
    constexpr std::size_t n = std::variant_size_v<decltype(out.value)>;
    std::size_t start = c.pos(), after = start;
    int matches = 0;
    std::string first_error;
    T candidate{};
    for (std::size_t i = 0; i < n && (matches == 0 || mode == Match::OneOf); ++i) {
        c.rewind(start);
        try {
            alternative(c, candidate, i);
            if (++matches == 1) {
                out = std::move(candidate);
                after = c.pos();
            }
        } catch (const DecodeError& e) {
            if (first_error.empty()) first_error = e.what();
        }
    }
    if (matches == 0) {
        c.rewind(start);
        throw DecodeError("matches none of the alternatives (first: " + first_error + ")");
    }
    if (matches > 1) throw DecodeError("matches more than one alternative of oneOf");
    c.rewind(after);
}

// oneOf on write: what was written since `start` must match exactly one
// alternative, as the decoder would judge it.
template <class T>
void check_exactly_one(const Writer& w, std::size_t start) {
    try {
        parse<T>(w.since(start));
    } catch (const DecodeError& e) {
        throw EncodeError(e.message());
    }
}

[[noreturn]] void fail_valueless();  // a std::variant left empty by an exception

// ---- constants and the registry --------------------------------------------------------

// A constant of a generated type, decoded from its JSON text once.
template <class T>
T parse_literal(std::string_view text) {
    return parse<T>(text);
}

template <void (*Decode)(Cursor&, void*), void (*Encode)(Writer&, const void*), class T>
std::string round_trip_as(std::string_view text) {
    T value{};
    decode_text(text, Decode, &value);
    std::string out;
    encode_text(out, Encode, &value);
    return out;
}

// Decodes text as a T and encodes the value again (the conformance runner's primitive).
template <class T>
std::string round_trip(std::string_view text) {
    return round_trip_as<&decode_as<T>, &encode_as<T>, T>(text);
}

template <class T, void (*Decode)(Cursor&, T&)>
void decode_by(Cursor& c, void* out) {
    Decode(c, *static_cast<T*>(out));
}
template <class T, void (*Encode)(Writer&, const T&)>
void encode_by(Writer& w, const void* value) {
    Encode(w, *static_cast<const T*>(value));
}

template <class T>
struct AliasOf;
template <class T>
struct AliasOf<void (*)(Cursor&, T&)> {
    using type = T;
};

// The same for an alias, through its own decode_X and encode_X (aliases of
// one C++ type may have different rules).
template <auto Decode, auto Encode>
std::string round_trip_alias(std::string_view text) {
    using T = typename AliasOf<decltype(Decode)>::type;
    return round_trip_as<&decode_by<T, Decode>, &encode_by<T, Encode>, T>(text);
}

}  // namespace rt
}  // namespace contract
