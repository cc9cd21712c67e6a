// Writing: a Writer appends JSON text (no DOM), and `write(w, v[, rule])`
// checks each value against its rule before writing it, so an encoder
// refuses what a decoder would refuse.
#pragma once

#include <charconv>
#include <type_traits>

#include "contract/rt/read.hpp"

namespace contract {
namespace rt {

// ---- writing: a Writer appends JSON text; write(w, v[, rule]) for every member type ---

class Writer {
public:
    explicit Writer(std::string& out) : out_(out) {}

    void null() {
        separate();
        out_.append("null", 4);
    }
    void boolean(bool b) {
        separate();
        if (b) out_.append("true", 4);
        else
            out_.append("false", 5);
    }
    template <class I>
    void integer(I v) {
        char buffer[24];
        char* q = buffer;
        if (comma_) *q++ = ',';
        comma_ = true;
        q = std::to_chars(q, buffer + sizeof buffer, v).ptr;
        out_.append(buffer, static_cast<std::size_t>(q - buffer));
    }
    // A double in the canonical spelling of docs/semantics.md §3, which is
    // ECMAScript's Number.prototype.toString: the shortest digits that read
    // back as the same double, 100 (no ".0"), 0.1, 1e+21, 1e-7, and -0 as 0.
    // NaN and infinities are refused.
    void number(double v);
    // Any JSON value held as a Value, checked like the rest (UTF-8, finite numbers, depth).
    void value(const Value& v);
    // Escaped as JSON requires (quote, backslash, control characters);
    // refuses bytes that are not UTF-8.
    void string(std::string_view s) {
        quoted(comma_ ? ',' : '\0', s, '\0');
        comma_ = true;
    }
    void begin_object() {
        if (comma_) out_.append(",{", 2);
        else
            out_ += '{';
        comma_ = false;
        enter();
    }
    void key(std::string_view k) {
        quoted(comma_ ? ',' : '\0', k, ':');
        comma_ = false;
    }
    void end_object() {
        out_ += '}';
        comma_ = true;
        --depth_;
    }
    void begin_array() {
        if (comma_) out_.append(",[", 2);
        else
            out_ += '[';
        comma_ = false;
        enter();
    }
    void end_array() {
        out_ += ']';
        comma_ = true;
        --depth_;
    }

    std::size_t position() const { return out_.size(); }
    // The text of the value written since `start` (a position() taken just
    // before it), without the comma that separated it from the item before.
    std::string_view since(std::size_t start) const {
        std::string_view text = std::string_view(out_).substr(start);
        if (!text.empty() && text.front() == ',') text.remove_prefix(1);
        return text;
    }

private:
    void separate() {
        if (comma_) out_ += ',';
        comma_ = true;
    }
    // What is written nests no deeper than a decoder accepts ([payload] max_depth).
    void enter() {
        if (++depth_ > kMaxDepth) too_deep();
    }
    [[noreturn]] void too_deep() const;
    // `s` in quotes, with `before` and `after` around it (unless NUL). Most
    // strings and every generated key are short with nothing to escape:
    // assembled on the stack and appended at once, since each append to
    // the string is a call that checks its capacity (bench/README.md, "C++
    // decoding and encoding").
    void quoted(char before, std::string_view s, char after) {
        constexpr std::size_t kShort = 60;
        if (s.size() <= kShort && plain_prefix(s.data(), s.data() + s.size()) == s.size()) {
            char buffer[kShort + 4];
            char* q = buffer;
            if (before != 0) *q++ = before;
            *q++ = '"';
            std::memcpy(q, s.data(), s.size());
            q += s.size();
            *q++ = '"';
            if (after != 0) *q++ = after;
            out_.append(buffer, static_cast<std::size_t>(q - buffer));
            return;
        }
        quoted_escaped(before, s, after);
    }
    void quoted_escaped(char before, std::string_view s, char after);

    std::string& out_;
    bool comma_ = false;
    std::size_t depth_ = 0;
};

// Throws an EncodeError of the problem, if there is one.
inline void refuse_if(const Problem& p) {
    if (p) throw EncodeError(p.keyword, p.detail);
}

void write(Writer& w, const std::string& v);
void write(Writer& w, const std::string& v, const StringRule& rule);
void write(Writer& w, std::int64_t v, const NumberRule& rule = {});
void write(Writer& w, std::uint64_t v, const NumberRule& rule = {});
void write(Writer& w, double v, const NumberRule& rule = {});
void write(Writer& w, bool v);
void write(Writer& w, std::nullptr_t);
void write(Writer& w, const Value& v);
void write(Writer& w, const Value& v, const ConstRule& rule);
template <class T, class... Rule>
void write(Writer& w, const Nullable<T>& v, const Rule&... rule);
template <class T, class Item>
void write(Writer& w, const std::vector<T>& v, const ArrayRule<Item>& rule);
template <class T>
void write(Writer& w, const std::vector<T>& v);
template <class T, class Entry>
void write(Writer& w, const Map<T>& v, const MapRule<Entry>& rule);
template <class T>
void write(Writer& w, const Map<T>& v);
template <class T, class... Rule>
void write(Writer& w, const Box<T>& v, const Rule&... rule);  // a member of a recursive type
template <class T>
void write(Writer& w, const T& v);  // a generated type: its own encode()
template <class... Rule>
void write_null(Writer& w, const Rule&...) {  // a Tristate's null (checked.hpp: one with an assertion)
    w.null();
}

template <class T>
void check_unique(const std::vector<T>& items);

template <class T, class R>
void write_with(Writer& w, const T& v, const R& rule) {
    if constexpr (std::is_same_v<R, NoRule>) {
        write(w, v);
    } else {
        write(w, v, rule);
    }
}

template <class T, class... Rule>
void write(Writer& w, const Nullable<T>& v, const Rule&... rule) {
    if (v.is_null()) w.null();
    else
        write(w, v.value(), rule...);
}

template <class T, class Item>
void write(Writer& w, const std::vector<T>& v, const ArrayRule<Item>& rule) {
    refuse_if(count_problem(v.size(), rule.fewest, rule.most, true));
    if (rule.unique) check_unique(v);
    w.begin_array();
    for (std::size_t i = 0; i < v.size(); ++i) in_item(i, [&] { write_with(w, v[i], rule.item); });
    w.end_array();
}

template <class T>
void write(Writer& w, const std::vector<T>& v) {
    write(w, v, ArrayRule<>());
}

template <class T, class Entry>
void write(Writer& w, const Map<T>& v, const MapRule<Entry>& rule) {
    refuse_if(count_problem(v.size(), rule.fewest, rule.most, false));
    w.begin_object();
    for (const auto& entry : v) {  // not a structured binding: C++17 lambdas cannot capture one
        in_field(entry.first, [&] {
            w.key(entry.first);
            write_with(w, entry.second, rule.value);
        });
    }
    w.end_object();
}

template <class T>
void write(Writer& w, const Map<T>& v) {
    write(w, v, MapRule<>());
}

template <class T, class... Rule>
void write(Writer& w, const Box<T>& v, const Rule&... rule) {
    write(w, v.get(), rule...);
}

template <class T>
void write(Writer& w, const T& v) {
    encode(w, v);
}

// The JSON text of one value, as a Value (for comparing encoded values).
Value encoded_value(const std::string& text);

// uniqueItems: items compared as JSON values (1 == 1.0), through their
// encoding. An item that cannot be written is refused here, at its index.
template <class T>
void check_unique(const std::vector<T>& items) {
    std::vector<Value> values;
    values.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        std::string text;
        Writer w(text);
        in_item(i, [&] { write(w, items[i]); });
        values.push_back(encoded_value(text));
    }
    refuse_if(unique_problem(values));
}

}  // namespace rt
}  // namespace contract
