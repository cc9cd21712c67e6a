#include "load/dialect/node_places.h"

#include <algorithm>
#include <functional>

namespace contractgen::load {

std::optional<Document::NodeOffsets> NodePlaces::offsets(const json* node) const {
    if (auto it = placed_.find(node); it != placed_.end()) return it->second;
    if (node == &doc_.root) return Document::NodeOffsets{node, doc_.root_offset, Document::kNoKey};
    if (const Document::NodeOffsets* o = doc_.offsets_of(node)) return *o;
    return std::nullopt;
}

Position NodePlaces::position_of(const json* node) const {
    std::optional<Document::NodeOffsets> o = offsets(node);
    if (!o) return {};
    return doc_.position_at(o->key != Document::kNoKey ? o->key : o->value);
}

NodePlaces::Snapshot NodePlaces::snapshot(const json& object) const {
    Snapshot out;
    out.reserve(object.size());
    for (const auto& [key, value] : object.items()) out.emplace_back(key, offsets(&value));
    return out;
}

void NodePlaces::restore(const json& object, const Snapshot& before,
                         const std::map<std::string, std::string>& renamed) {
    for (const auto& [key, value] : object.items()) {
        auto from = renamed.find(key);
        const std::string& old_key = from == renamed.end() ? key : from->second;
        auto it = std::find_if(before.begin(), before.end(), [&](const auto& b) { return b.first == old_key; });
        if (it == before.end() || !it->second) continue;
        Document::NodeOffsets o = *it->second;
        o.node = &value;
        placed_[&value] = o;
    }
}

void NodePlaces::finish() {
    if (placed_.empty()) return;
    // An entry whose address a placed node now has is stale: that node moved
    // there. Entries of nodes that no longer exist stay, unreachable: every
    // node an edit creates or moves is placed.
    auto& offsets = doc_.offsets;
    offsets.erase(std::remove_if(offsets.begin(), offsets.end(),
                                 [&](const Document::NodeOffsets& o) { return placed_.count(o.node) > 0; }),
                  offsets.end());
    for (const auto& [node, o] : placed_) offsets.push_back(o);
    std::sort(offsets.begin(), offsets.end(), [](const Document::NodeOffsets& a, const Document::NodeOffsets& b) {
        return std::less<const json*>()(a.node, b.node);
    });
    placed_.clear();
}

}  // namespace contractgen::load
