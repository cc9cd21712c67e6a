#include "resolve/resolver.h"

#include "load/dialect/dialect.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

#include "resolve/uri.h"

namespace contractgen::resolve {

bool percent_decode(const std::string& in, std::string& out) {
    out.clear();
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] != '%') {
            out += in[i];
            continue;
        }
        if (i + 2 >= in.size() || !std::isxdigit(static_cast<unsigned char>(in[i + 1])) ||
            !std::isxdigit(static_cast<unsigned char>(in[i + 2])))
            return false;
        out += static_cast<char>(std::stoi(in.substr(i + 1, 2), nullptr, 16));
        i += 2;
    }
    return true;
}

bool normalise_relative_path(const std::string& path, std::string& out) {
    if (!path.empty() && path[0] == '/') return false;
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t slash = path.find('/', start);
        if (slash == std::string::npos) slash = path.size();
        std::string part = path.substr(start, slash - start);
        if (part == "..") {
            if (parts.empty()) return false;
            parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        start = slash + 1;
    }
    out.clear();
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
    return true;
}

namespace {

std::string folder_of(const std::string& path) {
    auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

}  // namespace

std::optional<std::string> referenced_file(const std::string& from_path, const std::string& file_part,
                                           std::string& problem) {
    std::string decoded, normalised;
    if (!percent_decode(file_part, decoded)) {
        problem = "has a malformed %-escape";
        return std::nullopt;
    }
    // "/x" is relative to the root of the file system, not to this folder.
    if (!normalise_relative_path(!decoded.empty() && decoded[0] == '/' ? decoded : folder_of(from_path) + decoded,
                                 normalised)) {
        problem = "leaves the schemas root; references must stay inside the schemas folder";
        return std::nullopt;
    }
    return normalised;
}

namespace {

// Compared without the suffix schema files share, which would otherwise
// make any two short names look alike.
std::string stem(const std::string& path) {
    for (std::string_view suffix : {std::string_view(".schema.json"), std::string_view(".json")})
        if (path.size() >= suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)
            return path.substr(0, path.size() - suffix.size());
    return path;
}

}  // namespace

std::string unresolved_url_message(const std::string& ref, const std::string& url) {
    if (!is_web_url(url))
        return "$ref '" + ref +
               "' is an absolute URI that no schema of the set has as its $id; references to other files are "
               "relative paths like 'other.schema.json#/$defs/Name'";
    // The folder of the URL, as the prefix to map ("https://example.com/schemas/").
    const UriParts parts = split_uri(url);
    std::string prefix =
        lower_ascii(parts.scheme) + "://" + parts.authority + parts.path.substr(0, parts.path.rfind('/') + 1);
    if (prefix.back() != '/') prefix += '/';
    return "$ref '" + ref + "' points at the network ('" + url +
           "'), which contractgen never reads; vendor the file and map its URL prefix to that folder in "
           "contractgen.toml: [resolve] \"" +
           prefix + "\" = \"vendor/<folder>\" (docs/references.md)";
}

void Resolver::report_index_problems(diag::Sink& sink) const {
    for (const auto& [loc, message] : index_.problems) {
        load::Position p = loc.doc->position_of(loc.pointer);
        sink.error(loc.doc->display_path, p.line, p.column, message);
    }
}

std::optional<Location> Resolver::resolve(const load::Document& from, const std::string& at, const std::string& ref,
                                          diag::Sink& sink) const {
    auto fail = [&](const std::string& message) -> std::optional<Location> {
        // Only a failure needs to know where the reference is written.
        load::Position where = from.value_position_of(load::pointer_append(at, "$ref"));
        sink.error(from.display_path, where.line, where.column, message);
        return std::nullopt;
    };

    auto hash = ref.find('#');
    std::string file_part = ref.substr(0, hash);
    std::string fragment = hash == std::string::npos ? std::string() : ref.substr(hash + 1);

    // A URI first: against the base the schema is in (a `$id`, or the file's own URI).
    std::optional<Location> resource;
    const bool absolute = has_uri_scheme(ref);
    if (absolute || index_.with_ids.count(&from)) {
        std::string target = without_fragment(resolve_uri(index_.base_of(from, at), file_part));
        if (auto it = index_.resources.find(target); it != index_.resources.end()) resource = it->second;
        else if (absolute || !from.base_uri.empty())
            return fail(unresolved_url_message(ref, target));
    }
    // Else a file, by its path relative to this one.
    if (!resource && file_part.empty()) resource = Location{&from, "", &from.root};
    if (!resource) {
        std::string problem;
        const std::optional<std::string> path = referenced_file(from.path, file_part, problem);
        if (!path) return fail("$ref '" + ref + "' " + problem);
        const std::string& normalised = *path;
        if (const load::Document* doc = set_.find(normalised)) {
            resource = Location{doc, "", &doc->root};
        } else if (auto it = index_.resources.find(file_base_uri(normalised)); it != index_.resources.end()) {
            resource = it->second;  // a `$id` relative to a file without one
        } else {
            std::vector<std::string> known;
            for (const auto& d : set_.documents) known.push_back(stem(d.path));
            std::string hint = diag::closest_match(stem(normalised), known);
            if (!hint.empty())
                hint = set_.documents[static_cast<std::size_t>(std::find(known.begin(), known.end(), hint) -
                                                               known.begin())]
                           .path;
            return fail("$ref '" + ref + "' names file '" + normalised + "', which is not a schema under the root" +
                        (hint.empty() ? std::string() : " (did you mean '" + hint + "'?)"));
        }
    }
    return walk(*resource, ref, fragment, fail);
}

// The fragment of a reference within its resource: a JSON pointer (walked
// token by token, so the error can say which step failed) or an anchor.
std::optional<Location> Resolver::walk(const Location& resource, const std::string& ref, const std::string& fragment,
                                       const std::function<std::optional<Location>(const std::string&)>& fail) const {
    std::string pointer;
    if (!percent_decode(fragment, pointer)) return fail("$ref '" + ref + "' has a malformed %-escape");
    if (!pointer.empty() && pointer[0] != '/') {
        auto it = index_.anchors.find({resource.node, pointer});
        if (it == index_.anchors.end())
            return fail("$ref '" + ref + "' names the anchor '" + pointer + "', which no schema in '" + resource.key() +
                        "' declares ($anchor or $dynamicAnchor)");
        return it->second;
    }

    auto& walked_in_target = walked_[resource.doc];
    std::string full = resource.pointer + pointer;
    if (auto it = walked_in_target.find(full); it != walked_in_target.end()) return it->second;

    const load::json* node = resource.node;
    std::string walked = resource.pointer;
    std::size_t start = 1;
    while (start <= pointer.size() && !pointer.empty()) {
        std::size_t slash = pointer.find('/', start);
        if (slash == std::string::npos) slash = pointer.size();
        std::string token = load::unescape_pointer_token(pointer.substr(start, slash - start));
        start = slash + 1;
        if (node->is_object()) {
            auto it = node->find(token);
            // Into the value of an unknown keyword, which the loader set aside.
            if (auto aside = node->find(load::kUnknownKeywords);
                it == node->end() && aside != node->end() && aside->is_object() && aside->contains(token)) {
                node = &aside->at(token);
                walked = load::pointer_append(load::pointer_append(walked, load::kUnknownKeywords), token);
                continue;
            }
            if (it == node->end()) {
                std::vector<std::string> keys;
                for (auto& [k, v] : node->items()) keys.push_back(k);
                std::string hint = diag::closest_match(token, keys);
                return fail("$ref '" + ref + "' does not resolve" +
                            (hint.empty() ? std::string(": no '" + token + "' in '#" + walked + "'")
                                          : " (did you mean '" + hint + "'?)"));
            }
            node = &*it;
        } else if (node->is_array()) {
            // At most 18 digits: more could not index anything and would overflow stoull.
            bool digits = !token.empty() && token.size() <= 18 &&
                          token.find_first_not_of("0123456789") == std::string::npos &&
                          (token.size() == 1 || token[0] != '0');
            if (!digits || std::stoull(token) >= node->size())
                return fail("$ref '" + ref + "' does not resolve: no item '" + token + "' in '#" + walked + "'");
            node = &(*node)[std::stoull(token)];
        } else {
            return fail("$ref '" + ref + "' does not resolve: '#" + walked + "' is not an object or array");
        }
        walked = load::pointer_append(walked, token);
    }
    Location found{resource.doc, walked, node};
    walked_in_target.emplace(full, found);
    return found;
}

}  // namespace contractgen::resolve
