// Reading: `read(c, out[, rule])` for every member type a generated struct
// can have; overloads and templates pick the reader from the member's C++
// type, so generated code is one call per member.
#pragma once

#include <type_traits>

#include "contract/rt/rules.hpp"

namespace contract {
namespace rt {

// ---- reading: read(c, out[, rule]) for every member type ------------------------------
// All declared before any is defined, so that nested containers find each other.

void read(Cursor& c, std::string& out);
void read(Cursor& c, std::string& out, const StringRule& rule);
void read(Cursor& c, std::int64_t& out, const NumberRule& rule = {});   // 1, 1.0 and 1e2, not "1"
void read(Cursor& c, std::uint64_t& out, const NumberRule& rule = {});  // format: uint64
void read(Cursor& c, double& out, const NumberRule& rule = {});
void read(Cursor& c, bool& out);
void read(Cursor& c, std::nullptr_t& out);
void read(Cursor& c, Value& out);  // any JSON value, kept exactly
void read(Cursor& c, Value& out, const ConstRule& rule);
template <class T, class... Rule>
void read(Cursor& c, std::optional<T>& out, const Rule&... rule);
template <class T, class... Rule>
void read(Cursor& c, Nullable<T>& out, const Rule&... rule);
template <class T, class... Rule>
void read(Cursor& c, Tristate<T>& out, const Rule&... rule);
template <class T, class Item>
void read(Cursor& c, std::vector<T>& out, const ArrayRule<Item>& rule);
template <class T>
void read(Cursor& c, std::vector<T>& out);
template <class T, class Entry>
void read(Cursor& c, Map<T>& out, const MapRule<Entry>& rule);
template <class T>
void read(Cursor& c, Map<T>& out);
template <class T, class... Rule>
void read(Cursor& c, Box<T>& out, const Rule&... rule);  // a member of a recursive type
template <class T>
void read(Cursor& c, T& out);  // a generated type: its own decode()

// Decode-time check of a value read some other way.
void check(std::string_view v, const StringRule& rule);
// A value that must be exactly this (a required `const` member).
void expect_const(Cursor& c, std::string_view value, Typed typed = Typed::Yes);
void expect_const(Cursor& c, const Value& value, Typed typed = Typed::Yes);

// Opens the array or object at the cursor (a `type` error if it is not
// one) after the checks that sit at its start: the number of items or
// members, and whether the items are unique (docs/semantics.md, "Errors").
void check_start(Cursor& c, Tok kind, std::uint64_t fewest, std::uint64_t most, bool unique);
inline void open_array(Cursor& c, std::uint64_t fewest, std::uint64_t most, bool unique) {
    if (c.peek().kind == Tok::BeginArray && fewest == 0 && most == kNoLimit && !unique)
        return static_cast<void>(c.take());
    check_start(c, Tok::BeginArray, fewest, most, unique);
}
inline void open_object(Cursor& c, std::uint64_t fewest, std::uint64_t most) {
    if (c.peek().kind == Tok::BeginObject && fewest == 0 && most == kNoLimit) return static_cast<void>(c.take());
    check_start(c, Tok::BeginObject, fewest, most, false);
}
// The next member name of the open object, or false at its end (where a
// member was due, the text may have stopped being JSON: that error).
inline bool next_key(Cursor& c, std::string_view& key) {
    const Token& t = c.peek();
    if (t.kind == Tok::Key) {
        key = c.text(t);
        c.take();
        return true;
    }
    if (t.kind != Tok::EndObject) fail_token(c, t);
    c.take();
    return false;
}

template <class T, class R>
void read_with(Cursor& c, T& out, const R& rule) {
    if constexpr (std::is_same_v<R, NoRule>) {
        read(c, out);
    } else {
        read(c, out, rule);
    }
}

inline bool peek_null(const Cursor& c) { return c.peek().kind == Tok::Null; }

template <class T, class... Rule>
void read(Cursor& c, std::optional<T>& out, const Rule&... rule) {
    read(c, out.emplace(), rule...);
}

template <class T, class... Rule>
void read(Cursor& c, Nullable<T>& out, const Rule&... rule) {
    if (peek_null(c)) {
        c.take();
        out.set_null();
        return;
    }
    read(c, out.emplace(), rule...);
}

template <class T, class... Rule>
void read(Cursor& c, Tristate<T>& out, const Rule&... rule) {
    if (peek_null(c)) {
        c.take();
        out.set_null();
        return;
    }
    read(c, out.emplace(), rule...);
}

template <class T, class Item>
void read(Cursor& c, std::vector<T>& out, const ArrayRule<Item>& rule) {
    open_array(c, rule.fewest, rule.most, rule.unique);
    out.clear();
    while (c.peek().kind != Tok::EndArray) {
        std::size_t index = out.size();
        out.emplace_back();
        in_item(index, [&] { read_with(c, out.back(), rule.item); });
    }
    c.take();
}

template <class T>
void read(Cursor& c, std::vector<T>& out) {
    read(c, out, ArrayRule<>());
}

template <class T, class Entry>
void read(Cursor& c, Map<T>& out, const MapRule<Entry>& rule) {
    open_object(c, rule.fewest, rule.most);
    out.clear();
    KeySet keys;
    std::string_view key;
    while (next_key(c, key)) {
        in_field(key, [&] {
            if (rule.key != nullptr && !rule.key().search(key)) fail_unmatched(key);
            if (!keys.insert(key)) fail_duplicate(key);
            read_with(c, out.append(std::string(key)), rule.value);
        });
    }
}

template <class T>
void read(Cursor& c, Map<T>& out) {
    read(c, out, MapRule<>());
}

template <class T, class... Rule>
void read(Cursor& c, Box<T>& out, const Rule&... rule) {
    read(c, out.get(), rule...);
}

template <class T>
void read(Cursor& c, T& out) {
    decode(c, out);
}

}  // namespace rt
}  // namespace contract
