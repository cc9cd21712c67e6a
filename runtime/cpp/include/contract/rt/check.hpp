// Assertions: what a type cannot carry, compiled by contractgen into a
// schema program (docs/semantics.md, "Assertions") and evaluated on the
// free-form value (a contract::Value read from the token tape). Only types
// with an assertion pay for it: their rule is wrapped in a CheckedRule,
// which reads the value twice (once free-form for the program, once typed).
#pragma once

#include <memory>

#include "contract/rt/read.hpp"
#include "contract/rt/write.hpp"

namespace contract {
namespace rt {

// A compiled schema program: {"assert": [S...], "defs": [S...]} as JSON
// text, with its patterns in RE2 syntax.
class Check {
public:
    explicit Check(std::string_view program);
    ~Check();
    Check(const Check&) = delete;
    Check& operator=(const Check&) = delete;

    // nullptr when `v` passes, else the keyword that fails first (a `false`
    // schema is `not`; `if` is reported as `then` or `else`).
    const char* eval(const Value& v) const;

    struct Schema;
    struct Annotations;

private:
    const char* eval(const Schema& s, const Value& v, Annotations& a) const;
    bool valid(const Schema& s, const Value& v, Annotations* into) const;
    const char* in_place(const Schema& s, const Value& v, Annotations& a) const;
    const char* items(const Schema& s, const Value::Array& arr, Annotations& a) const;
    const char* members(const Schema& s, const Value::Object& obj, Annotations& a) const;

    std::vector<std::unique_ptr<Schema>> assert_, defs_;
};

using CheckFn = const Check& (*)();

// The rule of a type with an assertion: the program, then the type's own rule.
//   rt::checked_rule(check_0).of(rt::StringRule().min_length(1))
template <class Inner = NoRule>
struct CheckedRule {
    CheckFn check;
    Inner inner{};

    template <class Other>
    constexpr CheckedRule<Other> of(Other rule) const {
        return CheckedRule<Other>{check, rule};
    }
};
constexpr CheckedRule<> checked_rule(CheckFn check) { return CheckedRule<>{check, {}}; }

// The keyword the value at the cursor fails, or nullptr (also when the
// value cannot be read free-form: the typed read then reports why). A
// syntax error inside the value is thrown first. Leaves the cursor where it was.
const char* failed_check(Cursor& c, const Check& check);
[[noreturn]] void fail_check(const char* keyword);

// Decodes the value at the cursor with `decode` after the assertion. The
// error of a failed assertion sits at the start of the value, after any
// error the type reports at that same place (docs/semantics.md, "Assertions").
template <class F>
void checked(Cursor& c, const Check& check, F&& decode) {
    const std::size_t begin = c.pos();
    if (const char* keyword = failed_check(c, check)) {
        const bool scalar = c.after(begin) == begin + 1;
        try {
            decode();
        } catch (const Error& e) {
            // The type's own error at the value's start (not inside it) comes first.
            if (e.path() == "$" && (scalar || c.pos() == begin)) throw;
        }
        c.rewind(begin);
        fail_check(keyword);
    }
    decode();
}

template <class T, class Inner>
void read(Cursor& c, T& out, const CheckedRule<Inner>& rule) {
    checked(c, rule.check(), [&] { read_with(c, out, rule.inner); });
}
template <class T, class Inner>
void read(Cursor& c, Nullable<T>& out, const CheckedRule<Inner>& rule) {  // null is checked too
    checked(c, rule.check(), [&] { read_with(c, out, rule.inner); });
}
template <class T, class Inner>
void read(Cursor& c, Tristate<T>& out, const CheckedRule<Inner>& rule) {
    checked(c, rule.check(), [&] { read_with(c, out, rule.inner); });
}
template <class T, class Inner>
void read(Cursor& c, std::optional<T>& out, const CheckedRule<Inner>& rule) {
    read(c, out.emplace(), rule);
}

template <class T, class Inner>
void read(Cursor& c, Box<T>& out, const CheckedRule<Inner>& rule) {
    read(c, out.get(), rule);
}

// Encoding writes what the type holds; assertions are checked when reading.
template <class T, class Inner>
void write(Writer& w, const T& v, const CheckedRule<Inner>& rule) {
    write_with(w, v, rule.inner);
}
template <class T, class Inner>
void write(Writer& w, const Nullable<T>& v, const CheckedRule<Inner>& rule) {
    write_with(w, v, rule.inner);
}
template <class T, class Inner>
void write(Writer& w, const Box<T>& v, const CheckedRule<Inner>& rule) {
    write_with(w, v.get(), rule.inner);
}

}  // namespace rt
}  // namespace contract
