// The document level of an OpenAPI 3.0/3.1 document: its version, its
// components and its paths, as the schema document the pipeline reads:
//   {"$schema": <2020-12>, "title": info.title, "description": info.description,
//    "$defs": <components/schemas, each as JSON Schema 2020-12>,
//    "x-openapi": {"tags": [...], "paths": <paths>}}
// `x-openapi` holds operations only (schemas/README.md, "Operations and
// streams"), so what OpenAPI keeps in components for reuse is written out
// where it is used: a `$ref` to components/parameters, requestBodies,
// responses, headers or examples is replaced by that component, and a path
// item's parameters are given to each of its operations.
#include <algorithm>
#include <regex>

#include "load/openapi/converter.h"
#include "load/openapi/openapi.h"

namespace contractgen::load::openapi {

namespace {

const char* kDialect2020 = "https://json-schema.org/draft/2020-12/schema";

std::string kind_name(const json& v) {
    switch (v.type()) {
        case json::value_t::object: return "an object";
        case json::value_t::array: return "an array";
        case json::value_t::string: return "a string";
        case json::value_t::boolean: return "a boolean";
        case json::value_t::null: return "null";
        default: return "a number";
    }
}

bool is_method(const std::string& k) {
    static const std::set<std::string> methods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"};
    return methods.count(k) > 0;
}

// Reads the document's paths into `x-openapi`, writing components out where they are used.
class Paths {
public:
    Paths(Converter& c, const json& root) : c_(c) {
        auto it = root.find("components");
        if (it != root.end() && it->is_object()) components_ = &*it;
    }

    json paths(const json& from, const std::string& pointer) {
        c_.origins.note(pointer, from);
        if (!from.is_object()) {
            c_.error(from, "\"paths\" must be an object (an OpenAPI Paths Object), not " + kind_name(from));
            return json::object();
        }
        json out = json::object();
        for (const auto& [path, item] : from.items()) {
            const std::string at = pointer_append(pointer, path);
            if (!item.is_object()) {
                out[path] = item;  // the operations' reader reports it
                continue;
            }
            if (item.contains("$ref")) {
                c_.error(item["$ref"], "a path item '$ref' is not read; write the path item out under '" + path + "'");
                continue;
            }
            c_.origins.note(at, item);
            const json* shared = item.contains("parameters") ? &item["parameters"] : nullptr;
            json written = json::object();
            for (const auto& [k, v] : item.items()) {
                if (is_method(k)) written[k] = operation(v, pointer_append(at, k), shared);
                else if (k == "parameters" || k == "summary" || k == "description")
                    continue;  // given to each operation / prose
                else
                    written[k] = v;  // `servers`, an unknown method: the operations' reader reports it
            }
            out[path] = std::move(written);
        }
        return out;
    }

    const std::vector<std::string>& operation_tags() const { return tags_; }
    const json* first_security() const { return security_; }

private:
    // The component a `{"$ref": "#/components/<kind>/<name>"}` names (following
    // a chain of them), or the node itself when it is no reference.
    const json* resolve(const json& node, const std::string& kind) {
        const json* at = &node;
        for (int hops = 0; at->is_object() && at->contains("$ref"); ++hops) {
            const json& ref = (*at)["$ref"];
            const std::string prefix = "#/components/" + kind + "/";
            if (!ref.is_string() || ref.get_ref<const std::string&>().compare(0, prefix.size(), prefix) != 0) {
                c_.error(ref, "this '$ref' must name one of this document's components/" + kind + " (\"" + prefix +
                                  "<Name>\")");
                return nullptr;
            }
            std::string name = unescape_pointer_token(ref.get_ref<const std::string&>().substr(prefix.size()));
            const json* group = nullptr;
            if (components_)
                if (auto it = components_->find(kind); it != components_->end() && it->is_object()) group = &*it;
            auto found = group ? group->find(name) : json::const_iterator();
            if (!group || found == group->end()) {
                std::vector<std::string> names;
                if (group)
                    for (const auto& [n, v] : group->items()) names.push_back(n);
                std::string hint = diag::closest_match(name, names);
                c_.error(ref, "'$ref' names components/" + kind + "/" + name + ", which does not exist" +
                                  (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
                return nullptr;
            }
            if (hops > 16) {
                c_.error(ref, "'$ref's of components/" + kind + " form a loop");
                return nullptr;
            }
            at = &*found;
        }
        return at;
    }

    // The path item's parameters, then the operation's; one of the operation's
    // replaces the path item's with the same name and location.
    json parameters(const json* own_from, const json* shared_from, const std::string& pointer) {
        if (own_from && !own_from->is_array()) return *own_from;  // the operations' reader reports it
        std::vector<const json*> own, all;
        if (own_from)
            for (const json& p : *own_from)
                if (const json* resolved = resolve(p, "parameters")) own.push_back(resolved);
        auto same = [](const json* a, const json* b) {
            return a->is_object() && b->is_object() && a->value("name", json()) == b->value("name", json()) &&
                   a->value("in", json()) == b->value("in", json());
        };
        if (shared_from && shared_from->is_array())
            for (const json& p : *shared_from)
                if (const json* s = resolve(p, "parameters"))
                    if (std::none_of(own.begin(), own.end(), [&](const json* o) { return same(o, s); }))
                        all.push_back(s);
        all.insert(all.end(), own.begin(), own.end());
        json out = json::array();
        for (std::size_t i = 0; i < all.size(); ++i) out.push_back(parameter(*all[i], pointer_append(pointer, i)));
        return out;
    }

    // A Parameter or Header Object.
    json parameter(const json& from, const std::string& pointer) {
        c_.origins.note(pointer, from);
        json out = from;
        if (from.is_object() && from.contains("schema"))
            out["schema"] = c_.schema(from["schema"], pointer_append(pointer, "schema"));
        return out;
    }

    json operation(const json& from, const std::string& pointer, const json* shared) {
        c_.origins.note(pointer, from);
        if (!from.is_object()) return from;
        json out = json::object();
        for (const auto& [k, v] : from.items()) {
            const std::string at = pointer_append(pointer, k);
            if (k == "parameters") out[k] = parameters(&v, shared, at);
            else if (k == "requestBody")
                out[k] = body(v, at);
            else if (k == "responses")
                out[k] = responses(v, at);
            else if (k == "callbacks")
                c_.warning(v, "callbacks are not read; the operation is kept without them");
            else if (k == "security")
                security_ = security_ ? security_ : &v;
            else
                out[k] = v;
            if (k == "tags" && v.is_array())
                for (const json& t : v)
                    if (t.is_string() && std::find(tags_.begin(), tags_.end(), t.get<std::string>()) == tags_.end())
                        tags_.push_back(t.get<std::string>());
        }
        if (!from.contains("parameters") && shared)
            out["parameters"] = parameters(nullptr, shared, pointer_append(pointer, "parameters"));
        return out;
    }

    json body(const json& from, const std::string& pointer) {
        const json* b = resolve(from, "requestBodies");
        if (!b) return from;
        c_.origins.note(pointer, *b);
        json out = *b;
        if (b->is_object() && b->contains("content"))
            out["content"] = content((*b)["content"], pointer_append(pointer, "content"));
        return out;
    }

    json responses(const json& from, const std::string& pointer) {
        if (!from.is_object()) return from;
        json out = json::object();
        for (const auto& [status, r] : from.items()) {
            const std::string at = pointer_append(pointer, status);
            const json* resolved = status.rfind("x-", 0) == 0 ? &r : resolve(r, "responses");
            if (!resolved) continue;
            c_.origins.note(at, *resolved);
            json written = *resolved;
            if (resolved->is_object()) {
                written.erase("links");  // links name operations and components that are not written out
                if (resolved->contains("content"))
                    written["content"] = content((*resolved)["content"], pointer_append(at, "content"));
                if (resolved->contains("headers") && (*resolved)["headers"].is_object())
                    for (const auto& [name, h] : (*resolved)["headers"].items()) {
                        const std::string hp = pointer_append(pointer_append(at, "headers"), name);
                        if (const json* header = resolve(h, "headers"))
                            written["headers"][name] = parameter(*header, hp);
                    }
            }
            out[status] = std::move(written);
        }
        return out;
    }

    json content(const json& from, const std::string& pointer) {
        if (!from.is_object()) return from;
        json out = json::object();
        for (const auto& [media, m] : from.items()) {
            const std::string at = pointer_append(pointer, media);
            c_.origins.note(at, m);
            json written = m;
            if (m.is_object() && m.contains("schema"))
                written["schema"] = c_.schema(m["schema"], pointer_append(at, "schema"));
            if (m.is_object() && m.contains("examples") && m["examples"].is_object())
                for (const auto& [name, e] : m["examples"].items()) {
                    const json* example = resolve(e, "examples");
                    if (!example) continue;
                    c_.origins.note(pointer_append(pointer_append(at, "examples"), name), *example);
                    written["examples"][name] = *example;
                }
            out[media] = std::move(written);
        }
        return out;
    }

    Converter& c_;
    const json* components_ = nullptr;  // the document's, when it is an object
    std::vector<std::string> tags_;  // operation tags in order of first use
    const json* security_ = nullptr;  // the first operation's `security`, which is not read
};

}  // namespace

void Converter::error(const json& at, const std::string& message) {
    Position p = source.position_of(&at);
    sink.error(source.display_path, p.line, p.column, message);
    failed = true;
}

void Converter::warning(const json& at, const std::string& message) {
    Position p = source.position_of(&at);
    sink.warning(source.display_path, p.line, p.column, message);
}

namespace {

json convert_root(Converter& c, const json& root) {
    json out = json::object();
    out["$schema"] = kDialect2020;
    if (root.contains("info") && root["info"].is_object()) {
        const json& info = root["info"];
        if (info.contains("title") && info["title"].is_string()) out["title"] = info["title"];
        if (info.contains("description") && info["description"].is_string()) out["description"] = info["description"];
    }
    const json empty = json::object();
    const json& components = root.contains("components") ? root["components"] : empty;
    if (!components.is_object()) c.error(components, "\"components\" must be an object, not " + kind_name(components));
    else if (components.contains("schemas")) {
        const json& schemas = components["schemas"];
        c.origins.note("/$defs", schemas);
        if (!schemas.is_object())
            c.error(schemas, "\"components/schemas\" must be an object of schemas, not " + kind_name(schemas));
        else {
            out["$defs"] = json::object();
            for (const auto& [name, s] : schemas.items())
                out["$defs"][name] = c.schema(s, pointer_append("/$defs", name));
        }
    }
    Paths paths(c, root);
    json api = json::object();
    if (root.contains("paths")) api["paths"] = paths.paths(root["paths"], "/x-openapi/paths");
    // x-openapi needs each operation tag declared, with a description.
    json tags = json::array();
    std::set<std::string> declared;
    if (root.contains("tags") && root["tags"].is_array()) {
        c.origins.note("/x-openapi/tags", root["tags"]);
        for (const json& t : root["tags"]) {
            json tag = t;
            if (t.is_object() && t.contains("name") && t["name"].is_string()) {
                declared.insert(t["name"].get<std::string>());
                if (!t.contains("description")) tag["description"] = t["name"];
            }
            tags.push_back(std::move(tag));
        }
    }
    for (const std::string& name : paths.operation_tags())
        if (declared.insert(name).second) tags.push_back({{"name", name}, {"description", name}});
    if (!tags.empty()) api["tags"] = std::move(tags);
    // Security schemes have no place in x-openapi, and a requirement naming
    // no scheme would make the published document invalid: said once.
    const json* security = root.contains("security") ? &root["security"] : paths.first_security();
    if (!security && root.contains("components") && root["components"].is_object() &&
        root["components"].contains("securitySchemes"))
        security = &root["components"]["securitySchemes"];
    if (security)
        c.warning(*security,
                  "security schemes and requirements are not read; the operations are published without them");
    if (!api.empty()) {
        if (!api.contains("paths")) api["paths"] = json::object();
        out["x-openapi"] = std::move(api);
    }
    c.tag_discriminated_variants(out);
    return out;
}

}  // namespace

bool convert_openapi(Document& doc, diag::Sink& sink) {
    const json& root = doc.root;
    Converter c{doc, sink, Version::V31, {}, false};
    if (root.contains("swagger")) {
        c.error(
            root["swagger"],
            "Swagger " + (root["swagger"].is_string() ? root["swagger"].get<std::string>() + " " : std::string()) +
                "documents are not read: contractgen reads OpenAPI 3.0 and 3.1; convert the document to OpenAPI 3 first (for instance with swagger2openapi)");
        return false;
    }
    const json& v = root["openapi"];
    static const std::regex v30(R"(3\.0\.[0-9]+(-.*)?)"), v31(R"(3\.1\.[0-9]+(-.*)?)");
    if (!v.is_string()) {
        c.error(v, "\"openapi\" must be the version as a string (\"3.1.0\"), not " + kind_name(v));
        return false;
    }
    const std::string& version = v.get_ref<const std::string&>();
    if (std::regex_match(version, v30)) c.version = Version::V30;
    else if (!std::regex_match(version, v31)) {
        c.error(v, "OpenAPI " + diag::printable(version) +
                       " documents are not read as input: contractgen reads OpenAPI 3.0.x and 3.1.x");
        return false;
    }
    static const std::set<std::string> members = {"openapi", "info",        "jsonSchemaDialect", "servers",
                                                  "paths",   "webhooks",    "components",        "security",
                                                  "tags",    "externalDocs"};
    for (const auto& [k, m] : root.items())
        if (!members.count(k) && k.rfind("x-", 0) != 0) {
            std::string hint = diag::closest_match(k, std::vector<std::string>(members.begin(), members.end()));
            c.error(m, "unknown member '" + diag::printable(k) + "' of an OpenAPI document" +
                           (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
        }
    if (c.version == Version::V31 && root.contains("jsonSchemaDialect")) {
        const json& d = root["jsonSchemaDialect"];
        if (d != kDialect2020 && d != "https://spec.openapis.org/oas/3.1/dialect/base")
            c.error(d, "jsonSchemaDialect " +
                           (d.is_string() ? "'" + diag::printable(d.get<std::string>()) + "'" : kind_name(d)) +
                           " is not read: the schemas of an OpenAPI 3.1 document are read as JSON Schema 2020-12");
    }
    if (root.contains("webhooks") && !root["webhooks"].empty())
        c.warning(root["webhooks"], "webhooks are not read; only 'paths' become operations");
    json converted = convert_root(c, root);
    if (c.failed) return false;
    Document out;
    out.path = doc.path;
    out.display_path = doc.display_path;
    out.family = doc.family;
    out.root = std::move(converted);
    c.origins.apply(doc, out);
    out.text = std::move(doc.text);
    out.text_sha256 = std::move(doc.text_sha256);
    out.line_starts = std::move(doc.line_starts);
    doc = std::move(out);
    return true;
}

}  // namespace contractgen::load::openapi
