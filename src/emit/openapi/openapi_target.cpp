// The OpenAPI target: openapi/openapi.json (OpenAPI 3.1.0) and the same value
// as openapi/openapi.yaml.
//
//  - components/schemas: every contract type, re-emitted from the source
//    schemas with rewritten $refs (components.h says why);
//  - paths: the HTTP operations the contract's tables describe. An operation
//    is published when its path constant exists: `assist.AssistEndpointPath`
//    gives POST /v1/assist (seed 003), `chat_stream.ChatStreamPath` the NDJSON
//    chat stream (seed 004). Methods, paths and content types come from the
//    contract's constants, descriptions and examples from its types; once an
//    operation's path constant exists, every type it needs must exist too.
//
// Layout and fixed prose live in templates/openapi/*.json.mustache (JSON with
// `<% %>` delimiters; users may override them with --templates); every value
// taken from the schemas is inserted as a JSON literal built here, so schema
// text can never break the document. Each rendered template is parsed back,
// and the final value is printed by serialize.h, deterministically. The one
// exception is components/schemas, the bulk of the document: it is moved into
// the parsed document as a value (OpenApiTarget::emit says why).
#include <algorithm>
#include <optional>

#include "emit/openapi/components.h"
#include "emit/openapi/serialize.h"
#include "emit/targets.h"

namespace contractgen::emit {

namespace {

using ir::json;
using render::Data;
using render::flag;
using render::List;
using render::Object;
namespace oa = openapi;

// A JSON value as template text.
std::string lit(const json& v) { return v.dump(); }
// A string as the inside of a JSON string literal (for text that the
// template places inside its own quotes).
std::string body(const std::string& text) {
    std::string quoted = json(text).dump();
    return quoted.substr(1, quoted.size() - 2);
}
std::string ref(const ir::Decl& d) { return oa::component_ref(d.family, d.name); }
json ref_schema(const ir::Decl& d) { return json{{"$ref", ref(d)}}; }
std::string code(const std::string& text) { return "`" + text + "`"; }

// Named examples for a media type, from a type's `examples`.
json examples_of(const ir::Decl& d, const std::vector<json>& values) {
    json out = json::object();
    for (std::size_t i = 0; i < values.size(); ++i)
        out[oa::component_key(d.family, d.name) + "-" + std::to_string(i + 1)] =
            json{{"summary", "Example " + std::to_string(i + 1) + " of " + d.qualified_name() + " (from the contract)"},
                 {"value", values[i]}};
    return out;
}

template <class Pred>
std::vector<json> examples_where(const ir::Decl& d, Pred keep) {
    std::vector<json> out;
    for (const auto& e : d.docs.examples)
        if (keep(e)) out.push_back(e);
    return out;
}

// Examples of an error body whose `code` is `status`.
std::vector<json> examples_with_code(const ir::Decl& d, int status) {
    return examples_where(d, [&](const json& e) {
        return e.is_object() && e.contains("code") && e["code"].is_number() && e["code"] == status;
    });
}

// Examples of a ValidationErrorResponse whose every issue is at `location`.
std::vector<json> examples_at(const ir::Decl& d, const std::string& location) {
    return examples_where(d, [&](const json& e) {
        if (!e.is_object() || !e.contains("errors") || !e["errors"].is_array() || e["errors"].empty()) return false;
        return std::all_of(e["errors"].begin(), e["errors"].end(), [&](const json& issue) {
            return issue.is_object() && issue.value("location", json()) == location;
        });
    });
}

void set_examples(Data& data, const std::string& name, const json& examples) {
    data.set("has_" + name, flag(!examples.empty()));
    data.set(name, lit(examples));
}

// One Server-Sent Event in text/event-stream framing; `id` null leaves the line out.
std::string sse_frame(const std::string& event, const json& id, const std::string& data) {
    std::string out = "event: " + event + "\n";
    if (id.is_string()) out += "id: " + id.get<std::string>() + "\n";
    std::size_t start = 0;
    while (true) {
        std::size_t nl = data.find('\n', start);
        out += "data: " + data.substr(start, nl == std::string::npos ? std::string::npos : nl - start) + "\n";
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    return out + "\n";
}

// Looks types and constants up by `family.Type`, collecting what is missing.
class Contract {
public:
    Contract(const EmitContext& ctx, std::string needed_by) : ctx_(ctx), needed_by_(std::move(needed_by)) {}

    const ir::Decl* optional(const std::string& family, const std::string& name) const {
        auto id = ctx_.model.find(family, name);
        if (!id || ctx_.model.decl(*id).lifted) return nullptr;
        return &ctx_.model.decl(*id);
    }
    const ir::Decl& type(const std::string& family, const std::string& name) {
        if (const ir::Decl* d = optional(family, name)) {
            if (!d->is<ir::Constant>()) return *d;
        }
        missing(family + "." + name, "a type");
        return placeholder_;
    }
    const json& constant(const std::string& family, const std::string& name) {
        if (const ir::Decl* d = optional(family, name); d && d->is<ir::Constant>()) return d->as<ir::Constant>().value;
        missing(family + "." + name, "a constant");
        return null_;
    }
    std::string string_constant(const std::string& family, const std::string& name) {
        const json& v = constant(family, name);
        if (v.is_string()) return v.get<std::string>();
        if (!v.is_null()) fail("constant '" + family + "." + name + "' must be a string");
        return {};
    }
    // The `description` at the root of the file that declares `d`.
    std::string file_description(const ir::Decl& d) const {
        const load::Document* doc = ctx_.schemas.find(d.origin.file);
        if (doc == nullptr || !doc->root.contains("description") || !doc->root["description"].is_string()) return {};
        return doc->root["description"].get<std::string>();
    }
    void fail(const std::string& message) {
        ctx_.sink.error("", 0, 0, "openapi target: " + needed_by_ + ": " + message);
        ok_ = false;
    }
    bool ok() const { return ok_; }

private:
    void missing(const std::string& qualified, const std::string& kind) {
        fail("needs '" + qualified + "' (" + kind + "), which the schemas do not define");
    }

    const EmitContext& ctx_;
    std::string needed_by_;
    bool ok_ = true;
    ir::Decl placeholder_{};
    json null_;
};

struct Operation {
    std::string path;
    std::string method;  // lower case
    json tag;
    json operation;
};

std::optional<json> render_json(const EmitContext& ctx, const std::string& name, const Data& data) {
    std::string text = ctx.templates.render(name, data);
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        ctx.sink.error("", 0, 0, "openapi target: template '" + name + "' did not render valid JSON: " + e.what());
        return std::nullopt;
    }
}

std::string http_method(Contract& c, const std::string& value) {
    std::string m = value;
    std::transform(m.begin(), m.end(), m.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    for (const char* known : {"get", "put", "post", "delete", "options", "head", "patch", "trace"})
        if (m == known) return m;
    c.fail("'" + value + "' is not an HTTP method");
    return "post";
}

// ---- POST /v1/assist (seed 003) ----------------------------------------------
std::optional<Operation> assist_operation(const EmitContext& ctx) {
    Contract c(ctx, "POST /v1/assist (assist.AssistEndpointPath)");
    if (!c.optional("assist", "AssistEndpointPath")) return std::nullopt;
    Operation op;
    op.path = c.string_constant("assist", "AssistEndpointPath");
    op.method = http_method(c, c.string_constant("assist", "AssistEndpointMethod"));
    std::string request_type = c.string_constant("assist", "AssistRequestContentType");
    const json& per_mode = c.constant("assist", "DeliveryModeContentTypes");
    const ir::Decl& delivery = c.type("assist", "DeliveryMode");
    const ir::Decl& request = c.type("assist", "AgentRequest");
    const ir::Decl& response = c.type("assist", "AssistResponse");
    const ir::Decl& sse = c.type("assist", "ServerSentEvent");
    const ir::Decl& cloud_event = c.type("cloudevents", "CloudEvent");
    const ir::Decl& content_type = c.type("cloudevents", "EventContentType");
    const ir::Decl& validation = c.type("assist", "ValidationErrorResponse");
    const ir::Decl& error = c.type("cloudevents", "ErrorPayload");
    if (!c.ok()) return std::nullopt;

    // Delivery modes → response media types, from DeliveryModeContentTypes.
    if (!delivery.is<ir::Enum>() || !per_mode.is_object()) {
        c.fail("assist.DeliveryMode must be an enum and assist.DeliveryModeContentTypes an object");
        return std::nullopt;
    }
    std::string table = "| Delivery mode | Response `Content-Type` |\n|---|---|";
    for (const auto& mode : delivery.as<ir::Enum>().values) {
        std::string name = mode.is_string() ? mode.get<std::string>() : mode.dump();
        if (!per_mode.contains(name) || !per_mode[name].is_string()) {
            c.fail("assist.DeliveryModeContentTypes has no content type for delivery mode '" + name + "'");
            return std::nullopt;
        }
        table += "\n| " + code(name) + " | " + code(per_mode[name].get<std::string>()) + " |";
    }
    table += "\n\n" + delivery.docs.description;
    for (const char* mode : {"REQUEST_RESPONSE", "SERVER_SENT_EVENTS"})
        if (!per_mode.contains(mode) || !per_mode[mode].is_string()) {
            c.fail(std::string("assist.DeliveryModeContentTypes needs '") + mode + "'");
            return std::nullopt;
        }
    std::string json_type = per_mode["REQUEST_RESPONSE"].get<std::string>();
    std::string sse_type = per_mode["SERVER_SENT_EVENTS"].get<std::string>();

    // One SSE event: a ServerSentEvent whose JSON-in-a-string members
    // (`x-json-content`) are described with contentMediaType/contentSchema.
    json content_props = json::object();
    if (sse.is<ir::Struct>()) {
        for (const auto& f : sse.as<ir::Struct>().fields) {
            auto ext = f.docs.extensions.find("x-json-content");
            if (ext == f.docs.extensions.end() || !ext->second.is_string()) continue;
            std::string qualified = ext->second.get<std::string>();
            auto dot = qualified.find('.');
            const ir::Decl* target = dot == std::string::npos ? nullptr : c.optional(qualified.substr(0, dot), qualified.substr(dot + 1));
            if (target == nullptr) {
                c.fail("assist.ServerSentEvent." + f.wire_name + " has x-json-content '" + qualified + "', which is not a type");
                return std::nullopt;
            }
            content_props[f.wire_name] = json{{"contentMediaType", "application/json"}, {"contentSchema", ref_schema(*target)}};
        }
    }
    json all_of = json::array({ref_schema(sse)});
    json item_schema = {{"allOf", all_of}, {"properties", content_props}};

    // Example events: the contract's CloudEvent examples, each as the event
    // that carries it (`event` = its type, `data` = it serialised), then its
    // ServerSentEvent examples. CloudEvent examples have no id; they come
    // first because an SSE reader's last event ID carries over to later events.
    std::vector<json> events;
    for (const auto& e : cloud_event.docs.examples)
        if (e.is_object() && e.value("type", json()).is_string())
            events.push_back(json{{"event", e["type"]}, {"id", e.value("id", json())}, {"data", e.dump()}});
    for (const auto& e : sse.docs.examples)
        if (e.is_object() && e.value("event", json()).is_string() && e.value("data", json()).is_string())
            events.push_back(json{{"event", e["event"]}, {"id", e.value("id", json())}, {"data", e["data"]}});
    std::string stream;
    json sse_examples = json::object();
    for (std::size_t i = 0; i < events.size(); ++i) {
        const json& e = events[i];
        stream += sse_frame(e["event"].get<std::string>(), e["id"], e["data"].get<std::string>());
        sse_examples["event-" + std::to_string(i + 1)] =
            json{{"summary", "Event " + std::to_string(i + 1) + ": " + e["event"].get<std::string>() + " (from the contract's examples)"},
                 {"value", e}};
    }

    // Content-type discriminators (seed 000), from EventContentType and the
    // legacy GraphEvent mapping when the contract has it.
    std::string discriminators;
    std::string error_event_type = "application/vnd.coreason.error+json";
    if (content_type.is<ir::Enum>()) {
        const auto& values = content_type.as<ir::Enum>().values;
        auto names = content_type.docs.extensions.find("x-enum-varnames");
        for (std::size_t i = 0; i < values.size(); ++i) {
            std::string value = values[i].is_string() ? values[i].get<std::string>() : values[i].dump();
            std::string varname;
            if (names != content_type.docs.extensions.end() && names->second.is_array() && i < names->second.size() &&
                names->second[i].is_string())
                varname = names->second[i].get<std::string>();
            if (varname == "ERROR") error_event_type = value;
            discriminators += "- " + code(value) + (varname.empty() ? "" : " (" + varname + ")") + "\n";
        }
    }
    discriminators += "\n" + content_type.docs.description;
    const ir::Decl* legacy = c.optional("cloudevents", "GraphEventContentTypes");
    const ir::Decl* legacy_default = c.optional("cloudevents", "GraphEventDefaultContentType");
    if (legacy && legacy->is<ir::Constant>() && legacy->as<ir::Constant>().value.is_object()) {
        discriminators += "\n\nLegacy GraphEvent types map to content types as follows:";
        for (const auto& [k, v] : legacy->as<ir::Constant>().value.items())
            discriminators += "\n- " + code(k) + " → " + code(v.is_string() ? v.get<std::string>() : v.dump());
        if (legacy_default && legacy_default->is<ir::Constant>() && legacy_default->as<ir::Constant>().value.is_string())
            discriminators += "\n- all others → " + code(legacy_default->as<ir::Constant>().value.get<std::string>());
    }

    Data data;
    std::string tag = c.file_description(request);
    std::string responses = c.file_description(sse);
    if (!responses.empty() && responses != tag) tag += (tag.empty() ? "" : "\n\n") + responses;
    data.set("tag_description", lit(tag));
    data.set("delivery_modes", body(table));
    data.set("request_description", lit(request.docs.description));
    data.set("request_content_type", lit(request_type));
    data.set("request_schema", lit(ref_schema(request)));
    set_examples(data, "request_examples", examples_of(request, request.docs.examples));
    data.set("json_content_type", lit(json_type));
    data.set("json_content_type_text", body(json_type));
    data.set("sse_content_type_text", body(sse_type));
    data.set("response_schema", lit(ref_schema(response)));
    set_examples(data, "response_examples", examples_of(response, response.docs.examples));
    data.set("sse_content_type", lit(sse_type));
    data.set("sse_item_schema", lit(item_schema));
    data.set("sse_item_all_of", lit(all_of));
    data.set("sse_item_properties", lit(content_props));
    data.set("has_sse_stream", flag(!stream.empty()));
    data.set("sse_stream", body(stream));
    set_examples(data, "sse_examples", sse_examples);
    data.set("content_types", body(discriminators));
    data.set("error_event_content_type", body(error_event_type));
    data.set("validation_schema", lit(ref_schema(validation)));
    set_examples(data, "validation_examples", examples_of(validation, examples_at(validation, "body")));
    data.set("error_schema", lit(ref_schema(error)));
    set_examples(data, "rate_limit_examples", examples_of(error, examples_with_code(error, 429)));
    set_examples(data, "server_error_examples", examples_of(error, examples_with_code(error, 500)));
    if (!c.ok()) return std::nullopt;

    auto rendered = render_json(ctx, "openapi/assist.json.mustache", data);
    if (!rendered) return std::nullopt;
    op.tag = (*rendered)["tag"];
    op.operation = (*rendered)["operation"];
    return op;
}

// ---- GET /api/chat/message/stream (seed 004) ---------------------------------
std::optional<Operation> chat_stream_operation(const EmitContext& ctx) {
    Contract c(ctx, "the chat stream (chat_stream.ChatStreamPath)");
    if (!c.optional("chat_stream", "ChatStreamPath")) return std::nullopt;
    Operation op;
    op.path = c.string_constant("chat_stream", "ChatStreamPath");
    op.method = "get";
    std::string contract_type = c.string_constant("chat_stream", "ChatStreamContentType");
    const ir::Decl& envelope = c.type("chat_stream", "StreamEnvelope");
    const ir::Decl& validation = c.type("assist", "ValidationErrorResponse");
    const ir::Decl& error = c.type("cloudevents", "ErrorPayload");
    if (!c.ok()) return std::nullopt;
    const ir::Decl* path_decl = c.optional("chat_stream", "ChatStreamPath");
    const ir::Decl* type_decl = c.optional("chat_stream", "ChatStreamContentType");

    // The stream's protocol facts, from the chat_stream tables when present.
    std::string description = path_decl->docs.description + "\n\nEach line of the body is one StreamEnvelope: " +
                              envelope.docs.description;
    auto number = [&](const char* name) -> std::string {
        const ir::Decl* d = c.optional("chat_stream", name);
        if (!d || !d->is<ir::Constant>() || !d->as<ir::Constant>().value.is_number_integer()) return {};
        return d->as<ir::Constant>().value.dump();
    };
    auto list = [&](const char* name) -> std::string {
        const ir::Decl* d = c.optional("chat_stream", name);
        if (!d || !d->is<ir::Constant>()) return {};
        const json& v = d->as<ir::Constant>().value;
        std::string out;
        if (v.is_string()) return code(v.get<std::string>());
        if (!v.is_array()) return {};
        for (const auto& item : v) out += (out.empty() ? "" : ", ") + code(item.is_string() ? item.get<std::string>() : item.dump());
        return out;
    };
    std::string facts;
    if (auto first = list("FirstEventType"); !first.empty()) facts += "\n- The first event is " + first + ".";
    if (auto terminal = list("TerminalEventTypes"); !terminal.empty())
        facts += "\n- The stream ends after a terminal event: " + terminal + ".";
    if (auto heartbeat = number("HeartbeatIntervalMs"); !heartbeat.empty())
        facts += "\n- The server sends `heartbeat` after " + heartbeat + " ms without another event.";
    if (auto watchdog = number("WatchdogTimeoutMs"); !watchdog.empty())
        facts += "\n- Clients treat the stream as hung after " + watchdog + " ms without data, and reconnect with backoff.";
    if (!facts.empty()) description += "\n\nProtocol (chat_stream tables):" + facts;

    std::string lines;
    for (const auto& e : envelope.docs.examples) lines += e.dump() + "\n";
    json examples = json::object();
    if (!lines.empty())
        examples["contract-examples"] = json{{"summary", "The contract's StreamEnvelope examples, one per line"}, {"value", lines}};

    std::string ndjson_text =
        "Newline-delimited JSON (NDJSON): every line is one StreamEnvelope serialised as JSON and ended by `\\n`; "
        "`x-item-schema` is the schema of one line. Readers split on `\\n`, skip empty lines and parse each line.";
    List media;
    std::vector<std::pair<std::string, std::string>> types = {{"application/x-ndjson", ndjson_text}};
    if (contract_type != "application/x-ndjson")
        types.emplace_back(contract_type, "The same NDJSON lines under the content type that production servers send (" +
                                              code("chat_stream.ChatStreamContentType") + "): " +
                                              (type_decl ? type_decl->docs.description : std::string()) +
                                              " Clients accept both; a server answers `Accept: application/x-ndjson` "
                                              "with `application/x-ndjson` and anything else with this type.");
    for (std::size_t i = 0; i < types.size(); ++i) {
        Data m;
        m.set("media_type", lit(types[i].first));
        m.set("item_schema", lit(ref_schema(envelope)));
        set_examples(m, "examples", examples);
        m.set("media_description", lit(types[i].second));
        m.set("last", flag(i + 1 == types.size()));
        media.push_back(std::move(m));
    }

    Data data;
    data.set("tag_description", lit(c.file_description(envelope)));
    data.set("description", lit(description));
    data.set("media_types", std::move(media));
    data.set("validation_schema", lit(ref_schema(validation)));
    set_examples(data, "validation_examples", examples_of(validation, examples_at(validation, "query")));
    data.set("error_schema", lit(ref_schema(error)));
    set_examples(data, "not_found_examples", examples_of(error, examples_with_code(error, 404)));
    if (!c.ok()) return std::nullopt;

    auto rendered = render_json(ctx, "openapi/chat_stream.json.mustache", data);
    if (!rendered) return std::nullopt;
    op.tag = (*rendered)["tag"];
    op.operation = (*rendered)["operation"];
    return op;
}

// The component schemas are most of the document (megabytes for a large
// contract). Printing them into the template text only to parse them back
// cost more than building them, so the template leaves an empty
// components/schemas object and they are moved in here.
bool place_component_schemas(const EmitContext& ctx, json& document, json schemas) {
    auto components = document.find("components");
    if (components == document.end() || !components->is_object() || !components->contains("schemas")) {
        ctx.sink.error("", 0, 0,
                       "openapi target: template 'openapi/document.json.mustache' has no components/schemas "
                       "member to hold the contract's types");
        return false;
    }
    (*components)["schemas"] = std::move(schemas);
    return true;
}

class OpenApiTarget : public Target {
public:
    void emit(const EmitContext& ctx, write::OutputSet& out) const override {
        json schemas = oa::build_component_schemas(ctx.model, ctx.schemas, ctx.sink);
        std::vector<Operation> operations;
        if (auto op = assist_operation(ctx)) operations.push_back(std::move(*op));
        if (auto op = chat_stream_operation(ctx)) operations.push_back(std::move(*op));
        if (ctx.sink.has_errors()) return;

        json paths = json::object(), tags = json::array();
        for (auto& op : operations) {
            if (paths.contains(op.path) && paths[op.path].contains(op.method)) {
                ctx.sink.error("", 0, 0, "openapi target: two operations for " + op.method + " " + op.path);
                return;
            }
            paths[op.path][op.method] = std::move(op.operation);
            tags.push_back(std::move(op.tag));
        }

        std::vector<std::string> sources;
        for (const auto& d : ctx.schemas.documents) sources.push_back(d.path);
        std::string header = header_text(ctx, sources);
        List families;
        for (const auto& family : ctx.model.families) {
            std::string titles;
            for (const auto& file : family.source_files) {
                const load::Document* doc = ctx.schemas.find(file);
                if (doc && doc->root.contains("title") && doc->root["title"].is_string())
                    titles += (titles.empty() ? "" : "; ") + doc->root["title"].get<std::string>();
            }
            families.push_back(Object{{"name", body(family.name)}, {"titles", body(titles)}});
        }
        Data data;
        data.set("header", lit(header));
        data.set("title", lit(json(ctx.project.openapi_title)));
        data.set("version", lit(json(ctx.project.version)));
        data.set("has_paths", flag(!operations.empty()));
        data.set("families", std::move(families));
        data.set("tags", lit(tags));
        data.set("paths", lit(paths));
        auto document = render_json(ctx, "openapi/document.json.mustache", data);
        if (!document || !place_component_schemas(ctx, *document, std::move(schemas))) return;

        out.add("openapi/openapi.json", write::normalise_text(oa::to_json_text(*document)));
        std::string comment = header;
        std::replace_if(comment.begin(), comment.end(), [](char ch) { return ch == '\n' || ch == '\r'; }, ' ');
        std::string yaml = "# " + comment + "\n";
        oa::append_yaml_text(*document, yaml);
        out.add("openapi/openapi.yaml", write::normalise_text(std::move(yaml)));
    }
};

}  // namespace

std::unique_ptr<Target> make_openapi_target() { return std::make_unique<OpenApiTarget>(); }

}  // namespace contractgen::emit
