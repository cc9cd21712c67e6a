#include "ir/operations.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include "ir/api_reader.h"
#include "ir/streams.h"

namespace contractgen::ir {

namespace {

using Want = api::Reader::Want;

// The methods of an OpenAPI 3.1 Path Item (3.2's `query` and
// `additionalOperations` have no 3.1 rendering, so they are not accepted).
const std::vector<std::string>& http_methods() {
    static const std::vector<std::string> methods = {"get",     "put",  "post",  "delete",
                                                     "options", "head", "patch", "trace"};
    return methods;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string where(const load::SchemaSet& set, const Origin& o) {
    const load::Document* doc = set.find(o.file);
    return (doc ? doc->display_path : o.file) + ":" + std::to_string(o.line) + ":" + std::to_string(o.column);
}

// The `{name}` parts of a path template.
std::vector<std::string> template_names(const std::string& path) {
    std::vector<std::string> names;
    static const std::regex var(R"(\{([^{}]*)\})");
    for (auto it = std::sregex_iterator(path.begin(), path.end(), var); it != std::sregex_iterator(); ++it)
        names.push_back((*it)[1]);
    return names;
}

// Reads the `x-openapi` of one schema file.
class OperationReader {
public:
    OperationReader(api::Reader& r, const load::Document& doc, const StreamIndex& streams, Model& model)
        : r_(r), doc_(doc), streams_(streams), model_(model) {}

    void read(const json& node) {
        const std::string pointer = "/x-openapi";
        if (!node.is_object()) {
            r_.error(doc_, pointer,
                     "x-openapi must be an object with 'paths' (and optionally 'tags'), not " + api::kind_name(node));
            return;
        }
        r_.check_members(doc_, pointer, node, {"paths", "tags"}, "x-openapi");
        if (auto* tags = r_.member(doc_, pointer, node, "tags", Want::Array, false, "x-openapi"))
            read_tags(at(pointer, "tags"), *tags);
        const json* paths = r_.member(doc_, pointer, node, "paths", Want::Object, true, "x-openapi");
        if (!paths) return;
        for (auto it = paths->begin(); it != paths->end(); ++it)
            read_path(it.key(), at(at(pointer, "paths"), it.key()), *it);
    }

private:
    static std::string at(const std::string& pointer, std::string_view key) {
        return load::pointer_append(pointer, key);
    }

    void read_tags(const std::string& pointer, const json& tags) {
        for (std::size_t i = 0; i < tags.size(); ++i) {
            std::string p = load::pointer_append(pointer, i);
            const json& tag = tags[i];
            if (!tag.is_object()) {
                r_.error(doc_, p, "a tag must be an object (an OpenAPI Tag Object), not " + api::kind_name(tag));
                continue;
            }
            r_.check_members(doc_, p, tag, {"name", "description", "externalDocs"}, "tag");
            r_.member(doc_, p, tag, "description", Want::String, true, "tag");
            const json* name = r_.member(doc_, p, tag, "name", Want::String, true, "tag");
            if (name) model_.api_tags.push_back(ApiTag{name->get<std::string>(), tag, r_.origin(doc_, p)});
        }
    }

    void read_path(const std::string& path, const std::string& pointer, const json& item) {
        if (path.empty() || path[0] != '/') {
            r_.error(doc_, pointer, "path '" + path + "' must start with '/'");
            return;
        }
        if (!item.is_object()) {
            r_.error(doc_, pointer,
                     "path item '" + path + "' must be an object of operations, not " + api::kind_name(item));
            return;
        }
        for (auto it = item.begin(); it != item.end(); ++it) {
            const std::string& key = it.key();
            std::string p = at(pointer, key);
            if (key.rfind("x-", 0) == 0) continue;
            if (std::find(http_methods().begin(), http_methods().end(), key) != http_methods().end()) {
                read_operation(path, key, p, *it);
                continue;
            }
            static const std::set<std::string> path_level = {"summary", "description", "parameters", "servers", "$ref"};
            if (path_level.count(key)) {
                r_.error(doc_, p,
                         "'" + key + "' of path item '" + path +
                             "' is not supported in x-openapi: put it on each operation (a path may be shared by "
                             "operations of several files)");
                continue;
            }
            std::string hint = diag::closest_match(lower(key), http_methods());
            r_.error(doc_, p,
                     "unknown HTTP method '" + key + "' in path item '" + path + "'" +
                         (hint.empty() ? " (methods: get, put, post, delete, options, head, patch, trace)"
                                       : " (did you mean '" + hint + "'?)"));
        }
    }

    void read_operation(const std::string& path, const std::string& method, const std::string& pointer,
                        const json& node) {
        const std::string what = "operation " + lower(method) + " " + path;
        if (!node.is_object()) {
            r_.error(doc_, pointer,
                     what + " must be an object (an OpenAPI Operation Object), not " + api::kind_name(node));
            return;
        }
        r_.check_members(doc_, pointer, node,
                         {"operationId", "tags", "summary", "description", "externalDocs", "parameters", "requestBody",
                          "responses", "deprecated", "security", "servers"},
                         what);
        Operation op;
        op.path = path;
        op.method = method;
        op.source = node;
        op.origin = r_.origin(doc_, pointer);
        static const std::regex id_re("[A-Za-z][A-Za-z0-9_]*");
        if (auto* id = r_.member(doc_, pointer, node, "operationId", Want::String, true, what)) {
            op.operation_id = id->get<std::string>();
            if (!std::regex_match(op.operation_id, id_re))
                r_.error(doc_, at(pointer, "operationId"),
                         "operationId '" + op.operation_id +
                             "' must be an identifier ([A-Za-z][A-Za-z0-9_]*): generators name "
                             "functions after it");
        }
        r_.member(doc_, pointer, node, "summary", Want::String, false, what);
        r_.member(doc_, pointer, node, "description", Want::String, false, what);
        r_.member(doc_, pointer, node, "deprecated", Want::Boolean, false, what);
        if (auto* tags = r_.member(doc_, pointer, node, "tags", Want::Array, false, what))
            for (std::size_t i = 0; i < tags->size(); ++i) {
                if ((*tags)[i].is_string()) op.tags.push_back((*tags)[i].get<std::string>());
                else
                    r_.error(doc_, load::pointer_append(at(pointer, "tags"), i),
                             "a tag of " + what + " must be a string");
            }
        if (auto* params = r_.member(doc_, pointer, node, "parameters", Want::Array, false, what))
            for (std::size_t i = 0; i < params->size(); ++i)
                if (auto p = read_parameter(load::pointer_append(at(pointer, "parameters"), i), (*params)[i], ""))
                    op.parameters.push_back(*p);
        check_parameters(op, at(pointer, "parameters"));
        if (auto* body = r_.member(doc_, pointer, node, "requestBody", Want::Object, false, what)) {
            std::string p = at(pointer, "requestBody");
            r_.check_members(doc_, p, *body, {"description", "content", "required"}, "the request body of " + what);
            if (auto* req = r_.member(doc_, p, *body, "required", Want::Boolean, false, "the request body"))
                op.request_required = req->get<bool>();
            if (auto* content = r_.member(doc_, p, *body, "content", Want::Object, true, "the request body of " + what))
                op.request = read_content(at(p, "content"), *content);
        }
        if (auto* responses = r_.member(doc_, pointer, node, "responses", Want::Object, true, what)) {
            if (responses->empty()) r_.error(doc_, at(pointer, "responses"), what + " needs at least one response");
            static const std::regex status_re("[1-5][0-9][0-9]|[1-5]XX|default");
            for (auto it = responses->begin(); it != responses->end(); ++it) {
                std::string p = at(at(pointer, "responses"), it.key());
                if (it.key().rfind("x-", 0) == 0) continue;
                if (!std::regex_match(it.key(), status_re)) {
                    r_.error(doc_, p,
                             "response '" + it.key() + "' of " + what +
                                 " must be an HTTP status code (\"200\"), a range (\"4XX\") or \"default\"");
                    continue;
                }
                op.responses.push_back(read_response(it.key(), p, *it));
            }
        }
        model_.operations.push_back(std::move(op));
    }

    // A Parameter Object, or a Header Object when `header_name` is set (response headers).
    std::optional<ApiParameter> read_parameter(const std::string& pointer, const json& node,
                                               const std::string& header_name) {
        bool header = !header_name.empty();
        const std::string what = header ? "response header '" + header_name + "'" : "parameter";
        if (!node.is_object()) {
            r_.error(doc_, pointer, what + " must be an object, not " + api::kind_name(node));
            return std::nullopt;
        }
        if (header)
            r_.check_members(
                doc_, pointer, node,
                {"description", "required", "deprecated", "schema", "example", "examples", "style", "explode"}, what);
        else
            r_.check_members(doc_, pointer, node,
                             {"name", "in", "description", "required", "deprecated", "allowEmptyValue", "style",
                              "explode", "allowReserved", "schema", "example", "examples"},
                             what);
        ApiParameter p;
        p.origin = r_.origin(doc_, pointer);
        p.name = header_name;
        p.in = "header";
        if (!header) {
            const json* name = r_.member(doc_, pointer, node, "name", Want::String, true, what);
            const json* in = r_.member(doc_, pointer, node, "in", Want::String, true, what);
            if (!name || !in) return std::nullopt;
            p.name = name->get<std::string>();
            p.in = in->get<std::string>();
            static const std::vector<std::string> places = {"query", "header", "path", "cookie"};
            if (std::find(places.begin(), places.end(), p.in) == places.end()) {
                std::string hint = diag::closest_match(p.in, places);
                r_.error(doc_, at(pointer, "in"),
                         "parameter '" + p.name + "' is in '" + p.in + "'; 'in' must be query, header, path or cookie" +
                             (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
                return std::nullopt;
            }
        }
        static const std::set<std::string> described_elsewhere = {"accept", "content-type", "authorization"};
        if (p.in == "header" && described_elsewhere.count(lower(p.name)))
            r_.error(doc_, header ? pointer : at(pointer, "name"),
                     "header '" + p.name +
                         "' is described by the media types (Accept, Content-Type) or security "
                         "(Authorization), and OpenAPI ignores it as a " +
                         (header ? "header" : "parameter"));
        if (auto* req = r_.member(doc_, pointer, node, "required", Want::Boolean, false, what))
            p.required = req->get<bool>();
        r_.member(doc_, pointer, node, "description", Want::String, false, what);
        if (auto* schema = r_.member(doc_, pointer, node, "schema", Want::Any, true, what)) {
            r_.check_schema(doc_, at(pointer, "schema"), *schema);
            p.type = bare_ref(at(pointer, "schema"), *schema);
            p.schema = *schema;
        }
        if (auto* examples = r_.member(doc_, pointer, node, "examples", Want::Object, false, what))
            read_examples(at(pointer, "examples"), *examples);
        return p;
    }

    void check_parameters(const Operation& op, const std::string& pointer) {
        std::set<std::pair<std::string, std::string>> seen;
        std::vector<std::string> path_params;
        for (const auto& p : op.parameters) {
            std::string key = p.in == "header" ? lower(p.name) : p.name;
            if (!seen.insert({p.in, key}).second)
                r_.error(doc_, p.origin.pointer, "parameter '" + p.name + "' in " + p.in + " is given twice");
            if (p.in != "path") continue;
            path_params.push_back(p.name);
            if (!p.required)
                r_.error(doc_, p.origin.pointer, "path parameter '" + p.name + "' must have \"required\": true");
        }
        std::vector<std::string> names = template_names(op.path);
        for (const auto& n : names)
            if (std::find(path_params.begin(), path_params.end(), n) == path_params.end())
                r_.error(doc_, op.origin.pointer,
                         "path '" + op.path + "' has '{" + n + "}' but operation " + op.method + " has no parameter '" +
                             n + "' in path");
        for (const auto& n : path_params)
            if (std::find(names.begin(), names.end(), n) == names.end())
                r_.error(doc_, pointer, "path parameter '" + n + "' is not a '{" + n + "}' of path '" + op.path + "'");
    }

    ApiResponse read_response(const std::string& status, const std::string& pointer, const json& node) {
        ApiResponse resp;
        resp.status = status;
        resp.origin = r_.origin(doc_, pointer);
        const std::string what = "response " + status;
        if (!node.is_object()) {
            r_.error(doc_, pointer,
                     what + " must be an object (an OpenAPI Response Object), not " + api::kind_name(node));
            return resp;
        }
        r_.check_members(doc_, pointer, node, {"description", "headers", "content", "links", "summary"}, what);
        r_.member(doc_, pointer, node, "description", Want::String, true, what);
        if (auto* headers = r_.member(doc_, pointer, node, "headers", Want::Object, false, what))
            for (auto it = headers->begin(); it != headers->end(); ++it)
                if (auto h = read_parameter(at(at(pointer, "headers"), it.key()), *it, it.key()))
                    resp.headers.push_back(*h);
        if (auto* content = r_.member(doc_, pointer, node, "content", Want::Object, false, what))
            resp.content = read_content(at(pointer, "content"), *content);
        return resp;
    }

    std::vector<ApiMediaType> read_content(const std::string& pointer, const json& content) {
        static const std::regex media_re(R"([A-Za-z0-9!#$&^_.+*-]+/[A-Za-z0-9!#$&^_.+*-]+( *;.*)?)");
        std::vector<ApiMediaType> out;
        for (auto it = content.begin(); it != content.end(); ++it) {
            std::string p = at(pointer, it.key());
            const std::string what = "media type '" + it.key() + "'";
            if (!std::regex_match(it.key(), media_re)) {
                r_.error(doc_, p, "'" + it.key() + "' is not a media type (type/subtype)");
                continue;
            }
            if (!it->is_object()) {
                r_.error(doc_, p,
                         what + " must be an object (an OpenAPI Media Type Object), not " + api::kind_name(*it));
                continue;
            }
            const json& node = *it;
            r_.check_members(doc_, p, node, {"schema", "itemSchema", "example", "examples", "encoding"}, what);
            ApiMediaType m;
            m.name = it.key();
            m.origin = r_.origin(doc_, p);
            if (node.contains("schema")) {
                r_.check_schema(doc_, at(p, "schema"), node["schema"]);
                m.schema = bare_ref(at(p, "schema"), node["schema"]);
            }
            if (node.contains("itemSchema")) {
                r_.check_schema(doc_, at(p, "itemSchema"), node["itemSchema"]);
                m.item_schema = bare_ref(at(p, "itemSchema"), node["itemSchema"]);
            }
            if (auto* examples = r_.member(doc_, p, node, "examples", Want::Object, false, what))
                read_examples(at(p, "examples"), *examples);
            if (node.contains("x-stream")) read_stream_use(at(p, "x-stream"), node["x-stream"], m, node);
            out.push_back(std::move(m));
        }
        return out;
    }

    // `x-stream` of a media type: {"$ref": "<file>#/x-streams/<Name>"}; the media type's
    // itemSchema must be the stream's item (NDJSON) or event schema (SSE).
    void read_stream_use(const std::string& pointer, const json& node, ApiMediaType& m, const json& media) {
        if (!node.is_object() || !node.contains("$ref") || !node["$ref"].is_string() || node.size() != 1) {
            r_.error(doc_, pointer, "x-stream must be {\"$ref\": \"<file>#/x-streams/<Name>\"}");
            return;
        }
        const std::string& ref = node["$ref"].get_ref<const std::string&>();
        auto loc = r_.resolve(doc_, pointer, ref);
        if (!loc) return;
        const std::string prefix = "/x-streams/";
        if (loc->pointer.compare(0, prefix.size(), prefix) != 0 ||
            loc->pointer.find('/', prefix.size()) != std::string::npos) {
            r_.error(doc_, at(pointer, "$ref"),
                     "x-stream $ref '" + ref + "' names '" + loc->key() + "', not a stream (#/x-streams/<Name>)");
            return;
        }
        auto found = streams_.find({loc->doc->path, load::unescape_pointer_token(loc->pointer.substr(prefix.size()))});
        if (found == streams_.end()) return;  // the stream itself has errors, reported already
        m.stream = found->second;
        const Stream& s = model_.streams[found->second];
        bool sse_media = lower(m.name.substr(0, m.name.find(';'))) == "text/event-stream";
        if ((s.framing == Framing::Sse) != sse_media)
            r_.error(doc_, pointer,
                     "stream '" + s.qualified_name() + "' is " + (s.framing == Framing::Sse ? "SSE" : "NDJSON") +
                         "-framed, but media type '" + m.name + "' is " + (sse_media ? "" : "not ") +
                         "text/event-stream");
        DeclId expected = s.framing == Framing::Sse && s.sse ? s.sse->event_schema : s.item;
        std::string name = model_.decl(expected).qualified_name();
        // A $ref that does not resolve has been reported where it is written (resolving it again
        // repeats that diagnostic, which the sink drops).
        const json* item = media.contains("itemSchema") ? &media["itemSchema"] : nullptr;
        bool unresolved_ref = item && item->is_object() && item->contains("$ref") && (*item)["$ref"].is_string() &&
                              !r_.resolve(doc_, at(m.origin.pointer, "itemSchema"), (*item)["$ref"].get<std::string>());
        if (!m.item_schema && !unresolved_ref)
            r_.error(doc_, m.origin.pointer,
                     "media type '" + m.name + "' with x-stream '" + s.qualified_name() +
                         "' needs \"itemSchema\": {\"$ref\": ...} naming " + name);
        else if (m.item_schema && *m.item_schema != expected)
            r_.error(doc_, at(m.origin.pointer, "itemSchema"),
                     "itemSchema names '" + model_.decl(*m.item_schema).qualified_name() + "', but stream '" +
                         s.qualified_name() + "' has items of '" + name + "'");
    }

    void read_examples(const std::string& pointer, const json& examples) {
        for (auto it = examples.begin(); it != examples.end(); ++it) {
            std::string p = at(pointer, it.key());
            if (!it->is_object()) {
                r_.error(doc_, p, "example '" + it.key() + "' must be an object (an OpenAPI Example Object)");
                continue;
            }
            r_.check_members(doc_, p, *it,
                             {"summary", "description", "value", "dataValue", "serializedValue", "externalValue"},
                             "example '" + it.key() + "'");
        }
    }

    // The declaration a schema names when it is just a $ref (plus annotations) to a whole $defs entry.
    std::optional<DeclId> bare_ref(const std::string& pointer, const json& schema) {
        if (!schema.is_object() || !schema.contains("$ref") || !schema["$ref"].is_string()) return std::nullopt;
        auto loc = r_.resolve(doc_, pointer, schema["$ref"].get_ref<const std::string&>());
        return loc ? r_.decl_of(*loc) : std::nullopt;
    }

    api::Reader& r_;
    const load::Document& doc_;
    const StreamIndex& streams_;
    Model& model_;
};

// What no single file can see: the same operation, operationId, path template or tag twice.
void check_across_files(const api::Reader& r, Model& model) {
    const auto& set = r.schemas();
    auto report = [&](const Origin& o, const std::string& message) {
        const load::Document* doc = set.find(o.file);
        if (doc) r.error(*doc, o.pointer, message);
    };
    std::map<std::pair<std::string, std::string>, const Operation*> by_route;
    std::map<std::string, const Operation*> by_id;
    std::map<std::string, std::string> templates;  // path with {…} emptied → the path as first written
    static const std::regex var(R"(\{[^{}]*\})");
    for (const auto& op : model.operations) {
        auto [route, fresh] = by_route.try_emplace({op.path, op.method}, &op);
        if (!fresh)
            report(op.origin, "duplicate operation " + op.method + " " + op.path + ": already declared at " +
                                  where(set, route->second->origin));
        if (!op.operation_id.empty()) {
            auto [id, new_id] = by_id.try_emplace(op.operation_id, &op);
            if (!new_id)
                report(op.origin, "operationId '" + op.operation_id + "' is already used by " + id->second->method +
                                      " " + id->second->path + " at " + where(set, id->second->origin));
        }
        std::string shape = std::regex_replace(op.path, var, "{}");
        auto [tpl, new_tpl] = templates.try_emplace(shape, op.path);
        if (!new_tpl && tpl->second != op.path)
            report(op.origin, "path '" + op.path + "' is the same template as '" + tpl->second +
                                  "' (only the variable names differ); OpenAPI treats them as one path");
    }
    std::map<std::string, const ApiTag*> tags;
    std::vector<std::string> tag_names;
    for (const auto& t : model.api_tags) {
        auto [first, fresh] = tags.try_emplace(t.name, &t);
        if (!fresh)
            report(t.origin, "tag '" + t.name + "' is already declared at " + where(set, first->second->origin));
        else
            tag_names.push_back(t.name);
    }
    for (const auto& op : model.operations)
        for (std::size_t i = 0; i < op.tags.size(); ++i)
            if (!tags.count(op.tags[i])) {
                std::string hint = diag::closest_match(op.tags[i], tag_names);
                Origin o = op.origin;
                o.pointer = load::pointer_append(load::pointer_append(o.pointer, "tags"), i);
                report(o, "tag '" + op.tags[i] + "' of operation " + op.method + " " + op.path +
                              " is not declared in any x-openapi.tags" +
                              (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
            }
}

}  // namespace

void build_operations(const load::SchemaSet& schemas, Model& model, diag::Sink& sink) {
    api::Reader reader(schemas, model, sink);
    StreamIndex streams;
    build_streams(reader, model, streams);
    for (const auto& doc : schemas.documents) {
        if (!doc.root.is_object()) continue;
        auto node = doc.root.find("x-openapi");
        if (node != doc.root.end()) OperationReader(reader, doc, streams, model).read(*node);
    }
    check_across_files(reader, model);
}

}  // namespace contractgen::ir
