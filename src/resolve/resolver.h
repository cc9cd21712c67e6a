// Turns a `$ref` into the schema it names: a resource of the schema set (a
// file, or a schema with a `$id`, resolved as URIs are: resolve/uri.h), or
// another file by a relative path, then a JSON pointer or an anchor
// (`$anchor`, `$dynamicAnchor`). Refuses what would make generation depend
// on anything but the schemas folder (network URIs, paths leaving the root)
// and says where the reference went wrong.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include "diag/diagnostics.h"
#include "load/document.h"
#include "resolve/index.h"

namespace contractgen::resolve {

// Keeps the pointers it has walked, so a Resolver is not to be shared
// between threads.
class Resolver {
public:
    explicit Resolver(const load::SchemaSet& set) : set_(set), index_(SchemaIndex::build(set)) {}

    // `at` is the pointer of the schema object that holds the `$ref`.
    std::optional<Location> resolve(const load::Document& from, const std::string& at, const std::string& ref,
                                    diag::Sink& sink) const;

    // A `$dynamicRef` (its value `ref`, written at `at`), where it means the
    // same as `$ref` whatever the dynamic scope (docs/semantics.md): a JSON
    // pointer fragment, a target without a `$dynamicAnchor` of that name, or
    // no other `$dynamicAnchor` of that name in a file that can reach this
    // one. Otherwise an error that says why.
    std::optional<Location> resolve_dynamic(const load::Document& from, const std::string& at, const std::string& ref,
                                            diag::Sink& sink) const;

    // Problems of the identifiers themselves (a `$id` given twice, ...); the
    // IR builder reports them once.
    void report_index_problems(diag::Sink& sink) const;

    const load::SchemaSet& schemas() const { return set_; }
    const SchemaIndex& index() const { return index_; }

private:
    std::optional<Location> walk(const Location& resource, const std::string& ref, const std::string& fragment,
                                 const std::function<std::optional<Location>(const std::string&)>& fail) const;
    const std::set<const load::Document*>& reaching(const load::Document& doc) const;

    const load::SchemaSet& set_;
    SchemaIndex index_;
    // Files that can reach each file through references (for `$dynamicRef`), computed on first use.
    mutable std::map<const load::Document*, std::set<const load::Document*>> reaching_;
    // Pointers walked without error, by target document. Speed: bench/README.md, "Walked pointers".
    mutable std::unordered_map<const load::Document*, std::unordered_map<std::string, Location>> walked_;
};

// The error for a `$ref` whose absolute URI `url` names nothing of the set:
// for an http(s) URL, what to add to `[resolve]`.
std::string unresolved_url_message(const std::string& ref, const std::string& url);

// RFC 3986 percent-decoding; false on a malformed escape.
bool percent_decode(const std::string& in, std::string& out);

// Normalises "a/./b/../c" lexically; returns false when the path climbs above
// its starting folder.
bool normalise_relative_path(const std::string& path, std::string& out);

// The path (relative to the schemas root, normalised) of the file that the
// file part of a `$ref` names by its path relative to the file `from_path`:
// percent-decoded, resolved against that file's folder. nullopt, with
// `problem` the end of a message ("has a malformed %-escape", "leaves the
// schemas root; ..."), when it cannot name a file there. Whether a schema
// file has that path is the caller's to look up (SchemaSet::find).
std::optional<std::string> referenced_file(const std::string& from_path, const std::string& file_part,
                                           std::string& problem);

}  // namespace contractgen::resolve
