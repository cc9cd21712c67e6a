// The encoder of the repository's own bindings: contract::dump writes JSON
// text directly (no DOM), members in schema order, escaped, with numbers
// that read back the same, and it refuses values the contract does not
// allow with the decoder's path-style messages. Expected texts were written
// by hand from the schemas (member order) and RFC 8259 (escapes).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "contract/registry.hpp"

using contract::Json;
namespace cs = contract::chat_stream;
namespace re = contract::run_events;
namespace ce = contract::cloudevents;
namespace pk = contract::packets;

namespace {

template <class T>
std::string encode_error(const T& value) {
    try {
        contract::dump(value);
    } catch (const contract::EncodeError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("dump: members in schema order, whatever order they were read in") {
    auto envelope = contract::parse<cs::StreamEnvelope>(R"({"timestamp": 5, "data": {"type": "heartbeat"}})");
    CHECK(contract::dump(envelope) == R"({"data":{"type":"heartbeat"},"timestamp":5})");
    auto update = contract::parse<cs::StreamEnvelope>(
        R"({"timestamp": 1, "data": {"status": "success", "type": "task_update", "plan_set": {"plans": {},
            "workspace_id": "w", "user_chat_message_id": "m", "creator_user_id": "u", "chat_id": "c"},
            "message": "M", "title": "T", "key": "k"}})");
    CHECK(contract::dump(update) ==
          R"({"data":{"type":"task_update","key":"k","title":"T","message":"M","status":"success",)"
          R"("plan_set":{"chat_id":"c","creator_user_id":"u","user_chat_message_id":"m","workspace_id":"w",)"
          R"("plans":{}}},"timestamp":1})");
}

TEST_CASE("dump: declared members first, then the members an open object kept, in the order they came") {
    auto event = contract::parse<ce::CloudEvent>(
        R"({"zeta": 1, "type": "t", "alpha": [true], "specversion": "1.0", "source": "urn:a", "id": "e1"})");
    CHECK(contract::dump(event) ==
          R"({"specversion":"1.0","id":"e1","source":"urn:a","type":"t","zeta":1,"alpha":[true]})");
}

TEST_CASE("dump: strings are escaped as JSON requires, and only that") {
    cs::MessageDelta delta;
    delta.delta =
        std::string("q\" b\\ nl\n tab\t nul") + '\0' + " ctl\x01\x1f del\x7f ls\xE2\x80\xA8 emoji\xF0\x9F\x98\x80 /";
    CHECK(contract::dump(delta) ==
          std::string(R"({"type":"message_delta","delta":"q\" b\\ nl\n tab\t nul\u0000 ctl\u0001\u001f )") +
              "del\x7f ls\xE2\x80\xA8 emoji\xF0\x9F\x98\x80 /\"}");
    // What was written reads back as the same string.
    CHECK(contract::parse<cs::MessageDelta>(contract::dump(delta)).delta == delta.delta);
}

TEST_CASE("dump: a byte to escape at every offset of short and long strings is escaped, and nothing else") {
    // Short plain strings are written in one piece, others escaped as they
    // are scanned (rt/write.hpp, Writer::quoted): both ways, at every offset.
    for (std::size_t length : {1u, 15u, 16u, 17u, 59u, 60u, 61u, 62u, 100u}) {
        for (std::size_t at = 0; at <= length; ++at) {
            cs::MessageDelta delta;
            delta.delta = std::string(length, 'a');
            std::string expected = delta.delta;
            if (at < length) {
                delta.delta[at] = '\n';
                expected.replace(at, 1, "\\n");
            }
            INFO("length " << length << ", newline at " << at);
            CHECK(contract::dump(delta) == R"({"type":"message_delta","delta":")" + expected + "\"}");
        }
    }
}

TEST_CASE("dump: a string that is not UTF-8 is refused, and dump_to leaves the buffer as it was") {
    cs::MessageDelta delta;
    delta.delta = "ok \xC3(";
    CHECK(encode_error(delta) == "$.delta: syntax: invalid UTF-8 in a string at byte 3");
    CHECK_THROWS_AS(contract::validate(delta), contract::EncodeError);
    std::string buffer = "before;";
    CHECK_THROWS(contract::dump_to(buffer, delta));
    CHECK(buffer == "before;");
    delta.delta = "\xED\xA0\x80";  // a UTF-16 surrogate encoded as UTF-8
    CHECK(encode_error(delta) == "$.delta: syntax: invalid UTF-8 in a string at byte 0");
}

TEST_CASE("dump: integers stay integers, doubles are written so that they read back the same") {
    pk::Citation citation;
    citation.source_id = "s";
    citation.uri = "https://example.com";
    citation.title = "t";
    citation.confidence = 1.0;
    CHECK(contract::dump(citation) == R"({"source_id":"s","uri":"https://example.com","title":"t","confidence":1})");
    for (double d : {0.1, 1.0 / 3.0, 5e-324, 0.30000000000000004, 0.9999999999999999}) {
        citation.confidence = d;
        std::string text = contract::dump(citation);
        CHECK(contract::parse<pk::Citation>(text).confidence == d);
    }
    citation.confidence = 0.1;
    CHECK(contract::dump(citation) == R"({"source_id":"s","uri":"https://example.com","title":"t","confidence":0.1})");
    auto envelope =
        contract::parse<cs::StreamEnvelope>(R"({"data": {"type": "heartbeat"}, "timestamp": 9007199254740991})");
    CHECK(contract::dump(envelope) == R"({"data":{"type":"heartbeat"},"timestamp":9007199254740991})");
}

TEST_CASE("dump refuses what the decoder would refuse, naming the path") {
    re::RunEvent event;
    re::WebStatusEvent& web = event.value.emplace<re::WebStatusEvent>();
    web.run_id = "";
    web.tool = "browse";
    web.message = "m";
    CHECK(encode_error(event) == "$.run_id: minLength: string shorter than minLength 1: \"\"");
    web.run_id = "r1";
    CHECK(encode_error(event) == "(no error)");

    cs::StreamEnvelope envelope;
    envelope.data.value.emplace<cs::Heartbeat>();
    envelope.timestamp = -5;
    CHECK(encode_error(envelope) == "$.timestamp: minimum: -5 is less than the minimum 0");
    CHECK_THROWS_WITH(contract::validate(envelope), "$.timestamp: minimum: -5 is less than the minimum 0");
    envelope.timestamp = 9007199254740992;  // beyond what every language represents exactly
    CHECK(encode_error(envelope) ==
          "$.timestamp: range: 9007199254740992 is outside the integer range \xC2\xB1(2^53\xE2\x88\x92"
          "1)");

    pk::Citation citation{"s", "not a uri", "t", std::nullopt};
    CHECK(encode_error(citation) == "$.uri: format: expected an absolute URI, got \"not a uri\"");
    citation.uri = "https://example.com";
    citation.confidence = 1.5;
    CHECK(encode_error(citation) == "$.confidence: maximum: 1.5 is greater than the maximum 1");
    citation.confidence = std::numeric_limits<double>::quiet_NaN();
    CHECK(encode_error(citation) == "$.confidence: type: expected a finite number, got NaN");
}

TEST_CASE("dump refuses enumerators outside the enum, kept members that are not JSON, names that clash") {
    auto update = contract::parse<cs::StreamEnvelope>(
        R"({"data": {"type": "task_update", "key": "k", "title": "T", "message": "M", "status": "success",
            "plan_set": {"chat_id": "c", "creator_user_id": "u", "user_chat_message_id": "m", "workspace_id": "w",
            "plans": {}}}, "timestamp": 1})");
    std::get<cs::TaskUpdate>(update.data.value).status = static_cast<cs::TaskStatus>(7);
    CHECK(encode_error(update) == "$.data.status: enum: enumerator 7 is not one of loading|success|error");

    auto event =
        contract::parse<ce::CloudEvent>(R"({"specversion": "1.0", "id": "e1", "type": "t", "source": "urn:a"})");
    contract::Value deep = contract::Value::object();
    deep["deep"] = contract::Value::Array{1.0, std::numeric_limits<double>::infinity()};
    event.additional_properties["x"] = deep;
    CHECK(encode_error(event) == "$.x.deep[1]: type: expected a finite number, got Infinity");
    event.additional_properties.clear();
    event.additional_properties["type"] = "again";
    CHECK(encode_error(event) == "$.type: duplicate: the kept member \"type\" has the name of a declared member");
    // Nothing deeper than [payload] max_depth is written.
    contract::Value nested = contract::Value::array();
    for (std::size_t i = 0; i < contract::kMaxDepth; ++i) nested = contract::Value::Array{nested};
    event.additional_properties.clear();
    event.additional_properties["n"] = nested;
    CHECK(encode_error(event).find(": depth: nesting deeper than 128") != std::string::npos);
}

TEST_CASE("validate() throws exactly what dump() would, and nothing for a decoded value") {
    const char* text = R"({"data": {"type": "message_delta", "delta": "Hi"}, "timestamp": 1771582500100})";
    auto envelope = contract::parse<cs::StreamEnvelope>(text);
    CHECK_NOTHROW(contract::validate(envelope));
    CHECK(Json::parse(contract::dump(envelope)) == Json::parse(text));
    // The nlohmann conversions go through the same encoder.
    CHECK(contract::to_json_value(envelope) == Json::parse(text));
}
