// Assertions: what a type cannot carry, compiled by contractgen into a
// schema program (docs/semantics.md, "Assertions") and evaluated on the
// free-form value (a contract::Value read from the token tape, or from the
// text the encoder has just written). Only types with an assertion pay for
// it: their rule is wrapped in a CheckedRule, which reads the value twice
// (once free-form for the program, once typed) and reads back what it writes.
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

// The keyword the value written since `start` fails, or nullptr: the
// program judges the text a decoder would be given (a value that is not
// JSON to a decoder, such as an integer beyond the payload policy's range,
// passes here: its typed writer already said whether it may be written).
const char* failed_check(const Writer& w, std::size_t start, const Check& check);
[[noreturn]] void refuse_check(const char* keyword);

// Writes the value with `encode`, then checks the assertion on what was
// written, so that dump() and validate() refuse what parse() of the same
// text refuses, with the same keyword at the same path (the path is added
// as the error unwinds through the members and items around the value). An
// error the type's own rules report is thrown first, as it is written.
template <class F>
void checked_write(Writer& w, const Check& check, F&& encode) {
    const std::size_t start = w.position();
    encode();
    if (const char* keyword = failed_check(w, start, check)) refuse_check(keyword);
}

template <class T, class Inner>
void write(Writer& w, const T& v, const CheckedRule<Inner>& rule) {
    checked_write(w, rule.check(), [&] { write_with(w, v, rule.inner); });
}
template <class T, class Inner>
void write(Writer& w, const Nullable<T>& v, const CheckedRule<Inner>& rule) {  // null is checked too
    checked_write(w, rule.check(), [&] { write_with(w, v, rule.inner); });
}
template <class T, class Inner>
void write(Writer& w, const Box<T>& v, const CheckedRule<Inner>& rule) {
    write(w, v.get(), rule);
}
template <class Inner>
void write_null(Writer& w, const CheckedRule<Inner>& rule) {  // a Tristate's null
    checked_write(w, rule.check(), [&] { w.null(); });
}

}  // namespace rt
}  // namespace contract
