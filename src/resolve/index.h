// Where `$id`, `$anchor` and `$dynamicAnchor` put schemas: every resource of
// the schema set by its absolute URI (a file's root, also under its root
// `$id`, and every embedded `$id`), every anchor by its resource, and the
// base URI of each schema that has a `$id`. Only schema positions are walked
// (ir/schema_members.h): an `$id` inside `const` or `examples` is data.
#pragma once

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::resolve {

struct Location {
    const load::Document* doc = nullptr;
    std::string pointer;  // "" for the document root
    const load::json* node = nullptr;  // identifies the location: nodes do not move once loaded

    std::string key() const { return doc->path + "#" + pointer; }  // for messages
};

struct SchemaIndex {
    std::unordered_map<std::string, Location> resources;  // absolute URI without fragment → its root schema
    std::map<std::pair<const load::json*, std::string>, Location> anchors;  // (resource root, name) → schema
    // `$dynamicAnchor`s by name (they are anchors for `$ref` too).
    std::map<std::string, std::vector<Location>> dynamic_anchors;
    std::unordered_map<const load::json*, std::string> ids;  // schema with a `$id` → its absolute URI
    std::set<const load::Document*> with_ids;  // documents that have any `$id`, `$anchor` or `$dynamicAnchor`
    // Problems found while indexing (a `$id` given twice, one with a fragment, an anchor given twice).
    std::vector<std::pair<Location, std::string>> problems;

    // Builds the index. Documents whose text mentions none of the three
    // keywords are not walked (their files are resources by path).
    static SchemaIndex build(const load::SchemaSet& set);

    // The base URI of the schema at `pointer` of `doc`: the nearest `$id`
    // on the way there, else the file's own URI.
    std::string base_of(const load::Document& doc, const std::string& pointer) const;
};

}  // namespace contractgen::resolve
