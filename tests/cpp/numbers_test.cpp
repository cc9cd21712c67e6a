// Number spelling on encode (docs/semantics.md §3): doubles as ECMAScript's
// Number.prototype.toString writes them, integers as plain digits. The
// expected spellings come from node (data/number_spelling.tsv, written and
// checked against node by number_spelling.mjs).
#include <catch2/catch.hpp>

#include <fstream>

#include "contract/registry.hpp"

using contract::Value;

TEST_CASE("doubles are spelled as ECMAScript spells them (a table from node)") {
    std::ifstream table(CONTRACTGEN_NUMBER_SPELLING);
    REQUIRE(table);
    int checked = 0;
    for (std::string line; std::getline(table, line);) {
        auto tab = line.find('\t');
        std::string text = line.substr(0, tab), expected = line.substr(tab + 1);
        double d = Value::parse(text).as_double();
        INFO(text);
        CHECK(Value(d).dump() == expected);
        // It reads back as the same double.
        CHECK(Value::parse(expected).as_double() == d);
        ++checked;
    }
    CHECK(checked > 2000);
}

TEST_CASE("a number member is written in the canonical spelling, an integer member as digits") {
    auto citation = contract::parse<contract::packets::Citation>(
        R"({"source_id":"s","uri":"https://example.com","title":"T","confidence":1.0})");
    CHECK(contract::dump(citation) == R"({"source_id":"s","uri":"https://example.com","title":"T","confidence":1})");
    citation.confidence = 1e-7;
    CHECK(contract::dump(citation).find("\"confidence\":1e-7}") != std::string::npos);
    citation.confidence = -0.0;
    CHECK(contract::dump(citation).find("\"confidence\":0}") != std::string::npos);
    auto envelope =
        contract::parse<contract::chat_stream::StreamEnvelope>(R"({"data":{"type":"heartbeat"},"timestamp":1.7e12})");
    CHECK(contract::dump(envelope) == R"({"data":{"type":"heartbeat"},"timestamp":1700000000000})");
}

TEST_CASE("free-form: integer literals keep their digits, other numbers are doubles") {
    CHECK(Value::parse("[1e21,1000000000000000000000,1.0,1,-0,-0.0,0.1e1,123456789012345678901234567890]").dump() ==
          "[1e+21,1000000000000000000000,1,1,0,0,1,123456789012345678901234567890]");
}
