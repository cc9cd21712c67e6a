// Every IR construct through the C++ output of the golden case
// tests/golden/constructs (generated at build time): the samples of the Python test of
// the same case (each verdict confirmed there by a standard validator),
// written out by tests/go/constructs/dump_samples.py, which the Go test
// reads too. Valid samples round-trip to the same JSON value; invalid ones
// fail with a path and a keyword of docs/semantics.md.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <set>

#include "contract/registry.hpp"

namespace cs = contract::constructs;

namespace {

// Samples JSON Schema alone accepts but the payload policy rejects:
// integers beyond ±(2^53−1) without format int64/uint64.
const std::pair<std::string, std::string> kPolicyRejects[] = {
    {R"(constructs.Numbers {"whole":12345678901234567})", "range"},
};

const std::set<std::string> kKeywords = {"syntax",
                                         "depth",
                                         "duplicate",
                                         "type",
                                         "required",
                                         "additionalProperties",
                                         "not",
                                         "discriminator",
                                         "oneOf",
                                         "anyOf",
                                         "const",
                                         "enum",
                                         "format",
                                         "pattern",
                                         "minLength",
                                         "maxLength",
                                         "minimum",
                                         "maximum",
                                         "exclusiveMinimum",
                                         "exclusiveMaximum",
                                         "multipleOf",
                                         "minItems",
                                         "maxItems",
                                         "uniqueItems",
                                         "minProperties",
                                         "maxProperties",
                                         "range"};

}  // namespace

TEST_CASE("constructs: every sample decodes, is rejected or round-trips as JSON Schema says") {
    const char* path = std::getenv("CONTRACTGEN_CONSTRUCTS_SAMPLES");
    REQUIRE(path != nullptr);
    std::ifstream in(path);
    REQUIRE(in);
    std::set<std::string> sampled;
    int n = 0;
    for (std::string line; std::getline(in, line);) {
        auto sample = contract::Json::parse(line);
        std::string type = sample["type"], text = sample["instance"].dump();
        bool valid = sample["valid"];
        sampled.insert(type);
        ++n;
        INFO(type << " " << text);
        contract::RoundTrip round_trip = contract::find_type(type);
        REQUIRE(round_trip != nullptr);
        std::string out, keyword, where;
        try {
            out = round_trip(text, {});
        } catch (const contract::DecodeError& e) {
            keyword = e.keyword();
            where = e.path();
        }
        std::string policy;
        for (const auto& [key, expected] : kPolicyRejects)
            if (key == type + " " + text) policy = expected;
        if (!policy.empty()) {
            CHECK(keyword == policy);
        } else if (valid) {
            CHECK(keyword == "");
            if (keyword.empty()) {
                CHECK(contract::Value::parse(out) == contract::Value::parse(text));
                // Numbers are spelled canonically (docs/semantics.md §3): what a
                // free-form Value writes back, which keeps the member order.
                CHECK(contract::Value::parse(out).dump() == out);
            }
        } else {
            CHECK(keyword != "");
            CHECK(kKeywords.count(keyword) == 1);
            CHECK(where.rfind("$", 0) == 0);
        }
    }
    CHECK(n >= 100);
    for (const auto& t : contract::kRegisteredTypes) {
        INFO("no sample for " << t.name);
        if (std::string(t.name).rfind("constructs.", 0) == 0) CHECK(sampled.count(t.name) == 1);
    }
}

TEST_CASE("constructs: where errors are reported in the constructs") {
    auto verdict = [](const std::string& type, const std::string& text) {
        try {
            contract::find_type(type)(text, {});
        } catch (const contract::DecodeError& e) {
            return e.path() + " " + e.keyword();
        }
        return std::string("ok");
    };
    const std::string shape = R"({"kind":"circle","r":1.5})";
    CHECK(verdict("constructs.Holder", R"({"shape":{"kind":"square","side":-1},"shapes":[)" + shape +
                                           R"(,{"kind":"circle","r":"x"}]})") == "$.shape.side minimum");
    CHECK(verdict("constructs.Holder", R"({"shape":)" + shape + R"(,"shapes":[)" + shape +
                                           R"(,{"kind":"circle","r":"x"}]})") == "$.shapes[1].r type");
    CHECK(verdict("constructs.Holder", R"({"shape":)" + shape + R"(,"scalar":[1]})") ==
          "$.scalar oneOf");  // Scalar is a oneOf
    CHECK(verdict("constructs.Holder", R"({"shape":)" + shape + R"(,"exclusive":5})") == "$.exclusive oneOf");
    CHECK(verdict("constructs.Either", R"({"a":1,"b":2})") == "$ oneOf");
    CHECK(verdict("constructs.Shape", R"({"kind":"triangle"})") == "$.kind discriminator");
    CHECK(verdict("constructs.Shape", R"({"r":1})") == "$ required");
    CHECK(verdict("constructs.Arrays", R"({"tags":["a","a"]})") == "$.tags uniqueItems");
    CHECK(verdict("constructs.Arrays", R"({"values":[1,1.0]})") == "$.values uniqueItems");
    CHECK(verdict("constructs.Counted", "{}") == "$ minProperties");
    CHECK(verdict("constructs.Counted", R"({"a":1,"b":2,"c":3})") == "$ maxProperties");
    CHECK(verdict("constructs.Forbidding", R"({"a":"x","x":1})") == "$.x not");
    CHECK(verdict("constructs.Color", "1") == "$ type");
    CHECK(verdict("constructs.Mixed", "false") == "$ enum");      // a bare enum of mixed values
    // A bare const: any other value is `const`; with `type` too, another kind is `type`.
    const std::string consts =
        R"({"kind":"consts","version":2,"flag":true,"nothing":null,"shape":{"a":[1,2.5],"b":null})";
    CHECK(verdict("constructs.Consts",
                  R"({"kind":"consts","version":2,"flag":1,"nothing":null,"shape":{"a":[1,2.5],"b":null}})") ==
          "$.flag const");
    CHECK(verdict("constructs.Consts", consts + R"(,"maybe":5})") == "$.maybe type");
    CHECK(verdict("constructs.Consts", consts + R"(,"maybe":"y"})") == "$.maybe const");
    CHECK(verdict("constructs.Consts",
                  R"({"kind":"consts","version":3,"flag":true,"nothing":null,"shape":{"a":[1,2.5],"b":null}})") ==
          "$.version const");
}

TEST_CASE("constructs: constants and tolerant decoding") {
    CHECK(cs::kAnswer == 42);
    CHECK(cs::color_code("__proto__") == std::optional<std::string>("#000"));
    auto signal = contract::parse<cs::Signal>(R"({"type":"pang","x":1})", contract::tolerant());
    REQUIRE(std::holds_alternative<contract::UnknownVariant>(signal.value));
    CHECK(contract::dump(signal) == R"({"type":"pang","x":1})");
}
