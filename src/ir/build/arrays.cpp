// Arrays and tuples, once the parts of a schema are merged. Without
// `prefixItems` an array's items are the conjunction of every part's
// `items`. With it, the array is a tuple (ir::Tuple): position i must satisfy,
// in every part, that part's `prefixItems[i]`, or its `items` when its prefix
// is shorter; the items after the longest prefix satisfy every part's
// `items` (or a static `unevaluatedItems`). A `false` closes: `items: false`
// allows nothing after its part's prefix, `prefixItems[i]: false` nothing
// from position i on.
#include <algorithm>
#include <limits>

#include "ir/build/builder.h"

namespace contractgen::ir::builder {

namespace {

bool is_false(const Location& l) { return l.node->is_boolean() && !l.node->get<bool>(); }

}  // namespace

TypeExpr Builder::convert_array(const Location& at, const Merged& m, const Hint& hint) {
    std::size_t prefix = 0;
    for (const auto& a : m.array_parts) prefix = std::max(prefix, a.prefix.size());
    // Where the array must end: the first position some part forbids.
    std::size_t end = std::numeric_limits<std::size_t>::max();
    for (const auto& a : m.array_parts) {
        for (std::size_t i = 0; i < a.prefix.size(); ++i)
            if (is_false(a.prefix[i])) end = std::min(end, i);
        if (a.items && is_false(*a.items)) end = std::min(end, a.prefix.size());
    }
    if (m.rest_from_unevaluated && is_false(*m.rest_from_unevaluated)) end = std::min(end, prefix);

    std::vector<Location> rest_parts;  // every part's `items` (a tuple's items after its prefix)
    for (const auto& a : m.array_parts)
        if (a.items) rest_parts.push_back(*a.items);
    if (m.rest_from_unevaluated) rest_parts.push_back(*m.rest_from_unevaluated);

    if (prefix == 0 && end == std::numeric_limits<std::size_t>::max()) {
        TypeExpr t;
        t.kind = Kind::Array;
        t.array_bounds = m.array_bounds;
        t.element.push_back(convert_conjunction(rest_parts, hint.nested("Item")));
        return t;
    }
    Tuple tuple;
    tuple.bounds = m.array_bounds;
    std::size_t positions = std::min(prefix, end);
    for (std::size_t i = 0; i < positions; ++i) {
        std::vector<Location> at_i;
        for (const auto& a : m.array_parts) {
            if (i < a.prefix.size()) at_i.push_back(a.prefix[i]);
            else if (a.items)
                at_i.push_back(*a.items);
        }
        if (m.rest_from_unevaluated && i >= prefix) at_i.push_back(*m.rest_from_unevaluated);
        tuple.items.push_back(convert_conjunction(at_i, hint.nested("Item" + std::to_string(i))));
    }
    if (end == std::numeric_limits<std::size_t>::max())
        tuple.rest = convert_conjunction(rest_parts, hint.nested("Rest"));
    use(Construct::Tuple, at, "prefixItems");
    return put_decl(std::move(tuple), at, hint, m.docs);
}

}  // namespace contractgen::ir::builder
