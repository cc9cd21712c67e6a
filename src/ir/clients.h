// The client of each operation, as language-neutral data: what a generated
// client method needs to build the request and to read every response,
// derived once from Model::operations and Model::streams (`x-openapi`,
// `x-streams`; schemas/README.md, "Operations and streams") so that the
// TypeScript, Python, Go and C++ clients cannot disagree on it.
//
// The model, per operation (ClientOperation):
//   - operation_id, http_method ("GET", upper case), path ("/orders/{id}/events");
//   - parameters: path, query, header and cookie, each with its wire name, whether it is
//     required and its type (ClientValue: a scalar kind, a contract type, or a constant);
//   - body: the request body's media type and contract type, and whether it is required;
//   - methods: one per kind of successful answer. An operation whose 2XX answers are one
//     JSON value *or* one stream (chosen with `Accept`) gets two methods: the JSON one named
//     after operationId, the stream one named operationId + "Stream". Each method lists the
//     media types it sends in `Accept` and its result: a JSON value, a stream (ClientStream,
//     below) or nothing (a response without content);
//   - errors: every declared non-2XX response by status ("404", "4XX", "default") with
//     its JSON body type, when it has one, and its declared headers (`Retry-After`).
//     A response that matches none of them is the client's "unexpected response" error.
//
// ClientStream holds the stream's rules as plain values (constants already
// resolved, pointers as RFC 6901 strings into the *item*, not the SSE event):
//   framing sse|ndjson, item type (and the SSE event type), the tag pointer and its
//   default; first / terminal tag values and whether a terminal item is required; the key
//   pointer (items with different keys are separate logical streams, each with its own
//   sequence); the sequence pointer and gapless flag; for SSE the accepted event names
//   (empty: any) or the item field that names the event, and the item field that is the
//   event's `id:` (then the stream is resumable: a reconnect sends `Last-Event-ID` with the
//   last id seen); heartbeat tag and intervals; the watchdog (no byte for this long: the
//   connection is hung and is dropped); reconnect backoff (attempts, initial delay,
//   multiplier, maximum delay: delay(n) = min(initial * multiplier^(n-1), max)) and the
//   statuses after which a client never reconnects; the severities the stream declares for
//   verify's rule ids (a warning is reported and the item delivered; an error ends the stream). `Retry-After` on 429 replaces the
//   computed delay of that attempt (a rule of HTTP, so no field carries it).
//
// client_model_json() renders the same data as JSON with declarations named by their
// qualified names ("orders.Order"); templates and tests read that.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/model.h"

namespace contractgen::ir {

// The type of a parameter, header or body.
struct ClientValue {
    enum class Kind { String, Integer, Number, Boolean, Named, Any };
    Kind kind = Kind::Any;
    std::optional<DeclId> decl;  // Kind::Named
    std::optional<json> constant;  // the schema's `const`: the only value, sent when not given
    std::string format;  // the schema's string `format` ("uuid"), or ""
};

struct ClientParameter {
    std::string name;  // on the wire ("X-Client", "message_stream_id")
    std::string in;  // path, query, header, cookie
    bool required = false;
    ClientValue type;

    // A constant outside the path is the client's to send, never the
    // caller's to give: no generated client makes it a parameter.
    bool sent_by_client() const { return type.constant.has_value() && in != "path"; }
    // The caller may leave it out (a path parameter is always in the path).
    bool optional() const { return !required && in != "path"; }
};

// A constant parameter's value as the wire carries it: a string as itself,
// any other JSON value as its text.
std::string constant_text(const json& value);

struct ClientStream {
    std::size_t stream = 0;  // index into Model::streams
    Framing framing = Framing::Ndjson;
    DeclId item = 0;
    std::optional<DeclId> event_schema;  // SSE: one event {event, id, data}

    std::string tag_pointer;
    std::optional<std::string> tag_default;
    std::vector<std::string> first;  // tag values the first item may have (empty: any)
    std::vector<std::string> terminal;  // tag values that end a logical stream
    bool terminal_required = false;  // ending without one is a cut-short stream
    std::optional<std::string> key_pointer;
    std::optional<std::string> sequence_pointer;
    bool sequence_gapless = false;

    std::vector<std::string> sse_events;  // accepted `event:` names (empty: any) ...
    std::optional<std::string> sse_event_pointer;  // ... or the item field the name must equal
    std::optional<std::string> sse_id_pointer;  // the item field sent as `id:`
    bool sse_id_optional = false;

    std::optional<std::string> heartbeat_tag;
    std::optional<std::int64_t> heartbeat_interval_ms;
    std::optional<std::int64_t> heartbeat_max_interval_ms;

    std::optional<std::int64_t> watchdog_ms;
    std::int64_t max_attempts = 0;  // reconnections after a drop; 0: none
    std::int64_t initial_delay_ms = 0;
    std::int64_t multiplier = 1;
    std::int64_t max_delay_ms = 0;
    std::vector<int> no_retry_statuses;
    std::map<std::string, std::string> severities;  // rule id → "warning" | "error", where declared

    // A reconnect resumes with `Last-Event-ID` (SSE with ids).
    bool resumable() const { return framing == Framing::Sse && sse_id_pointer.has_value(); }
    // The rule ids the stream weighs as warnings (reported, the item
    // delivered), in rule-id order; every other rule ends the stream.
    std::vector<std::string> warnings() const;
};

struct ClientResult {
    enum class Kind { Json, Stream, Empty };
    Kind kind = Kind::Empty;
    std::string status;  // the declared status it comes with ("200", "2XX")
    std::optional<DeclId> type;  // Json: the body's type (none: any JSON)
    std::optional<ClientStream> stream;  // Stream
};

struct ClientMethod {
    std::string name;  // operationId, or operationId + "Stream"
    std::vector<std::string> accept;  // media types for `Accept`, in the declared order
    ClientResult result;
};

struct ClientError {
    std::string status;  // "404", "4XX", "default"
    std::string media_type;  // "" when the response has no content
    std::optional<DeclId> type;  // the JSON body's type, when it names one
    std::vector<ClientParameter> headers;  // declared response headers (`Retry-After`)
};

struct ClientBody {
    std::string media_type;  // "application/json"
    bool required = false;
    ClientValue type;
};

struct ClientOperation {
    std::size_t operation = 0;  // index into Model::operations
    std::string operation_id;
    std::string http_method;  // upper case
    std::string path;  // the template, `{name}` per path parameter
    std::vector<ClientParameter> parameters;
    std::optional<ClientBody> body;
    std::vector<ClientMethod> methods;
    std::vector<ClientError> errors;
};

// Every operation's client, in the order of Model::operations sorted by operationId.
std::vector<ClientOperation> client_operations(const Model& model);

// The type of an inline parameter or header schema (or its contract type).
ClientValue client_value(const Model& model, const std::optional<DeclId>& decl, const json& schema);

// A status as written matches a received code: "404", "4XX", "default".
bool status_matches(const std::string& declared, int code);

// The model as JSON (see the header comment); DeclIds become qualified names.
json client_model_json(const Model& model, const std::vector<ClientOperation>& ops);

}  // namespace contractgen::ir
