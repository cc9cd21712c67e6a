// The YAML reader of OpenAPI documents (src/load/openapi/yaml_document.cpp):
// YAML 1.2 core-schema values, positions in code points, and every error it
// reports with its message and position. Expected values follow the YAML 1.2
// specification, chapter 10.3 (core schema), not the reader's output.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "load/openapi/yaml_document.h"

using contractgen::ir::json;
using contractgen::load::Document;

namespace {

struct Parsed {
    Document doc;
    bool ok = false;
    std::string errors;  // the first diagnostic's message
    int line = 0, column = 0;
};

Parsed parse(const std::string& text) {
    Parsed p;
    p.doc.display_path = "f.yaml";
    contractgen::diag::Sink sink;
    p.ok = contractgen::load::openapi::parse_yaml_document(text, p.doc, sink);
    if (!sink.all().empty()) {
        p.errors = sink.all().front().message;
        p.line = sink.all().front().line;
        p.column = sink.all().front().column;
    }
    return p;
}

}  // namespace

TEST_CASE("plain scalars resolve by the YAML 1.2 core schema") {
    Parsed p = parse(
        "a: null\nb: ~\nc:\nd: true\ne: False\nf: 012\ng: 0x1F\nh: 0o17\ni: 1.5\nj: .5\nk: 1e3\n"
        "l: '1'\nm: yes\nn: 2001-01-01\no: \"true\"\np: -7\nq: +3\nr: 1.\ns: 200\n");
    REQUIRE(p.ok);
    const json& r = p.doc.root;
    CHECK(r["a"].is_null());
    CHECK(r["b"].is_null());
    CHECK(r["c"].is_null());
    CHECK(r["d"] == true);
    CHECK(r["e"] == false);
    CHECK(r["f"] == 12);
    CHECK(r["f"].is_number_integer());
    CHECK(r["g"] == 31);
    CHECK(r["h"] == 15);
    CHECK(r["i"] == 1.5);
    CHECK(r["j"] == 0.5);
    CHECK(r["k"] == 1000.0);
    CHECK(r["k"].is_number_float());
    CHECK(r["l"] == "1");      // quoted: a string
    CHECK(r["m"] == "yes");    // YAML 1.1's boolean, a string in 1.2
    CHECK(r["n"] == "2001-01-01");
    CHECK(r["o"] == "true");
    CHECK(r["p"] == -7);
    CHECK(r["q"] == 3);
    CHECK(r["r"] == 1.0);
    CHECK(r["r"].is_number_float());
    CHECK(r["s"] == 200);
}

TEST_CASE("keys stay text, in document order, with block and flow collections") {
    Parsed p = parse("responses:\n  200: {description: ok}\n  404:\n    description: 'no'\nlist: [1, two, {x: y}]\n");
    REQUIRE(p.ok);
    CHECK(p.doc.root == json::parse(R"({"responses": {"200": {"description": "ok"}, "404": {"description": "no"}},
                                        "list": [1, "two", {"x": "y"}]})"));
    CHECK(p.doc.root["responses"].begin().key() == "200");
}

TEST_CASE("positions are of keys and values, in code points") {
    Parsed p = parse("info:\n  title: \"h\xC3\xA9llo\"\n  version: \xC3\xA9\xC3\xA9 1\n");
    REQUIRE(p.ok);
    auto key = p.doc.position_of("/info/version");
    CHECK(key.line == 3);
    CHECK(key.column == 3);
    auto value = p.doc.value_position_of("/info/version");
    CHECK(value.line == 3);
    CHECK(value.column == 12);
    CHECK(p.doc.root["info"]["version"] == "\xC3\xA9\xC3\xA9 1");
    CHECK(p.doc.position_of("").line == 1);
}

TEST_CASE("aliases copy their anchor's value") {
    Parsed p = parse("base: &b {type: string}\nother: *b\n");
    REQUIRE(p.ok);
    CHECK(p.doc.root["other"] == json::parse(R"({"type": "string"})"));
}

TEST_CASE("errors say where and what") {
    SECTION("malformed") {
        Parsed p = parse("openapi: 3.1.0\ninfo: [a\n");
        CHECK_FALSE(p.ok);
        CHECK(p.errors.rfind("malformed YAML: ", 0) == 0);
        CHECK(p.line == 3);
    }
    SECTION("duplicate key") {
        Parsed p = parse("a: 1\nb:\n  c: 2\n  c: 3\n");
        CHECK_FALSE(p.ok);
        CHECK(p.errors ==
              "duplicate key 'c' (first at line 3, column 3); YAML and JSON parsers keep only one of them, "
              "so the document would be ambiguous");
        CHECK(p.line == 4);
        CHECK(p.column == 3);
    }
    SECTION("a key that is a collection") {
        Parsed p = parse("? [a]\n: 1\n");
        CHECK_FALSE(p.ok);
        CHECK(p.errors == "a key must be a scalar (a name), not a mapping or sequence");
        CHECK(p.line == 1);
        CHECK(p.column == 3);
    }
    SECTION("infinity") {
        Parsed p = parse("maximum: .inf\n");
        CHECK_FALSE(p.ok);
        CHECK(p.errors == "'.inf' is not a number JSON can hold; quote it to mean the text");
        CHECK(p.line == 1);
        CHECK(p.column == 10);
    }
    SECTION("a tag") {
        Parsed p = parse("a: !!binary aGk=\n");
        CHECK_FALSE(p.ok);
        CHECK(p.errors == "unsupported YAML tag 'tag:yaml.org,2002:binary'; OpenAPI documents are plain JSON values");
    }
    SECTION("a second document") {
        Parsed p = parse("a: 1\n---\nb: 2\n");
        CHECK_FALSE(p.ok);
        CHECK(p.errors == "a second YAML document ('---') in one file; an OpenAPI document is one YAML document");
        CHECK(p.line == 2);
    }
    SECTION("an alias without its anchor") {
        Parsed p = parse("a: *nope\n");
        CHECK_FALSE(p.ok);
        CHECK(p.errors == "alias '*nope' names no anchor completed before it");
    }
    SECTION("aliases that expand beyond the bound (billion laughs)") {
        std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
        for (char c = 'b'; c <= 'h'; ++c)
            text += std::string(1, c) + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) +
                    ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" +
                    char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + "]\n";
        Parsed p = parse(text);
        CHECK_FALSE(p.ok);
        CHECK(p.errors == "aliases expand to more than 100000 values; write the document out");
    }
    SECTION("nesting") {
        Parsed p = parse(std::string(200, '[') + std::string(200, ']') + "\n");
        CHECK_FALSE(p.ok);
        CHECK(p.errors == "nesting deeper than 128 levels");
        CHECK(p.column == 129);
    }
}
