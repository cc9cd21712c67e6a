// Where an error is reported and how (docs/semantics.md §2): one error, the
// first in document order; a missing member at its object's end, a union's
// tag problem at its object's start; paths with array indexes and quoted
// names; the message `<path>: <keyword>: <detail>`. Expected locations are
// taken from the rules as written (the same as the conformance suite's
// hostile cases).
#include <catch2/catch.hpp>

#include "contract/registry.hpp"

namespace {

std::string verdict(const std::string& type, const std::string& text) {
    try {
        contract::find_type(type)(text, {});
    } catch (const contract::DecodeError& e) {
        return e.path() + " " + e.keyword();
    }
    return "ok";
}

const std::string kIssue = R"({"location":"body","path":"/a","message":"m"})";
const std::string kMissingMessage = R"({"location":"body","path":"/a"})";

std::string validation_errors(const std::string& items) {
    return R"({"error_message":"bad","code":400,"domain":"REQUEST","retryable":false,"errors":[)" + items + "]}";
}

std::string packet_with(const std::string& extra) {
    return R"({"stream_id":"123e4567-e89b-12d3-a456-426614174000","seq":1,"op":"CLOSE",)"
           R"("t":"2023-10-27T10:00:02Z","p":"bye")" +
           extra + "}";
}

const char* kValidation = "assist.ValidationErrorResponse";
const char* kEnvelope = "chat_stream.StreamEnvelope";

}  // namespace

TEST_CASE("§2 array indexes: the item that is wrong, counted from 0") {
    CHECK(verdict(kValidation, validation_errors(kIssue + "," + kMissingMessage)) == "$.errors[1] required");
    CHECK(verdict(kValidation, validation_errors(kIssue + "," + kIssue + "," + kMissingMessage)) ==
          "$.errors[2] required");
    CHECK(verdict(kValidation, validation_errors(kMissingMessage + "," + kMissingMessage)) == "$.errors[0] required");
    std::string bad_location = kIssue;
    bad_location.replace(bad_location.find("body"), 4, "Body");
    CHECK(verdict(kValidation, validation_errors(kIssue + "," + bad_location)) == "$.errors[1].location enum");
    CHECK(verdict(kValidation, validation_errors("")) == "$.errors minItems");
}

TEST_CASE("§2 document order: a missing member sits at the object's end") {
    std::string text = validation_errors(R"({"location":"Body","path":"/a","message":"m"})");
    text.replace(text.find(R"("error_message":"bad",)"), 22, "");
    CHECK(verdict(kValidation, text) == "$.errors[0].location enum");  // before the end of the outer object
    std::string unknown = validation_errors(kIssue);
    unknown.replace(unknown.find(R"("error_message":"bad")"), 21, R"("extra":1)");
    CHECK(verdict(kValidation, unknown) == "$.extra additionalProperties");
    CHECK(verdict("packets.StreamPacket", packet_with(R"(,"zz":1)")) == "$.zz additionalProperties");
}

TEST_CASE("§2 discriminated unions: tag problems sit at the object's start") {
    auto data = [](const std::string& d) { return verdict(kEnvelope, R"({"data":)" + d + R"(,"timestamp":1})"); };
    CHECK(data(R"({"delta":"x"})") == "$.data required");
    CHECK(data(R"({"delta":5})") == "$.data required");
    CHECK(data(R"({"type":5,"delta":"x"})") == "$.data.type discriminator");
    CHECK(data(R"({"type":"nope"})") == "$.data.type discriminator");
    CHECK(data(R"({"zzz":1,"type":"nope"})") == "$.data.type discriminator");
    CHECK(data(R"({"type":"MESSAGE_DELTA","delta":"x"})") == "$.data.type discriminator");
    CHECK(data("[]") == "$.data type");
    CHECK(data(R"({"delta":5,"type":"message_delta"})") == "$.data.delta type");
    CHECK(data(R"({"type":"message_delta"})") == "$.data required");
    CHECK(verdict(kEnvelope, R"({"timestamp":-1,"data":{"type":"nope"}})") == "$.timestamp minimum");
    CHECK(verdict(kEnvelope, R"({"data":{"type":"nope"},"timestamp":-1})") == "$.data.type discriminator");
    // The look-ahead for the tag needs JSON up to the tag.
    CHECK(data(R"({"delta":[1,],"type":"message_delta"})") == "$ syntax");
}

TEST_CASE("§2 unions without a discriminator: one oneOf/anyOf error at the value") {
    const std::string ce = R"({"specversion":"1.0","id":"e1","source":"urn:node:1","type":"t","datacontenttype":)";
    CHECK(verdict("cloudevents.CloudEvent", ce + "5}") == "$.datacontenttype anyOf");
    CHECK(verdict("cloudevents.CloudEvent", ce + "\"not a mime\"}") == "$.datacontenttype anyOf");
    CHECK(verdict("cloudevents.CloudEvent", ce + "\"text/plain\"}") == "ok");
    CHECK(verdict("packets.EventPacket", R"({"stream_id":"123e4567-e89b-12d3-a456-426614174000","seq":1,"op":"EVENT",)"
                                         R"("t":"2023-10-27T10:00:02Z","p":[]})") == "$.p anyOf");
}

TEST_CASE("§2 constraints: formats, patterns, lengths, in the order of the list") {
    CHECK(
        verdict(
            "packets.StreamPacket",
            R"({"stream_id":"123E4567-E89B-12D3-A456-42661417400","seq":1,"op":"CLOSE","t":"2023-10-27T10:00:02Z","p":1})") ==
        "$.stream_id format");
    CHECK(verdict("packets.StreamPacket",
                  R"({"stream_id":"123e4567-e89b-12d3-a456-426614174000","seq":1,"op":"CLOSE","t":"ZZZ","p":1})") ==
          "$.t pattern");  // a UTC timestamp is a pattern (schemas/README.md, Timestamps)
    CHECK(
        verdict(
            "packets.StreamPacket",
            R"({"stream_id":"123e4567-e89b-12d3-a456-426614174000","seq":1,"op":"CLOSE","t":"2023-10-27T10:00:02+01:00","p":1})") ==
        "$.t pattern");
    CHECK(verdict(kValidation, validation_errors(R"({"location":"body","path":"/a","message":""})")) ==
          "$.errors[0].message minLength");
    CHECK(verdict(kValidation, validation_errors(R"({"location":"body","path":"a","message":"m"})")) ==
          "$.errors[0].path pattern");
}

TEST_CASE("§2 paths: .name for identifiers, [\"...\"] escaped as JSON.stringify, else") {
    // The member name as written in the JSON text, and the path that names it.
    const std::pair<const char*, const char*> names[] = {
        {"a b", R"($["a b"])"},
        {"\xC3\xA9", "$[\"\xC3\xA9\"]"},
        {R"(\u0000)", R"($["\u0000"])"},
        {R"(x\"y)", R"($["x\"y"])"},
        {"a.b", R"($["a.b"])"},
        {"1a", R"($["1a"])"},
        {"_a1", "$._a1"},
        {"", R"($[""])"},
        {R"(\\)", R"($["\\"])"},
        {R"(\t)", R"($["\t"])"},
        {"A_", "$.A_"},
        {"\x7f", "$[\"\x7f\"]"},
        {R"(\u00e9)", "$[\"\xC3\xA9\"]"},
        {"$", R"($["$"])"},
        {"-", R"($["-"])"},
    };
    for (const auto& [name, path] : names) {
        INFO("member name: " << name);
        CHECK(verdict("packets.StreamPacket", packet_with(",\"" + std::string(name) + "\":1")) ==
              std::string(path) + " additionalProperties");
    }
}

TEST_CASE("§2 the message reads <path>: <keyword>: <detail>, and the error has them as fields") {
    try {
        contract::find_type(kValidation)(validation_errors(kIssue + "," + kMissingMessage), {});
        FAIL("no error");
    } catch (const contract::DecodeError& e) {
        CHECK(std::string(e.what()) == "$.errors[1]: required: missing member \"message\"");
        CHECK(e.path() == "$.errors[1]");
        CHECK(e.keyword() == "required");
        CHECK(e.detail() == "missing member \"message\"");
    }
    const std::string text = packet_with("") + " x";
    try {
        contract::find_type("packets.StreamPacket")(text, {});
        FAIL("no error");
    } catch (const contract::DecodeError& e) {
        CHECK(e.path() == "$");
        CHECK(e.keyword() == "syntax");
        CHECK(e.detail() ==
              "invalid JSON: unexpected content after the value at byte " + std::to_string(text.size() - 1));
    }
}
