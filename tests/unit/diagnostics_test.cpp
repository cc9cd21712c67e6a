// One test per class of bad input: the exact diagnostic (file:line:column and
// message, GCC style), and that `contractgen generate` refuses it with exit
// code 2 without changing a byte or an mtime of the output folder.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <sstream>

#include "diag/diagnostics.h"
#include "support.h"

using test::diagnostics;
using test::diagnostics_for;
using test::Files;
using test::where;

namespace {

const std::string kFile = "f/a.schema.json";

std::string error_at(const std::string& file, const std::string& line_col, const std::string& message) {
    return "schemas/" + file + ":" + line_col + ": error: " + message + "\n";
}

void expect_refused(const Files& files, const std::string& expected) {
    CHECK(diagnostics(files) == expected);
    test::check_generate_refuses(files, expected);
}

// What a target says of a construct it does not implement (docs/semantics.md, "Capabilities"): the
// site target (an HTML reference on request) declares none of them.
std::string site_lacks(const std::string& construct, const std::string& detail) {
    return "the site target does not support " + construct + " yet" + (detail.empty() ? "" : " (" + detail + ")") +
           "; generate the targets that do with --target (cpp, ts, python, go, openapi, asyncapi), or see docs/semantics.md, "
           "\"The whole vocabulary\"";
}
std::string site_diagnostics(const test::Files& files) { return diagnostics_for(files, "site"); }
const std::string kAssertions =
    "assertions (not, if/then/else, contains, dependentRequired, dependentSchemas, propertyNames, patternProperties, "
    "unevaluated*, a false schema, a oneOf/anyOf beside other keywords)";

}  // namespace

TEST_CASE("diag: malformed JSON points at the offending character", "[diag]") {
    const std::string text = R"({
  "$defs": {
    "A": {"type": "string",}
  }
})";
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "}"),
                 "malformed JSON: syntax error while parsing object key - unexpected '}'; expected string literal"));
}

TEST_CASE("diag: a truncated file is malformed JSON at its end", "[diag]") {
    const std::string text = "{\n  \"$defs\": {\n";
    CHECK(
        diagnostics({{kFile, text}}) ==
        error_at(
            kFile, "3:1",
            "malformed JSON: syntax error while parsing object key - unexpected end of input; expected string literal"));
}

TEST_CASE("diag: a number beyond a double is malformed JSON, without the parser's exception id", "[diag]") {
    // The message read "[json.exception.out_of_range.406] number overflow ..."
    // before, at the number's last digit; now at its first.
    const std::string text = R"({"$defs": {"A": {"type": "number", "maximum": 1e400}}})";
    CHECK(diagnostics({{kFile, text}}) ==
          error_at(kFile, where(text, "1e400"), "malformed JSON: number overflow parsing '1e400'"));
}

TEST_CASE("diag: duplicate key at the second key, naming where the first is", "[diag]") {
    const std::string text = R"({
  "$defs": {
    "A": {"type": "string"},
    "B": {"type": "integer"},
      "A": {"type": "number"}
  }
})";
    expect_refused({{kFile, text}},
                   error_at(kFile, where(text, "\"A\"", 2),
                            "duplicate key 'A' (first at line 3, column 5); JSON parsers keep only one of them, so the "
                            "schema would be ambiguous"));
}

TEST_CASE("diag: invalid UTF-8 inside a string, at the first byte of the bad sequence", "[diag]") {
    // "é" before the bad bytes: columns count code points, not bytes.
    const std::string text = "{\n  \"title\": \"caf\xC3\xA9 \xE2\x82 noir\"\n}";
    expect_refused({{kFile, text}},
                   error_at(kFile, where(text, "\xE2"), "invalid UTF-8 byte sequence; schema files must be UTF-8"));
}

TEST_CASE("diag: invalid UTF-8 outside strings is reported as such", "[diag]") {
    const std::string text = "{\n  \"title\": \"x\", \xFF\n  \"description\": \"y\"\n}";
    expect_refused({{kFile, text}}, error_at(kFile, "2:17", "invalid UTF-8 byte sequence; schema files must be UTF-8"));
}

TEST_CASE("diag: invalid UTF-8 in a key, overlong forms and encoded surrogates are invalid too", "[diag]") {
    for (std::string bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\x80", "\xF8\x88\x80\x80\x80"}) {
        const std::string text = "{\"$defs\": {\"A" + bad + "\": {}}}";
        INFO("bytes of length " << bad.size());
        CHECK(diagnostics({{kFile, text}}) ==
              error_at(kFile, "1:14", "invalid UTF-8 byte sequence; schema files must be UTF-8"));
    }
}

TEST_CASE("diag: 10,000 nested arrays hit the loader's depth limit instead of the stack", "[diag]") {
    const std::string text =
        R"({"$defs": {"A": {"examples": )" + std::string(10000, '[') + std::string(10000, ']') + "}}}";
    // Levels: the root object, $defs, A, then the arrays; the 129th container is refused.
    expect_refused({{kFile, text}}, error_at(kFile, where(text, "[", 126),
                                             "nesting deeper than 128 levels; flatten the schema with $defs and $ref"));
}

TEST_CASE("diag: a chain of 10,000 $refs is refused, not a stack overflow", "[diag]") {
    std::string text = "{\"$defs\": {\n";
    for (int i = 0; i < 10000; ++i)
        text += "\"D" + std::to_string(i) + "\": {\"$ref\": \"#/$defs/D" + std::to_string(i + 1) + "\"},\n";
    text += "\"D10000\": {\"type\": \"string\"}\n}}";
    std::string got = diagnostics({{kFile, text}});
    CHECK(got == error_at(kFile, where(text, "\"D256\":"),
                          "schemas nest more than 256 levels deep through $ref, allOf, properties and items (the "
                          "chain: #/$defs/D0 → #/$defs/D1 → #/$defs/D2 → #/$defs/D3 → … → #/$defs/D253 → "
                          "#/$defs/D254 → #/$defs/D255 → #/$defs/D256); flatten the chain"));
}

TEST_CASE("diag: a chain of 3,000 structs through properties is refused, not a stack overflow", "[diag]") {
    std::string text = "{\"$defs\": {\n";
    for (int i = 0; i < 3000; ++i)
        text += "\"D" + std::to_string(i) +
                "\": {\"type\": \"object\", \"properties\": {\"next\": {\"$ref\": \"#/$defs/D" + std::to_string(i + 1) +
                "\"}}},\n";
    text += "\"D3000\": {\"type\": \"string\"}\n}}";
    std::string got = diagnostics({{kFile, text}});
    CHECK(got.find("error: schemas nest more than 256 levels deep") != std::string::npos);
    CHECK(std::count(got.begin(), got.end(), '\n') == 1);
    test::check_generate_refuses({{kFile, text}}, got);
}

TEST_CASE("diag: a chain of 3,000 allOf parts is refused quickly", "[diag]") {
    std::string text = "{\"$defs\": {\n";
    for (int i = 0; i < 3000; ++i)
        text +=
            "\"D" + std::to_string(i) + "\": {\"allOf\": [{\"$ref\": \"#/$defs/D" + std::to_string(i + 1) + "\"}]},\n";
    text += "\"D3000\": {\"type\": \"string\"}\n}}";
    auto start = std::chrono::steady_clock::now();
    std::string got = diagnostics({{kFile, text}});
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(got.find("error: schemas nest more than 256 levels deep") != std::string::npos);
    CHECK(seconds < 2.0);
}

TEST_CASE("diag: unresolvable $ref, at the reference, with did-you-mean", "[diag]") {
    const std::string file = "chat_stream/events.schema.json";
    const std::string text = R"({
  "$defs": {
    "Entity": {"type": "object", "properties": {"id": {"type": "string"}}},
    "Event": {
      "type": "object",
      "properties": {
        "entity": {"$ref": "#/$defs/Entit"}
      }
    }
  }
})";
    expect_refused({{file, text}}, error_at(file, where(text, "\"#/$defs/Entit\""),
                                            "$ref '#/$defs/Entit' does not resolve (did you mean 'Entity'?)"));
}

TEST_CASE("diag: unresolvable $ref without a close name says which step failed", "[diag]") {
    const std::string text = R"({"$defs": {"A": {"type": "string"}, "B": {"$ref": "#/$defs/Completely"}}})";
    CHECK(diagnostics({{kFile, text}}) ==
          error_at(kFile, where(text, "\"#/$defs/Completely\""),
                   "$ref '#/$defs/Completely' does not resolve: no 'Completely' in '#/$defs'"));
    const std::string into_string = R"({"$defs": {"A": {"type": "string"}, "B": {"$ref": "#/$defs/A/type/x"}}})";
    CHECK(diagnostics({{kFile, into_string}}) ==
          error_at(kFile, where(into_string, "\"#/$defs/A/type/x\""),
                   "$ref '#/$defs/A/type/x' does not resolve: '#/$defs/A/type' is not an object or array"));
}

TEST_CASE("diag: an array index in a $ref too large for any integer", "[diag]") {
    const std::string text =
        R"({"$defs": {"A": {"enum": ["x"]}, "B": {"$ref": "#/$defs/A/enum/99999999999999999999999"}}})";
    expect_refused({{kFile, text}}, error_at(kFile, where(text, "\"#/$defs/A/enum/9"),
                                             "$ref '#/$defs/A/enum/99999999999999999999999' does not resolve: no item "
                                             "'99999999999999999999999' in '#/$defs/A/enum'"));
}

TEST_CASE("diag: $ref to a missing file, with did-you-mean only for a close name", "[diag]") {
    const std::string text = R"({"$defs": {
  "A": {"$ref": "entitys.schema.json#/$defs/Entity"},
  "B": {"$ref": "missing.schema.json#/$defs/X"}
}})";
    Files files{{kFile, text}, {"f/entities.schema.json", R"({"$defs": {"Entity": {"type": "string"}}})"}};
    expect_refused(
        files, error_at(kFile, where(text, "\"entitys"),
                        "$ref 'entitys.schema.json#/$defs/Entity' names file 'f/entitys.schema.json', which is not "
                        "a schema under the root (did you mean 'f/entities.schema.json'?)") +
                   error_at(kFile, where(text, "\"missing"),
                            "$ref 'missing.schema.json#/$defs/X' names file 'f/missing.schema.json', which is not a "
                            "schema under the root"));
}

TEST_CASE("diag: $ref leaving the schemas root", "[diag]") {
    const std::string text = R"({"$defs": {
  "A": {"$ref": "../../x.schema.json"},
  "B": {"$ref": "/etc/x.schema.json"}
}})";
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"../../"),
                 "$ref '../../x.schema.json' leaves the schemas root; references must stay inside the schemas "
                 "folder") +
            error_at(kFile, where(text, "\"/etc"),
                     "$ref '/etc/x.schema.json' leaves the schemas root; references must stay inside the "
                     "schemas folder"));
}

TEST_CASE("diag: $ref to the network", "[diag]") {
    const std::string text = R"({"$defs": {
  "A": {"$ref": "https://example.com/x.schema.json#/$defs/X"},
  "B": {"$ref": "//host/x.schema.json"}
}})";
    // A URL: what to map in [resolve] (docs/references.md). A network-path reference ("//host/...") takes
    // the scheme of the file's base, which is no web scheme.
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"https"),
                 "$ref 'https://example.com/x.schema.json#/$defs/X' points at the network "
                 "('https://example.com/x.schema.json'), which contractgen never reads; vendor the file and "
                 "map its URL prefix to that folder in contractgen.toml: [resolve] \"https://example.com/\" = "
                 "\"vendor/<folder>\" (docs/references.md)") +
            error_at(kFile, where(text, "\"//host"),
                     "$ref '//host/x.schema.json' is an absolute URI that no schema of the set has as its "
                     "$id; references to other files are relative paths like "
                     "'other.schema.json#/$defs/Name'"));
}

TEST_CASE("diag: $ref to an anchor that no schema declares", "[diag]") {
    const std::string text = R"({"$defs": {"A": {"$ref": "#foo"}}})";
    expect_refused({{kFile, text}},
                   error_at(kFile, where(text, "\"#foo\""),
                            "$ref '#foo' names the anchor 'foo', which no schema in 'f/a.schema.json#' declares "
                            "($anchor or $dynamicAnchor)"));
    // Declared, it resolves (in every target: a reference is not a construct a target may lack).
    const std::string declared = R"({"$defs": {"A": {"$ref": "#foo"}, "F": {"$anchor": "foo", "type": "string"}}})";
    CHECK(diagnostics({{kFile, declared}}).empty());
}

TEST_CASE("diag: an alias cycle A → B → A names the chain", "[diag]") {
    const std::string text = R"({"$defs": {
  "A": {"$ref": "#/$defs/B"},
  "B": {"$ref": "#/$defs/A"}
}})";
    const std::string infinite =
        "f.A → f.B → f.A refers to itself without passing through a property, an item or "
        "a map value, so no value of it could be finite";
    expect_refused({{kFile, text}}, error_at(kFile, where(text, "\"A\""), infinite));
    // In every target: no target could represent it.
    CHECK(diagnostics_for({{kFile, text}}, "go") == error_at(kFile, where(text, "\"A\""), infinite));
}

TEST_CASE("diag: recursion through a property, and across files, names the chain", "[diag]") {
    const std::string node = R"({"$defs": {
  "Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}
}})";
    // A recursive type: a target that lacks it refuses it; the cpp and go targets generate it.
    CHECK(site_diagnostics({{kFile, node}}) ==
          error_at(kFile, where(node, "\"Node\""), site_lacks("recursive types", "f.Node")));
    CHECK(diagnostics({{kFile, node}}).empty());
    CHECK(diagnostics_for({{kFile, node}}, "go").empty());

    const std::string a =
        R"({"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "b.schema.json#/$defs/B"}}}}})";
    const std::string b =
        R"({"$defs": {"B": {"type": "object", "properties": {"a": {"$ref": "a.schema.json#/$defs/A"}}}}})";
    CHECK(site_diagnostics({{"f/a.schema.json", a}, {"f/b.schema.json", b}}) ==
          error_at("f/a.schema.json", where(a, "\"A\""), site_lacks("recursive types", "f.A")));
    CHECK(diagnostics({{"f/a.schema.json", a}, {"f/b.schema.json", b}}).empty());
    CHECK(diagnostics_for({{"f/a.schema.json", a}, {"f/b.schema.json", b}}, "go").empty());
}

TEST_CASE("diag: recursion through an alternative of a union that also has a type", "[diag]") {
    // Each of these overflowed the stack (found by the schema fuzz harness).
    const std::string direct =
        R"({"$defs": {"C": {"type": "object", "oneOf": [{"$ref": "#/$defs/C"}, {"type": "object"}]}}})";
    // The alternative (C and an object) is an unnamed schema that contains C itself.
    const std::string unnamed = "', a schema without a name; to make it a recursive type, move it into $defs";
    expect_refused({{kFile, direct}},
                   error_at(kFile, where(direct, "{\"$ref\""), "recursive reference to '#/$defs/C/oneOf/0" + unnamed));
    CHECK(diagnostics_for({{kFile, direct}}, "go") ==
          error_at(kFile, where(direct, "{\"$ref\""), "recursive reference to '#/$defs/C/oneOf/0" + unnamed));
    const std::string through_all_of =
        R"({"$defs": {"C": {"type": "object", "anyOf": [{"allOf": [{"$ref": "#/$defs/C"}]}, {"type": "object"}]}}})";
    expect_refused({{kFile, through_all_of}}, error_at(kFile, where(through_all_of, "{\"allOf\""),
                                                       "recursive reference to '#/$defs/C/anyOf/0" + unnamed));
}

TEST_CASE("diag: recursion through allOf", "[diag]") {
    const std::string text = R"({"$defs": {"A": {"allOf": [{"$ref": "#/$defs/A"}], "type": "object"}}})";
    const std::string infinite =
        "this schema is a part of itself through allOf/$ref: a value of it would have to be infinite";
    CHECK(diagnostics({{kFile, text}}) == error_at(kFile, where(text, "\"A\""), infinite));
    CHECK(diagnostics_for({{kFile, text}}, "go") == error_at(kFile, where(text, "\"A\""), infinite));
}

TEST_CASE("diag: two oneOf variants with the same discriminator value", "[diag]") {
    const std::string text = R"({"$defs": {
  "Event": {"oneOf": [{"$ref": "#/$defs/Start"}, {"$ref": "#/$defs/Begin"}]},
  "Start": {"type": "object", "properties": {"type": {"const": "start"}}, "required": ["type"]},
  "Begin": {"type": "object", "properties": {"type": {"const": "start"}}, "required": ["type"]}
}})";
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"Event\""),
                 "variants 'Start' and 'Begin' of 'Event' have the same discriminator value 'start' for 'type'; "
                 "a oneOf discriminated by a const property needs distinct values"));
}

TEST_CASE("diag: required names an unknown property, at the name, with did-you-mean", "[diag]") {
    const std::string text = R"({"$defs": {"A": {
  "type": "object",
  "properties": {"name": {"type": "string"}, "id": {"type": "string"}},
  "required": ["id", "nmae", "zzz"]
}}})";
    expect_refused({{kFile, text}},
                   error_at(kFile, where(text, "\"nmae\""),
                            "'required' names 'nmae', which is not in 'properties' (did you mean 'name'?)") +
                       error_at(kFile, where(text, "\"zzz\""), "'required' names 'zzz', which is not in 'properties'"));
}

TEST_CASE("diag: an unknown required name inside an allOf base points into the base", "[diag]") {
    const std::string base = R"({"$defs": {"Base": {
  "type": "object",
  "properties": {"id": {"type": "string"}},
  "required": ["idd"]
}}})";
    const std::string text = R"({"$defs": {"A": {
  "allOf": [{"$ref": "base.schema.json#/$defs/Base"}],
  "properties": {"name": {"type": "string"}},
  "required": ["name"]
}}})";
    CHECK(diagnostics({{kFile, text}, {"f/base.schema.json", base}}) ==
          error_at("f/base.schema.json", where(base, "\"idd\""),
                   "'required' names 'idd', which is not in 'properties' (did you mean 'id'?)"));
}

TEST_CASE("diag: an unknown keyword is an annotation: one warning per name, with did-you-mean", "[diag]") {
    // `additionalItems` is no draft 2020-12 keyword; in the older dialects it is (docs/dialects.md).
    const std::string text = R"({"$defs": {
  "A": {"type": "array", "additionalItems": {}},
  "B": {"type": "object", "properties": {"x": {}}, "requried": ["x"]},
  "C": {"type": "string", "contentFormat": "base64", "x-note": 1},
  "D": {"type": "string", "contentFormat": "base32"}
}})";
    const std::string tail =
        ": read as an annotation and ignored; extensions that start with 'x-' are not reported, and "
        "[schemas] unknown-keywords = \"error\" refuses unknown keywords\n";
    CHECK(diagnostics({{kFile, text}}) ==
          "schemas/" + kFile + ":" + where(text, "\"additionalItems\"") +
              ": warning: unknown keyword 'additionalItems'" + tail + "schemas/" + kFile + ":" +
              where(text, "\"requried\"") + ": warning: unknown keyword 'requried' (did you mean 'required'?)" + tail +
              "schemas/" + kFile + ":" + where(text, "\"contentFormat\"") +
              ": warning: unknown keyword 'contentFormat': read as an annotation and ignored (2 places; the first is "
              "shown); extensions that start with 'x-' are not reported, and [schemas] unknown-keywords = \"error\" "
              "refuses unknown keywords\n");
}

TEST_CASE("diag: keyword value of the wrong shape", "[diag]") {
    const std::string text = R"({"$defs": {
  "A": {"type": "string", "minLength": -1},
  "B": {"type": "strng"},
  "C": {"type": ["integer", "nul"]},
  "D": {"type": "object", "required": ["a", "a"], "properties": {"a": {}}},
  "E": {"type": "number", "multipleOf": 0},
  "F": {"type": "string", "maxLength": 1.5}
}})";
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"minLength\""), "'minLength' must be a non-negative integer") +
            error_at(kFile, where(text, "\"type\": \"strng\""),
                     "'type' must be a type name or an array of distinct type names (did you mean 'string'?)") +
            error_at(kFile, where(text, "\"type\": [\"integer\""),
                     "'type' must be a type name or an array of distinct type names (did you mean 'null'?)") +
            error_at(kFile, where(text, "\"required\""), "'required' must be an array of distinct strings") +
            error_at(kFile, where(text, "\"multipleOf\""), "'multipleOf' must be a number greater than 0") +
            error_at(kFile, where(text, "\"maxLength\""), "'maxLength' must be a non-negative integer"));
}

TEST_CASE("diag: annotations of the wrong shape in a named type are errors, not an uncaught exception", "[diag]") {
    // A type whose keywords fail their check still has its docs read.
    const std::string text = R"({"$defs": {
  "A": {"type": "string", "title": {}},
  "B": {"type": "string", "description": 1, "deprecated": "yes", "examples": {"a": 1}}
}})";
    expect_refused({{kFile, text}},
                   error_at(kFile, where(text, "\"title\""), "'title' must be a string") +
                       error_at(kFile, where(text, "\"description\""), "'description' must be a string") +
                       error_at(kFile, where(text, "\"deprecated\""), "'deprecated' must be true or false") +
                       error_at(kFile, where(text, "\"examples\""), "'examples' must be an array"));
}

TEST_CASE("diag: a float with no fraction beyond the 64-bit range is no integer", "[diag]") {
    // Below 2^63 it is one; beyond, converting it to an integer to compare
    // would be undefined behaviour (found by the schema fuzz harness).
    const std::string text = R"({"$defs": {
  "A": {"type": "integer", "const": 1e18},
  "B": {"type": "integer", "const": 1e21},
  "C": {"type": "array", "items": {"type": "number"}, "const": [0.5, 1e21, -1e300]},
  "D": {"type": "string", "const": 1e21},
  "E": {"type": "object", "properties": {"x": {"type": "integer", "const": -1e300}}}
}})";
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"const\"", 2),
                 "const value 1e+21 is a whole number beyond the 64-bit range, which no target's integers "
                 "hold") +
            error_at(kFile, where(text, "\"const\"", 4), "const value 1e+21 does not match the schema's type") +
            error_at(kFile, where(text, "\"const\"", 5),
                     "const value -1e+300 is a whole number beyond the 64-bit range, which no target's "
                     "integers hold"));
}

TEST_CASE("diag: a count written as a float beyond 2^64", "[diag]") {
    // 3e120 has no fraction, so it is an integer, but no count type holds it;
    // converting it to one to test for a fraction was undefined behaviour
    // (found by the schema fuzz harness). Below 2^64 a float count is fine.
    const std::string text = R"({"$defs": {
  "A": {"type": "string", "maxLength": 3e120},
  "B": {"type": "array", "items": {"type": "string"}, "minItems": 1.8446744073709552e19},
  "C": {"type": "string", "minLength": 4.0, "maxLength": 1.8e19},
  "D": {"type": "string", "maxLength": 2.5}
}})";
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"maxLength\""), "'maxLength' must be a non-negative integer below 2^64") +
            error_at(kFile, where(text, "\"minItems\""), "'minItems' must be a non-negative integer below 2^64") +
            error_at(kFile, where(text, "\"maxLength\"", 3), "'maxLength' must be a non-negative integer"));
}

TEST_CASE("diag: an unknown format is an annotation, and a format a target does not implement yet", "[diag]") {
    const std::string text = R"({"$defs": {"A": {"type": "string", "format": "idn-email"}}})";
    CHECK(diagnostics({{kFile, text}}) ==
          "schemas/" + kFile + ":" + where(text, "\"format\"") +
              ": warning: format 'idn-email' is not one contractgen knows: read as an annotation, nothing checks it "
              "(known: date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uri-reference, json-pointer, "
              "uuid; int64, uint64 on integers; [schemas] unknown-formats = \"error\" refuses unknown formats)\n");
    const std::string email = R"({"$defs": {"A": {"type": "string", "format": "email"}}})";
    CHECK(site_diagnostics({{kFile, email}}) ==
          error_at(kFile, where(email, "\"format\""), site_lacks("format 'email'", "")));
    CHECK(diagnostics({{kFile, email}}).empty());
    CHECK(diagnostics_for({{kFile, email}}, "go").empty());
}

TEST_CASE("diag: an integer format on a number", "[diag]") {
    const std::string text = R"({"$defs": {"A": {"type": "number", "format": "int64"}}})";
    expect_refused({{kFile, text}}, error_at(kFile, where(text, "\"format\""),
                                             "format 'int64'/'uint64' applies to integers; give this schema "
                                             "\"type\": \"integer\""));
}

TEST_CASE("diag: patterns that are not ECMA-262 or that no engine matches alike", "[diag]") {
    // \s, lookbehind and named groups are ECMA-262 and accepted (see ir_test); these are not.
    const std::string text = R"({"$defs": {
  "A": {"type": "string", "pattern": "^\\p{L}+$"},
  "B": {"type": "string", "pattern": "(a)\\1"},
  "C": {"type": "string", "pattern": "(a"},
  "D": {"type": "string", "pattern": "\\uD800"},
  "E": {"type": "string", "pattern": "(?i)a"}
}})";
    const std::string prefix = "is not supported: ";
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"pattern\""),
                 "pattern '^\\p{L}+$' " + prefix +
                     "Unicode property escapes ('\\p{...}') are not supported: the engines' Unicode tables differ by "
                     "version; write the class out") +
            error_at(kFile, where(text, "\"pattern\"", 2),
                     "pattern '(a)\\1' " + prefix +
                         "backreferences ('\\1') are not supported: no linear-time engine has them") +
            error_at(kFile, where(text, "\"pattern\"", 3), "pattern '(a' " + prefix + "unbalanced '('") +
            error_at(
                kFile, where(text, "\"pattern\"", 4),
                "pattern '\\uD800' " + prefix +
                    "a lone surrogate ('\\uD800') matches no text a payload can hold (docs/semantics.md: strings are "
                    "Unicode scalar values); write the pair, or the code point as '\\u{...}'") +
            error_at(kFile, where(text, "\"pattern\"", 5),
                     "pattern '(?i)a' " + prefix + "group syntax '(?i' (flags, modifiers) is not ECMA-262"));
}

TEST_CASE("diag: two type names of a family that fold to one identifier", "[diag]") {
    // The Namer folds names to words and joins them in the target's case:
    // "fooBar", "FooBar" and "foo_bar" are all the C++ type FooBar.
    const std::string text = R"({"$defs": {
  "fooBar": {"type": "string"},
  "FooBar": {"type": "integer"}
}})";
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"FooBar\""),
                 "type names 'fooBar' and 'FooBar' in family 'f' both become the identifier 'FooBar'; rename "
                 "one of them"));
    const std::string two_files_a = R"({"$defs": {"foo_bar": {"type": "string"}}})";
    const std::string two_files_b = R"({"$defs": {"Foo-Bar": {"type": "string"}}})";
    // In two files of the family, names are compared as the identifiers they become, so the rule for
    // $defs names shared by sibling files qualifies both by file (docs/references.md, "Names across files").
    CHECK(diagnostics({{"f/a.schema.json", two_files_a}, {"f/b.schema.json", two_files_b}}) ==
          "schemas/f/a.schema.json:" + where(two_files_a, "\"foo_bar\"") +
              ": warning: type name 'foo_bar' is declared in 2 files of family 'f' (a.schema.json, b.schema.json); "
              "each $defs entry of that name is qualified by its file's name\n");
}

TEST_CASE("diag: one type name defined twice in a family", "[diag]") {
    // In two files: each is qualified by its file's name, with a warning (docs/references.md, "Names across files").
    const std::string a = R"({"$defs": {"Entity": {"type": "string"}}})";
    const std::string b = R"({"$defs": {"Entity": {"type": "integer"}}})";
    CHECK(diagnostics({{"f/a.schema.json", a}, {"f/b.schema.json", b}}) ==
          "schemas/f/a.schema.json:" + where(a, "\"Entity\"") +
              ": warning: type name 'Entity' is declared in 2 files of family 'f' (a.schema.json, b.schema.json); each "
              "$defs entry of that name is qualified by its file's name\n");
    // Qualified names that clash with a name already taken are an error, as any clash.
    const std::string c = R"({"$defs": {"AEntity": {"type": "boolean"}}})";
    CHECK(diagnostics({{"f/a.schema.json", a}, {"f/b.schema.json", b}, {"f/c.schema.json", c}}) ==
          "schemas/f/a.schema.json:" + where(a, "\"Entity\"") +
              ": warning: type name 'Entity' is declared in 2 files of family 'f' (a.schema.json, b.schema.json); each "
              "$defs entry of that name is qualified by its file's name\n" +
              error_at("f/c.schema.json", where(c, "\"AEntity\""),
                       "type 'AEntity' is already defined in family 'f' at schemas/f/a.schema.json:" +
                           where(a, "\"Entity\"") + "; type names must be unique within a family"));
}

TEST_CASE("diag: schema file outside a family folder", "[diag]") {
    expect_refused(
        {{"top.schema.json", "{}"}},
        "schemas/top.schema.json: error: schema files belong in a family folder (schemas/<family>/top.schema.json); "
        "each folder directly under the schemas root is a namespace\n");
}

TEST_CASE("diag: bad family folder name, with the name to use", "[diag]") {
    expect_refused(
        {{"Chat-Stream/a.schema.json", "{}"}},
        "schemas/Chat-Stream/a.schema.json: error: family folder 'Chat-Stream' is not a valid name (lower case "
        "letters, digits and '_', starting with a letter); rename it to 'chat_stream'\n");
    CHECK(
        diagnostics({{"2fa/a.schema.json", "{}"}}) ==
        "schemas/2fa/a.schema.json: error: family folder '2fa' is not a valid name (lower case letters, digits and '_', "
        "starting with a letter); rename it to 'f_2fa'\n");
}

TEST_CASE("diag: a $schema that names no supported dialect, beside an embedded resource", "[diag]") {
    const std::string text = R"({
  "$schema": "http://json-schema.org/draft-03/schema#",
  "$defs": {"A": {"$id": "a", "type": "string"}}
})";
    // An embedded resource ($id below the top) is supported; only the dialect is wrong.
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"$schema\""),
                 "'$schema' names no dialect contractgen reads: \"http://json-schema.org/draft-03/schema#\" "
                 "(supported: draft-04 (http://json-schema.org/draft-04/schema#), draft-06 "
                 "(http://json-schema.org/draft-06/schema#), draft-07 (http://json-schema.org/draft-07/schema#), "
                 "2019-09 (https://json-schema.org/draft/2019-09/schema), 2020-12 "
                 "(https://json-schema.org/draft/2020-12/schema))"));
}

TEST_CASE("diag: the schema false where it is not a forbidden property is an assertion", "[diag]") {
    const std::string text = R"({"$defs": {
  "A": false,
  "B": {"type": "array", "items": false},
  "C": {"allOf": [{"type": "string"}, false]}
}})";
    // An assertion (A; C, whose allOf accepts nothing, likewise) and a tuple without items (B): a target
    // that lacks them refuses the first use of each; the cpp and go targets generate them.
    CHECK(site_diagnostics({{kFile, text}}) ==
          error_at(kFile, where(text, "\"A\""), site_lacks(kAssertions, "an assertion")) +
              error_at(kFile, where(text, "\"B\""), site_lacks("tuples (prefixItems, items: false)", "prefixItems")));
    CHECK(diagnostics({{kFile, text}}).empty());
    CHECK(diagnostics_for({{kFile, text}}, "go").empty());
}

TEST_CASE("diag: allOf with contradictory types", "[diag]") {
    const std::string text = R"({"$defs": {
  "A": {"allOf": [{"type": ["string", "null"]}, {"type": ["integer", "null"]}]}
}})";
    // null is common to both: the result is the null type, not an error.
    CHECK(diagnostics({{kFile, text}}).empty());
    const std::string contradiction = R"({"$defs": {
  "A": {"allOf": [{"type": "string"}, {"type": "integer"}]}
}})";
    // Accepting nothing is the schema 'false': a warning, then an assertion (which the site target lacks).
    const std::string warning = "schemas/" + kFile + ":" + where(contradiction, "\"A\"") +
                                ": warning: this schema accepts no value: the types it (and its allOf/$ref parts) "
                                "requires have nothing in common\n";
    CHECK(site_diagnostics({{kFile, contradiction}}) ==
          warning + error_at(kFile, where(contradiction, "\"A\""), site_lacks(kAssertions, "an assertion")));
    CHECK(diagnostics({{kFile, contradiction}}) == warning);
    CHECK(diagnostics_for({{kFile, contradiction}}, "go") == warning);
}

TEST_CASE("diag: const that does not match the type, in a property and in a $defs constant", "[diag]") {
    const std::string text = R"({"$defs": {
  "A": {"type": "object", "properties": {"kind": {"type": "string", "const": 1}}},
  "Limit": {"type": "integer", "const": "ten"}
}})";
    expect_refused(
        {{kFile, text}},
        error_at(kFile, where(text, "\"const\""), "const value 1 does not match the schema's type") +
            error_at(kFile, where(text, "\"const\"", 2), "const value \"ten\" does not match the schema's type"));
}

TEST_CASE("diag: enum problems", "[diag]") {
    const std::string text = R"({"$defs": {
  "A": {"type": "string", "enum": ["a", "b", "a"]},
  "B": {"type": "integer", "enum": ["a", "b"]}
}})";
    CHECK(diagnostics({{kFile, text}}) ==
          error_at(kFile, where(text, "\"enum\""), "enum lists \"a\" twice") + "schemas/" + kFile + ":" +
              where(text, "\"enum\"", 2) + ": warning: this schema accepts no value: no enum value matches its type\n");
}

TEST_CASE("diag: a property both required and forbidden", "[diag]") {
    const std::string text = R"({"$defs": {"A": {
  "type": "object",
  "properties": {"a": {"type": "string"}, "b": false},
  "required": ["a", "b"],
  "not": {"required": ["a"]}
}}})";
    CHECK(
        diagnostics({{kFile, text}}) ==
        error_at(kFile, where(text, "\"a\": {"), "property 'a' is both required and forbidden by 'not'") +
            error_at(kFile, where(text, "\"b\": false"),
                     "property 'b' is required but also forbidden (a 'false' schema, or additionalProperties: false in "
                     "an allOf part that does not list it)"));
}

TEST_CASE("diag: a general not is an assertion, and a file that is not an object", "[diag]") {
    const std::string text = R"({"$defs": {"A": {"type": "string", "not": {"const": "x"}}}})";
    CHECK(site_diagnostics({{kFile, text}}) ==
          error_at(kFile, where(text, "\"not\""), site_lacks(kAssertions, "an assertion")));
    CHECK(diagnostics({{kFile, text}}).empty());
    CHECK(diagnostics_for({{kFile, text}}, "go").empty());
    CHECK(diagnostics({{kFile, "[]"}}) ==
          error_at(kFile, "1:1", "a schema file must contain a JSON object (or true or false)"));
}

TEST_CASE("diag: missing or empty schemas folder", "[diag]") {
    test::Workspace ws;
    contractgen::diag::Sink sink;
    contractgen::app::load_and_build(ws.schemas, sink);
    CHECK(
        ws.shown(sink.text()) ==
        "schemas: error: no schema files found (*.schema.json, *.json with a top-level $schema, or an OpenAPI document)\n");
    contractgen::diag::Sink missing;
    contractgen::app::load_and_build(ws.dir / "nope", missing);
    CHECK(missing.text() == (ws.dir / "nope").string() + ": error: schemas folder does not exist or is not a folder\n");
}

TEST_CASE("diag: every error is reported, not only the first, in file order", "[diag]") {
    Files files{{"a/x.schema.json", R"({"$defs": {"A": {"type": "strin"}}})"},
                {"b/y.schema.json", R"({"$defs": {"B": {"minLength": -1}}})"}};
    std::string got = diagnostics(files);
    CHECK(got.find("schemas/a/x.schema.json:1:18: error:") == 0);
    CHECK(got.find("schemas/b/y.schema.json:1:18: error: 'minLength' must be a non-negative integer") !=
          std::string::npos);
}

TEST_CASE("diag: format with and without colour", "[diag]") {
    contractgen::diag::Diagnostic d{contractgen::diag::Severity::Error, "a.json", 3, 7, "bad"};
    CHECK(contractgen::diag::format(d, false) == "a.json:3:7: error: bad");
    CHECK(contractgen::diag::format(d, true) == "\033[1ma.json:3:7: \033[0m\033[1;31merror:\033[0m bad");
    contractgen::diag::Diagnostic no_file{contractgen::diag::Severity::Warning, "", 0, 0, "careful"};
    CHECK(contractgen::diag::format(no_file, false) == "contractgen: warning: careful");
    contractgen::diag::Diagnostic no_line{contractgen::diag::Severity::Note, "a.json", 0, 0, "see"};
    CHECK(contractgen::diag::format(no_line, false) == "a.json: note: see");
}

TEST_CASE("diag: did-you-mean accepts typos, transpositions included, and nothing far away", "[diag]") {
    using contractgen::diag::closest_match;
    CHECK(closest_match("Entit", {"Entity", "Event"}) == "Entity");
    CHECK(closest_match("nmae", {"name", "id"}) == "name");
    CHECK(closest_match("requried", {"required", "properties"}) == "required");
    CHECK(closest_match("zzz", {"name", "id"}).empty());
    CHECK(closest_match("x", {}).empty());
    // Ties go to the alphabetically first candidate, so messages are stable.
    CHECK(closest_match("ab", {"ac", "aa"}) == "aa");
}

TEST_CASE("diag: a name with a newline or control character stays on one diagnostic line", "[diag]") {
    Files files{{"a/x.schema.json",
                 R"({"$defs": {"A": {"type": "object", "properties": {}, "required": ["foo\nbar\u001b[31m"]}}})"}};
    std::string got = diagnostics(files);
    CHECK(got.find("'required' names 'foo\\nbar\\x1b[31m', which is not in 'properties'") != std::string::npos);
    CHECK(std::count(got.begin(), got.end(), '\n') == 1);
}
