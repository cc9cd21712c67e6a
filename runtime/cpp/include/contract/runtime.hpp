// The part of the C++ runtime a program that uses a contract sees: the
// absent/null/value wrappers, the errors (each names the JSON path of the
// problem), and the entry points
//
//   T value = contract::parse<T>(text);      // throws contract::DecodeError
//   std::string text = contract::dump(value);  // throws contract::EncodeError
//   contract::validate(value);                 // throws what dump would throw
//
// The decoders and encoders are compiled once, in the generated src/*.cpp
// files and the runtime's src/rt/*.cpp, not in every file that includes a contract
// header: this header declares what they offer and stays small.
// codec.hpp is what those files are made of.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "contract/value.hpp"

namespace contract {

// nlohmann::json, for the conversions below (free-form values are contract::Value).
using Json = nlohmann::json;

// A value that may be JSON null (a required, nullable field).
template <class T>
class Nullable {
public:
    Nullable() = default;
    Nullable(std::nullptr_t) {}
    Nullable(T value) : value_(std::move(value)) {}
    bool is_null() const { return !value_.has_value(); }
    bool has_value() const { return value_.has_value(); }
    T& value() { return value_.value(); }
    const T& value() const { return value_.value(); }
    T& emplace() { return value_.emplace(); }
    void set_null() { value_.reset(); }
    const T* operator->() const { return &*value_; }
    T* operator->() { return &*value_; }
    bool operator==(const Nullable& o) const { return value_ == o.value_; }
    bool operator!=(const Nullable& o) const { return value_ != o.value_; }

private:
    std::optional<T> value_;
};

// A value on the heap, for a member whose type contains itself (a
// recursive type, docs/semantics.md "Recursive types"): copied deeply,
// compared by value, never null. A default Box allocates nothing until its
// value is first changed, so that a type can hold itself; until then it
// reads as a default T.
template <class T>
class Box {
public:
    Box() = default;
    Box(T value) : value_(new T(std::move(value))) {}
    Box(const Box& o) : value_(o.value_ ? new T(*o.value_) : nullptr) {}
    Box(Box&&) noexcept = default;
    Box& operator=(const Box& o) {
        if (this != &o) value_.reset(o.value_ ? new T(*o.value_) : nullptr);
        return *this;
    }
    Box& operator=(Box&&) noexcept = default;
    ~Box() = default;

    T& get() {
        if (!value_) value_.reset(new T());
        return *value_;
    }
    const T& get() const {
        if (value_) return *value_;
        static const T empty{};
        return empty;
    }
    T& operator*() { return get(); }
    const T& operator*() const { return get(); }
    T* operator->() { return &get(); }
    const T* operator->() const { return &get(); }
    bool operator==(const Box& o) const { return get() == o.get(); }
    bool operator!=(const Box& o) const { return !(get() == o.get()); }

private:
    std::unique_ptr<T> value_;
};

// An optional, nullable field: absent, null, or a value. Absent and null are
// different on the wire and stay different after a round trip.
template <class T>
class Tristate {
public:
    Tristate() = default;
    Tristate(std::nullptr_t) : state_(State::Null) {}
    Tristate(T value) : state_(State::Value), value_(std::move(value)) {}
    bool is_absent() const { return state_ == State::Absent; }
    bool is_null() const { return state_ == State::Null; }
    bool has_value() const { return state_ == State::Value; }
    T& value() { return value_.value(); }
    const T& value() const { return value_.value(); }
    T& emplace() {
        state_ = State::Value;
        return value_.emplace();
    }
    void set_null() {
        state_ = State::Null;
        value_.reset();
    }
    void reset() {
        state_ = State::Absent;
        value_.reset();
    }
    bool operator==(const Tristate& o) const { return state_ == o.state_ && value_ == o.value_; }
    bool operator!=(const Tristate& o) const { return !(*this == o); }

private:
    enum class State { Absent, Null, Value };
    State state_ = State::Absent;
    std::optional<T> value_;
};

// A value that breaks the contract, with where and why, shaped as every
// binding of the contract reports it (docs/semantics.md, "Errors"):
//   what()    "$.data.status: enum: expected one of LOADING|SUCCESS|ERROR, got \"DONE\""
//   path()    "$.data.status"  (`.name`, `["name"]` when not an identifier, `[index]`)
//   keyword() "enum"           (the reason class: syntax, depth, duplicate, type, required,
//                               additionalProperties, not, discriminator, oneOf, anyOf, range,
//                               or the JSON Schema keyword of a failed constraint)
//   detail()  free text
// The path is assembled while the exception unwinds, so decoding and
// encoding pay nothing for it until something is wrong.
class Error : public std::runtime_error {
public:
    const std::string& path() const { return path_; }
    const std::string& keyword() const { return keyword_; }
    const std::string& detail() const { return detail_; }
    const char* what() const noexcept override;

    void prepend_key(std::string_view key);
    void prepend_index(std::size_t index);

protected:
    // `whole_text`: the error is about the text as a whole (a syntax error),
    // whose path stays `$`.
    Error(std::string keyword, std::string detail, bool whole_text);

private:
    void rebuild();
    std::string keyword_, detail_, path_ = "$", full_;
    bool whole_text_ = false;
};

// Text that is not JSON, or JSON that is not a value of the type: one error
// per rejected text, the first in document order.
class DecodeError final : public Error {
public:
    DecodeError(const std::string& keyword, std::string detail)
        : Error(keyword, std::move(detail), keyword == "syntax") {}
};

// A value the encoder refuses to write because the contract does not allow
// it (an empty string where minLength is 1, a negative timestamp, a string
// that is not UTF-8, ...): what was read is always valid, what was built by
// hand may not be.
class EncodeError final : public Error {
public:
    EncodeError(std::string keyword, std::string detail) : Error(std::move(keyword), std::move(detail), false) {}
};

// How to decode. Strict by default; C++20 callers may write
// `contract::Options{.tolerant = true}`, others `contract::tolerant()`.
struct Options {
    // The tolerant-reader mode for consumers (docs/semantics.md): members a
    // closed object does not declare are kept (in `additional_properties`,
    // written after the declared ones) instead of rejected, and a
    // discriminated union whose tag is an unknown string decodes to its
    // UnknownVariant. Everything else stays strict; producers validate strictly.
    bool tolerant = false;
    // The deepest nesting accepted (a value's depth counts the arrays and
    // objects around it and itself); 0: the contract's [payload] max_depth.
    std::size_t max_depth = 0;
};

inline Options tolerant() {
    Options o;
    o.tolerant = true;
    return o;
}

// The contract's [payload] max_depth (contractgen.toml; 128 by default),
// defined in the generated src/package.cpp.
extern const std::size_t kMaxDepth;

// A discriminated union's value whose tag no variant has, read in tolerant
// mode: the tag and the whole object, written back as it was read.
struct UnknownVariant {
    std::string tag;
    Value value;
    bool operator==(const UnknownVariant& o) const { return tag == o.tag && value == o.value; }
    bool operator!=(const UnknownVariant& o) const { return !(*this == o); }
};

namespace rt {

class Cursor;  // codec.hpp
class Writer;

// Type-erased entry points, defined in src/rt/; the templates below
// hand them the generated decode/encode function of a type.
using DecodeFn = void (*)(Cursor&, void*);
using EncodeFn = void (*)(Writer&, const void*);
void decode_text(std::string_view text, DecodeFn decode, void* out, const Options& options);
void decode_json(const Json& json, DecodeFn decode, void* out, const Options& options);
void encode_text(std::string& out, EncodeFn encode, const void* value);
std::string encode_string(EncodeFn encode, const void* value);
void check_value(EncodeFn encode, const void* value);
Json encode_json(EncodeFn encode, const void* value);

// `decode` and `encode` are the functions every generated type has in its
// own namespace (found by argument-dependent lookup).
template <class T>
void decode_as(Cursor& c, void* out) {
    decode(c, *static_cast<T*>(out));
}
template <class T>
void encode_as(Writer& w, const void* value) {
    encode(w, *static_cast<const T*>(value));
}

}  // namespace rt

// Free-form values to nlohmann::json and back (an integer beyond 64 bits
// becomes a double there), and their own decoder and encoder.
void to_json(Json& json, const Value& value);
void from_json(const Json& json, Value& value);
void decode(rt::Cursor& c, Value& out);
void encode(rt::Writer& w, const Value& v);

// Decodes JSON text into a T: every rule of the contract is checked, and
// the payload policy (UTF-8 without a byte order mark, no duplicate
// members, no lone surrogates, nesting, integer range, finite numbers).
template <class T>
T parse(std::string_view text, const Options& options = {}) {
    T out{};
    rt::decode_text(text, &rt::decode_as<T>, &out, options);
    return out;
}

// The JSON text of `value`: members in schema order (then the members an
// open object kept, in their order), compact. Throws EncodeError, naming
// the path, for a value the contract does not allow.
template <class T>
std::string dump(const T& value) {
    return rt::encode_string(&rt::encode_as<T>, &value);
}

// The same, appended to `out` (reuse one buffer to write many values).
template <class T>
void dump_to(std::string& out, const T& value) {
    rt::encode_text(out, &rt::encode_as<T>, &value);
}

// Throws the EncodeError dump(value) would throw, or nothing.
template <class T>
void validate(const T& value) {
    rt::check_value(&rt::encode_as<T>, &value);
}

// For nlohmann::json users: the value as a DOM (through dump), and back.
template <class T>
Json to_json_value(const T& value) {
    return rt::encode_json(&rt::encode_as<T>, &value);
}
template <class T>
T from_json_value(const Json& json, const Options& options = {}) {
    T out{};
    rt::decode_json(json, &rt::decode_as<T>, &out, options);
    return out;
}

namespace rt {

// nlohmann::json's own conversions (`Json j = value;`, `j.get<T>()`) for
// every generated type: each family header brings these two into its
// namespace, where nlohmann looks for them.
template <class T, class = decltype(encode(std::declval<Writer&>(), std::declval<const T&>()))>
void to_json(Json& json, const T& value) {
    json = encode_json(&encode_as<T>, &value);
}
template <class T, class = decltype(decode(std::declval<Cursor&>(), std::declval<T&>()))>
void from_json(const Json& json, T& value) {
    decode_json(json, &decode_as<T>, &value, Options());
}

}  // namespace rt

}  // namespace contract
