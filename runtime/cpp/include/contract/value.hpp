// Free-form JSON values and member-ordered maps: what the contract keeps
// exactly (docs/semantics.md, payload policy §1.7). A Value holds an
// integer literal of any size as its digits, any other number as a double,
// and an object's members in input order; Map<T> is the ordered object of
// typed maps and of the members an object keeps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace contract {

// A JSON object of any member names, in the order they were read (or
// added), each name once. Lookups are linear: objects on the wire are small,
// and decoders check duplicates with their own index.
template <class T>
class Map {
public:
    using key_type = std::string;
    using mapped_type = T;
    using value_type = std::pair<std::string, T>;
    using size_type = std::size_t;
    using iterator = typename std::vector<value_type>::iterator;
    using const_iterator = typename std::vector<value_type>::const_iterator;

    Map() = default;
    Map(std::initializer_list<value_type> members) {
        for (const auto& m : members) emplace(m.first, m.second);
    }

    iterator begin() { return members_.begin(); }
    iterator end() { return members_.end(); }
    const_iterator begin() const { return members_.begin(); }
    const_iterator end() const { return members_.end(); }
    size_type size() const { return members_.size(); }
    bool empty() const { return members_.empty(); }
    void clear() { members_.clear(); }
    void reserve(size_type n) { members_.reserve(n); }

    iterator find(std::string_view key) {
        for (auto it = members_.begin(); it != members_.end(); ++it)
            if (it->first == key) return it;
        return members_.end();
    }
    const_iterator find(std::string_view key) const {
        for (auto it = members_.begin(); it != members_.end(); ++it)
            if (it->first == key) return it;
        return members_.end();
    }
    bool contains(std::string_view key) const { return find(key) != end(); }
    size_type count(std::string_view key) const { return contains(key) ? 1 : 0; }
    T& at(std::string_view key) {
        auto it = find(key);
        if (it == end()) throw std::out_of_range("no member " + std::string(key));
        return it->second;
    }
    const T& at(std::string_view key) const {
        auto it = find(key);
        if (it == end()) throw std::out_of_range("no member " + std::string(key));
        return it->second;
    }
    // The member's value, appended (default-constructed) when there is none.
    T& operator[](std::string_view key) {
        auto it = find(key);
        if (it != end()) return it->second;
        return append(std::string(key));
    }
    // Adds the member unless the name is taken (then returns the one there).
    std::pair<iterator, bool> emplace(std::string key, T value) {
        auto it = find(key);
        if (it != end()) return {it, false};
        members_.emplace_back(std::move(key), std::move(value));
        return {members_.end() - 1, true};
    }
    std::pair<iterator, bool> insert(value_type member) {
        return emplace(std::move(member.first), std::move(member.second));
    }
    // Appends a member without looking for its name first: for callers
    // that know it is new (the decoders, which check duplicates themselves).
    T& append(std::string key) {
        members_.emplace_back(std::move(key), T());
        return members_.back().second;
    }
    iterator erase(const_iterator at) { return members_.erase(at); }
    size_type erase(std::string_view key) {
        auto it = find(key);
        if (it == end()) return 0;
        members_.erase(it);
        return 1;
    }

    // The same members with equal values, in any order (JSON object equality).
    bool operator==(const Map& other) const {
        if (size() != other.size()) return false;
        for (const auto& [key, value] : members_) {
            auto it = other.find(key);
            if (it == other.end() || !(it->second == value)) return false;
        }
        return true;
    }
    bool operator!=(const Map& other) const { return !(*this == other); }

private:
    std::vector<value_type> members_;
};

// Any JSON value, kept exactly: null, a boolean, an integer literal (its
// canonical digits, of any size), another number (a double), a string, an
// array, or an object (members in order). Built by decoding
// (contract::parse<Value>(text)) or by hand:
//   Value v = Value::object();
//   v["n"] = 1;  v["big"] = Value::integer("123456789012345678901234567890");
// Comparison (==) is JSON Schema equality: 1 == 1.0, members in any order.
class Value {
public:
    enum class Kind : std::uint8_t { Null, Boolean, Integer, Number, String, Array, Object };
    using Array = std::vector<Value>;
    using Object = Map<Value>;

    Value() = default;
    Value(std::nullptr_t) {}
    Value(bool b) : kind_(Kind::Boolean), boolean_(b) {}
    template <class I,
              std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char>, int> = 0>
    Value(I i) : kind_(Kind::Integer), text_(std::to_string(i)) {}
    Value(double d) : kind_(Kind::Number), number_(d) {}
    Value(const char* s) : kind_(Kind::String), text_(s) {}
    Value(std::string s) : kind_(Kind::String), text_(std::move(s)) {}
    Value(std::string_view s) : kind_(Kind::String), text_(s) {}
    Value(Array items) : kind_(Kind::Array), items_(std::move(items)) {}
    Value(Object members) : kind_(Kind::Object), members_(std::move(members)) {}

    static Value array() { return Value(Array()); }
    static Value object() { return Value(Object()); }
    // An integer of any size from its JSON spelling ("-12", "123456789012345678901234567890");
    // "-0" is 0. Throws std::invalid_argument for anything else.
    static Value integer(std::string_view digits);
    // Decodes JSON text under the payload policy (throws DecodeError).
    static Value parse(std::string_view text);
    // The canonical compact JSON text (throws EncodeError for NaN, infinities, invalid UTF-8).
    std::string dump() const;

    Kind kind() const { return kind_; }
    bool is_null() const { return kind_ == Kind::Null; }
    bool is_boolean() const { return kind_ == Kind::Boolean; }
    bool is_integer() const { return kind_ == Kind::Integer; }  // an integer literal
    bool is_double() const { return kind_ == Kind::Number; }    // a number with a fraction or an exponent
    bool is_number() const { return is_integer() || is_double(); }
    bool is_string() const { return kind_ == Kind::String; }
    bool is_array() const { return kind_ == Kind::Array; }
    bool is_object() const { return kind_ == Kind::Object; }

    bool as_bool() const { return expect(Kind::Boolean).boolean_; }
    double as_double() const;                      // any number (an integer beyond a double: ±inf)
    std::optional<std::int64_t> as_int64() const;  // an integer that fits
    std::optional<std::uint64_t> as_uint64() const;
    const std::string& integer_text() const { return expect(Kind::Integer).text_; }
    const std::string& as_string() const { return expect(Kind::String).text_; }
    std::string& as_string() { return expect(Kind::String).text_; }
    const Array& as_array() const { return expect(Kind::Array).items_; }
    Array& as_array() { return expect(Kind::Array).items_; }
    const Object& as_object() const { return expect(Kind::Object).members_; }
    Object& as_object() { return expect(Kind::Object).members_; }

    // A member of an object (null becomes an empty object first), added when absent.
    Value& operator[](std::string_view key);
    const Value& at(std::string_view key) const { return as_object().at(key); }
    Value& operator[](std::size_t index) { return as_array().at(index); }
    const Value& operator[](std::size_t index) const { return as_array().at(index); }
    // Appends an item to an array (null becomes an empty array first).
    void push_back(Value item);
    std::size_t size() const;  // items or members; 0 for scalars

    friend bool operator==(const Value& a, const Value& b);
    friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }

private:
    const Value& expect(Kind k) const {
        if (kind_ != k) throw std::domain_error("the Value holds another kind of JSON value");
        return *this;
    }
    Value& expect(Kind k) { return const_cast<Value&>(static_cast<const Value&>(*this).expect(k)); }

    Kind kind_ = Kind::Null;
    bool boolean_ = false;
    double number_ = 0;
    std::string text_;  // a string, or an integer's digits
    Array items_;
    Object members_;
};

}  // namespace contract
