// The AsyncAPI target: asyncapi/asyncapi.json (AsyncAPI 3.0.0) and the same
// value as asyncapi/asyncapi.yaml.
//
// What it publishes is the contract's streams as its operations deliver
// them: every operation (`x-openapi`) with a streaming media type (one that
// names an `x-streams` declaration) becomes a channel, keyed by its
// operationId and addressed by its HTTP path, with a `receive` operation and
// one message per event type (messages.h). The channel carries the streams'
// rules (`x-streams`, the same objects as the OpenAPI media types'
// `x-stream`); the operation's HTTP binding gives its method and query
// parameters, each message's binding the response headers, and the
// request's headers and cookies (which no HTTP binding field holds) are
// the operation's `x-request-headers` and `x-request-cookies`, object
// schemas like the binding's `query`. A stream that no operation serves
// (`x-streams` without an endpoint) is a channel too, keyed by its name,
// without an address (AsyncAPI: unknown), with a `receive` operation. Every contract
// type is a component schema under the OpenAPI key rule (without OpenAPI's
// discriminator objects: AsyncAPI's `discriminator` is a plain string).
#include <algorithm>

#include "emit/apidoc/components.h"
#include "emit/apidoc/serialize.h"
#include "emit/apidoc/shared_schemas.h"
#include "emit/apidoc/streams.h"
#include "emit/asyncapi/messages.h"
#include "emit/targets.h"

namespace contractgen::emit {

namespace {

using ir::json;
using render::Data;
namespace ad = apidoc;

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

// The streams an operation's media types carry, in order, each once.
std::vector<std::size_t> streams_of(const ir::Operation& op) {
    std::vector<std::size_t> out;
    auto add = [&](const std::vector<ir::ApiMediaType>& media) {
        for (const auto& m : media)
            if (m.stream && std::find(out.begin(), out.end(), *m.stream) == out.end()) out.push_back(*m.stream);
    };
    add(op.request);
    for (const auto& r : op.responses) add(r.content);
    return out;
}

// The first response that carries `stream`, and its media types with it.
const ir::ApiResponse* response_with(const ir::Operation& op, std::size_t stream, std::vector<std::string>& media) {
    for (const auto& r : op.responses) {
        bool found = false;
        for (const auto& m : r.content)
            if (m.stream == stream) {
                media.push_back(m.name);
                found = true;
            }
        if (found) return &r;
    }
    return nullptr;
}

// {"type": "object", "properties": {name: schema}, "required": [...]} of some parameters or headers.
json object_schema(const std::vector<std::pair<std::string, json>>& members, const std::vector<std::string>& required) {
    json properties = json::object();
    for (const auto& [name, schema] : members) properties[name] = schema;
    json out = {{"type", "object"}, {"properties", std::move(properties)}};
    if (!required.empty()) out["required"] = required;
    return out;
}

class AsyncApiTarget : public Target {
public:
    void emit(const EmitContext& ctx, write::OutputSet& out) const override {
        // The OpenAPI target's schemas when it has written them already and they hold here too.
        const ad::WrittenMember* shared = ctx.shared_schemas != nullptr ? ctx.shared_schemas->published() : nullptr;
        ad::WrittenMember own;
        if (shared == nullptr) {
            ad::ComponentOptions options;
            options.discriminators = false;
            own = ad::write_member(ad::build_component_schemas(ctx.model, ctx.schemas, ctx.sink, options),
                                   {"components", "schemas"});
        }
        const ad::WrittenMember& schemas = shared != nullptr ? *shared : own;
        ad::SchemaRewriter rw(ctx.model, ctx.schemas, ctx.sink);
        json channels = json::object(), operations = json::object(), messages = json::object();
        for (const auto& op : ctx.model.operations) {
            std::vector<std::size_t> streams = streams_of(op);
            if (streams.empty()) continue;
            const load::Document* doc = ctx.schemas.find(op.origin.file);
            if (doc == nullptr) continue;
            json channel_messages = json::object(), operation_messages = json::array(), published = json::array();
            std::string description;
            for (std::size_t index : streams) {
                const ir::Stream& s = ctx.model.streams[index];
                std::vector<std::string> media;
                const ir::ApiResponse* response = response_with(op, index, media);
                std::string framing = s.framing == ir::Framing::Sse ? "Server-Sent Events" : "NDJSON";
                std::string as;
                for (const auto& m : media) as += (as.empty() ? "`" : ", `") + m + "`";
                description += (description.empty() ? "" : "\n\n") + s.description + "\n\nFraming: " + framing +
                               (as.empty() ? "" : " (" + as + ")") + "; stream `" + s.qualified_name() + "`.";
                published.push_back(ad::published_stream(s, ctx.schemas, rw));
                json binding = response ? message_binding(rw, *doc, op, *response) : json();
                for (auto& m : asyncapi::stream_messages(ctx, s)) {
                    if (!binding.is_null()) m.message["bindings"] = json{{"http", binding}};
                    if (!messages.contains(m.key))
                        messages[m.key] = m.message;  // a stream served twice: the first binding
                    channel_messages[m.key] = json{{"$ref", "#/components/messages/" + m.key}};
                    operation_messages.push_back(
                        json{{"$ref", "#/channels/" + op.operation_id + "/messages/" + m.key}});
                }
            }
            json channel = {{"address", op.path}, {"title", upper(op.method) + " " + op.path}};
            if (op.source.contains("summary")) channel["summary"] = op.source["summary"];
            channel["description"] = description;
            channel["messages"] = std::move(channel_messages);
            channel["x-streams"] = std::move(published);
            channels[op.operation_id] = std::move(channel);

            json operation = {{"action", "receive"}, {"channel", {{"$ref", "#/channels/" + op.operation_id}}}};
            operation["title"] = upper(op.method) + " " + op.path;
            if (op.source.contains("summary")) operation["summary"] = op.source["summary"];
            if (op.source.contains("description")) operation["description"] = op.source["description"];
            operation["messages"] = std::move(operation_messages);
            operation["bindings"] = json{{"http", operation_binding(rw, *doc, op)}};
            for (const char* in : {"header", "cookie"})
                if (json schema = parameters_in(rw, *doc, op, in); !schema.is_null())
                    operation[std::string("x-request-") + (std::string(in) == "header" ? "headers" : "cookies")] =
                        std::move(schema);
            operation["x-openapi-operation"] =
                json{{"operationId", op.operation_id}, {"method", op.method}, {"path", op.path}};
            operations[op.operation_id] = std::move(operation);
        }
        add_unserved_streams(ctx, rw, channels, operations, messages);
        if (ctx.sink.has_errors()) return;

        std::string header = set_header_text(ctx);
        Data data;
        data.set("header", json(header).dump());
        data.set("title", json(ctx.project.openapi_title).dump());
        data.set("version", json(ctx.project.version).dump());
        std::string text = ctx.templates.render("asyncapi/document.json.mustache", data);
        json document;
        try {
            document = json::parse(text);
        } catch (const json::parse_error& e) {
            ctx.sink.error(
                "", 0, 0,
                std::string("asyncapi target: template 'asyncapi/document.json.mustache' did not render valid JSON: ") +
                    e.what());
            return;
        }
        auto components = document.find("components");
        if (components == document.end() || !components->is_object() || !components->contains("schemas") ||
            !components->contains("messages") || !document.contains("channels") || !document.contains("operations")) {
            ctx.sink.error("", 0, 0,
                           "asyncapi target: template 'asyncapi/document.json.mustache' needs channels, operations, "
                           "components/schemas and components/messages members to fill");
            return;
        }
        (*components)["schemas"] = json::object();  // written: `schemas` stands in for it
        (*components)["messages"] = std::move(messages);
        document["channels"] = std::move(channels);
        document["operations"] = std::move(operations);

        out.add("asyncapi/asyncapi.json", write::normalise_text(ad::to_json_text(document, schemas)));
        std::string yaml = "# " + header + "\n";
        ad::append_yaml_text(document, yaml, schemas);
        out.add("asyncapi/asyncapi.yaml", write::normalise_text(std::move(yaml)));
    }

private:
    // The operation's parameters `in` one place (query, header, cookie) as one object schema, a
    // parameter's description on its member; null when it has none.
    static json parameters_in(ad::SchemaRewriter& rw, const load::Document& doc, const ir::Operation& op,
                              const std::string& in) {
        std::vector<std::pair<std::string, json>> members;
        std::vector<std::string> required;
        const json params = op.source.value("parameters", json::array());
        for (std::size_t i = 0; i < params.size(); ++i) {
            if (!params[i].is_object() || params[i].value("in", "") != in || !params[i].contains("schema")) continue;
            std::string name = params[i].value("name", "");
            std::string at = load::pointer_append(
                load::pointer_append(load::pointer_append(op.origin.pointer, "parameters"), i), "schema");
            json schema = rw.schema(doc, at, params[i]["schema"]);
            if (in != "query" && params[i].contains("description") && schema.is_object() &&
                !schema.contains("description"))
                schema["description"] = params[i]["description"];
            members.emplace_back(name, std::move(schema));
            if (params[i].value("required", false)) required.push_back(name);
        }
        return members.empty() ? json() : object_schema(members, required);
    }

    // The HTTP operation binding: the method and, when there are any, the query parameters as one object schema.
    static json operation_binding(ad::SchemaRewriter& rw, const load::Document& doc, const ir::Operation& op) {
        json binding = {{"method", upper(op.method)}};
        if (json query = parameters_in(rw, doc, op, "query"); !query.is_null()) binding["query"] = std::move(query);
        binding["bindingVersion"] = "0.3.0";
        return binding;
    }

    // Streams no operation serves: a channel each, keyed by the stream's name (its family prefixed
    // when an operation already has that key), without an address.
    static void add_unserved_streams(const EmitContext& ctx, ad::SchemaRewriter& rw, json& channels, json& operations,
                                     json& messages) {
        std::vector<bool> served(ctx.model.streams.size(), false);
        for (const auto& op : ctx.model.operations)
            for (std::size_t index : streams_of(op)) served[index] = true;
        for (std::size_t index = 0; index < ctx.model.streams.size(); ++index) {
            if (served[index]) continue;
            const ir::Stream& s = ctx.model.streams[index];
            std::string key = s.name;
            if (channels.contains(key) || operations.contains(key)) key = s.family + "_" + s.name;
            json channel_messages = json::object(), operation_messages = json::array();
            for (auto& m : asyncapi::stream_messages(ctx, s)) {
                if (!messages.contains(m.key)) messages[m.key] = m.message;
                channel_messages[m.key] = json{{"$ref", "#/components/messages/" + m.key}};
                operation_messages.push_back(json{{"$ref", "#/channels/" + key + "/messages/" + m.key}});
            }
            std::string framing = s.framing == ir::Framing::Sse ? "Server-Sent Events" : "NDJSON";
            json channel = {{"title", s.qualified_name()}};
            channel["description"] = s.description + "\n\nFraming: " + framing + "; stream `" + s.qualified_name() +
                                     "`. No operation of the contract serves it: the address is the engine's.";
            channel["messages"] = std::move(channel_messages);
            channel["x-streams"] = json::array({ad::published_stream(s, ctx.schemas, rw)});
            channels[key] = std::move(channel);
            json operation = {{"action", "receive"}, {"channel", {{"$ref", "#/channels/" + key}}}};
            operation["title"] = s.qualified_name();
            operation["messages"] = std::move(operation_messages);
            operations[key] = std::move(operation);
        }
    }

    // The HTTP message binding: the status code and the response's headers.
    static json message_binding(ad::SchemaRewriter& rw, const load::Document& doc, const ir::Operation& op,
                                const ir::ApiResponse& response) {
        json binding = json::object();
        if (response.status.size() == 3 && std::all_of(response.status.begin(), response.status.end(), ::isdigit))
            binding["statusCode"] = std::stoi(response.status);
        const json* headers = nullptr;
        if (op.source.contains("responses") && op.source["responses"].contains(response.status))
            if (auto h = op.source["responses"][response.status].find("headers");
                h != op.source["responses"][response.status].end())
                headers = &*h;
        if (headers && headers->is_object() && !headers->empty()) {
            std::vector<std::pair<std::string, json>> members;
            std::vector<std::string> required;
            for (auto it = headers->begin(); it != headers->end(); ++it) {
                std::string at =
                    load::pointer_append(load::pointer_append(response.origin.pointer, "headers"), it.key());
                json schema = it->contains("schema")
                                  ? rw.schema(doc, load::pointer_append(at, "schema"), (*it)["schema"])
                                  : json::object();
                if (it->contains("description") && schema.is_object() && !schema.contains("description"))
                    schema["description"] = (*it)["description"];
                members.emplace_back(it.key(), std::move(schema));
                if (it->value("required", false)) required.push_back(it.key());
            }
            binding["headers"] = object_schema(members, required);
        }
        binding["bindingVersion"] = "0.3.0";
        return binding;
    }
};

}  // namespace

std::unique_ptr<Target> make_asyncapi_target() { return std::make_unique<AsyncApiTarget>(); }

}  // namespace contractgen::emit
