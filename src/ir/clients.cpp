#include "ir/clients.h"

#include <algorithm>
#include <cctype>

namespace contractgen::ir {

namespace {

std::string upper_case(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

bool is_success(const std::string& status) { return !status.empty() && status[0] == '2'; }

// A JSON media type: application/json, or any +json suffix (RFC 6839).
bool is_json_media(const std::string& name) {
    std::string base = name.substr(0, name.find(';'));
    while (!base.empty() && base.back() == ' ') base.pop_back();
    std::transform(base.begin(), base.end(), base.begin(), [](unsigned char c) { return std::tolower(c); });
    return base == "application/json" || (base.size() > 5 && base.compare(base.size() - 5, 5, "+json") == 0);
}

// A tag value or a list of them (RuleValue of `first`, `terminal`).
std::vector<std::string> tag_list(const std::optional<RuleValue>& v) {
    std::vector<std::string> out;
    if (!v) return out;
    if (v->value.is_string()) out.push_back(v->value.get<std::string>());
    else if (v->value.is_array())
        for (const auto& e : v->value)
            if (e.is_string()) out.push_back(e.get<std::string>());
    return out;
}

std::optional<std::int64_t> count_of(const std::optional<RuleValue>& v) {
    if (!v || !v->value.is_number_integer()) return std::nullopt;
    return v->value.get<std::int64_t>();
}

ClientStream stream_rules(const Model& model, std::size_t index) {
    const Stream& s = model.streams[index];
    ClientStream c;
    c.stream = index;
    c.framing = s.framing;
    c.item = s.item;
    c.tag_pointer = s.tag.pointer;
    if (s.tag_default && s.tag_default->value.is_string()) c.tag_default = s.tag_default->value.get<std::string>();
    c.first = tag_list(s.first);
    c.terminal = tag_list(s.terminal);
    c.terminal_required = s.terminal_required;
    if (s.key) c.key_pointer = s.key->pointer;
    if (s.sequence) {
        c.sequence_pointer = s.sequence->field.pointer;
        c.sequence_gapless = s.sequence->gapless;
    }
    if (s.sse) {
        c.event_schema = s.sse->event_schema;
        if (s.sse->event_name && s.sse->event_name->value.is_string()) {
            c.sse_events.push_back(s.sse->event_name->value.get<std::string>());
            for (const auto& also : s.sse->reader_also_accepts)
                if (also.value.is_string()) c.sse_events.push_back(also.value.get<std::string>());
        }
        if (s.sse->event_field) c.sse_event_pointer = s.sse->event_field->pointer;
        if (s.sse->id) c.sse_id_pointer = s.sse->id->pointer;
        c.sse_id_optional = s.sse->id_optional;
    }
    if (s.heartbeat) {
        if (s.heartbeat->tag.value.is_string()) c.heartbeat_tag = s.heartbeat->tag.value.get<std::string>();
        c.heartbeat_interval_ms = count_of(s.heartbeat->interval_ms);
        c.heartbeat_max_interval_ms = count_of(s.heartbeat->max_interval_ms);
    }
    c.severities = s.severities;
    if (s.client) {
        c.watchdog_ms = count_of(s.client->watchdog_ms);
        c.max_attempts = count_of(s.client->max_attempts).value_or(0);
        c.initial_delay_ms = count_of(s.client->initial_delay_ms).value_or(0);
        c.multiplier = count_of(s.client->multiplier).value_or(1);
        c.max_delay_ms = count_of(s.client->max_delay_ms).value_or(c.initial_delay_ms);
        if (s.client->no_retry_statuses)
            for (const auto& code : s.client->no_retry_statuses->value) c.no_retry_statuses.push_back(code.get<int>());
    }
    return c;
}

// The successful answers of an operation as methods: a JSON one, one per stream, or none.
std::vector<ClientMethod> methods_of(const Model& model, const Operation& op) {
    std::optional<ClientMethod> json_method, empty_method;
    std::vector<ClientMethod> streams;
    for (const auto& r : op.responses) {
        if (!is_success(r.status)) continue;
        if (r.content.empty() && !empty_method) {
            empty_method = ClientMethod{op.operation_id, {}, {ClientResult::Kind::Empty, r.status, {}, {}}};
            continue;
        }
        for (const auto& m : r.content) {
            if (m.stream) {
                auto same = std::find_if(streams.begin(), streams.end(),
                                         [&](const ClientMethod& x) { return x.result.stream->stream == *m.stream; });
                if (same != streams.end()) {
                    same->accept.push_back(m.name);
                    continue;
                }
                ClientResult res{ClientResult::Kind::Stream, r.status, {}, stream_rules(model, *m.stream)};
                streams.push_back(ClientMethod{op.operation_id, {m.name}, res});
            } else if (is_json_media(m.name) && !json_method) {
                json_method =
                    ClientMethod{op.operation_id, {m.name}, {ClientResult::Kind::Json, r.status, m.schema, {}}};
            }
        }
    }
    std::vector<ClientMethod> out;
    if (json_method) out.push_back(*json_method);
    else if (empty_method && streams.empty())
        out.push_back(*empty_method);
    for (auto& s : streams) {
        // Beside a JSON answer (or another stream) the stream method needs a name of its own.
        if (!out.empty()) s.name += "Stream";
        if (streams.size() > 1) s.name += model.streams[s.result.stream->stream].name;
        out.push_back(std::move(s));
    }
    return out;
}

ClientError error_of(const Model& model, const ApiResponse& r) {
    ClientError e;
    e.status = r.status;
    for (const auto& m : r.content)
        if (e.media_type.empty() || (is_json_media(m.name) && !is_json_media(e.media_type))) {
            e.media_type = m.name;
            e.type = m.schema;
        }
    for (const auto& h : r.headers)
        e.headers.push_back({h.name, "header", h.required, client_value(model, h.type, h.schema)});
    return e;
}

const char* value_kind_name(ClientValue::Kind k) {
    switch (k) {
        case ClientValue::Kind::String: return "string";
        case ClientValue::Kind::Integer: return "integer";
        case ClientValue::Kind::Number: return "number";
        case ClientValue::Kind::Boolean: return "boolean";
        case ClientValue::Kind::Named: return "named";
        case ClientValue::Kind::Any: break;
    }
    return "any";
}

json opt_decl(const Model& model, const std::optional<DeclId>& id) {
    return id ? json(model.decl(*id).qualified_name()) : json(nullptr);
}

template <class T>
json opt(const std::optional<T>& v) {
    return v ? json(*v) : json(nullptr);
}

json value_json(const Model& model, const ClientValue& v) {
    json j = {{"kind", value_kind_name(v.kind)}, {"type", opt_decl(model, v.decl)}};
    if (v.constant) j["const"] = *v.constant;
    if (!v.format.empty()) j["format"] = v.format;
    return j;
}

json parameter_json(const Model& model, const ClientParameter& p) {
    return {{"name", p.name}, {"in", p.in}, {"required", p.required}, {"type", value_json(model, p.type)}};
}

json stream_json(const Model& model, const ClientStream& s) {
    return {
        {"stream", model.streams[s.stream].qualified_name()},
        {"framing", s.framing == Framing::Sse ? "sse" : "ndjson"},
        {"item", model.decl(s.item).qualified_name()},
        {"eventSchema", opt_decl(model, s.event_schema)},
        {"tag", {{"pointer", s.tag_pointer}, {"default", opt(s.tag_default)}}},
        {"first", s.first},
        {"terminal", {{"tags", s.terminal}, {"required", s.terminal_required}}},
        {"key", opt(s.key_pointer)},
        {"sequence",
         s.sequence_pointer ? json{{"pointer", *s.sequence_pointer}, {"gapless", s.sequence_gapless}} : json(nullptr)},
        {"sse", s.framing != Framing::Sse ? json(nullptr)
                                          : json{{"events", s.sse_events},
                                                 {"eventPointer", opt(s.sse_event_pointer)},
                                                 {"idPointer", opt(s.sse_id_pointer)},
                                                 {"idOptional", s.sse_id_optional}}},
        {"resumable", s.resumable()},
        {"heartbeat", s.heartbeat_tag ? json{{"tag", *s.heartbeat_tag},
                                             {"intervalMs", opt(s.heartbeat_interval_ms)},
                                             {"maxIntervalMs", opt(s.heartbeat_max_interval_ms)}}
                                      : json(nullptr)},
        {"watchdogMs", opt(s.watchdog_ms)},
        {"reconnect",
         {{"maxAttempts", s.max_attempts},
          {"initialDelayMs", s.initial_delay_ms},
          {"multiplier", s.multiplier},
          {"maxDelayMs", s.max_delay_ms},
          {"noRetryStatuses", s.no_retry_statuses}}},
        {"severity", s.severities},
    };
}

}  // namespace

ClientValue client_value(const Model& model, const std::optional<DeclId>& decl, const json& schema) {
    (void)model;
    ClientValue v;
    if (decl) {
        v.kind = ClientValue::Kind::Named;
        v.decl = decl;
        return v;
    }
    if (!schema.is_object()) return v;
    if (schema.contains("const")) v.constant = schema["const"];
    std::string type;
    if (schema.contains("type") && schema["type"].is_string()) type = schema["type"].get<std::string>();
    else if (v.constant)
        type = v.constant->is_string()                                               ? "string"
               : v.constant->is_boolean()                                            ? "boolean"
               : v.constant->is_number_integer() || v.constant->is_number_unsigned() ? "integer"
               : v.constant->is_number()                                             ? "number"
                                                                                     : "";
    if (type == "string") v.kind = ClientValue::Kind::String;
    else if (type == "integer")
        v.kind = ClientValue::Kind::Integer;
    else if (type == "number")
        v.kind = ClientValue::Kind::Number;
    else if (type == "boolean")
        v.kind = ClientValue::Kind::Boolean;
    if (schema.contains("format") && schema["format"].is_string()) v.format = schema["format"].get<std::string>();
    return v;
}

std::string constant_text(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

std::vector<std::string> ClientStream::warnings() const {
    std::vector<std::string> out;
    for (const auto& [rule, weight] : severities)
        if (weight == "warning") out.push_back(rule);
    return out;
}

bool status_matches(const std::string& declared, int code) {
    if (declared == "default") return true;
    if (declared.size() == 3 && declared[1] == 'X') return code / 100 == declared[0] - '0';
    return declared == std::to_string(code);
}

std::vector<ClientOperation> client_operations(const Model& model) {
    std::vector<ClientOperation> out;
    for (std::size_t i = 0; i < model.operations.size(); ++i) {
        const Operation& op = model.operations[i];
        ClientOperation c;
        c.operation = i;
        c.operation_id = op.operation_id;
        c.http_method = upper_case(op.method);
        c.path = op.path;
        for (const auto& p : op.parameters)
            c.parameters.push_back({p.name, p.in, p.required, client_value(model, p.type, p.schema)});
        // The body a client sends: the JSON media type when there is one, else the first.
        for (const auto& m : op.request)
            if (!c.body || (is_json_media(m.name) && !is_json_media(c.body->media_type))) {
                ClientValue t;
                if (m.schema) t = client_value(model, m.schema, json());
                c.body = ClientBody{m.name, op.request_required, t};
            }
        c.methods = methods_of(model, op);
        for (const auto& r : op.responses)
            if (!is_success(r.status)) c.errors.push_back(error_of(model, r));
        out.push_back(std::move(c));
    }
    std::sort(out.begin(), out.end(),
              [](const ClientOperation& a, const ClientOperation& b) { return a.operation_id < b.operation_id; });
    return out;
}

json client_model_json(const Model& model, const std::vector<ClientOperation>& ops) {
    json all = json::array();
    for (const auto& op : ops) {
        json params = json::array();
        for (const auto& p : op.parameters) params.push_back(parameter_json(model, p));
        json methods = json::array();
        for (const auto& m : op.methods) {
            static const char* kinds[] = {"json", "stream", "empty"};
            json result = {{"kind", kinds[static_cast<int>(m.result.kind)]}, {"status", m.result.status}};
            if (m.result.kind == ClientResult::Kind::Json) result["type"] = opt_decl(model, m.result.type);
            if (m.result.stream) result["stream"] = stream_json(model, *m.result.stream);
            methods.push_back({{"name", m.name}, {"accept", m.accept}, {"result", result}});
        }
        json errors = json::array();
        for (const auto& e : op.errors) {
            json headers = json::array();
            for (const auto& h : e.headers) headers.push_back(parameter_json(model, h));
            errors.push_back({{"status", e.status},
                              {"mediaType", e.media_type},
                              {"type", opt_decl(model, e.type)},
                              {"headers", headers}});
        }
        all.push_back({{"operationId", op.operation_id},
                       {"method", op.http_method},
                       {"path", op.path},
                       {"parameters", params},
                       {"body", op.body ? json{{"mediaType", op.body->media_type},
                                               {"required", op.body->required},
                                               {"type", value_json(model, op.body->type)}}
                                        : json(nullptr)},
                       {"methods", methods},
                       {"errors", errors}});
    }
    return all;
}

}  // namespace contractgen::ir
