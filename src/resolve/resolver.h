// Turns a `$ref` into the schema it names: same file or another file by a
// relative path, then a JSON pointer. Refuses what would make generation
// depend on anything but the schemas folder (network URIs, paths leaving the
// root) and says where the reference went wrong.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::resolve {

struct Location {
    const load::Document* doc = nullptr;
    std::string pointer;  // "" for the document root
    const load::json* node = nullptr;  // identifies the location: nodes do not move once loaded

    std::string key() const { return doc->path + "#" + pointer; }  // for messages
};

// Keeps the pointers it has walked, so a Resolver is not to be shared
// between threads.
class Resolver {
public:
    explicit Resolver(const load::SchemaSet& set) : set_(set) {}

    // `at` is the pointer of the schema object that holds the `$ref`.
    std::optional<Location> resolve(const load::Document& from, const std::string& at, const std::string& ref,
                                    diag::Sink& sink) const;

    const load::SchemaSet& schemas() const { return set_; }

private:
    const load::SchemaSet& set_;
    // Pointers walked without error, by target document. Speed: bench/README.md, "Walked pointers".
    mutable std::unordered_map<const load::Document*, std::unordered_map<std::string, Location>> walked_;
};

// RFC 3986 percent-decoding; false on a malformed escape.
bool percent_decode(const std::string& in, std::string& out);

// Normalises "a/./b/../c" lexically; returns false when the path climbs above
// its starting folder.
bool normalise_relative_path(const std::string& path, std::string& out);

}  // namespace contractgen::resolve
