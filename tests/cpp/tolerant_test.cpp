// The tolerant-reader mode (docs/semantics.md §4), a decode-time option:
// undeclared members of closed objects are kept and written after the
// declared ones; a discriminated union's unknown string tag decodes to its
// UnknownVariant, written back as it was read; nothing else changes.
#include <catch2/catch.hpp>

#include "contract/registry.hpp"

namespace cs = contract::chat_stream;

namespace {

std::string verdict(const std::string& type, const std::string& text, const contract::Options& options) {
    try {
        return "ok " + contract::find_type(type)(text, options);
    } catch (const contract::DecodeError& e) {
        return e.path() + " " + e.keyword();
    }
}

const contract::Options kTolerant = contract::tolerant();
const char* kEnvelope = "chat_stream.StreamEnvelope";

}  // namespace

TEST_CASE("tolerant: strict stays the default") {
    CHECK_FALSE(contract::Options().tolerant);
    CHECK(verdict(kEnvelope, R"({"data":{"type":"message_delta","delta":"x","new":1},"timestamp":1})", {}) ==
          "$.data.new additionalProperties");
    CHECK(verdict(kEnvelope, R"({"data":{"type":"citation_added"},"timestamp":1})", {}) == "$.data.type discriminator");
}

TEST_CASE("tolerant: a closed object keeps undeclared members, written after the declared ones, in order") {
    const char* text =
        R"({"timestamp":1,"data":{"zz":[1,2.50],"delta":"x","type":"message_delta","aa":{"k":null}},"new":true})";
    CHECK(verdict(kEnvelope, text, kTolerant) ==
          R"(ok {"data":{"type":"message_delta","delta":"x","zz":[1,2.5],"aa":{"k":null}},"timestamp":1,"new":true})");
    auto envelope = contract::parse<cs::StreamEnvelope>(text, kTolerant);
    const auto& delta = std::get<cs::MessageDelta>(envelope.data.value);
    REQUIRE(delta.additional_properties.size() == 2);
    CHECK(delta.additional_properties.begin()->first == "zz");
    CHECK(envelope.additional_properties.at("new") == contract::Value(true));
}

TEST_CASE("tolerant: an unknown tag decodes to the unknown variant, re-encoded exactly") {
    const char* text =
        R"({"data":{"citation_id":"c1","type":"citation_added","n":12345678901234567890,"x":1.0},"timestamp":7})";
    CHECK(verdict(kEnvelope, text, kTolerant) ==
          R"(ok {"data":{"citation_id":"c1","type":"citation_added","n":12345678901234567890,"x":1},"timestamp":7})");
    auto envelope = contract::parse<cs::StreamEnvelope>(text, kTolerant);
    const auto* unknown = std::get_if<contract::UnknownVariant>(&envelope.data.value);
    REQUIRE(unknown != nullptr);
    CHECK(unknown->tag == "citation_added");
    CHECK(unknown->value.at("citation_id").as_string() == "c1");
    // A producer can write one too.
    cs::StreamEnvelope built;
    built.timestamp = 3;
    contract::UnknownVariant& added = built.data.value.emplace<contract::UnknownVariant>();
    added.tag = "later";
    added.value = contract::Value::parse(R"({"type":"later","v":[1]})");
    CHECK(contract::dump(built) == R"({"data":{"type":"later","v":[1]},"timestamp":3})");
}

TEST_CASE("tolerant: everything else stays strict") {
    CHECK(verdict(kEnvelope, R"({"data":{"type":5},"timestamp":1})", kTolerant) == "$.data.type discriminator");
    CHECK(verdict(kEnvelope, R"({"data":{"delta":"x"},"timestamp":1})", kTolerant) == "$.data required");
    CHECK(verdict(kEnvelope, R"({"data":{"type":"message_delta","delta":"x","n":1,"n":2},"timestamp":1})", kTolerant) ==
          "$.data.n duplicate");
    CHECK(verdict(kEnvelope, R"({"data":{"type":"x","a":1,"a":1},"timestamp":1})", kTolerant) == "$.data.a duplicate");
    CHECK(verdict(kEnvelope, R"({"data":{"type":"message_delta","delta":"x","new":"\ud800"},"timestamp":1})",
                  kTolerant) == "$ syntax");
    CHECK(verdict(kEnvelope, R"({"data":{"type":"message_delta","delta":5},"timestamp":1})", kTolerant) ==
          "$.data.delta type");
    CHECK(verdict(kEnvelope,
                  R"({"data":{"type":"task_update","key":"k","title":"T","message":"M","status":"DONE",)"
                  R"("plan_set":{"chat_id":"c","creator_user_id":"u","user_chat_message_id":"m","workspace_id":"w",)"
                  R"("plans":{}}},"timestamp":1})",
                  kTolerant) == "$.data.status enum");
    CHECK(verdict("run_events.RunEvent",
                  R"({"type":"web_status","run_id":"r1","status":"running","tool":"browse","message":"m","state":"x"})",
                  kTolerant) == "$.state not");
}
