// Every resource of an older dialect, rewritten as its draft 2020-12
// equivalent (docs/dialects.md has the table); in every dialect, what is no
// keyword (or no known format) taken out as an annotation.
#include <algorithm>
#include <map>
#include <set>

#include "ir/model.h"
#include "ir/schema_members.h"
#include "load/dialect/dialect.h"
#include "load/dialect/node_places.h"
#include "load/dialect/ref_pointer.h"

namespace contractgen::load {

namespace {

// The `$dynamicAnchor` a 2019-09 `$recursiveAnchor: true` becomes, and the
// anchor its `$recursiveRef: "#"` then names.
constexpr const char* kRecursiveAnchor = "__recursiveAnchor";

// Editor annotations (VS Code's) that carry documentation: the first one
// present becomes the description of a schema that has none.
constexpr const char* kDocAnnotations[] = {"markdownDescription", "deprecationMessage"};

// What stays beside `$ref` in drafts 04 to 07, where `$ref` makes every
// sibling keyword mean nothing: annotations (documentation), and the places
// other references reach into.
const std::set<std::string> kBesideRef = {"$ref",        "$schema",   "$comment", "title",
                                          "description", "default",   "examples", "deprecated",
                                          "readOnly",    "writeOnly", "$defs",    "definitions"};

bool is_extension(const std::string& key) { return key.rfind("x-", 0) == 0; }

bool known_format(const std::string& name) {
    return ir::parse_format(name) != ir::StringFormat::None || name == "int64" || name == "uint64";
}

bool at_most_draft7(Dialect d) { return d == Dialect::Draft4 || d == Dialect::Draft6 || d == Dialect::Draft7; }

class Rewriter {
public:
    Rewriter(Document& doc, const SchemaPolicy& policy, std::vector<Unknown>& unknowns, diag::Sink& sink)
        : doc_(doc), policy_(policy), unknowns_(unknowns), sink_(sink), places_(doc) {}

    bool run() {
        doc_.dialect = policy_.dialect;
        walk(doc_.root, policy_.dialect, true, false);
        places_.finish();
        return ok_;
    }

private:
    using Renamed = std::map<std::string, std::string>;  // new key → old key

    void walk(json& node, Dialect d, bool file_root, bool recursive) {
        if (!node.is_object()) return;
        if (auto s = node.find("$schema"); s != node.end() && s->is_string()) {
            std::optional<Dialect> named = dialect_of_uri(s->get_ref<const std::string&>());
            if (!named) {
                Position at = places_.position_of(&*s);
                sink_.error(doc_.display_path, at.line, at.column,
                            "'$schema' names no dialect contractgen reads: " + s->dump() +
                                " (supported: " + supported_dialects() + ")");
                ok_ = false;
                return;
            }
            d = *named;
            // One spelling downstream: the resource is now in draft 2020-12.
            if (*s != dialect_uri(Dialect::Draft2020_12)) *s = std::string(dialect_uri(Dialect::Draft2020_12));
            // Where no resource starts (no `$id`), `$schema` is not for the
            // spec to read: its dialect is taken here, then the member goes.
            if (!file_root && !node.contains("$id") && !node.contains("id")) node.erase("$schema");
        }
        if (file_root) doc_.dialect = d;
        // A resource's root says whether its `$recursiveRef`s are dynamic (2019-09).
        if (d == Dialect::Draft2019_09 && (file_root || node.contains("$id")))
            recursive = node.value("$recursiveAnchor", json(false)) == json(true);
        edit(node, d, file_root, recursive);
        for (auto& [key, value] : node.items()) {
            switch (ir::member_kind(key)) {
                case ir::MemberKind::Schema: walk(value, d, false, recursive); break;
                case ir::MemberKind::SchemaMap:
                    if (value.is_object())
                        for (auto& [name, sub] : value.items()) walk(sub, d, false, recursive);
                    break;
                case ir::MemberKind::SchemaList:
                    if (value.is_array())
                        for (auto& sub : value) walk(sub, d, false, recursive);
                    break;
                default:
                    // Unknown keywords' values that references may reach are read as schemas of this dialect.
                    if (key == kUnknownKeywords && value.is_object())
                        for (auto& [name, sub] : value.items()) walk(sub, d, false, recursive);
                    break;
            }
        }
    }

    // One schema object's own members (not its subschemas).
    void edit(json& node, Dialect d, bool file_root, bool recursive) {
        std::vector<std::string> dropped;
        bool docs = false;
        for (const auto& [key, value] : node.items()) {
            if (is_extension(key) || key == "$defs") continue;  // `$defs`: a place references reach, in any dialect
            if (!is_dialect_keyword(d, key)) {
                if (std::find(std::begin(kDocAnnotations), std::end(kDocAnnotations), key) !=
                    std::end(kDocAnnotations)) {
                    docs = true;
                    continue;
                }
                unknowns_.push_back({Unknown::Kind::Keyword, key, d, doc_.display_path, places_.position_of(&value)});
                dropped.push_back(key);
            } else if (key == "format" && value.is_string() && !known_format(value.get_ref<const std::string&>())) {
                unknowns_.push_back({Unknown::Kind::Format, value.get<std::string>(), d, doc_.display_path,
                                     places_.position_of(&value)});
                dropped.push_back(key);
            }
        }
        if (dropped.empty() && !docs && d == Dialect::Draft2020_12 && !node.contains("definitions")) {
            rewrite_refs(node);
            return;
        }
        const NodePlaces::Snapshot before = places_.snapshot(node);
        Renamed renamed;
        for (const auto& key : dropped) set_aside(node, key, renamed);
        if (docs) take_docs(node, renamed);
        if (d != Dialect::Draft2020_12) convert(node, d, file_root, recursive, renamed);
        definitions_to_defs(node, renamed);
        places_.restore(node, before, renamed);
        rewrite_refs(node);
    }

    // An unknown keyword's value leaves the schema; an object or an array
    // stays reachable by references under kUnknownKeywords (load/document.h).
    static void set_aside(json& node, const std::string& key, Renamed& renamed) {
        json value = std::move(node[key]);
        node.erase(key);
        if (!value.is_object() && !value.is_array()) return;
        if (!node.contains(kUnknownKeywords)) {
            node[kUnknownKeywords] = json::object();
            renamed[kUnknownKeywords] = key;
        }
        if (json& aside = node[kUnknownKeywords]; aside.is_object()) aside[key] = std::move(value);
    }

    void rename(json& node, const std::string& from, const std::string& to, Renamed& renamed) {
        json value = std::move(node[from]);
        node.erase(from);
        node[to] = std::move(value);
        renamed[to] = renamed.count(from) ? renamed[from] : from;
    }

    void take_docs(json& node, Renamed& renamed) {
        for (const char* key : kDocAnnotations) {
            if (!node.contains(key)) continue;
            if (!node.contains("description") && node[key].is_string()) rename(node, key, "description", renamed);
            else
                node.erase(key);
        }
    }

    void convert(json& node, Dialect d, bool file_root, bool recursive, Renamed& renamed) {
        if (d == Dialect::Draft4 && node.contains("id")) {
            if (node["id"].is_string() && !node.contains("$id")) rename(node, "id", "$id", renamed);
            else
                node.erase("id");
        }
        if (at_most_draft7(d) && node.contains("$ref")) {
            // A sibling `$id` changes no base URI either; a file's own stays, as the name others know it by.
            std::vector<std::string> ignored;
            for (const auto& [key, value] : node.items())
                if (!kBesideRef.count(key) && !is_extension(key) && !(key == "$id" && file_root))
                    ignored.push_back(key);
            for (const auto& key : ignored) node.erase(key);
        }
        if (d != Dialect::Draft2019_09) id_fragment_to_anchor(node, renamed);
        if (d == Dialect::Draft4) {
            boolean_bound(node, "maximum", "exclusiveMaximum");
            boolean_bound(node, "minimum", "exclusiveMinimum");
        }
        if (at_most_draft7(d)) split_dependencies(node, renamed);
        if (auto items = node.find("items"); items != node.end() && items->is_array()) {
            rename(node, "items", "prefixItems", renamed);
            if (node.contains("additionalItems")) rename(node, "additionalItems", "items", renamed);
        } else {
            node.erase("additionalItems");  // means nothing without an array `items`
        }
        if (d == Dialect::Draft2019_09) recursion(node, recursive, renamed);
    }

    // Drafts 04-07 name a plain-name fragment with `$id`/`id`: "#foo", or "other.json#foo".
    void id_fragment_to_anchor(json& node, Renamed& renamed) {
        auto id = node.find("$id");
        if (id == node.end() || !id->is_string()) return;
        std::string text = id->get<std::string>();
        std::size_t hash = text.find('#');
        if (hash == std::string::npos) return;
        std::string base = text.substr(0, hash), anchor = text.substr(hash + 1);
        if (base.empty() && !anchor.empty()) {
            rename(node, "$id", "$anchor", renamed);
            node["$anchor"] = anchor;
            return;
        }
        if (base.empty()) {
            node.erase("$id");
            return;
        }
        *id = base;
        if (!anchor.empty() && !node.contains("$anchor")) {
            node["$anchor"] = anchor;
            renamed["$anchor"] = renamed.count("$id") ? renamed["$id"] : "$id";
        }
    }

    // draft-04: `"exclusiveMaximum": true` makes `maximum` exclusive.
    static void boolean_bound(json& node, const char* bound, const char* exclusive) {
        auto flag = node.find(exclusive);
        if (flag == node.end() || !flag->is_boolean()) return;
        auto limit = node.find(bound);
        if (flag->get<bool>() && limit != node.end() && limit->is_number()) {
            *flag = *limit;
            node.erase(bound);
        } else {
            node.erase(exclusive);
        }
    }

    // `dependencies`: an array of names is dependentRequired, a schema dependentSchemas.
    void split_dependencies(json& node, Renamed& renamed) {
        auto deps = node.find("dependencies");
        if (deps == node.end() || !deps->is_object()) return;
        const NodePlaces::Snapshot before = places_.snapshot(*deps);
        json required = json::object(), schemas = json::object();
        for (auto& [name, value] : deps->items()) {
            json& into = value.is_array() ? required : schemas;  // before the value is moved from
            into[name] = std::move(value);
        }
        places_.restore(required, before);
        places_.restore(schemas, before);
        node.erase("dependencies");
        if (!required.empty()) {
            node["dependentRequired"] = std::move(required);
            renamed["dependentRequired"] = "dependencies";
        }
        if (!schemas.empty()) {
            node["dependentSchemas"] = std::move(schemas);
            renamed["dependentSchemas"] = "dependencies";
        }
    }

    // 2019-09: `$recursiveRef: "#"` is dynamic when its resource's root says
    // `$recursiveAnchor: true`, as `$dynamicRef` to a `$dynamicAnchor` there is;
    // otherwise it is a plain `$ref`.
    void recursion(json& node, bool recursive, Renamed& renamed) {
        if (auto anchor = node.find("$recursiveAnchor"); anchor != node.end()) {
            if (*anchor == json(true)) {
                rename(node, "$recursiveAnchor", "$dynamicAnchor", renamed);
                node["$dynamicAnchor"] = kRecursiveAnchor;
            } else {
                node.erase("$recursiveAnchor");
            }
        }
        auto ref = node.find("$recursiveRef");
        if (ref == node.end()) return;
        if (recursive && *ref == json("#")) {
            rename(node, "$recursiveRef", "$dynamicRef", renamed);
            node["$dynamicRef"] = std::string("#") + kRecursiveAnchor;
        } else if (!node.contains("$ref")) {
            rename(node, "$recursiveRef", "$ref", renamed);
        } else {
            Position at = places_.position_of(&*ref);
            sink_.error(doc_.display_path, at.line, at.column,
                        "'$recursiveRef' beside '$ref' has no draft 2020-12 equivalent contractgen writes; put one "
                        "of them in an 'allOf'");
            ok_ = false;
        }
    }

    // `definitions` is read as `$defs` in every dialect (docs/dialects.md).
    void definitions_to_defs(json& node, Renamed& renamed) {
        auto defs = node.find("definitions");
        if (defs == node.end() || !defs->is_object()) return;
        if (!node.contains("$defs")) {
            rename(node, "definitions", "$defs", renamed);
            return;
        }
        json& target = node["$defs"];
        if (!target.is_object()) return;
        const NodePlaces::Snapshot old_defs = places_.snapshot(target);
        NodePlaces::Snapshot moved = places_.snapshot(node["definitions"]);
        for (auto& [name, schema] : node["definitions"].items()) {
            if (target.contains(name)) {
                Position at = places_.position_of(&schema);
                sink_.error(doc_.display_path, at.line, at.column,
                            "'definitions' and '$defs' both define '" + name +
                                "'; both are read as $defs, so rename one of them");
                ok_ = false;
                continue;
            }
            target[name] = std::move(schema);
        }
        moved.insert(moved.end(), old_defs.begin(), old_defs.end());
        places_.restore(target, moved);
        node.erase("definitions");
    }

    static void rewrite_refs(json& node) {
        for (const char* key : {"$ref", "$dynamicRef"})
            if (auto ref = node.find(key); ref != node.end() && ref->is_string())
                if (std::string moved = ref_to_moved_keywords(ref->get<std::string>()); moved != *ref) *ref = moved;
    }

    Document& doc_;
    const SchemaPolicy& policy_;
    std::vector<Unknown>& unknowns_;
    diag::Sink& sink_;
    NodePlaces places_;
    bool ok_ = true;
};

}  // namespace

bool to_draft_2020_12(Document& doc, const SchemaPolicy& policy, std::vector<Unknown>& unknowns, diag::Sink& sink) {
    const std::size_t first = unknowns.size();
    bool ok = Rewriter(doc, policy, unknowns, sink).run();
    // In the order of the text (the walk visits a renamed member last), so "the first" is the first.
    std::stable_sort(unknowns.begin() + static_cast<std::ptrdiff_t>(first), unknowns.end(),
                     [](const Unknown& a, const Unknown& b) {
                         return std::pair(a.at.line, a.at.column) < std::pair(b.at.line, b.at.column);
                     });
    return ok;
}

}  // namespace contractgen::load
