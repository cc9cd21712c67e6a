// Which schemas are declared (named) types, and their names: every `$defs`
// entry under its key, and a file's root schema when it has keywords that
// define a type (anything but `$defs` and annotations), named by its `title`
// in Pascal case ("Order events" → OrderEvents), else by the file name
// (order_events.schema.json → OrderEvents). A root of only `$defs` is a library
// of types, not a type, and a `$ref` to it is an error. Names are unique
// within a family; a clash says where the other definition is and, for a
// root, where its name came from.
#include <map>
#include <set>
#include <string_view>

#include "ir/build/builder.h"
#include "naming/words.h"

namespace contractgen::ir::builder {

namespace {

// How a declared type got its name, for messages about clashes.
struct Declared {
    Location loc;
    bool root = false;
    bool named_by_title = false;  // a root named after its title (else after its file name)

    // "at FILE:L:C" for a $defs entry, "as the root schema of FILE:L:C (named after ...)" for a root.
    std::string where() const {
        load::Position p =
            loc.doc->position_of(named_by_title ? load::pointer_append(loc.pointer, "title") : loc.pointer);
        std::string at = loc.doc->display_path + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
        return root ? "as the root schema of " + at + " (" + how() + ")" : "at " + at;
    }
    std::string how() const { return named_by_title ? "named after its title" : "named after the file name"; }
};

std::string file_stem(const std::string& path) {
    std::string name = path.substr(path.rfind('/') + 1);
    for (std::string_view suffix : {std::string_view(".schema.json"), std::string_view(".json")})
        if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return name.substr(0, name.size() - suffix.size());
    return name;
}

// The folder a vendored file sits in, below its URL's host ("https://h/a/b/c.json" → "b").
std::string parent_folder(const std::string& url) {
    const std::size_t last = url.rfind('/');
    if (last == std::string::npos || last == 0) return "";
    const std::size_t before = url.rfind('/', last - 1);
    return before == std::string::npos ? url.substr(0, last) : url.substr(before + 1, last - before - 1);
}

}  // namespace

bool root_is_type(const json& root) {
    if (root.is_boolean()) return true;  // `true` (any value) or `false` (none)
    if (!root.is_object()) return false;
    // Documentation and identifiers alone do not make a type; content
    // annotations (contentMediaType, readOnly, ...) describe the value, so they do.
    for (const auto& [k, v] : root.items())
        if (k != "$defs" &&
            (!is_annotation_keyword(k) || k.rfind("content", 0) == 0 || k == "readOnly" || k == "writeOnly"))
            return true;
    return false;
}

void Builder::declare_named_schemas() {
    // The names first, so that a `$defs` name another file of the family
    // declares too can be told before anything is declared.
    struct Candidate {
        const load::Document* doc;
        std::string name;
        Declared how;
    };
    std::vector<Candidate> candidates;
    std::map<std::pair<std::string, std::string>, std::set<const load::Document*>> files_of;  // (family, name)
    for (const auto& doc : set_.documents) {
        if (in_part_ && !(*in_part_)[static_cast<std::size_t>(&doc - set_.documents.data())]) continue;
        Location root{&doc, "", &doc.root};
        if (!doc.root.is_object() && !doc.root.is_boolean()) {
            error_at(root, "a schema file must contain a JSON object (or true or false)");
            continue;
        }
        checked(root);
        if (root_is_type(doc.root)) {
            std::string name;
            if (const json* title = member(doc.root, "title"); title && title->is_string())
                name = naming::to_case(title->get_ref<const std::string&>(), naming::Case::Pascal);
            bool by_title = !name.empty();
            if (!by_title) name = pascal(file_stem(doc.path));
            candidates.push_back({&doc, name, Declared{root, true, by_title}});
        }
        if (auto defs = doc.root.find("$defs"); defs != doc.root.end() && defs->is_object())
            for (const auto& [name, schema] : defs->items())
                candidates.push_back({&doc, name, Declared{child(root, "$defs", name, schema)}});
    }
    // Names are compared as the identifiers they become ("integer" and
    // "Integer" are one type name in every target).
    auto key_of = [](const Candidate& c) { return std::make_pair(c.doc->family, pascal(c.name)); };
    std::map<std::pair<std::string, std::string>, std::set<const load::Document*>> vendored_roots;
    for (const Candidate& c : candidates) {
        files_of[key_of(c)].insert(c.doc);
        if (c.how.root && !c.doc->base_uri.empty()) vendored_roots[key_of(c)].insert(c.doc);
    }
    // Vendored files cannot be renamed (they are copies of someone else's):
    // roots of two of them with one name, both named after the file name
    // ("a/item.json", "b/item.json") or after the same title, are qualified by
    // the folder, or the file, they come from (AItem, BItem; docs/references.md).
    for (Candidate& c : candidates) {
        const auto key = key_of(c);
        if (!c.how.root || c.doc->base_uri.empty() || vendored_roots[key].size() < 2) continue;
        const std::string qualifier = c.how.named_by_title ? file_stem(c.doc->path) : parent_folder(c.doc->path);
        warning_at(c.how.loc, "vendored root type name '" + c.name + "' is taken by " +
                                  std::to_string(vendored_roots[key].size()) + " vendored files of family '" +
                                  c.doc->family + "'; this one is named '" + pascal(qualifier) + c.name + "'");
        c.name = pascal(qualifier) + c.name;
        files_of[key].erase(c.doc);
        files_of[key_of(c)].insert(c.doc);
    }
    // Sibling files (a schema split over files, each with its own `$defs`)
    // often use the same names. A `$defs` entry whose name another file of
    // the family declares too is qualified by its file's name in Pascal
    // case (common.json#/$defs/Item → CommonItem), in every file that has
    // it; roots keep their names (docs/references.md, "Names across files").
    std::set<std::pair<std::string, std::string>> warned;
    for (Candidate& c : candidates) {
        const auto key = key_of(c);
        const auto& files = files_of[key];
        if (c.how.root || files.size() < 2) continue;
        if (warned.insert(key).second) {
            std::string list;
            for (const load::Document* d : files)
                list += (list.empty() ? "" : ", ") + d->path.substr(d->path.rfind('/') + 1);
            warning_at(c.how.loc, "type name '" + c.name + "' is declared in " + std::to_string(files.size()) +
                                      " files of family '" + c.doc->family + "' (" + list +
                                      "); each $defs entry of that name is qualified by its file's name");
        }
        c.name = pascal(file_stem(c.doc->path)) + c.name;
    }

    std::map<std::string, std::map<std::string, Declared>> seen;  // family → name → where
    for (const Candidate& c : candidates) {
        const load::Document& doc = *c.doc;
        const std::string& name = c.name;
        const Declared& d = c.how;
        auto& where = seen[doc.family];
        if (auto it = where.find(name); it != where.end()) {
            const Declared& first = it->second;
            if (!d.root) {
                error_at(d.loc, "type '" + name + "' is already defined in family '" + doc.family + "' " +
                                    first.where() + "; type names must be unique within a family");
            } else {
                error_at(
                    d.loc,
                    "the root schema of this file is the type '" + name + "' (" + d.how() + "), which family '" +
                        doc.family + "' already has " + first.where() +
                        "; type names must be unique within a family (" +
                        (d.named_by_title ? "change the title" : "rename the file or give its root schema a 'title'") +
                        ")",
                    d.named_by_title ? "title" : "");
            }
            continue;
        }
        where.emplace(name, d);
        DeclId id = add_decl(doc.family, name, false, d.loc);
        named_locations_.push_back(d.loc);
        named_by_location_[d.loc.node] = id;
    }
    named_count_ = model_.decls.size();
    state_.assign(named_count_, State::Pending);
}

}  // namespace contractgen::ir::builder
