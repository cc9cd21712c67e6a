// Two contracts in one program: the repository's (namespace contract) and
// the golden `constructs` schemas generated with namespace acme::events.
// Each has its own runtime in its own namespace, so both link without a
// clash, and each only knows its own types. The constructs also exercise
// the encoder's checks the repository's contract has no example of.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <type_traits>

#include "acme/events/constructs.hpp"
#include "acme/events/registry.hpp"
#include "contract/chat_stream.hpp"
#include "contract/registry.hpp"

namespace ae = acme::events;
namespace ac = acme::events::constructs;

namespace {

template <class T>
std::string encode_error(const T& value) {
    try {
        ae::dump(value);
    } catch (const ae::EncodeError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("each contract has its own runtime, types and registry") {
    static_assert(!std::is_same_v<ae::DecodeError, contract::DecodeError>, "errors are each contract's own");
    static_assert(!std::is_same_v<ae::rt::Writer, contract::rt::Writer>, "so is the runtime");
    auto envelope =
        contract::parse<contract::chat_stream::StreamEnvelope>(R"({"data": {"type": "heartbeat"}, "timestamp": 1})");
    auto shape = ae::parse<ac::Shape>(R"({"r": 1.5, "kind": "circle"})");
    CHECK(contract::dump(envelope) == R"({"data":{"type":"heartbeat"},"timestamp":1})");
    CHECK(ae::dump(shape) == R"({"kind":"circle","r":1.5})");
    CHECK(ae::find_type("constructs.Shape") != nullptr);
    CHECK(contract::find_type("constructs.Shape") == nullptr);
    CHECK(ae::find_type("chat_stream.StreamEnvelope") == nullptr);
    CHECK_THROWS_AS(ae::parse<ac::Shape>(R"({"kind": "hexagon"})"), ae::DecodeError);
    CHECK(ae::find_type("constructs.Shape")(R"({"kind": "square", "side": 2})", {}) == R"({"kind":"square","side":2})");
}

TEST_CASE("encode: const members are written, forbidden and declared names are refused as kept members") {
    ac::Consts consts;
    CHECK(ae::dump(consts) ==
          R"({"kind":"consts","version":2,"flag":true,"nothing":null,"shape":{"a":[1,2.5],"b":null}})");
    consts.maybe = "y";
    CHECK(encode_error(consts) == "$.maybe: const: expected \"x\", got \"y\"");

    ac::Forbidding forbidding;
    forbidding.additional_properties["x"] = 1;
    CHECK(encode_error(forbidding) == "$.x: not: member \"x\" must be absent");
    forbidding.additional_properties = {{"gone", 1}};
    CHECK(encode_error(forbidding) == "$.gone: not: member \"gone\" must be absent");
    forbidding.additional_properties = {{"a", "twice"}};
    CHECK(encode_error(forbidding) == "$.a: duplicate: the kept member \"a\" has the name of a declared member");
    forbidding.additional_properties = {{"b", "fine"}};
    CHECK(ae::dump(forbidding) == R"({"b":"fine"})");
}

TEST_CASE("encode: member counts, item counts, uniqueness and typed kept members are checked") {
    ac::Counted counted;
    CHECK(encode_error(counted) == "$: minProperties: has 0 members, fewer than the minimum 1");
    counted.a = 1;
    counted.additional_properties = {{"b", 2}, {"c", 3}};
    CHECK(encode_error(counted) == "$: maxProperties: has 3 members, more than the maximum 2");

    ac::Arrays arrays;
    arrays.tags = std::vector<std::string>{};
    CHECK(encode_error(arrays) == "$.tags: minItems: has 0 items, fewer than the minimum 1");
    arrays.tags = std::vector<std::string>{"a", "b", "a"};
    CHECK(encode_error(arrays) == "$.tags: uniqueItems: items 0 and 2 are equal");
    arrays.tags.reset();
    arrays.values = std::vector<ae::Value>{1, 1.0};  // equal as JSON values
    CHECK(encode_error(arrays) == "$.values: uniqueItems: items 0 and 1 are equal");

    ac::TypedExtras extras;
    extras.name = "n";
    extras.additional_properties = {{"k", -1}};
    CHECK(encode_error(extras) == "$.k: minimum: -1 is less than the minimum 0");
}

TEST_CASE("encode: a oneOf value must match exactly one alternative, as on decode") {
    ac::Exclusive exclusive;
    exclusive.value.emplace<0>("xyz");  // at most 3 characters, and not starting with "a"
    CHECK(ae::dump(exclusive) == R"("xyz")");
    exclusive.value.emplace<0>("abc");  // also matches the second alternative (pattern ^a)
    CHECK(encode_error(exclusive) == "$: oneOf: the value matches more than one alternative");
    CHECK_THROWS_WITH(ae::parse<ac::Exclusive>(R"("abc")"), "$: oneOf: the value matches more than one alternative");
}

TEST_CASE("encode: patterns, formats and JSON values of an enum") {
    ac::Strings strings;
    strings.slug = "Not A Slug";
    CHECK(encode_error(strings).rfind("$.slug: pattern: ", 0) == 0);
    ac::Mixed mixed{ae::Value(2)};
    CHECK(encode_error(mixed) == "$: enum: expected one of a|1|true|2.5, got 2");
    mixed.value = 1.0;  // 1 == 1.0
    CHECK(ae::dump(mixed) == "1");  // an integral double is spelled as an integer
}
