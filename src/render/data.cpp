#include "render/data.h"

#include <stdexcept>

namespace contractgen::render {

namespace {

// kainjow gives read-only access to the string and list it owns. Both were
// allocated by kainjow as non-const objects (`new string_type`, `new
// basic_list`), so writing through a const_cast is well defined; it is the
// only way to put a value in without kainjow's copy.
template <class T>
T& owned(const T& value) {
    return const_cast<T&>(value);
}

// An object's members, which kainjow reaches only through operator[]: that
// default-constructs the member first, and a default kainjow value is an
// empty object, allocated and freed again by the assignment that follows
// (an allocation and a free per member, and a rehash as the object grows).
// Naming a private member in an explicit instantiation is exempt from
// access checking ([temp.explicit]), so this reads kainjow's member pointer
// without changing its header.
using ObjectPointer = std::unique_ptr<kainjow::mustache::object> Data::Base::*;

ObjectPointer object_member();

template <ObjectPointer Member>
struct ObjectMember {
    friend ObjectPointer object_member() { return Member; }
};
template struct ObjectMember<&Data::Base::obj_>;

kainjow::mustache::object& members(Data& object) {
    if (!object.is_object()) throw std::logic_error("render::Data: members set on a value that is not an object");
    return *(object.*object_member());
}

}  // namespace

Data::Data(std::string&& text) : Base(Base::type::string) { owned(string_value()) = std::move(text); }

Data::Data(List&& list) : Base(Base::type::list) {
    auto& items = owned(list_value());
    items.reserve(list.items_.size());  // no reallocation below, so push_back moves
    for (auto& item : list.items_) items.push_back(std::move(item));
    list.items_.clear();
}

Data::Data(const List& list) : Base(Base::type::list) {
    auto& items = owned(list_value());
    items.reserve(list.items_.size());
    for (const auto& item : list.items_) items.push_back(item);
}

void Data::set(const std::string& name, Data value) { members(*this).insert_or_assign(name, std::move(value)); }

Object::Object(std::initializer_list<Member> list) {
    auto& object = members(*this);
    object.reserve(list.size());
    for (const Member& m : list) object.insert_or_assign(m.key, std::move(m.value));
}

}  // namespace contractgen::render
