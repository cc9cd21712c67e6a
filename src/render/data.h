// View-model values for kainjow::mustache, built without copies.
//
// kainjow's data deep-copies a value when it is set() into an object, when it
// is constructed from a list or an object (std::vector / std::unordered_map
// of data), and when a std::vector of data grows (its move constructor is not
// noexcept, so the vector copies). A view model built the obvious way copied
// every string two to four times; on a large schema that was most of a
// target's time. These types keep kainjow's data as the rendered value and
// its templates unchanged, but move every value into place exactly once:
//
//   Data v;                                      // an object
//   v.set("name", names.of(id));                 // moved in (kainjow's set copies)
//   List fields;                                 // items never relocate while it grows
//   fields.push_back(Object{{"key", k}, {"schema", s}});
//   v.set("fields", std::move(fields));          // items moved, not copied
#pragma once

#include <deque>
#include <initializer_list>
#include <string>

#include <kainjow/mustache.hpp>

namespace contractgen::render {

class List;

class Data : public kainjow::mustache::data {
public:
    using Base = kainjow::mustache::data;
    using Base::Base;  // (type), (bool), (const char*), (const std::string&), ...
    Data() = default;
    Data(Base&& other) : Base(std::move(other)) {}
    // A string value that takes over `text` instead of copying it.
    Data(std::string&& text);
    // A list value; from an rvalue its items are moved, otherwise copied.
    Data(List&& list);
    Data(const List& list);

    // Sets a member of this object, moving `value` into place (kainjow's
    // own set() copies it).
    void set(const std::string& name, Data value);
};

// A list under construction. Items live in a deque so that growing never
// relocates (and so never copies) them; converting to Data moves them into
// kainjow's vector, reserved to size first.
class List {
public:
    void push_back(Data item) { items_.push_back(std::move(item)); }
    bool empty() const { return items_.empty(); }
    std::size_t size() const { return items_.size(); }

private:
    friend class Data;
    std::deque<kainjow::mustache::data> items_;
};

// One `{"key", value}` of an Object. `value` is mutable because
// initializer_list elements are const: Object's constructor moves the
// values out instead of copying them (the elements are temporaries that
// nothing reads afterwards).
struct Member {
    const char* key;
    mutable Data value;
};

// An object value written as a braced list: Object{{"key", value}, ...}.
class Object : public Data {
public:
    Object(std::initializer_list<Member> members);
};

// Booleans as mustache data (kainjow has a data(bool) constructor, made explicit here for readability).
inline Data flag(bool b) { return b ? Data(Data::type::bool_true) : Data(Data::type::bool_false); }

}  // namespace contractgen::render
