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
void read(Cursor& c, std::int64_t& out, const NumberRule& rule = {});  // 1 and 1.0, not "1"
void read(Cursor& c, double& out, const NumberRule& rule = {});
void read(Cursor& c, bool& out);
void read(Cursor& c, std::nullptr_t& out);
void read(Cursor& c, Json& out);  // any JSON value, rebuilt as a DOM
void read(Cursor& c, Json& out, const ConstRule& rule);
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
template <class T, class Value>
void read(Cursor& c, std::map<std::string, T>& out, const MapRule<Value>& rule);
template <class T>
void read(Cursor& c, std::map<std::string, T>& out);
template <class T>
void read(Cursor& c, T& out);  // a generated type: its own decode()

// Decode-time check of a value read some other way (open enums).
void check(std::string_view v, const StringRule& rule);
// A value that must be exactly this (a required `const` member).
void expect_const(Cursor& c, std::string_view value);
void expect_const(Cursor& c, const Json& value);

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

template <class T>
void check_unique(const std::vector<T>& items);

template <class T, class Item>
void read(Cursor& c, std::vector<T>& out, const ArrayRule<Item>& rule) {
    if (c.peek().kind != Tok::BeginArray) fail_expected(c, "array");
    c.take();
    out.clear();
    while (c.peek().kind != Tok::EndArray) {
        std::size_t index = out.size();
        out.emplace_back();
        in_item(index, [&] { read_with(c, out.back(), rule.item); });
    }
    c.take();
    std::string why = count_problem(out.size(), rule.fewest, rule.most, "array");
    if (!why.empty()) throw DecodeError(why);
    if (rule.unique) check_unique(out);
}

template <class T>
void read(Cursor& c, std::vector<T>& out) {
    read(c, out, ArrayRule<>());
}

template <class T, class Value>
void read(Cursor& c, std::map<std::string, T>& out, const MapRule<Value>& rule) {
    if (c.peek().kind != Tok::BeginObject) fail_expected(c, "object");
    c.take();
    out.clear();
    while (c.peek().kind != Tok::EndObject) {
        std::string_view key = c.text(c.take());
        T& slot = out[std::string(key)];
        in_field(key, [&] { read_with(c, slot, rule.value); });
    }
    c.take();
    std::string why = count_problem(out.size(), rule.fewest, rule.most, "object");
    if (!why.empty()) throw DecodeError(why);
}

template <class T>
void read(Cursor& c, std::map<std::string, T>& out) {
    read(c, out, MapRule<>());
}

template <class T>
void read(Cursor& c, T& out) {
    decode(c, out);
}

}  // namespace rt
}  // namespace contract
