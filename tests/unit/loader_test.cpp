// The loader: JSON values, member order, numbers, and where each key and
// value sits in the text (line:column, columns in code points).
#include <catch2/catch.hpp>

#include "load/document.h"
#include "support.h"

namespace load = contractgen::load;
using test::where;

namespace {

struct Parsed {
    load::Document doc;
    contractgen::diag::Sink sink;
    bool ok = false;
};

std::unique_ptr<Parsed> parse(const std::string& text) {
    auto p = std::make_unique<Parsed>();
    p->doc.path = "f/a.schema.json";
    p->doc.display_path = "schemas/f/a.schema.json";
    p->doc.family = "f";
    p->ok = load::parse_document(text, p->doc, p->sink);
    return p;
}

std::string at(const load::Position& p) { return std::to_string(p.line) + ":" + std::to_string(p.column); }

}  // namespace

TEST_CASE("loader: positions of keys and values", "[loader]") {
    const std::string text =
        "{\n"
        "  \"$defs\": {\n"
        "    \"A\":   {\"type\": \"string\"},\n"
        "    \"B\": [1, 2.5, true, null, {\"x\": -3}]\n"
        "  }\n"
        "}\n";
    auto p = parse(text);
    REQUIRE(p->ok);
    CHECK(at(p->doc.value_position_of("")) == "1:1");
    CHECK(at(p->doc.position_of("/$defs")) == "2:3");
    CHECK(at(p->doc.value_position_of("/$defs")) == "2:12");
    CHECK(at(p->doc.position_of("/$defs/A")) == "3:5");
    CHECK(at(p->doc.value_position_of("/$defs/A")) == "3:12");
    CHECK(at(p->doc.value_position_of("/$defs/A/type")) == "3:21");
    CHECK(at(p->doc.value_position_of("/$defs/B/0")) == "4:11");
    CHECK(at(p->doc.value_position_of("/$defs/B/1")) == "4:14");
    CHECK(at(p->doc.value_position_of("/$defs/B/2")) == "4:19");
    CHECK(at(p->doc.value_position_of("/$defs/B/3")) == "4:25");
    CHECK(at(p->doc.value_position_of("/$defs/B/4")) == "4:31");
    CHECK(at(p->doc.position_of("/$defs/B/4/x")) == "4:32");
    CHECK(at(p->doc.value_position_of("/$defs/B/4/x")) == "4:37");
}

TEST_CASE("loader: positions after multi-byte UTF-8 and escapes count code points", "[loader]") {
    // "é" is two bytes, "😀" four, "\"" and "\u00e9" are escapes the cursor must skip whole.
    const std::string text =
        "{\"d\": \"\xC3\xA9\xF0\x9F\x98\x80 \\\" \\u00e9 \\\\\", \"k\xC3\xA9y\": 1, \"z\": [\"\\\"]\", 2]}";
    auto p = parse(text);
    REQUIRE(p->ok);
    CHECK(p->doc.root["d"] == "\xC3\xA9\xF0\x9F\x98\x80 \" \xC3\xA9 \\");
    CHECK(at(p->doc.position_of("/k\xC3\xA9y")) == where(text, "\"k\xC3\xA9y\""));
    CHECK(at(p->doc.position_of("/k\xC3\xA9y")) == "1:26");
    CHECK(at(p->doc.value_position_of("/k\xC3\xA9y")) == "1:33");
    CHECK(at(p->doc.value_position_of("/z/1")) == where(text, "2]"));
}

TEST_CASE("loader: positions on later lines, with CRLF line ends and tabs", "[loader]") {
    const std::string text = "{\r\n\t\"a\": {\r\n\t\t\"b\": 1\r\n\t}\r\n}\r\n";
    auto p = parse(text);
    REQUIRE(p->ok);
    CHECK(at(p->doc.position_of("/a")) == "2:2");
    CHECK(at(p->doc.position_of("/a/b")) == "3:3");
    CHECK(at(p->doc.value_position_of("/a/b")) == "3:8");
}

TEST_CASE("loader: a byte order mark is skipped and does not count as a column", "[loader]") {
    const std::string text = "\xEF\xBB\xBF{\"a\": 1,\n\"b\": 2}";
    auto p = parse(text);
    REQUIRE(p->ok);
    CHECK(p->doc.root == load::json::parse(R"({"a": 1, "b": 2})"));
    CHECK(at(p->doc.value_position_of("")) == "1:1");
    CHECK(at(p->doc.position_of("/a")) == "1:2");
    CHECK(at(p->doc.position_of("/b")) == "2:1");

    auto dup = parse("\xEF\xBB\xBF{\"a\": 1, \"a\": 2}");
    CHECK_FALSE(dup->ok);
    CHECK(
        dup->sink.text() ==
        "schemas/f/a.schema.json:1:10: error: duplicate key 'a' (first at line 1, column 2); JSON parsers keep only one "
        "of them, so the schema would be ambiguous\n");
}

TEST_CASE("loader: key order is preserved", "[loader]") {
    auto p = parse(R"({"zeta": 1, "alpha": 2, "mid": {"b": 1, "a": 2}, "beta": 3})");
    REQUIRE(p->ok);
    std::vector<std::string> keys;
    for (const auto& [k, v] : p->doc.root.items()) keys.push_back(k);
    CHECK(keys == std::vector<std::string>{"zeta", "alpha", "mid", "beta"});
    CHECK(p->doc.root["mid"].dump() == R"({"b":1,"a":2})");
}

TEST_CASE("loader: numbers keep integer, unsigned and float", "[loader]") {
    auto p = parse(R"({"i": -9223372036854775808, "u": 18446744073709551615, "f": 1.5, "one": 1.0, "e": 1e2, "z": 0})");
    REQUIRE(p->ok);
    const auto& r = p->doc.root;
    CHECK(r["i"].is_number_integer());
    CHECK(r["i"].get<std::int64_t>() == INT64_MIN);
    CHECK(r["u"].is_number_unsigned());
    CHECK(r["u"].get<std::uint64_t>() == UINT64_MAX);
    CHECK(r["f"].is_number_float());
    CHECK(r["f"].get<double>() == 1.5);
    CHECK(r["one"].is_number_float());  // 1.0 stays a decimal: bounds print as written
    CHECK(r["e"].get<double>() == 100.0);
    CHECK(r["z"].is_number_unsigned());
    CHECK(r.dump() == R"({"i":-9223372036854775808,"u":18446744073709551615,"f":1.5,"one":1.0,"e":100.0,"z":0})");
}

TEST_CASE("loader: duplicate keys in nested objects and arrays of objects", "[loader]") {
    auto ok = parse(R"({"a": {"x": 1}, "b": {"x": 1}, "c": [{"x": 1}, {"x": 2}]})");
    CHECK(ok->ok);  // the same key in different objects is fine
    const std::string text = "[{\"x\": 1}, {\"x\": 2,\n \"x\": 3}]";
    auto dup = parse(text);
    CHECK_FALSE(dup->ok);
    CHECK(dup->sink.text() ==
          "schemas/f/a.schema.json:2:2: error: duplicate key 'x' (first at line 1, column 13); JSON parsers keep only "
          "one of them, so the schema would be ambiguous\n");
}

TEST_CASE("loader: duplicate keys in large objects are found too", "[loader]") {
    // Objects with many members are searched through an index, small ones in order.
    std::string text = "{";
    for (int i = 0; i < 40; ++i) text += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ",\n";
    text += "\"k3\": 0}";
    auto dup = parse(text);
    CHECK_FALSE(dup->ok);
    CHECK(dup->sink.text() ==
          "schemas/f/a.schema.json:41:1: error: duplicate key 'k3' (first at line 4, column 1); JSON parsers keep only "
          "one of them, so the schema would be ambiguous\n");
    auto late = parse(text.substr(0, text.rfind("\"k3\"")) + "\"k39\": 0}");
    CHECK_FALSE(late->ok);
    CHECK(late->sink.text().find("duplicate key 'k39' (first at line 40, column 1)") != std::string::npos);
    auto fine = parse(text.substr(0, text.rfind("\"k3\"")) + "\"k40\": 0}");
    CHECK(fine->ok);
    CHECK(fine->doc.root.size() == 41);
}

TEST_CASE("loader: duplicate key names with control characters are printable", "[loader]") {
    auto dup = parse("{\"a\\u001b[31m\": 1, \"a\\u001b[31m\": 2}");
    CHECK_FALSE(dup->ok);
    CHECK(dup->sink.text().find("duplicate key 'a\\x1B[31m'") != std::string::npos);
}

TEST_CASE("loader: exactly 128 levels load, 129 do not", "[loader]") {
    auto fine = parse(std::string(128, '[') + std::string(128, ']'));
    CHECK(fine->ok);
    auto deep = parse(std::string(129, '[') + std::string(129, ']'));
    CHECK_FALSE(deep->ok);
    CHECK(
        deep->sink.text() ==
        "schemas/f/a.schema.json:1:129: error: nesting deeper than 128 levels; flatten the schema with $defs and $ref\n");
}

TEST_CASE("loader: a deep object of objects is refused without recursion", "[loader]") {
    std::string text;
    for (int i = 0; i < 100000; ++i) text += "{\"a\":";
    text += "1" + std::string(100000, '}');
    auto deep = parse(text);
    CHECK_FALSE(deep->ok);
    CHECK(deep->sink.error_count() == 1);
}

TEST_CASE("loader: trailing garbage, empty text and bad escapes are malformed JSON", "[loader]") {
    auto trailing = parse("{} {}");
    CHECK_FALSE(trailing->ok);
    CHECK(
        trailing->sink.text() ==
        "schemas/f/a.schema.json:1:4: error: malformed JSON: syntax error while parsing value - unexpected '{'; expected "
        "end of input\n");
    auto empty = parse("");
    CHECK_FALSE(empty->ok);
    CHECK(empty->sink.text().rfind("schemas/f/a.schema.json:1:1: error: malformed JSON: ", 0) == 0);
    auto lone_surrogate = parse(R"({"a": "\ud800"})");
    CHECK_FALSE(lone_surrogate->ok);
    CHECK(lone_surrogate->sink.text().find("malformed JSON: ") != std::string::npos);
}

TEST_CASE("loader: files are found recursively, sorted, with family and display path", "[loader]") {
    test::Workspace ws(test::Files{{"b/z.schema.json", "{}"},
                                   {"a/y.schema.json", "{}"},
                                   {"a/sub/x.schema.json", "{}"},
                                   {"a/readme.json", R"({"title": "not a schema, not loaded"})"},
                                   {"a/notes.md", "# notes"}});
    contractgen::diag::Sink sink;
    load::SchemaSet set = load::load_schemas(ws.schemas, sink);
    // A *.json file without "$schema" is skipped, and says so (tests/unit/schema_files_test.cpp).
    CHECK_FALSE(sink.has_errors());
    CHECK(ws.shown(sink.text()).rfind("schemas/a/readme.json: warning: skipped:", 0) == 0);
    std::vector<std::string> paths, families;
    for (const auto& d : set.documents) {
        paths.push_back(d.path);
        families.push_back(d.family);
    }
    CHECK(paths == std::vector<std::string>{"a/sub/x.schema.json", "a/y.schema.json", "b/z.schema.json"});
    CHECK(families == std::vector<std::string>{"a", "a", "b"});
    CHECK(set.documents[0].display_path == (ws.schemas / "a/sub/x.schema.json").generic_string());
    CHECK(set.find("a/y.schema.json") == &set.documents[1]);
    CHECK(set.find("a/nope.schema.json") == nullptr);
}

TEST_CASE("loader: position_of falls back to the nearest ancestor", "[loader]") {
    auto p = parse("{\n  \"a\": {\"b\": 1}\n}");
    REQUIRE(p->ok);
    CHECK(at(p->doc.position_of("/a/b")) == "2:9");
    CHECK(at(p->doc.position_of("/a/b/c/d")) == "2:9");
    CHECK(at(p->doc.position_of("/a/nope")) == "2:3");
    CHECK(at(p->doc.value_position_of("/a")) == "2:8");
    CHECK(at(p->doc.position_of("/x")) == "1:1");
}

TEST_CASE("loader: JSON pointer helpers escape ~ and /", "[loader]") {
    CHECK(load::escape_pointer_token("a/b~c") == "a~1b~0c");
    CHECK(load::pointer_append("/$defs", "x/y") == "/$defs/x~1y");
    CHECK(load::pointer_append("", std::size_t{3}) == "/3");
    CHECK(load::pointer_append("/a", "p~q", "x/y") == "/a/p~0q/x~1y");
}
