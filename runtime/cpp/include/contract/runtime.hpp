// The part of the C++ runtime a program that uses a contract sees: the
// absent/null/value wrappers, the errors (each names the JSON path of the
// problem), and the entry points
//
//   T value = contract::parse<T>(text);      // throws contract::DecodeError
//   std::string text = contract::dump(value);  // throws contract::EncodeError
//   contract::validate(value);                 // throws what dump would throw
//
// The decoders and encoders are compiled once, in the generated src/*.cpp
// files and src/runtime.cpp, not in every file that includes a contract
// header: this header declares what they offer and stays small.
// codec.hpp is what those files are made of.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace contract {

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

// A value that breaks the contract, with the JSON path of the offending part:
// "$.data.plan_set.plans.p1.status: expected one of LOADING|SUCCESS|ERROR, got \"DONE\"".
// The path is assembled while the exception unwinds, so decoding and
// encoding pay nothing for it until something is wrong.
class Error : public std::runtime_error {
public:
    const std::string& message() const { return message_; }
    std::string path() const { return std::string(1, '$').append(path_); }
    const char* what() const noexcept override;

    void prepend_key(std::string_view key);
    void prepend_index(std::size_t index);

protected:
    explicit Error(std::string message);

private:
    void rebuild();
    std::string message_, path_, full_;
};

// Text that is not JSON, or JSON that is not a value of the type.
class DecodeError final : public Error {
public:
    explicit DecodeError(std::string message) : Error(std::move(message)) {}
};

// A value the encoder refuses to write because the contract does not allow
// it (an empty string where minLength is 1, a negative timestamp, a string
// that is not UTF-8, ...): what was read is always valid, what was built by
// hand may not be.
class EncodeError final : public Error {
public:
    explicit EncodeError(std::string message) : Error(std::move(message)) {}
};

namespace rt {

class Cursor;  // codec.hpp
class Writer;

// Type-erased entry points, defined in src/runtime.cpp; the templates below
// hand them the generated decode/encode function of a type.
using DecodeFn = void (*)(Cursor&, void*);
using EncodeFn = void (*)(Writer&, const void*);
void decode_text(std::string_view text, DecodeFn decode, void* out);
void decode_json(const Json& json, DecodeFn decode, void* out);
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

// Decodes JSON text into a T: every rule of the contract is checked.
template <class T>
T parse(std::string_view text) {
    T out{};
    rt::decode_text(text, &rt::decode_as<T>, &out);
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
T from_json_value(const Json& json) {
    T out{};
    rt::decode_json(json, &rt::decode_as<T>, &out);
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
    decode_json(json, &decode_as<T>, &value);
}

}  // namespace rt

}  // namespace contract
