// Integers widened by `format: int64` / `format: uint64` keep their exact
// 64-bit values (docs/semantics.md §1.5), and [payload] max_depth from
// contractgen.toml (8 here) is what the generated bindings enforce.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "wide/registry.hpp"

namespace {

std::string verdict(const std::string& text) {
    try {
        return "ok " + wide::find_type("wide.Counters")(text, {});
    } catch (const wide::DecodeError& e) {
        return e.path() + " " + e.keyword();
    }
}

std::string limits(const std::string& text) {
    try {
        return "ok " + wide::find_type("wide.Limits")(text, {});
    } catch (const wide::DecodeError& e) {
        return e.path() + " " + e.keyword();
    }
}

}  // namespace

TEST_CASE("int64: the whole signed 64-bit range, exactly") {
    auto v = wide::parse<wide::wide::Counters>(R"({"signed":-9223372036854775808})");
    CHECK(*v.signed_ == std::numeric_limits<std::int64_t>::min());
    CHECK(verdict(R"({"signed":9223372036854775807})") == R"(ok {"signed":9223372036854775807})");
    CHECK(verdict(R"({"signed":-9223372036854775809})") == "$.signed range");
    CHECK(verdict(R"({"signed":9223372036854775808})") == "$.signed range");
    CHECK(verdict(R"({"signed":9007199254740993})") == R"(ok {"signed":9007199254740993})");
    CHECK(verdict(R"({"signed":1e18})") == R"(ok {"signed":1000000000000000000})");
    CHECK(verdict(R"({"signed":1e19})") == "$.signed range");
    CHECK(verdict(R"({"signed":1.5})") == "$.signed type");
    CHECK(verdict(R"({"positive":0})") == "$.positive minimum");
    CHECK(verdict(R"({"positive":-9223372036854775809})") == "$.positive minimum");  // the bound first
}

TEST_CASE("uint64: 0 to 2^64-1, exactly") {
    auto v = wide::parse<wide::wide::Counters>(R"({"unsigned":18446744073709551615})");
    CHECK(*v.unsigned_ == std::numeric_limits<std::uint64_t>::max());
    CHECK(verdict(R"({"unsigned":18446744073709551615})") == R"(ok {"unsigned":18446744073709551615})");
    CHECK(verdict(R"({"unsigned":18446744073709551616})") == "$.unsigned range");
    CHECK(verdict(R"({"unsigned":-1})") == "$.unsigned range");
    CHECK(verdict(R"({"unsigned":-0})") == R"(ok {"unsigned":0})");
    CHECK(verdict(R"({"capped":1001})") == "$.capped maximum");
    CHECK(verdict(R"({"capped":18446744073709551616})") == "$.capped maximum");
}

TEST_CASE("the default range is ±(2^53-1)") {
    CHECK(verdict(R"({"safe":9007199254740991})") == R"(ok {"safe":9007199254740991})");
    CHECK(verdict(R"({"safe":9007199254740992})") == "$.safe range");
}

TEST_CASE("[payload] max_depth from contractgen.toml is the bindings' limit") {
    CHECK(wide::kMaxDepth == 8);
    // The object holding `any` has depth 1: seven arrays inside fit, eight do not.
    CHECK(verdict(R"({"any":[[[[[[[]]]]]]]})").rfind("ok", 0) == 0);
    CHECK(verdict(R"({"any":[[[[[[[[]]]]]]]]})") == "$.any[0][0][0][0][0][0][0] depth");
    // A decode may allow more; the encoder still writes nothing deeper than the contract's limit.
    wide::Options deeper;
    deeper.max_depth = 9;
    auto v = wide::parse<wide::wide::Counters>(R"({"any":[[[[[[[[]]]]]]]]})", deeper);
    CHECK_THROWS_WITH(wide::dump(v), "$.any[0][0][0][0][0][0][0]: depth: nesting deeper than 8 (arrays and objects)");
}

TEST_CASE("bounds that are no 64-bit integer: huge counts, fractional and out-of-range integer bounds") {
    // That this file compiles with -Werror is half the test: a count of 2^63
    // or more was printed as an unsuffixed literal, which is ill-formed.
    CHECK(limits(R"({"text":"abc","items":[1,2],"labels":{"a":"b"}})") ==
          R"(ok {"text":"abc","items":[1,2],"labels":{"a":"b"}})");
    // minimum 1.5, exclusiveMaximum 4.5: 2, 3 and 4.
    CHECK(limits(R"({"half":1})") == "$.half minimum");
    CHECK(limits(R"({"half":2})") == R"(ok {"half":2})");
    CHECK(limits(R"({"half":4})") == R"(ok {"half":4})");
    CHECK(limits(R"({"half":5})") == "$.half exclusiveMaximum");
    // Bounds beyond the range leave the range itself as the limit.
    CHECK(limits(R"({"huge":-9223372036854775808})") == R"(ok {"huge":-9223372036854775808})");
    CHECK(limits(R"({"huge":9223372036854775807})") == R"(ok {"huge":9223372036854775807})");
    CHECK(limits(R"({"near":0})") == R"(ok {"near":0})");
    CHECK(limits(R"({"near":18446744073709551615})") == R"(ok {"near":18446744073709551615})");
}
