// Unit tests of operations and streams as schema data (src/ir/operations.cpp,
// src/ir/streams.cpp): a small valid contract with an `x-openapi` operation
// and an `x-streams` declaration is read into the IR, then each error the
// readers report is provoked by one change to it (an RFC 6902 patch) and
// checked for its message and its position. Schemas are written to a
// temporary folder and run through the real pipeline (load, IR).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <string>

#include "app/pipeline.h"
#include "temp_schemas.h"

using contractgen::ir::json;

namespace {

// A family `ev`: two events, their union, an envelope {data, ts, note?}, two constants,
// one NDJSON operation with a stream, and an SSE event type for SSE variants.
const char* kBase = R"({
  "$schema": "https://json-schema.org/draft/2020-12/schema", "title": "t", "description": "d",
  "$defs": {
    "A": {"description": "a", "type": "object", "properties": {"type": {"type": "string", "const": "a"}, "x": {"type": "string"}},
          "required": ["type"], "additionalProperties": false},
    "B": {"description": "b", "type": "object", "properties": {"type": {"type": "string", "const": "b"}},
          "required": ["type"], "additionalProperties": false},
    "Event": {"description": "e", "oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}], "x-discriminator": "type"},
    "Envelope": {"description": "env", "type": "object",
                 "properties": {"data": {"$ref": "#/$defs/Event"}, "ts": {"type": "integer"}, "note": {"type": "string"}},
                 "required": ["data", "ts"], "additionalProperties": false},
    "SseEvent": {"description": "one SSE event", "type": "object",
                 "properties": {"event": {"type": "string", "const": "ev"}, "id": {"type": ["string", "null"]},
                                "data": {"type": "string", "x-json-content": "ev.Envelope"}},
                 "required": ["event", "id", "data"], "additionalProperties": false},
    "Terminal": {"title": "t", "description": "terminal", "type": "array", "items": {"type": "string"}, "const": ["b"]},
    "Interval": {"title": "i", "description": "interval", "type": "integer", "const": 1000}
  },
  "x-openapi": {
    "tags": [{"name": "events", "description": "Events."}],
    "paths": {
      "/events": {
        "get": {
          "operationId": "listEvents", "tags": ["events"], "summary": "s",
          "parameters": [{"name": "q", "in": "query", "required": false, "schema": {"type": "string"}}],
          "responses": {
            "200": {"description": "ok", "content": {
              "application/x-ndjson": {"itemSchema": {"$ref": "#/$defs/Envelope"}, "x-stream": {"$ref": "#/x-streams/Events"}}}}
          }
        }
      }
    }
  },
  "x-streams": {
    "Events": {
      "description": "the events", "framing": "ndjson", "item": {"$ref": "#/$defs/Envelope"},
      "tag": {"pointer": "/data/type"}, "terminal": {"tags": {"$ref": "#/$defs/Terminal"}, "required": true},
      "heartbeat": {"tag": "a", "intervalMs": {"$ref": "#/$defs/Interval"}},
      "timestamp": {"pointer": "/ts", "format": "unix-ms"}
    }
  }
})";

struct Result {
    std::string errors;
    contractgen::ir::Model model;
};

Result load(const std::map<std::string, std::string>& files) {
    TempSchemas dir(files, "ops");
    contractgen::diag::Sink sink;
    auto loaded = contractgen::app::load_and_build(dir.path(), sink);
    return Result{sink.text(), std::move(loaded.model)};
}

// The base contract after an RFC 6902 patch, as file text (two-space JSON).
std::string patched(const json& patch) { return json::parse(kBase).patch(patch).dump(2); }

Result load_patched(const json& patch) { return load({{"ev/events.schema.json", patched(patch)}}); }

json op(const char* kind, const std::string& path, json value = nullptr) {
    json o = {{"op", kind}, {"path", path}};
    if (std::string(kind) != "remove") o["value"] = std::move(value);
    return o;
}

json mv(const std::string& from, const std::string& to) { return {{"op", "move"}, {"from", from}, {"path", to}}; }

const std::string kOp = "/x-openapi/paths/~1events/get";
const std::string kMedia = kOp + "/responses/200/content/application~1x-ndjson";
const std::string kStream = "/x-streams/Events";

}  // namespace

TEST_CASE("a valid operation and stream are read into the IR") {
    Result r = load({{"ev/events.schema.json", kBase}});
    REQUIRE(r.errors == "");
    REQUIRE(r.model.operations.size() == 1);
    const auto& o = r.model.operations[0];
    CHECK(o.path == "/events");
    CHECK(o.method == "get");
    CHECK(o.operation_id == "listEvents");
    REQUIRE(o.responses.size() == 1);
    REQUIRE(o.responses[0].content.size() == 1);
    const auto& media = o.responses[0].content[0];
    CHECK(media.name == "application/x-ndjson");
    REQUIRE(media.item_schema);
    CHECK(r.model.decl(*media.item_schema).qualified_name() == "ev.Envelope");
    REQUIRE(media.stream == std::optional<std::size_t>(0));
    const auto& s = r.model.streams[0];
    CHECK(s.qualified_name() == "ev.Events");
    CHECK(s.framing == contractgen::ir::Framing::Ndjson);
    CHECK(s.tag.pointer == "/data/type");
    REQUIRE(s.tag_values.size() == 2);
    CHECK(s.tag_values[0].value == "a");
    CHECK(r.model.decl(*s.tag_values[1].variant).qualified_name() == "ev.B");
    CHECK(r.model.decl(*s.tag_union).qualified_name() == "ev.Event");
    CHECK(s.tag_union_pointer == "/data");
    CHECK_FALSE(s.tag_open);
    REQUIRE(s.terminal);
    CHECK(s.terminal->value == json::array({"b"}));
    CHECK(r.model.decl(*s.terminal->constant).qualified_name() == "ev.Terminal");
    CHECK(s.terminal_required);
    REQUIRE(s.heartbeat);
    CHECK(s.heartbeat->interval_ms.value == 1000);
    REQUIRE(s.timestamp);
    CHECK(s.timestamp->format == contractgen::ir::TimestampFormat::UnixMs);
    REQUIRE(r.model.api_tags.size() == 1);
}

TEST_CASE("an unresolved $ref in x-openapi names its file, line and column and suggests the type") {
    std::string text = patched(json::array({op("replace", kMedia + "/itemSchema/$ref", "#/$defs/Envelop")}));
    Result r = load({{"ev/events.schema.json", text}});
    // The position of the reference's value in the file.
    std::size_t at = text.find("\"#/$defs/Envelop\"");
    REQUIRE(at != std::string::npos);
    int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
    int column = static_cast<int>(at - text.rfind('\n', at));
    CHECK_THAT(r.errors,
               Catch::Contains("ev/events.schema.json:" + std::to_string(line) + ":" + std::to_string(column) +
                               ": error: $ref '#/$defs/Envelop' does not resolve (did you mean 'Envelope'?)"));
}

TEST_CASE("a stream's item, tag and values are checked against the item type") {
    Result r = load_patched(json::array({op("replace", kStream + "/tag/pointer", "/data/typ")}));
    CHECK_THAT(
        r.errors,
        Catch::Contains("the tag: '/data/typ' names nothing in ev.Envelope (no member 'typ'; did you mean 'type'?)"));
    CHECK(std::regex_search(r.errors, std::regex(R"(ev/events\.schema\.json:\d+:\d+: error: the tag)")));
}

// One change each, and the message it must produce.
TEST_CASE("every problem with x-openapi and x-streams is reported with its position") {
    struct Case {
        const char* name;
        json patch;
        std::string message;
    };
    const std::vector<Case> cases = {
        {"unknown method", json::array({mv(kOp, "/x-openapi/paths/~1events/pots")}),
         "unknown HTTP method 'pots' in path item '/events' (did you mean 'post'?)"},
        {"path-level member", json::array({op("add", "/x-openapi/paths/~1events/summary", "s")}),
         "'summary' of path item '/events' is not supported in x-openapi: put it on each operation"},
        {"path without slash", json::array({mv("/x-openapi/paths/~1events", "/x-openapi/paths/events")}),
         "path 'events' must start with '/'"},
        {"x-openapi not an object", json::array({op("replace", "/x-openapi", 1)}), "x-openapi must be an object"},
        {"x-openapi without paths", json::array({op("remove", "/x-openapi/paths")}), "x-openapi needs 'paths'"},
        {"unknown x-openapi member", json::array({op("add", "/x-openapi/servers", json::array())}),
         "unknown member 'servers' in x-openapi"},
        {"unknown operation member", json::array({op("add", kOp + "/summry", "s")}),
         "unknown member 'summry' in operation get /events (did you mean 'summary'?)"},
        {"operation without operationId", json::array({op("remove", kOp + "/operationId")}),
         "operation get /events needs 'operationId'"},
        {"operationId not an identifier", json::array({op("replace", kOp + "/operationId", "list events")}),
         "operationId 'list events' must be an identifier"},
        {"operation without responses", json::array({op("remove", kOp + "/responses")}),
         "operation get /events needs 'responses'"},
        {"no response", json::array({op("replace", kOp + "/responses", json::object())}),
         "needs at least one response"},
        {"parameter in nowhere", json::array({op("replace", kOp + "/parameters/0/in", "qery")}),
         "'in' must be query, header, path or cookie (did you mean 'query'?)"},
        {"Accept as a parameter",
         json::array({op("add", kOp + "/parameters/-",
                         {{"name", "Accept"}, {"in", "header"}, {"schema", {{"type", "string"}}}})}),
         "header 'Accept' is described by the media types"},
        {"parameter twice",
         json::array(
             {op("add", kOp + "/parameters/-", {{"name", "q"}, {"in", "query"}, {"schema", {{"type", "string"}}}})}),
         "parameter 'q' in query is given twice"},
        {"parameter without schema", json::array({op("remove", kOp + "/parameters/0/schema")}),
         "parameter needs 'schema'"},
        {"path variable without parameter",
         json::array({mv("/x-openapi/paths/~1events", "/x-openapi/paths/~1events~1{id}")}),
         "path '/events/{id}' has '{id}' but operation get has no parameter 'id' in path"},
        {"path parameter not required",
         json::array(
             {op("add", kOp + "/parameters/-", {{"name", "p"}, {"in", "path"}, {"schema", {{"type", "string"}}}})}),
         "path parameter 'p' must have \"required\": true"},
        {"bad status", json::array({mv(kOp + "/responses/200", kOp + "/responses/2000")}),
         "response '2000' of operation get /events must be an HTTP status code"},
        {"response without description", json::array({op("remove", kOp + "/responses/200/description")}),
         "response 200 needs 'description'"},
        {"Content-Type as a response header",
         json::array(
             {op("add", kOp + "/responses/200/headers", {{"Content-Type", {{"schema", {{"type", "string"}}}}}})}),
         "header 'Content-Type' is described by the media types"},
        {"not a media type", json::array({mv(kMedia, kOp + "/responses/200/content/ndjson")}),
         "'ndjson' is not a media type"},
        {"unknown media type member", json::array({op("add", kMedia + "/itemschema", json::object())}),
         "unknown member 'itemschema' in media type 'application/x-ndjson' (did you mean 'itemSchema'?)"},
        {"example not an object", json::array({op("add", kMedia + "/examples", {{"one", 1}})}),
         "example 'one' must be an object (an OpenAPI Example Object)"},
        {"keyword outside the subset",
         json::array({op("add", kOp + "/parameters/0/schema/additionalItems", json::object())}),
         "keyword 'additionalItems' is not supported; draft 2020-12 uses prefixItems and items instead"},
        {"inline $ref outside $defs",
         json::array({op("replace", kOp + "/parameters/0/schema", {{"$ref", "#/x-streams/Events"}})}),
         "which is not inside a $defs entry or a root schema that is a type; an operation's schemas may only refer to "
         "contract types"},
        {"discriminator mapping to nothing",
         json::array({op("replace", kOp + "/parameters/0/schema",
                         {{"oneOf", {{{"$ref", "#/$defs/A"}}, {{"$ref", "#/$defs/B"}}}},
                          {"discriminator", {{"propertyName", "type"}, {"mapping", {{"a", "#/$defs/AA"}}}}}})}),
         "discriminator mapping 'a': '#/$defs/AA' does not name a contract type"},
        {"x-stream not a stream", json::array({op("replace", kMedia + "/x-stream/$ref", "#/$defs/Envelope")}),
         "x-stream $ref '#/$defs/Envelope' names"},
        {"x-stream with another item", json::array({op("replace", kMedia + "/itemSchema/$ref", "#/$defs/A")}),
         "itemSchema names 'ev.A', but stream 'ev.Events' has items of 'ev.Envelope'"},
        {"x-stream without itemSchema", json::array({op("remove", kMedia + "/itemSchema")}),
         "with x-stream 'ev.Events' needs \"itemSchema\": {\"$ref\": ...} naming ev.Envelope"},
        {"NDJSON stream as text/event-stream",
         json::array({mv(kMedia, kOp + "/responses/200/content/text~1event-stream")}),
         "stream 'ev.Events' is NDJSON-framed, but media type 'text/event-stream' is text/event-stream"},
        {"undeclared tag", json::array({op("replace", kOp + "/tags/0", "event")}),
         "tag 'event' of operation get /events is not declared in any x-openapi.tags (did you mean 'events'?)"},
        {"tag twice", json::array({op("add", "/x-openapi/tags/-", {{"name", "events"}, {"description", "again"}})}),
         "tag 'events' is already declared at"},
        {"same template twice",
         json::array({mv("/x-openapi/paths/~1events", "/x-openapi/paths/~1e~1{a}"),
                      op("add", "/x-openapi/paths/~1e~1{a}/get/parameters/-",
                         {{"name", "a"}, {"in", "path"}, {"required", true}, {"schema", {{"type", "string"}}}}),
                      op("add", "/x-openapi/paths/~1e~1{b}",
                         {{"put",
                           {{"operationId", "putE"},
                            {"tags", {"events"}},
                            {"parameters",
                             {{{"name", "b"}, {"in", "path"}, {"required", true}, {"schema", {{"type", "string"}}}}}},
                            {"responses", {{"204", {{"description", "done"}}}}}}}})}),
         "path '/e/{b}' is the same template as '/e/{a}'"},
        {"x-streams not an object", json::array({op("replace", "/x-streams", 1)}),
         "x-streams must be an object of stream declarations"},
        {"stream name", json::array({mv(kStream, "/x-streams/1st")}), "stream name '1st' must be an identifier"},
        {"unknown stream member", json::array({op("add", kStream + "/framming", "sse")}),
         "unknown member 'framming' in stream 'ev.Events' (did you mean 'framing'?)"},
        {"stream without description", json::array({op("remove", kStream + "/description")}),
         "stream 'ev.Events' needs 'description'"},
        {"unknown framing", json::array({op("replace", kStream + "/framing", "websocket")}),
         "framing of stream 'ev.Events' must be \"sse\" or \"ndjson\", not \"websocket\""},
        {"item is a constant", json::array({op("replace", kStream + "/item/$ref", "#/$defs/Interval")}),
         "names the constant 'ev.Interval'; the item of stream 'ev.Events' needs a contract type"},
        {"item is not a $ref", json::array({op("replace", kStream + "/item", {{"type", "object"}})}),
         "the item of stream 'ev.Events' must be {\"$ref\": \"...\"} naming a contract type"},
        {"tag of the wrong kind", json::array({op("replace", kStream + "/tag/pointer", "/ts")}),
         "the tag: '/ts' of ev.Envelope is an integer, not a string"},
        {"tag without known values",
         json::array({op("replace", kStream + "/tag/pointer", "/note"), op("add", kStream + "/tag/default", "n")}),
         "must lead to a union's discriminator, an enum, an open enum or a constant string"},
        {"pointer and member", json::array({op("add", kStream + "/tag/member", "type")}),
         "the tag needs exactly one of 'pointer' (a JSON pointer into the item) and 'member'"},
        {"pointer without slash", json::array({op("replace", kStream + "/tag/pointer", "data/type")}),
         "pointer of the tag must start with '/' (RFC 6901), not 'data/type'"},
        {"unknown field member", json::array({op("add", kStream + "/tag/pointr", "/x")}),
         "unknown member 'pointr' in the tag (did you mean 'pointer'?)"},
        {"terminal value not a tag", json::array({op("replace", kStream + "/terminal/tags", "c")}),
         "terminal tags: 'c' is not a value of the tag /data/type of ev.Envelope"},
        {"terminal not a tag set", json::array({op("replace", kStream + "/terminal/tags", 3)}),
         "terminal tags must be a tag value or a list of them, not 3"},
        {"value names a type", json::array({op("replace", kStream + "/heartbeat/intervalMs", {{"$ref", "#/$defs/A"}})}),
         "names the type 'ev.A'; intervalMs needs a contract constant"},
        {"zero interval", json::array({op("replace", kStream + "/heartbeat/intervalMs", 0)}),
         "intervalMs must be a positive integer (milliseconds), not 0"},
        {"max interval below the interval", json::array({op("add", kStream + "/heartbeat/maxIntervalMs", 500)}),
         "maxIntervalMs must be an integer (milliseconds) ≥ intervalMs (1000), not 500"},
        {"severity of an unknown rule",
         json::array({op("add", kStream + "/severity", {{"terminal.mising", "warning"}})}),
         "'terminal.mising' is not a stream rule whose severity can be set (did you mean 'terminal.missing'?)"},
        {"severity not error or warning",
         json::array({op("add", kStream + "/severity", {{"terminal.missing", "info"}})}),
         "the severity of 'terminal.missing' must be \"error\" or \"warning\", not \"info\""},
        {"heartbeat tag unknown", json::array({op("replace", kStream + "/heartbeat/tag", "beat")}),
         "the heartbeat tag: 'beat' is not a value of the tag /data/type"},
        {"sequence of a string", json::array({op("add", kStream + "/sequence", {{"pointer", "/data/type"}})}),
         "sequence: '/data/type' of ev.Envelope is the constant \"a\", not an integer"},
        {"key that may be absent", json::array({op("add", kStream + "/key", {{"pointer", "/note"}})}),
         "key: '/note' may be absent (or null) in a ev.Envelope; the rule needs it in every item"},
        {"timestamp format", json::array({op("replace", kStream + "/timestamp/format", "iso")}),
         "the timestamp format must be \"unix-ms\" or \"date-time\", not \"iso\""},
        {"no-retry statuses",
         json::array({op("add", kStream + "/client", {{"reconnect", {{"noRetryStatuses", {"404"}}}}})}),
         "noRetryStatuses must be a list of HTTP status codes"},
        {"unknown client member", json::array({op("add", kStream + "/client", {{"watchdog", 1}})}),
         "unknown member 'watchdog' in the client rules (did you mean 'watchdogMs'?)"},
        {"sse rules for NDJSON", json::array({op("add", kStream + "/sse", json::object())}),
         "'sse' of stream 'ev.Events' is only for framing \"sse\""},
        {"SSE without sse rules", json::array({op("replace", kStream + "/framing", "sse")}),
         "stream 'ev.Events' has framing \"sse\" and needs 'sse'"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            Result r = load_patched(c.patch);
            CHECK_THAT(r.errors, Catch::Contains(c.message));
            CHECK(std::regex_search(r.errors, std::regex(R"(ev/events\.schema\.json:[1-9]\d*:[1-9]\d*: error: )")));
        }
    }
}

TEST_CASE("a stream's severities and longest heartbeat interval are read into the IR") {
    Result r = load_patched(
        json::array({op("add", kStream + "/severity", {{"terminal.missing", "warning"}, {"first", "error"}}),
                     op("add", kStream + "/heartbeat/maxIntervalMs", 1500)}));
    REQUIRE(r.errors == "");
    const auto& s = r.model.streams.at(0);
    CHECK(s.severities == std::map<std::string, std::string>{{"first", "error"}, {"terminal.missing", "warning"}});
    REQUIRE(s.heartbeat);
    REQUIRE(s.heartbeat->max_interval_ms);
    CHECK(s.heartbeat->max_interval_ms->value == 1500);
    // Without them: no severities, no longest interval.
    Result plain = load({{"ev/events.schema.json", kBase}});
    CHECK(plain.model.streams.at(0).severities.empty());
    CHECK_FALSE(plain.model.streams.at(0).heartbeat->max_interval_ms);
}

TEST_CASE("SSE streams: the event schema, event name and id are checked") {
    // The base stream, SSE-framed, on a text/event-stream media type.
    json sse = json::array(
        {op("replace", kStream + "/framing", "sse"),
         op("add", kStream + "/sse", {{"eventSchema", {{"$ref", "#/$defs/SseEvent"}}}, {"event", "ev"}}),
         mv(kMedia, kOp + "/responses/200/content/text~1event-stream"),
         op("replace", kOp + "/responses/200/content/text~1event-stream/itemSchema/$ref", "#/$defs/SseEvent")});
    const std::string s = kStream + "/sse";
    REQUIRE(load_patched(sse).errors == "");
    auto with = [&](std::initializer_list<json> more) {
        json p = sse;
        for (const auto& m : more) p.push_back(m);
        return load_patched(p).errors;
    };
    CHECK_THAT(
        with({op("replace", s + "/event", "other")}),
        Catch::Contains("the SSE event name \"other\" is not the \"ev\" that eventSchema 'ev.SseEvent' requires"));
    CHECK_THAT(with({op("replace", s + "/eventSchema/$ref", "#/$defs/A")}),
               Catch::Contains("eventSchema 'ev.A' must have 'event' and 'data' members (one SSE event)"));
    CHECK_THAT(
        with({op("replace", "/$defs/SseEvent/properties/data/x-json-content", "ev.A")}),
        Catch::Contains(
            "eventSchema 'ev.SseEvent': its data holds \"ev.A\" (x-json-content), but the stream's item is 'ev.Envelope'"));
    CHECK_THAT(with({op("add", s + "/id", {{"pointer", "/note"}})}),
               Catch::Contains(
                   "the SSE id: '/note' may be absent (or null) in a ev.Envelope; the rule needs it in every item"));
    CHECK(with({op("add", s + "/id", {{"pointer", "/note"}, {"optional", true}})}) == "");
    CHECK(with({op("replace", s + "/event", {{"pointer", "/data/type"}})}) == "");
    CHECK_THAT(with({mv(kOp + "/responses/200/content/text~1event-stream",
                        kOp + "/responses/200/content/application~1x-ndjson")}),
               Catch::Contains(
                   "stream 'ev.Events' is SSE-framed, but media type 'application/x-ndjson' is not text/event-stream"));
}

TEST_CASE("a tag that may be absent needs a default, from the stream or the member's schema") {
    json base = json::array({op("add", "/$defs/Envelope/properties/kind", {{"type", "string"}, {"enum", {"x", "y"}}}),
                             op("replace", kStream + "/tag/pointer", "/kind"), op("remove", kStream + "/terminal"),
                             op("remove", kStream + "/heartbeat")});
    CHECK_THAT(load_patched(base).errors,
               Catch::Contains(
                   "the tag '/kind' may be absent in a ev.Envelope and neither it nor the stream gives a 'default'"));
    json with_default = base;
    with_default.push_back(op("add", kStream + "/tag/default", "x"));
    Result r = load_patched(with_default);
    REQUIRE(r.errors == "");
    CHECK(r.model.streams[0].tag_default->value == "x");
    json schema_default = base;
    schema_default.push_back(op("add", "/$defs/Envelope/properties/kind/default", "y"));
    r = load_patched(schema_default);
    REQUIRE(r.errors == "");
    CHECK(r.model.streams[0].tag_default->value == "y");
}

TEST_CASE("operations and streams across files: duplicates are reported with both places") {
    // A second file of the same family declaring the same operation, operationId and stream name.
    json other = json::parse(kBase);
    other["$defs"] = {{"C", {{"description", "c"}, {"type", "string"}}}};
    other["x-openapi"].erase("tags");
    other["x-streams"]["Events"]["item"]["$ref"] = "events.schema.json#/$defs/Envelope";
    other["x-streams"]["Events"]["terminal"]["tags"]["$ref"] = "events.schema.json#/$defs/Terminal";
    other["x-streams"]["Events"]["heartbeat"]["intervalMs"]["$ref"] = "events.schema.json#/$defs/Interval";
    auto& media = other["x-openapi"]["paths"]["/events"]["get"]["responses"]["200"]["content"]["application/x-ndjson"];
    media["itemSchema"]["$ref"] = "events.schema.json#/$defs/Envelope";
    media["x-stream"]["$ref"] = "events.schema.json#/x-streams/Events";
    Result r = load({{"ev/events.schema.json", kBase}, {"ev/more.schema.json", other.dump(2)}});
    CHECK_THAT(r.errors, Catch::Contains("more.schema.json"));
    CHECK_THAT(r.errors, Catch::Contains("stream 'ev.Events' is already declared at"));
    CHECK_THAT(r.errors, Catch::Contains("duplicate operation get /events: already declared at"));
    CHECK_THAT(r.errors, Catch::Contains("operationId 'listEvents' is already used by get /events at"));
    // Another route with the same operationId only.
    other["x-openapi"]["paths"] = {{"/other", other["x-openapi"]["paths"]["/events"]}};
    r = load({{"ev/events.schema.json", kBase}, {"ev/more.schema.json", other.dump(2)}});
    CHECK_THAT(r.errors, Catch::Contains("operationId 'listEvents' is already used by get /events at"));
    CHECK_THAT(r.errors, !Catch::Contains("duplicate operation"));
}

TEST_CASE("an operation may name a type that is a file's root schema") {
    // A second file whose root is a type (named by its title): the request body names it by file.
    const char* root_type = R"({"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "New event",
                                "description": "n", "type": "object", "properties": {"x": {"type": "string"}}})";
    json body = {{"required", true},
                 {"content", {{"application/json", {{"schema", {{"$ref", "new_event.schema.json"}}}}}}}};
    Result r = load({{"ev/events.schema.json", patched(json::array({op("add", kOp + "/requestBody", body)}))},
                     {"ev/new_event.schema.json", root_type}});
    REQUIRE(r.errors == "");
    REQUIRE(r.model.operations[0].request.size() == 1);
    REQUIRE(r.model.operations[0].request[0].schema);
    CHECK(r.model.decl(*r.model.operations[0].request[0].schema).qualified_name() == "ev.NewEvent");
}
