#include "render/data.h"

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

void Data::set(const std::string& name, Data value) {
    // operator[] inserts an empty member that the move assignment replaces.
    (*this)[name] = std::move(value);
}

Object::Object(std::initializer_list<Member> members) {
    for (const Member& m : members) set(m.key, std::move(m.value));
}

}  // namespace contractgen::render
