// Tuples (`prefixItems` with `items`): a struct with one member per
// position (item0, item1, ...; those at or beyond minItems optional) and
// `rest` for the items after them, read from and written as a JSON array
// (docs/semantics.md, "Tuples").
//   rt::TupleReader tuple(c, 2, true);   // 2 positions, `items: false`; (c, 2, closed, count rule)
//   while (tuple.next()) {
//       switch (tuple.index()) {
//           case 0: tuple.read(out.item0); break;
//           case 1: tuple.read(out.item1); break;
//           default: tuple.read(out.rest.emplace_back());
//       }
//   }
#pragma once

#include <vector>

#include "contract/rt/check.hpp"

namespace contract {
namespace rt {

class TupleReader {
public:
    template <class Item = NoRule>
    TupleReader(Cursor& c, std::size_t prefix, bool closed, const ArrayRule<Item>& count = {}) : c_(c) {
        const std::size_t begin = c_.pos();
        if (closed && c_.peek().kind == Tok::BeginArray) c_.require_json();
        open_array(c_, count.fewest, count.most, count.unique);
        // `items: false`: no item after the positions, an error at the array.
        if (closed) {
            std::size_t n = 0;
            for (std::size_t i = c_.pos(); i < c_.tape()[begin].end; i = c_.after(i)) ++n;
            if (n > prefix) {
                fail("items", "has " + std::to_string(n) + " items, more than the " + std::to_string(prefix) +
                                  " the tuple allows");
            }
        }
    }
    // Moves to the next item; false at the end of the array.
    bool next() {
        if (started_) ++index_;
        started_ = true;
        if (c_.peek().kind == Tok::EndArray) {
            c_.take();
            return false;
        }
        return true;
    }
    std::size_t index() const { return index_; }
    template <class T, class... Rule>
    void read(T& item, const Rule&... rule) {
        in_item(index_, [&] { rt::read(c_, item, rule...); });
    }
    // An item of a std::vector<bool> (the rest of a tuple of booleans): its
    // emplace_back() gives a proxy, which no bool& binds to.
    template <class... Rule>
    void read(std::vector<bool>::reference item, const Rule&... rule) {
        bool value = false;
        read(value, rule...);
        item = value;
    }

private:
    Cursor& c_;
    std::size_t index_ = 0;
    bool started_ = false;
};

// Writes a tuple's items in order, up to the first absent optional one.
class TupleWriter {
public:
    explicit TupleWriter(Writer& w) : w_(w) { w_.begin_array(); }
    template <class T, class... Rule>
    void write(const T& item, const Rule&... rule) {
        in_item(index_++, [&] { rt::write(w_, item, rule...); });
    }
    // An optional position: false (and nothing written) when it is absent.
    template <class T, class... Rule>
    bool write(const std::optional<T>& item, const Rule&... rule) {
        if (!item) return false;
        write(*item, rule...);
        return true;
    }
    void finish() { w_.end_array(); }

private:
    Writer& w_;
    std::size_t index_ = 0;
};

}  // namespace rt
}  // namespace contract
