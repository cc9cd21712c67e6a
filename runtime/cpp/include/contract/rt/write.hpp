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
        else out_.append("false", 5);
    }
    void integer(std::int64_t v) {
        separate();
        char buffer[24];
        auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
        out_.append(buffer, static_cast<std::size_t>(end - buffer));
    }
    // A double that holds an integer below 2^53 is written as one (a number
    // read as 1 comes back as 1); others in the shortest form that reads
    // back as the same double. NaN and infinities are refused.
    void number(double v);
    // Escaped as JSON requires (quote, backslash, control characters);
    // refuses bytes that are not UTF-8.
    void string(std::string_view s) {
        quoted(comma_ ? ',' : '\0', s, '\0');
        comma_ = true;
    }
    // Any JSON value held as a DOM, checked like the rest (UTF-8, finite numbers, depth).
    void json(const Json& v, std::size_t depth = 0);

    void begin_object() {
        separate();
        out_ += '{';
        comma_ = false;
    }
    void key(std::string_view k) {
        quoted(comma_ ? ',' : '\0', k, ':');
        comma_ = false;
    }
    void end_object() {
        out_ += '}';
        comma_ = true;
    }
    void begin_array() {
        separate();
        out_ += '[';
        comma_ = false;
    }
    void end_array() {
        out_ += ']';
        comma_ = true;
    }

    std::size_t position() const { return out_.size(); }
    std::string_view since(std::size_t start) const { return std::string_view(out_).substr(start); }

private:
    void separate() {
        if (comma_) out_ += ',';
        comma_ = true;
    }
    // `s` in quotes, with `before` and `after` around it (unless NUL).
    void quoted(char before, std::string_view s, char after);

    std::string& out_;
    bool comma_ = false;
};

// Throws EncodeError(why) unless `why` is empty.
inline void refuse_if(const std::string& why) {
    if (!why.empty()) throw EncodeError(why);
}

void write(Writer& w, const std::string& v);
void write(Writer& w, const std::string& v, const StringRule& rule);
void write(Writer& w, std::int64_t v, const NumberRule& rule = {});
void write(Writer& w, double v, const NumberRule& rule = {});
void write(Writer& w, bool v);
void write(Writer& w, std::nullptr_t);
void write(Writer& w, const Json& v);
void write(Writer& w, const Json& v, const ConstRule& rule);
template <class T, class... Rule>
void write(Writer& w, const Nullable<T>& v, const Rule&... rule);
template <class T, class Item>
void write(Writer& w, const std::vector<T>& v, const ArrayRule<Item>& rule);
template <class T>
void write(Writer& w, const std::vector<T>& v);
template <class T, class Value>
void write(Writer& w, const std::map<std::string, T>& v, const MapRule<Value>& rule);
template <class T>
void write(Writer& w, const std::map<std::string, T>& v);
template <class T>
void write(Writer& w, const T& v);  // a generated type: its own encode()

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
    else write(w, v.value(), rule...);
}

template <class T, class Item>
void write(Writer& w, const std::vector<T>& v, const ArrayRule<Item>& rule) {
    refuse_if(count_problem(v.size(), rule.fewest, rule.most, "array"));
    if (rule.unique) {
        try {
            check_unique(v);
        } catch (const DecodeError& e) {
            throw EncodeError(e.message());
        }
    }
    w.begin_array();
    for (std::size_t i = 0; i < v.size(); ++i) in_item(i, [&] { write_with(w, v[i], rule.item); });
    w.end_array();
}

template <class T>
void write(Writer& w, const std::vector<T>& v) {
    write(w, v, ArrayRule<>());
}

template <class T, class Value>
void write(Writer& w, const std::map<std::string, T>& v, const MapRule<Value>& rule) {
    refuse_if(count_problem(v.size(), rule.fewest, rule.most, "object"));
    w.begin_object();
    for (const auto& [key, value] : v) {
        in_field(key, [&] {
            w.key(key);
            write_with(w, value, rule.value);
        });
    }
    w.end_object();
}

template <class T>
void write(Writer& w, const std::map<std::string, T>& v) {
    write(w, v, MapRule<>());
}

template <class T>
void write(Writer& w, const T& v) {
    encode(w, v);
}

// uniqueItems: items compared as JSON values (1 == 1.0), through their encoding.
template <class T>
void check_unique(const std::vector<T>& items) {
    std::vector<std::string> texts(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        Writer w(texts[i]);
        write(w, items[i]);
    }
    std::string why = unique_problem(texts);
    if (!why.empty()) throw DecodeError(why);
}

}  // namespace rt
}  // namespace contract
