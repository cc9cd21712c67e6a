// The repository's own C++ bindings (generated/cpp), exercised through the
// public API a consumer uses: contract::parse<T>, nlohmann's from_json /
// to_json, the typed members, constants and lookup functions. The policy
// and error rules in detail: policy_test.cpp, errors_test.cpp.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "contract/registry.hpp"

using contract::Json;
namespace cs = contract::chat_stream;
namespace re = contract::run_events;
namespace ce = contract::cloudevents;

namespace {

std::string error_of(const std::string& type, const std::string& text) {
    try {
        contract::find_type(type)(text, {});
    } catch (const contract::DecodeError& e) {
        return e.what();
    }
    return "(no error)";
}

const char* kTaskUpdate = R"({"data": {"type": "task_update", "key": "task_1", "title": "Search", "message": "Found 4",
  "status": "success", "plan_set": {"chat_id": "c1", "creator_user_id": "u1", "user_chat_message_id": "m1",
  "workspace_id": "w1", "plans": {"p1": {"id": "p1", "plan_set_id": "ps1", "status": "LOADING",
  "plan_tasks": {"t1": {"id": "t1", "title": "T", "message": "M", "plan_id": "p1", "status": "SUCCESS"}}}}}},
  "timestamp": 1771582500100})";

}  // namespace

TEST_CASE("a chat-stream envelope decodes into typed members") {
    auto envelope = contract::parse<cs::StreamEnvelope>(kTaskUpdate);
    CHECK(envelope.timestamp == 1771582500100);
    const auto* update = std::get_if<cs::TaskUpdate>(&envelope.data.value);
    REQUIRE(update != nullptr);
    CHECK(update->status == cs::TaskStatus::Success);
    const cs::Plan& plan = update->plan_set.plans.at("p1");
    CHECK(plan.status == cs::PlanStatus::Loading);
    CHECK(plan.plan_tasks.at("t1").status == cs::PlanStatus::Success);
    CHECK(update->metadata.is_absent());
}

TEST_CASE("decode then encode returns the same JSON value") {
    Json input = Json::parse(kTaskUpdate);
    auto envelope = contract::parse<cs::StreamEnvelope>(kTaskUpdate);
    CHECK(contract::to_json_value(envelope) == input);
}

TEST_CASE("an error names the JSON path and what was expected") {
    std::string text = kTaskUpdate;
    text.replace(text.find("\"LOADING\""), 9, "\"DONE\"");
    CHECK(error_of("chat_stream.StreamEnvelope", text) ==
          "$.data.plan_set.plans.p1.status: enum: expected one of LOADING|SUCCESS|ERROR, got string \"DONE\"");
}

TEST_CASE("absent, null and value stay distinct through a round trip") {
    auto absent = contract::parse<cs::DoneEvent>(R"({"type": "done"})");
    CHECK(absent.has_async_entities_pending.is_absent());
    CHECK(contract::to_json_value(absent) == Json::parse(R"({"type": "done"})"));

    auto null = contract::parse<cs::DoneEvent>(R"({"type": "done", "has_async_entities_pending": null})");
    CHECK(null.has_async_entities_pending.is_null());
    CHECK(contract::to_json_value(null) == Json::parse(R"({"type": "done", "has_async_entities_pending": null})"));

    auto value = contract::parse<cs::DoneEvent>(R"({"type": "done", "has_async_entities_pending": true})");
    REQUIRE(value.has_async_entities_pending.has_value());
    CHECK(value.has_async_entities_pending.value());
}

TEST_CASE("field ownership: a web_status event may not carry research_status fields") {
    CHECK(
        error_of(
            "run_events.RunEvent",
            R"({"type": "web_status", "run_id": "r1", "status": "running", "tool": "browse", "message": "m", "state": "x"})") ==
        "$.state: additionalProperties: member \"state\" is not allowed");  // closed, undeclared: that first (§2)
    // Read tolerantly, the closed object would keep an undeclared member, but this one must be absent.
    CHECK_THROWS_WITH(
        contract::parse<contract::run_events::WebStatusEvent>(
            R"({"type": "web_status", "run_id": "r1", "status": "running", "tool": "browse", "message": "m", "state": "x"})",
            contract::tolerant()),
        "$.state: not: member \"state\" must be absent");
}

TEST_CASE("deprecated event types are rejected by the discriminator") {
    CHECK(error_of("run_events.RunEvent", R"({"type": "activity", "run_id": "r1"})")
              .rfind("$.type: discriminator: expected one of content|reasoning|", 0) == 0);
    CHECK(error_of("run_events.RunEvent", R"({"run_id": "r1"})").rfind("$: required: missing member \"type\"", 0) == 0);
}

TEST_CASE("integers: 1.0 is an integer, \"1\" and true are not") {
    auto ok = contract::parse<cs::StreamEnvelope>(R"({"data": {"type": "heartbeat"}, "timestamp": 1.0})");
    CHECK(ok.timestamp == 1);
    CHECK(error_of("chat_stream.StreamEnvelope", R"({"data": {"type": "heartbeat"}, "timestamp": "1"})") ==
          "$.timestamp: type: expected an integer, got string \"1\"");
    CHECK(error_of("chat_stream.StreamEnvelope", R"({"data": {"type": "heartbeat"}, "timestamp": true})") ==
          "$.timestamp: type: expected an integer, got true");
    CHECK(error_of("chat_stream.StreamEnvelope", R"({"data": {"type": "heartbeat"}, "timestamp": 1.5})") ==
          "$.timestamp: type: expected an integer, got number 1.5");
}

TEST_CASE("date-times and UUIDs keep their exact wire text") {
    const char* text = R"({"type": "ping", "timestamp": "2026-02-20T10:15:30.123456+00:00"})";
    auto ping = contract::parse<cs::PingEvent>(text);
    CHECK(contract::to_json_value(ping).dump() == Json::parse(text).dump());
    // ISO 8601 without an offset (UTC, as datetime.utcnow().isoformat() writes it) keeps its text too.
    const char* naive = R"({"type": "ping", "timestamp": "2026-02-20T10:15:30.123456"})";
    CHECK(contract::to_json_value(contract::parse<cs::PingEvent>(naive)).dump() == Json::parse(naive).dump());
    CHECK(error_of("chat_stream.PingEvent", R"({"type": "ping", "timestamp": "2026-02-30T10:15:30Z"})")
              .rfind("$.timestamp: pattern: ", 0) == 0);
    CHECK(
        error_of(
            "cloudevents.CloudEvent",
            R"({"specversion": "1.0", "id": "e1", "type": "t", "source": "urn:node:1", "time": "2026-02-30T10:15:30Z"})") ==
        "$.time: format: expected an RFC 3339 date-time, got \"2026-02-30T10:15:30Z\"");
}

TEST_CASE("open enum: known content types are named, other MIME types pass, garbage does not") {
    auto known = contract::parse<ce::CloudEvent>(
        R"({"specversion": "1.0", "id": "e1", "type": "t", "source": "urn:node:1", "datacontenttype": "application/vnd.coreason.error+json"})");
    REQUIRE(known.datacontenttype.has_value());
    CHECK(known.datacontenttype->known() == ce::EventContentType::ApplicationVndCoreasonErrorJson);
    auto other = contract::parse<ce::CloudEvent>(
        R"({"specversion": "1.0", "id": "e1", "type": "t", "source": "urn:node:1", "datacontenttype": "text/plain"})");
    CHECK_FALSE(other.datacontenttype->is_known());
    CHECK(
        error_of(
            "cloudevents.CloudEvent",
            R"({"specversion": "1.0", "id": "e1", "type": "t", "source": "urn:node:1", "datacontenttype": "not a mime"})")
            .rfind("$.datacontenttype: anyOf: \"not a mime\" is not a known value, and string does not match pattern",
                   0) == 0);
}

TEST_CASE("open objects keep members the schema does not declare") {
    const char* text =
        R"({"specversion": "1.0", "id": "e1", "type": "t", "source": "urn:node:1", "traceparent": "00-ab", "data": {"chunk": "Hello "}})";
    auto event = contract::parse<ce::CloudEvent>(text);
    CHECK(event.additional_properties.at("traceparent").as_string() == "00-ab");
    CHECK(contract::to_json_value(event) == Json::parse(text));
}

TEST_CASE("nlohmann's from_json and to_json go through the same decoder") {
    Json j = Json::parse(R"({"type": "message_delta", "delta": "Hello"})");
    auto delta = j.get<cs::MessageDelta>();
    CHECK(delta.delta == "Hello");
    Json back = delta;
    CHECK(back == j);
    CHECK_THROWS_WITH(Json::parse(R"({"type": "message_delta"})").get<cs::MessageDelta>(),
                      "$: required: missing member \"delta\"");
}

TEST_CASE("contract tables are typed constants, with their lookup function") {
    CHECK(re::normalize_status("running") == re::NormalizedStatus::InProgress);
    CHECK(re::normalize_status("inference_complete") == re::NormalizedStatus::Success);
    CHECK(re::normalize_status("failed") == re::NormalizedStatus::Error);
    CHECK_FALSE(re::normalize_status("bogus").has_value());
    CHECK(cs::kReconnectDelaysMs == std::vector<std::int64_t>{1000, 2000, 4000, 8000, 16000});
    CHECK(cs::kHeartbeatIntervalMs == 20000);
    CHECK(cs::kWatchdogTimeoutMs == 30000);
    // Emoji arrive as the real characters (seed 001 was mis-encoded).
    CHECK(std::find(re::kStrategyEntryPrefixes.begin(), re::kStrategyEntryPrefixes.end(), "\xF0\x9F\x93\x8C") !=
          re::kStrategyEntryPrefixes.end());
}

TEST_CASE("malformed JSON and trailing garbage are errors, not crashes") {
    CHECK(error_of("chat_stream.Heartbeat", R"({"type": )") ==
          "$: syntax: invalid JSON: unexpected end of input, expected a value at byte 9");
    CHECK(error_of("chat_stream.Heartbeat", R"({"type": "heartbeat"} x)") ==
          "$: syntax: invalid JSON: unexpected content after the value at byte 22");
    CHECK(error_of("chat_stream.Heartbeat", std::string(100000, '[')) == "$: type: expected an object, got an array");
    CHECK(error_of("cloudevents.JsonValue", std::string(100000, '[')).rfind("$[0][0][0]", 0) == 0);
}
