// Keeps a document's source positions right while the dialect step edits
// its JSON. Positions are keyed by node address (Document::offsets), and an
// edit moves nodes: the members of an object live in one vector (ordered_json),
// so erasing or adding a member moves its siblings; a moved container keeps
// its own children where they are. So each edited object's members are noted
// by key before the edit and placed again, at their new addresses, after it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "load/document.h"

namespace contractgen::load {

class NodePlaces {
public:
    explicit NodePlaces(Document& doc) : doc_(doc) {}

    // The offsets recorded for `node` (placed by an edit, else parsed).
    std::optional<Document::NodeOffsets> offsets(const json* node) const;
    // Where `node` is in the source: its key if it has one, else its value.
    Position position_of(const json* node) const;

    // The members of `object` by key, before an edit.
    using Snapshot = std::vector<std::pair<std::string, std::optional<Document::NodeOffsets>>>;
    Snapshot snapshot(const json& object) const;
    // After an edit: each member of `object` takes the place noted for its
    // key, or for the key it was renamed from (`renamed`: new key → old key).
    void restore(const json& object, const Snapshot& before, const std::map<std::string, std::string>& renamed = {});

    // Writes the new addresses into the document's offsets (once, at the end).
    void finish();

private:
    Document& doc_;
    std::unordered_map<const json*, Document::NodeOffsets> placed_;
};

}  // namespace contractgen::load
