// Every `pattern` of the contract, searched in strings of a megabyte that
// match and that do not: RE2 runs in linear time without recursion, so
// none of them can take long or overflow the stack (std::wregex, used
// before, crashed on a 40 KB `datacontenttype`). The test fails when the
// schemas gain a pattern this table does not cover.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

#include "contract/registry.hpp"

namespace {

constexpr std::size_t kMB = 1 << 20;

std::string verdict(const std::string& type, const std::string& text) {
    try {
        contract::find_type(type)(text, {});
    } catch (const contract::DecodeError& e) {
        return e.path() + " " + e.keyword();
    }
    return "ok";
}

std::string quoted(const std::string& s) { return contract::Value(s).dump(); }

std::string packet_t(const std::string& t) {
    return R"({"stream_id":"123e4567-e89b-12d3-a456-426614174000","seq":1,"op":"CLOSE","t":)" + quoted(t) +
           R"(,"p":"done"})";
}
std::string ping(const std::string& timestamp) { return R"({"type":"ping","timestamp":)" + quoted(timestamp) + "}"; }
std::string content_type(const std::string& s) {
    return R"({"specversion":"1.0","id":"e1","source":"urn:node:1","type":"t","datacontenttype":)" + quoted(s) + "}";
}
std::string issue_path(const std::string& s) {
    return R"({"error_message":"bad","code":400,"domain":"REQUEST","retryable":false,"errors":[{"location":"body","path":)" +
           quoted(s) + R"(,"message":"m"}]})";
}
std::string assist_event(const std::string& data) {
    return R"({"event":"e","data":)" + quoted(data) + R"(,"id":null})";
}
std::string packet_event(const std::string& data) {
    return R"({"event":"stream.packet","id":"123e4567-e89b-12d3-a456-426614174000","data":)" + quoted(data) + "}";
}

constexpr const char* kDate =
    "^[0-9]{4}-((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|[12][0-9]))"
    "[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?";
const std::string kUtcTimestamp = std::string(kDate) + "([Zz]|\\+00:00)?$";
const std::string kIsoTimestamp = std::string(kDate) + "([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])?$";

struct Case {
    std::string pattern;  // as the schema writes it
    const char* type;
    std::string (*instance)(const std::string&);
    std::string matching, failing, expected;  // `expected`: the error of the failing one
};

// Every pattern of the schemas (the keyword's string values outside data keywords).
void collect(const contract::Json& node, std::set<std::string>& out) {
    if (node.is_array())
        for (const auto& item : node) collect(item, out);
    if (!node.is_object()) return;
    for (const auto& [key, value] : node.items()) {
        if (key == "const" || key == "enum" || key == "examples" || key == "default" || key.rfind("x-", 0) == 0)
            continue;
        if (key == "pattern" && value.is_string()) out.insert(value.get<std::string>());
        else
            collect(value, out);
    }
}

}  // namespace

TEST_CASE("patterns: a megabyte against every pattern of the contract, matching and not") {
    const std::string mb_a(kMB, 'a');
    const std::string t = "2023-10-27T10:00:00." + std::string(kMB, '1');
    const std::vector<Case> cases = {
        // schemas/README.md, Timestamps: UTC where the seed says UTC, else any offset or none.
        {kUtcTimestamp, "packets.StreamPacket", packet_t, t + "Z", t + "+01:00", "$.t pattern"},
        {kIsoTimestamp, "chat_stream.PingEvent", ping, t + "+01:00", t + "+24:00", "$.timestamp pattern"},
        {"^[\\t\\n\\r ]*\\{", "packets.PacketServerSentEvent", packet_event, std::string(kMB, ' ') + "{", mb_a + "{",
         "$.data pattern"},
        {"^[\\t\\n\\r ]*\\{", "assist.ServerSentEvent", assist_event, "\n{" + mb_a, mb_a + "{", "$.data pattern"},
        {"^(/|$)", "assist.ValidationErrorResponse", issue_path, "/" + mb_a, std::string(kMB, '\n'),
         "$.errors[0].path pattern"},
        {"^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*( *;[ -~]*)?$", "cloudevents.CloudEvent",
         content_type, "a/b" + std::string(kMB, ' ') + ";x=1", "a/" + mb_a + "\xC3\xA9", "$.datacontenttype anyOf"},
    };
    std::set<std::string> covered, in_schemas;
    for (const auto& c : cases) {
        covered.insert(c.pattern);
        INFO(c.type << " " << c.pattern);
        CHECK(verdict(c.type, c.instance(c.matching)) == "ok");
        CHECK(verdict(c.type, c.instance(c.failing)) == c.expected);
    }
    for (const auto& entry : std::filesystem::recursive_directory_iterator(CONTRACTGEN_SCHEMAS_DIR)) {
        if (entry.path().extension() != ".json") continue;
        std::ifstream in(entry.path());
        collect(contract::Json::parse(in), in_schemas);
    }
    for (const auto& p : in_schemas) {
        INFO("a pattern of the schemas without a case here: " << p);
        CHECK(covered.count(p) == 1);
    }
}

TEST_CASE("patterns: the 40 KB content type that overflowed std::wregex's recursion") {
    for (std::size_t n : {30000u, 40000u}) {
        std::string value = "a/" + std::string(n, 'a');
        CHECK(verdict("cloudevents.CloudEvent", content_type(value)) == "ok");
        CHECK(verdict("cloudevents.CloudEvent", content_type(value + "\t")) == "$.datacontenttype anyOf");
    }
}
