#include "resolve/index.h"

#include <string_view>

#include "ir/schema_members.h"
#include "resolve/uri.h"

namespace contractgen::resolve {

namespace {

using load::json;

// Whether the text has "$id", "$anchor" or "$dynamicAnchor" in it (only then
// is the document walked). One pass from '$' to '$': searching for each
// quoted name stopped at every '"' of the text, three times, and an index is
// built by every resolver (bench/README.md, "Documents without identifiers").
// The older dialects' identifiers count too, since the loader rewrites them
// into these (load/dialect/): "$recursiveAnchor", and draft-04's "id" with a
// string value (a property called id has a schema, an object, as its value).
bool mentions_identifiers(const load::Document& doc) {
    std::string_view t = doc.text;
    for (std::size_t at = t.find('$'); at != std::string_view::npos; at = t.find('$', at + 1)) {
        if (at == 0 || t[at - 1] != '"') continue;
        std::string_view rest = t.substr(at);
        for (std::string_view name : {"$id\"", "$anchor\"", "$dynamicAnchor\"", "$recursiveAnchor\""})
            if (rest.substr(0, name.size()) == name) return true;
    }
    for (std::size_t at = t.find("\"id\""); at != std::string_view::npos; at = t.find("\"id\"", at + 4)) {
        std::size_t next = t.find_first_not_of(" \t\r\n", at + 4);
        if (next == std::string_view::npos || t[next] != ':') continue;
        next = t.find_first_not_of(" \t\r\n", next + 1);
        if (next != std::string_view::npos && t[next] == '"') return true;
    }
    return false;
}

struct Pending {
    const json* node;
    std::string pointer;
    std::string base;
    const json* resource;
};

void index_document(const load::Document& doc, SchemaIndex& index) {
    std::vector<Pending> stack;  // no recursion: schemas may nest deeply
    stack.push_back({&doc.root, "", doc.base_uri.empty() ? file_base_uri(doc.path) : doc.base_uri, &doc.root});
    while (!stack.empty()) {
        Pending p = std::move(stack.back());
        stack.pop_back();
        const json& node = *p.node;
        if (!node.is_object()) continue;
        Location here{&doc, p.pointer, p.node};
        if (auto id = node.find("$id"); id != node.end() && id->is_string()) {
            const std::string& text = id->get_ref<const std::string&>();
            std::string absolute = resolve_uri(p.base, text);
            if (absolute.find('#') != std::string::npos && absolute.back() != '#') {
                index.problems.push_back(
                    {here, "'$id' must not have a fragment ('" + text + "'); name a schema with '$anchor' instead"});
            }
            absolute = without_fragment(absolute);
            auto [it, inserted] = index.resources.emplace(absolute, here);
            if (!inserted && it->second.node != p.node)
                index.problems.push_back({here, "'$id' '" + text + "' names the resource '" + absolute + "', which " +
                                                    it->second.key() + " already is"});
            index.ids.emplace(p.node, absolute);
            p.base = absolute;
            p.resource = p.node;
        }
        for (const char* keyword : {"$anchor", "$dynamicAnchor"}) {
            auto a = node.find(keyword);
            if (a == node.end() || !a->is_string()) continue;
            const std::string& name = a->get_ref<const std::string&>();
            auto [it, inserted] = index.anchors.emplace(std::make_pair(p.resource, name), here);
            if (!inserted && it->second.node != p.node)
                index.problems.push_back(
                    {here, "anchor '" + name + "' is already defined in this resource at " + it->second.key()});
            if (std::string_view(keyword) == "$dynamicAnchor") index.dynamic_anchors[name].push_back(here);
        }
        for (const auto& [key, value] : node.items()) {
            switch (ir::member_kind(key)) {
                case ir::MemberKind::Schema:
                    stack.push_back({&value, load::pointer_append(p.pointer, key), p.base, p.resource});
                    break;
                case ir::MemberKind::SchemaMap:
                    if (value.is_object())
                        for (const auto& [name, sub] : value.items())
                            stack.push_back({&sub, load::pointer_append(p.pointer, key, name), p.base, p.resource});
                    break;
                case ir::MemberKind::SchemaList:
                    if (value.is_array())
                        for (std::size_t i = 0; i < value.size(); ++i)
                            stack.push_back({&value[i], load::pointer_append(load::pointer_append(p.pointer, key), i),
                                             p.base, p.resource});
                    break;
                default: break;
            }
        }
    }
}

}  // namespace

SchemaIndex SchemaIndex::build(const load::SchemaSet& set) {
    SchemaIndex index;
    for (const auto& doc : set.documents) {
        index.resources.emplace(file_base_uri(doc.path), Location{&doc, "", &doc.root});
        if (!doc.base_uri.empty()) {
            // A vendored file is the resource its URL names; its own root `$id`, if any, is its base.
            index.resources.emplace(doc.base_uri, Location{&doc, "", &doc.root});
            index.with_ids.insert(&doc);
            index_document(doc, index);
            index.ids.emplace(&doc.root, doc.base_uri);
            continue;
        }
        if (!mentions_identifiers(doc)) continue;
        index.with_ids.insert(&doc);
        index_document(doc, index);
    }
    return index;
}

std::string SchemaIndex::base_of(const load::Document& doc, const std::string& pointer) const {
    std::string base = file_base_uri(doc.path);
    if (!with_ids.count(&doc)) return base;
    const json* node = &doc.root;
    auto note = [&] {
        if (auto it = ids.find(node); it != ids.end()) base = it->second;
    };
    note();
    std::size_t start = 1;
    while (!pointer.empty() && start <= pointer.size()) {
        std::size_t slash = pointer.find('/', start);
        if (slash == std::string::npos) slash = pointer.size();
        std::string token = load::unescape_pointer_token(std::string_view(pointer).substr(start, slash - start));
        start = slash + 1;
        if (node->is_object()) {
            auto it = node->find(token);
            if (it == node->end()) break;
            node = &*it;
        } else if (node->is_array()) {
            std::size_t i = 0;
            for (char c : token) i = i * 10 + static_cast<std::size_t>(c - '0');
            if (token.empty() || token.find_first_not_of("0123456789") != std::string::npos || i >= node->size()) break;
            node = &(*node)[i];
        } else {
            break;
        }
        note();
    }
    return base;
}

}  // namespace contractgen::resolve
