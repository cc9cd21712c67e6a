#include <algorithm>

#include "load/openapi/converter.h"

namespace contractgen::load::openapi {

void Origins::apply(const Document& source, Document& out) const {
    out.offsets.clear();
    out.root_offset = source.root_offset;
    walk(source, out, out.root, "", &source.root, source.root_offset);
    std::sort(out.offsets.begin(), out.offsets.end(),
              [](const Document::NodeOffsets& a, const Document::NodeOffsets& b) {
                  return std::less<const json*>()(a.node, b.node);
              });
}

void Origins::walk(const Document& source, Document& out, const json& node, const std::string& pointer,
                   const json* from, std::size_t fallback) const {
    auto visit = [&](const json& child, const std::string& p, const json* same_place) {
        auto noted = noted_.find(p);
        const json* child_from = noted != noted_.end() ? noted->second : same_place;
        Document::NodeOffsets o{&child, fallback, Document::kNoKey};
        if (child_from == &source.root) {
            o.value = source.root_offset;
        } else if (const Document::NodeOffsets* at = child_from ? source.offsets_of(child_from) : nullptr) {
            o.value = at->value;
            o.key = at->key;
        }
        out.offsets.push_back(o);
        walk(source, out, child, p, child_from, o.value);
    };
    if (node.is_object()) {
        for (const auto& [key, child] : node.items()) {
            const json* same = nullptr;
            if (from && from->is_object())
                if (auto it = from->find(key); it != from->end()) same = &*it;
            visit(child, pointer_append(pointer, key), same);
        }
    } else if (node.is_array()) {
        for (std::size_t i = 0; i < node.size(); ++i)
            visit(node[i], pointer_append(pointer, i),
                  from && from->is_array() && i < from->size() ? &(*from)[i] : nullptr);
    }
}

}  // namespace contractgen::load::openapi
