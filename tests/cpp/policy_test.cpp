// The payload policy and the error rules of docs/semantics.md (§1, §2),
// through the repository's own bindings: which texts are values at all,
// and for each rejected one the error every binding reports, by its path
// and keyword. Expected paths and keywords come from the rules as written
// there (and match the hostile-payload cases of the conformance suite).
#include <catch2/catch.hpp>

#include "contract/registry.hpp"

namespace cs = contract::chat_stream;
namespace ce = contract::cloudevents;

namespace {

// "<path> <keyword>" of the error decoding `text` as `type`, or "ok".
std::string verdict(const std::string& type, const std::string& text, const contract::Options& options = {}) {
    try {
        contract::find_type(type)(text, options);
    } catch (const contract::DecodeError& e) {
        return e.path() + " " + e.keyword();
    }
    return "ok";
}

const std::string kUuid = "123e4567-e89b-12d3-a456-426614174000";

std::string packet(const std::string& p = "\"bye\"", const std::string& seq = "1", const std::string& op = "CLOSE") {
    return R"({"stream_id":")" + kUuid + R"(","seq":)" + seq + R"(,"op":")" + op +
           R"(","t":"2023-10-27T10:00:02Z","p":)" + p + "}";
}

std::string cloud_event(const std::string& data = R"({"chunk":"Hello"})", const std::string& extra = "") {
    return R"({"specversion":"1.0","id":"e1","source":"urn:node:1","type":"ai.coreason.node.stream","data":)" + data +
           extra + "}";
}

std::string envelope(const std::string& data, const std::string& timestamp = "1730000000000") {
    return R"({"data":)" + data + R"(,"timestamp":)" + timestamp + "}";
}

std::string nested_arrays(std::size_t n) { return std::string(n, '[') + std::string(n, ']'); }

// The path of the container at depth `depth` in a chain of arrays that starts at `base` (depth `base_depth`).
std::string index_path(std::string base, std::size_t base_depth, std::size_t depth) {
    for (std::size_t d = base_depth; d < depth; ++d) base += "[0]";
    return base;
}

const char* kPacket = "packets.StreamPacket";
const char* kEvent = "cloudevents.CloudEvent";
const char* kAny = "cloudevents.JsonValue";
const char* kEnvelope = "chat_stream.StreamEnvelope";

}  // namespace

TEST_CASE("§1.1 the text is UTF-8 without a byte order mark") {
    CHECK(verdict(kEvent, "\xEF\xBB\xBF" + cloud_event()) == "$ syntax");
    CHECK(verdict(kEvent, cloud_event("\"a\xC3\"")) == "$ syntax");           // cut short
    CHECK(verdict(kEvent, cloud_event("\"\xED\xA0\x80\"")) == "$ syntax");    // UTF-8 of a surrogate
    CHECK(verdict(kEvent, cloud_event("{\"k\xFF\":1}")) == "$ syntax");       // in a member name
    CHECK(verdict(kPacket, packet("\"a\xC0\xAF\"", "1", "DELTA")) == "$ syntax");  // overlong, in a declared member
    CHECK(verdict(kEvent, cloud_event("\"\xF4\x8F\xBF\xBF\"")) == "ok");      // U+10FFFF
}

TEST_CASE("§1.2 a member twice is a `duplicate` at the second occurrence, wherever it is") {
    std::string delta = packet("\"x\"", "1", "DELTA");
    CHECK(verdict(kPacket, delta.substr(0, delta.size() - 1) + R"(,"seq":2})") == "$.seq duplicate");
    CHECK(verdict(kPacket, delta.substr(0, delta.size() - 1) + R"(,"op":"CLOSE"})") == "$.op duplicate");
    CHECK(verdict(kPacket, delta.substr(0, delta.size() - 1) + R"(,"\u006fp":"DELTA"})") == "$.op duplicate");
    CHECK(verdict(kEnvelope, envelope(R"({"type":"message_delta","delta":"x","type":"message_delta"})")) ==
          "$.data.type duplicate");
    CHECK(verdict(kEvent, cloud_event(R"({"x":[0,{"y":{"k":1,"k":[]}}]})")) == "$.data.x[1].y.k duplicate");
    CHECK(verdict(kEvent, cloud_event("{}", R"(,"ext":1,"ext":2)")) == "$.ext duplicate");
    CHECK(verdict(kEvent, cloud_event("{}", R"(,"type":"again")")) == "$.type duplicate");
    CHECK(verdict(kEvent, cloud_event(R"({"content-type":1,"content-type":2})")) ==
          "$.data[\"content-type\"] duplicate");
    std::string many = "{";
    for (int i = 0; i < 10000; ++i) many += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
    CHECK(verdict(kEvent, cloud_event(many + "\"k0\":0}")) == "$.data.k0 duplicate");
    CHECK(verdict(kEvent, cloud_event(many + "\"k10000\":0}")) == "ok");
    std::string plan = R"({"id":"p1","plan_set_id":"ps1","status":"LOADING","plan_tasks":{}})";
    CHECK(verdict("chat_stream.PlanSet", R"({"chat_id":"c","creator_user_id":"u","user_chat_message_id":"m",)"
                                         R"("workspace_id":"w","plans":{"p1":)" +
                                             plan + R"(,"p1":)" + plan + "}}") == "$.plans.p1 duplicate");
    // Document order: an error before the second occurrence comes first.
    CHECK(verdict(kPacket, packet("\"x\"", R"("x","seq":1)", "DELTA")) == "$.seq type");
    CHECK(verdict(kEvent, cloud_event(R"({"a":1,"A":2,"a ":3})")) == "ok");
}

TEST_CASE("§1.3 a lone surrogate escape is a syntax error, a pair is a code point") {
    for (const char* s : {"\\ud800", "\\udc00", "\\udc00\\ud800", "\\ud800\\u0041", "\\ud800A", "x\\ud83d"})
        CHECK(verdict(kEvent, cloud_event("\"" + std::string(s) + "\"")) == "$ syntax");
    CHECK(verdict(kEnvelope, envelope(R"({"type":"message_delta\ud800","delta":"x"})")) == "$ syntax");
    auto event = contract::parse<ce::CloudEvent>(cloud_event(R"("\ud83d\ude00")"));
    CHECK(event.data->as_string() == "\xF0\x9F\x98\x80");
}

TEST_CASE("§1.4 nesting: at most 128 deep, refused at the first container beyond, without recursion") {
    CHECK(verdict(kAny, nested_arrays(128)) == "ok");
    CHECK(verdict(kAny, nested_arrays(129)) == index_path("$", 1, 129) + " depth");
    CHECK(verdict(kAny, std::string(128, '[') + "{}" + std::string(128, ']')) == index_path("$", 1, 129) + " depth");
    CHECK(verdict(kAny, std::string(1000000, '[')) == index_path("$", 1, 129) + " depth");
    CHECK(verdict(kAny, std::string(100000, '{')) == "$ syntax");  // `{{` stops being JSON at byte 1
    std::string objects;
    for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
    std::string deepest = "$";
    for (int i = 1; i < 129; ++i) deepest += ".a";
    CHECK(verdict(kAny, objects) == deepest + " depth");
    // A free-form member: the object holding it has depth 1.
    CHECK(verdict(kEvent, cloud_event(nested_arrays(127))) == "ok");
    CHECK(verdict(kEvent, cloud_event(nested_arrays(128))) == index_path("$.data", 2, 129) + " depth");
    // Document order: what comes first wins.
    CHECK(verdict(kEvent, cloud_event(nested_arrays(128), R"(,"subject":5)")) ==
          index_path("$.data", 2, 129) + " depth");
    std::string wrong_const = cloud_event(nested_arrays(128));
    wrong_const.replace(wrong_const.find("\"1.0\""), 5, "\"2.0\"");
    CHECK(verdict(kEvent, wrong_const) == "$.specversion const");
    CHECK(verdict(kEnvelope, R"({"data":{"type":"message_delta","delta":"x","z":)" + std::string(100000, '[')) ==
          "$.data.z additionalProperties");
    // A decode may lower the limit.
    contract::Options shallow;
    shallow.max_depth = 3;
    CHECK(verdict(kAny, nested_arrays(3), shallow) == "ok");
    CHECK(verdict(kAny, nested_arrays(4), shallow) == "$[0][0][0] depth");
}

TEST_CASE("§1.5 integers: any spelling of an integer within ±(2^53-1), beyond is `range`, after the bounds") {
    auto seq = [](const std::string& text) { return verdict(kPacket, packet("\"bye\"", text)); };
    for (const char* ok : {"9007199254740991", "-9007199254740991", "0", "-0", "1.0", "1e2", "100e-2", "0.1e1", "-0.0",
                           "12.5e1", "9.007199254740991e15", "1e-400"})
        CHECK(seq(ok) == "ok");
    for (const char* range : {"9007199254740992", "-9007199254740992", "9223372036854775807", "9223372036854775808",
                              "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
                              "1000000000000000000000000000000", "1e16", "1.5e300", "1e400", "-1e400"})
        CHECK(seq(range) == "$.seq range");
    for (const char* type : {"1.5", "-0.5", "1e-2", "4503599627370495.5", "\"1\"", "true", "null", "[1]", "{}"})
        CHECK(seq(type) == "$.seq type");
    CHECK(verdict(kPacket, packet("\"bye\"", "01")) == "$ syntax");
    // `timestamp` has minimum 0: the bound first, except beyond a double.
    auto timestamp = [](const std::string& text) {
        return verdict(kEnvelope, envelope(R"({"type":"heartbeat"})", text));
    };
    CHECK(timestamp("-1") == "$.timestamp minimum");
    CHECK(timestamp("-9007199254740992") == "$.timestamp minimum");
    CHECK(timestamp("9007199254740992") == "$.timestamp range");
    CHECK(timestamp("-0.5") == "$.timestamp type");
    CHECK(timestamp("-1e400") == "$.timestamp range");
    // Written back as plain digits.
    CHECK(contract::find_type(kPacket)(packet("\"bye\"", "1e2"), {}).find("\"seq\":100,") != std::string::npos);
    CHECK(contract::find_type(kPacket)(packet("\"bye\"", "-0"), {}).find("\"seq\":0,") != std::string::npos);
}

TEST_CASE("§1.6 numbers are finite doubles: overflow is `range`, underflow is 0") {
    auto confidence = [](const std::string& text) {
        return verdict("packets.Citation",
                       R"({"source_id":"s","uri":"https://example.com","title":"T","confidence":)" + text + "}");
    };
    CHECK(confidence("1e400") == "$.confidence range");
    CHECK(confidence("1.7976931348623159e308") == "$.confidence range");
    CHECK(confidence("1.7976931348623157e308") == "$.confidence maximum");
    CHECK(confidence("1e-400") == "ok");
    CHECK(confidence("5e-324") == "ok");
    CHECK(confidence("\"0.5\"") == "$.confidence type");
    CHECK(verdict(kEvent, cloud_event(R"([1,{"x":-1e400}])")) == "$.data[1].x range");
    CHECK(verdict(kAny, "1e400") == "$ range");
}

TEST_CASE("§1.7 free-form values keep every member in order and integer literals exactly") {
    const std::string data =
        R"({"__proto__":{"polluted":true},"constructor":1,"b":1,"a":2,"1":3,"0":4,)"
        R"("big":123456789012345678901234567890,"neg":-9223372036854775809,"two64":18446744073709551616,)"
        R"("zero":-0,"d":1.50,"e":1E21,"f":1e-7,"g":100.0})";
    std::string out = contract::find_type(kEvent)(cloud_event(data), {});
    CHECK(out == R"({"specversion":"1.0","id":"e1","source":"urn:node:1","type":"ai.coreason.node.stream","data":)"
                 R"({"__proto__":{"polluted":true},"constructor":1,"b":1,"a":2,"1":3,"0":4,)"
                 R"("big":123456789012345678901234567890,"neg":-9223372036854775809,"two64":18446744073709551616,)"
                 R"("zero":0,"d":1.5,"e":1e+21,"f":1e-7,"g":100}})");
    // Extension attributes keep their order too, after the declared members.
    std::string extras = cloud_event("1", R"(,"zz":2,"__proto__":{"x":1},"aa":[3],"1":4)");
    CHECK(contract::find_type(kEvent)(extras, {}) ==
          R"({"specversion":"1.0","id":"e1","source":"urn:node:1","type":"ai.coreason.node.stream","data":1,)"
          R"("zz":2,"__proto__":{"x":1},"aa":[3],"1":4})");
    auto event = contract::parse<ce::CloudEvent>(cloud_event(data));
    const contract::Value& big = event.data->at("big");
    CHECK(big.is_integer());
    CHECK(big.integer_text() == "123456789012345678901234567890");
    CHECK_FALSE(big.as_int64().has_value());
    CHECK(event.data->at("neg").integer_text() == "-9223372036854775809");
    CHECK(event.data->at("d").is_double());
}

TEST_CASE("§1.8 no coercion") {
    CHECK(verdict(kEnvelope, envelope(R"({"type":"message_delta","delta":1})")) == "$.data.delta type");
    CHECK(verdict(kEnvelope, envelope(R"({"type":"done","has_async_entities_pending":"true"})")) ==
          "$.data.has_async_entities_pending type");
}
