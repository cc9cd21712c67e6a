// contract::Value, the free-form JSON value: integers of any size kept
// exactly, JSON Schema equality, member order; and contract::Map.
#include <catch2/catch.hpp>

#include "contract/registry.hpp"

using contract::Value;

TEST_CASE("Value: integers of any size, exactly") {
    CHECK(Value::integer("-0").integer_text() == "0");
    CHECK(Value::integer("18446744073709551616").as_uint64() == std::nullopt);
    CHECK(Value::integer("18446744073709551615").as_uint64() == 18446744073709551615ull);
    CHECK(Value::integer("-9223372036854775808").as_int64() == std::numeric_limits<std::int64_t>::min());
    CHECK(Value(std::int64_t{-5}).integer_text() == "-5");
    CHECK_THROWS_AS(Value::integer("01"), std::invalid_argument);
    CHECK_THROWS_AS(Value::integer("1.0"), std::invalid_argument);
    CHECK(Value::integer("1" + std::string(400, '0')).as_double() == HUGE_VAL);
}

TEST_CASE("Value: JSON Schema equality, numbers by exact value") {
    CHECK(Value::parse("1") == Value::parse("1.0"));
    CHECK(Value::parse("9007199254740993") != Value::parse("9007199254740993.0"));  // the double is 2^53
    CHECK(Value::parse("9007199254740992") == Value::parse("9007199254740993.0"));
    CHECK_THROWS_AS(Value::parse("1e400"), contract::DecodeError);  // beyond a double: no value at all
    CHECK(Value::parse(R"({"a":1,"b":[true,null]})") == Value::parse(R"({"b":[true,null],"a":1.0})"));
    CHECK(Value::parse("false") != Value::parse("0"));
    CHECK(Value::parse("[1,2]") != Value::parse("[2,1]"));
}

TEST_CASE("Value: built by hand, written canonically") {
    Value v = Value::object();
    v["z"] = 1;
    v["a"] = Value::array();
    v["a"].push_back(2.5);
    v["a"].push_back(nullptr);
    v["big"] = Value::integer("123456789012345678901234567890");
    v["s"] = "\xC3\xA9\n";
    CHECK(v.dump() == "{\"z\":1,\"a\":[2.5,null],\"big\":123456789012345678901234567890,\"s\":\"\xC3\xA9\\n\"}");
    v["d"] = std::numeric_limits<double>::infinity();
    CHECK_THROWS_AS(v.dump(), contract::EncodeError);
}

TEST_CASE("Map: members in the order they came, each name once") {
    contract::Map<int> m{{"b", 1}, {"a", 2}};
    m["c"] = 3;
    m["b"] = 4;
    CHECK(m.size() == 3);
    std::string order;
    for (const auto& [key, value] : m) order += key + std::to_string(value);
    CHECK(order == "b4a2c3");
    CHECK_FALSE(m.emplace("a", 9).second);
    CHECK(m.at("a") == 2);
    CHECK(m.erase("a") == 1);
    CHECK(m == contract::Map<int>{{"c", 3}, {"b", 4}});
}
