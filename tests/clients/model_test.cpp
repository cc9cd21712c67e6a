// The language-neutral client model (src/ir/clients.h), read from this
// contract's schemas and from the second contract (tests/golden/operations):
// every operation gets its methods, parameters, body, errors and stream rules
// from schema data alone, constants resolved.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>

#include "app/pipeline.h"
#include "ir/clients.h"

using contractgen::ir::json;

namespace {

json model_of(const std::string& folder) {
    contractgen::diag::Sink sink;
    auto loaded = contractgen::app::load_and_build(std::string(CONTRACTGEN_SOURCE_DIR) + "/" + folder, sink);
    INFO(sink.text());
    REQUIRE(sink.text().empty());
    json j = contractgen::ir::client_model_json(loaded.model, contractgen::ir::client_operations(loaded.model));
    if (std::getenv("CLIENTS_MODEL_DUMP")) std::cout << j.dump(2) << "\n";
    return j;
}

const json& op(const json& all, const std::string& id) {
    for (const auto& o : all)
        if (o["operationId"] == id) return o;
    FAIL("no operation " << id);
    static json none;
    return none;
}

}  // namespace

TEST_CASE("the contract's three operations, each with its methods") {
    json all = model_of("schemas");
    REQUIRE(all.size() == 3);
    CHECK(all[0]["operationId"] == "assist");  // sorted by operationId
    CHECK(all[1]["operationId"] == "streamChatMessage");
    CHECK(all[2]["operationId"] == "streamPackets");
}

TEST_CASE("POST /v1/assist: a JSON method and a stream method, typed body, declared errors") {
    json all = model_of("schemas");
    const json& assist = op(all, "assist");
    CHECK(assist["method"] == "POST");
    CHECK(assist["path"] == "/v1/assist");
    CHECK(assist["body"] == json::parse(R"({"mediaType": "application/json", "required": true,
                                             "type": {"kind": "named", "type": "assist.AgentRequest"}})"));
    REQUIRE(assist["methods"].size() == 2);
    const json& plain = assist["methods"][0];
    CHECK(plain["name"] == "assist");
    CHECK(plain["accept"] == json::array({"application/json"}));
    CHECK(plain["result"] == json::parse(R"({"kind": "json", "status": "200", "type": "assist.AssistResponse"})"));
    const json& stream = assist["methods"][1];
    CHECK(stream["name"] == "assistStream");
    CHECK(stream["accept"] == json::array({"text/event-stream"}));
    const json& rules = stream["result"]["stream"];
    CHECK(rules["stream"] == "assist.AssistEvents");
    CHECK(rules["framing"] == "sse");
    CHECK(rules["item"] == "cloudevents.CloudEvent");
    CHECK(rules["eventSchema"] == "assist.ServerSentEvent");
    CHECK(rules["sse"] ==
          json::parse(R"({"events": [], "eventPointer": "/type", "idPointer": "/id", "idOptional": false})"));
    CHECK(rules["resumable"] == true);
    CHECK(rules["terminal"] == json::parse(R"({"tags": [], "required": false})"));
    CHECK(rules["severity"] == json::parse(R"({"sse.id.missing": "warning"})"));
    CHECK(rules["reconnect"]["maxAttempts"] == 0);  // the stream declares no client rules
    REQUIRE(assist["errors"].size() == 3);
    CHECK(assist["errors"][0]["status"] == "400");
    CHECK(assist["errors"][0]["type"] == "assist.ValidationErrorResponse");
    CHECK(assist["errors"][1]["status"] == "429");
    CHECK(assist["errors"][1]["type"] == "cloudevents.ErrorPayload");
    CHECK(
        assist["errors"][1]["headers"] ==
        json::parse(
            R"([{"name": "Retry-After", "in": "header", "required": false, "type": {"kind": "integer", "type": null}}])"));
    CHECK(assist["errors"][2]["status"] == "500");
}

TEST_CASE("the chat stream: parameters with their types, one method for both media types, the client rules") {
    json all = model_of("schemas");
    const json& chat = op(all, "streamChatMessage");
    CHECK(chat["method"] == "GET");
    CHECK(chat["body"].is_null());
    const json& params = chat["parameters"];
    REQUIRE(params.size() == 5);
    CHECK(params[0] == json::parse(R"({"name": "message_stream_id", "in": "query", "required": true,
                                       "type": {"kind": "string", "type": null}})"));
    CHECK(params[1] == json::parse(R"({"name": "X-Gradient-Browser-Client", "in": "header", "required": false,
                                       "type": {"kind": "string", "type": null, "const": "1"}})"));
    CHECK(params[4]["in"] == "cookie");
    REQUIRE(chat["methods"].size() == 1);
    const json& m = chat["methods"][0];
    CHECK(m["name"] == "streamChatMessage");
    CHECK(m["accept"] == json::array({"application/x-ndjson", "text/plain; charset=utf-8"}));
    const json& rules = m["result"]["stream"];
    CHECK(rules["framing"] == "ndjson");
    CHECK(rules["item"] == "chat_stream.StreamEnvelope");
    CHECK(rules["tag"]["pointer"] == "/data/type");
    CHECK(rules["first"] == json::array({"stream_start", "ERROR"}));  // the constant FirstEventTypes, resolved
    CHECK(rules["terminal"]["tags"] == json::array({"done", "ERROR", "clarification_needed"}));
    CHECK(rules["terminal"]["required"] == true);
    CHECK(rules["heartbeat"] == json::parse(R"({"tag": "heartbeat", "intervalMs": 20000, "maxIntervalMs": 30000})"));
    CHECK(rules["watchdogMs"] == 30000);
    CHECK(rules["reconnect"] == json::parse(R"({"maxAttempts": 5, "initialDelayMs": 1000, "multiplier": 2,
                                                "maxDelayMs": 30000, "noRetryStatuses": [404]})"));
    CHECK(rules["resumable"] == false);
    CHECK(rules["sse"].is_null());
    REQUIRE(chat["errors"].size() == 2);
    CHECK(chat["errors"][1]["status"] == "404");
}

TEST_CASE("GET /v1/assist: SSE with ids, a key and a gapless sequence") {
    json all = model_of("schemas");
    const json& packets = op(all, "streamPackets");
    CHECK(packets["parameters"][0]["name"] == "Last-Event-ID");
    CHECK(packets["parameters"][0]["type"]["format"] == "uuid");
    const json& rules = packets["methods"][0]["result"]["stream"];
    CHECK(rules["sse"]["events"] == json::array({"stream.packet", "message"}));  // the event and readerAlsoAccepts
    CHECK(rules["sse"]["idPointer"] == "/stream_id");
    CHECK(rules["key"] == "/stream_id");
    CHECK(rules["sequence"] == json::parse(R"({"pointer": "/seq", "gapless": true})"));
    CHECK(rules["terminal"]["tags"] == json::array({"CLOSE"}));
    CHECK(rules["resumable"] == true);
    CHECK(rules["severity"] == json::parse(R"({"sequence.gap": "warning"})"));
}

TEST_CASE("the second contract: a 201 JSON answer with a header, an NDJSON stream on a path parameter") {
    json all = model_of("tests/golden/operations/input");
    REQUIRE(all.size() == 2);
    const json& create = op(all, "createOrder");
    CHECK(create["body"]["type"]["type"] == "orders.NewOrder");
    REQUIRE(create["methods"].size() == 1);
    CHECK(create["methods"][0]["result"] ==
          json::parse(R"({"kind": "json", "status": "201", "type": "orders.Order"})"));
    CHECK(create["errors"] == json::parse(R"([{"status": "400", "mediaType": "application/json",
                                               "type": "orders.Problem", "headers": []}])"));
    const json& events = op(all, "orderEvents");
    CHECK(events["path"] == "/orders/{id}/events");
    CHECK(events["parameters"][0] == json::parse(R"({"name": "id", "in": "path", "required": true,
                                                     "type": {"kind": "string", "type": null, "format": "uuid"}})"));
    const json& rules = events["methods"][0]["result"]["stream"];
    CHECK(rules["item"] == "events.EventLine");
    CHECK(rules["first"] == json::array({"created"}));
    CHECK(rules["terminal"]["tags"] == json::array({"closed"}));
    CHECK(rules["sequence"] == json::parse(R"({"pointer": "/seq", "gapless": true})"));
    CHECK(rules["heartbeat"]["tag"] == "ping");
    CHECK(rules["reconnect"] == json::parse(R"({"maxAttempts": 3, "initialDelayMs": 500, "multiplier": 2,
                                                "maxDelayMs": 4000, "noRetryStatuses": [404]})"));
    CHECK(events["errors"][0]["type"] == "orders.Problem");
}

TEST_CASE("a declared status matches the codes it stands for") {
    using contractgen::ir::status_matches;
    CHECK(status_matches("404", 404));
    CHECK_FALSE(status_matches("404", 400));
    CHECK(status_matches("4XX", 429));
    CHECK_FALSE(status_matches("4XX", 500));
    CHECK(status_matches("default", 502));
}
