// What the generated decoders and encoders (src/<family>.cpp) are made of:
// objects, enums, unions (rt/unions.hpp) and the registry's round trip, on
// top of the tape (rt/tape.hpp), the rules (rt/rules.hpp), reading
// (rt/read.hpp) and writing (rt/write.hpp).
//
// Generated code is one call per member: `object.read(out.x, rule)` and
// `object.write("x", v.x, rule)` dispatch on the member's C++ type (string,
// integer, optional, Nullable, vector, map, generated type, ...), and rules
// are values built with named factories, `rt::StringRule().min_length(1)`.
#pragma once

#include <bitset>

#include "contract/rt/check.hpp"
#include "contract/rt/tuple.hpp"
#include "contract/rt/unions.hpp"

namespace contract {
namespace rt {

// ---- objects ------------------------------------------------------------------------

inline constexpr unsigned kRequired = 1;   // must be present
inline constexpr unsigned kForbidden = 2;  // must be absent (`not: {required: [...]}`)
// With kForbidden: a member a closed object does not declare, so a strict
// read reports it as `additionalProperties` first, as every binding does.
inline constexpr unsigned kUndeclared = 4;

// One member name of a struct, in schema order (the index is the member's number).
struct Field {
    std::string_view name;
    unsigned flags = 0;
};

// Reads the members of one object in whatever order they come, in document
// order: a member's own errors where it is, a missing required member at
// the object's end (docs/semantics.md, "Errors").
//   rt::ObjectReader object(c, kFields);   // (c, kFields, count rule) checks minProperties first
//   while (object.next()) {
//       switch (object.field()) {
//           case 0: object.read(out.id); break;
//           default: object.reject(out.additional_properties);
//       }
//   }
//   object.finish();
template <std::size_t N = 0>
class ObjectReader {
public:
    ObjectReader(Cursor& c, const Field (&fields)[N]) : c_(c), fields_(fields) { open_object(c_, 0, kNoLimit); }
    template <class Entry>
    ObjectReader(Cursor& c, const Field (&fields)[N], const MapRule<Entry>& count) : c_(c), fields_(fields) {
        open_object(c_, count.fewest, count.most);
    }
    explicit ObjectReader(Cursor& c) : c_(c), fields_(nullptr) {
        static_assert(N == 0, "an object with fields needs their table");
        open_object(c_, 0, kNoLimit);
    }
    template <class Entry>
    ObjectReader(Cursor& c, const MapRule<Entry>& count) : c_(c), fields_(nullptr) {
        static_assert(N == 0, "an object with fields needs their table");
        open_object(c_, count.fewest, count.most);
    }

    // Moves to the next member; false at the end of the object.
    bool next() { return next_key(c_, key_); }
    // The number of the current member in the table, or -1 if the object
    // does not declare it. A second occurrence is a `duplicate` error, a
    // forbidden member a `not` error. Members usually come in schema order,
    // so the search starts after the last one found.
    int field() {
        for (std::size_t k = 0; k < N; ++k) {
            std::size_t i = hint_ + k < N ? hint_ + k : hint_ + k - N;
            // Lengths and first bytes tell most names apart before memcmp.
            std::string_view name = fields_[i].name;
            if (name.size() != key_.size() || (!name.empty() && name[0] != key_[0]) || name != key_) continue;
            if (fields_[i].flags & kForbidden)
                in_field(key_, [&] {
                    if ((fields_[i].flags & kUndeclared) && !c_.tolerant())
                        fail("additionalProperties", "member " + quote(key_) + " is not allowed");
                    fail("not", "member " + quote(key_) + " must be absent");
                });
            if (seen_[i]) in_field(key_, [&] { fail_duplicate(key_); });
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
    void read_const(std::string_view value, Typed typed = Typed::Yes) {
        in_field(key_, [&] { expect_const(c_, value, typed); });
    }
    void read_const(ValueFn value, Typed typed = Typed::Yes) {
        in_field(key_, [&] { expect_const(c_, value(), typed); });
    }
    // An undeclared member of a closed object: an `additionalProperties`
    // error, or in tolerant mode kept in `extra` like an open object's.
    void reject(Map<Value>& extra) {
        if (c_.tolerant()) return keep(extra);
        in_field(key_, [&] { fail("additionalProperties", "member " + quote(key_) + " is not allowed"); });
    }
    // An undeclared member of an open object, kept for the round trip.
    template <class T, class... Rule>
    void keep(Map<T>& extra, const Rule&... rule) {
        in_field(key_, [&] {
            if (!kept_.insert(key_)) fail_duplicate(key_);
            rt::read(c_, extra.append(std::string(key_)), rule...);
        });
    }
    // An undeclared member whose name must match a key pattern
    // (`patternProperties`): typed by it, so tolerant mode keeps no other.
    template <class T, class... Rule>
    void keep_matching(Map<T>& extra, PatternFn pattern, const Rule&... rule) {
        if (!pattern().search(key_)) in_field(key_, [&] { fail_unmatched(key_); });
        keep(extra, rule...);
    }
    // Required members (in schema order).
    void finish() {
        for (std::size_t i = 0; i < N; ++i)
            if ((fields_[i].flags & kRequired) && !seen_[i]) fail_missing(fields_[i].name);
    }

private:
    Cursor& c_;
    const Field* fields_;
    std::string_view key_;
    std::bitset<N> seen_;
    std::size_t hint_ = 0;
    KeySet kept_;
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
        in_field(key, [&] {
            w_.key(key);
            write_null(w_, rule...);
        });
        ++members_;
    }
    void write_const(std::string_view key, std::string_view value) {
        w_.key(key);
        w_.string(value);
        ++members_;
    }
    void write_const(std::string_view key, ValueFn value) {
        w_.key(key);
        w_.value(value());
        ++members_;
    }
    // The members an object kept (undeclared members of an open object, or
    // of a closed one read in tolerant mode), after the declared ones; a kept
    // member may not reuse a declared or forbidden name.
    template <class T, class... Rule>
    void write_extra(const Map<T>& extra, const Rule&... rule) {
        for (const auto& [key, value] : extra) {
            check_extra_name(key);
            write(key, value, rule...);
        }
    }
    void finish() { w_.end_object(); }
    template <class Entry>
    void finish(const MapRule<Entry>& count) {
        refuse_if(count_problem(members_, count.fewest, count.most, false));
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

// A value of another JSON kind is a `type` error when the schema states
// `type: string`, an `enum` error for a bare enum.
[[noreturn]] void fail_enum(const Cursor& c, const std::string_view* names, std::size_t n, Typed typed);

template <class E, std::size_t N>
void read_enum(Cursor& c, E& out, const std::string_view (&names)[N], Typed typed = Typed::Yes) {
    const Token& t = c.peek();
    if (t.kind != Tok::String || !enum_value(c.text(t), out, names)) fail_enum(c, names, N, typed);
    c.take();
}

template <class E, std::size_t N>
void write_enum(Writer& w, E value, const std::string_view (&names)[N]) {
    auto i = static_cast<std::size_t>(value);
    if (i >= N) throw EncodeError("enum", "enumerator " + std::to_string(i) + " is not one of " + joined(names, N));
    w.string(names[i]);
}

template <std::size_t N>
bool contains(const std::string_view (&names)[N], std::string_view value) {
    for (std::string_view name : names)
        if (name == value) return true;
    return false;
}

// An enum of other JSON values: one of `allowed` (an array), by JSON equality.
void read_one_of(Cursor& c, Value& out, const Value& allowed, std::string_view expected, Typed typed = Typed::Yes);
void write_one_of(Writer& w, const Value& value, const Value& allowed, std::string_view expected);

// ---- constants and the registry --------------------------------------------------------

// A constant of a generated type, decoded from its JSON text once.
template <class T>
T parse_literal(std::string_view text) {
    return parse<T>(text);
}

template <void (*Decode)(Cursor&, void*), void (*Encode)(Writer&, const void*), class T>
std::string round_trip_as(std::string_view text, const Options& options) {
    T value{};
    decode_text(text, Decode, &value, options);
    std::string out;
    encode_text(out, Encode, &value);
    return out;
}

// Decodes text as a T and encodes the value again (the conformance runner's primitive).
template <class T>
std::string round_trip(std::string_view text, const Options& options) {
    return round_trip_as<&decode_as<T>, &encode_as<T>, T>(text, options);
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
std::string round_trip_alias(std::string_view text, const Options& options) {
    using T = typename AliasOf<decltype(Decode)>::type;
    return round_trip_as<&decode_by<T, Decode>, &encode_by<T, Encode>, T>(text, options);
}

}  // namespace rt
}  // namespace contract
