// OpenAPI's `discriminator` keyword beside a oneOf/anyOf: used when it agrees
// with the variants, and every way it can disagree reported where it is.
#include <catch2/catch.hpp>

#include "support.h"

using test::diagnostics;
using test::Files;
using test::where;
namespace ir = contractgen::ir;

namespace {

const std::string kFile = "f/a.schema.json";

std::string error_at(const std::string& line_col, const std::string& message) {
    return "schemas/" + kFile + ":" + line_col + ": error: " + message + "\n";
}

// Two variants tagged by `kind` (a const and an enum of one string); `type` is a const in both too.
const std::string kVariants = R"(
  "Start": {"type": "object", "properties": {"type": {"const": "event"}, "kind": {"const": "start"}}, "required": ["type", "kind"]},
  "Stop": {"type": "object", "properties": {"type": {"const": "event"}, "kind": {"enum": ["stop"]}}, "required": ["type", "kind"]})";

std::string with_union(const std::string& event) {
    return R"({"$defs": {)" + kVariants + ",\n  \"Event\": " + event + "\n}}";
}

}  // namespace

TEST_CASE("discriminator: the property it names tells the variants apart, an enum of one string included",
          "[discriminator]") {
    auto b = test::build({{kFile, with_union(R"({"oneOf": [{"$ref": "#/$defs/Start"}, {"$ref": "#/$defs/Stop"}],
      "discriminator": {"propertyName": "kind", "mapping": {"start": "#/$defs/Start", "stop": "a.schema.json#/$defs/Stop"},
                        "x-note": "extensions are fine"}})")}});
    const auto& u = b->decl("f", "Event").as<ir::Union>();
    REQUIRE(u.discriminator.has_value());
    CHECK(*u.discriminator == "kind");
    REQUIRE(u.variants.size() == 2);
    CHECK(u.variants[0].tag == std::optional<std::string>("start"));
    CHECK(u.variants[1].tag == std::optional<std::string>("stop"));
    // Without the keyword, inference only looks at consts: "type" is one in both variants, with
    // the same value, and Stop's "kind" is an enum, so the oneOf is refused.
    const std::string inferred = with_union(R"({"oneOf": [{"$ref": "#/$defs/Start"}, {"$ref": "#/$defs/Stop"}]})");
    CHECK(diagnostics({{kFile, inferred}}) ==
          error_at(where(inferred, "\"Event\""),
                   "variants 'Start' and 'Stop' of 'Event' have the same discriminator value 'event' for 'type'; a "
                   "oneOf discriminated by a const property needs distinct values"));
}

TEST_CASE("discriminator: a mapping is optional, and inline variants are checked too", "[discriminator]") {
    auto b = test::build({{kFile, R"({"$defs": {"Event": {"anyOf": [
      {"type": "object", "properties": {"op": {"const": "a"}}, "required": ["op"]},
      {"type": "object", "properties": {"op": {"const": "b"}}, "required": ["op"]}],
      "discriminator": {"propertyName": "op"}}}})"}});
    const auto& u = b->decl("f", "Event").as<ir::Union>();
    CHECK(u.discriminator == std::optional<std::string>("op"));
    CHECK(u.variants[1].tag == std::optional<std::string>("b"));
}

TEST_CASE("discriminator: its own members", "[discriminator]") {
    const std::string no_name =
        with_union(R"({"oneOf": [{"$ref": "#/$defs/Start"}], "discriminator": {"mapping": {}, "kind": 1}})");
    CHECK(diagnostics({{kFile, no_name}}) ==
          error_at(where(no_name, "\"kind\": 1"),
                   "'discriminator' has no member 'kind' (it has 'propertyName', 'mapping' and x- extensions)") +
              error_at(where(no_name, "\"discriminator\""),
                       "'discriminator' needs 'propertyName', the property whose value tells the variants apart"));
    const std::string bad =
        with_union(R"({"oneOf": [{"$ref": "#/$defs/Start"}], "discriminator": {"propertyName": "", "mapping": []}})");
    CHECK(
        diagnostics({{kFile, bad}}) ==
        error_at(where(bad, "\"propertyName\""), "'propertyName' must be the name of a property (a non-empty string)"));
    const std::string not_object = with_union(R"({"oneOf": [{"$ref": "#/$defs/Start"}], "discriminator": "kind"})");
    CHECK(diagnostics({{kFile, not_object}}) ==
          error_at(where(not_object, "\"discriminator\""), "'discriminator' must be an object"));
    const std::string mapping = with_union(
        R"({"oneOf": [{"$ref": "#/$defs/Start"}], "discriminator": {"propertyName": "kind", "mapping": []}})");
    CHECK(diagnostics({{kFile, mapping}}) ==
          error_at(where(mapping, "\"mapping\""),
                   "'mapping' must be an object from values of 'kind' to $refs of variants"));
}

TEST_CASE("discriminator: only beside a oneOf or anyOf", "[discriminator]") {
    const std::string text = R"({"$defs": {"A": {"type": "object", "discriminator": {"propertyName": "kind"}}}})";
    test::check_generate_refuses(
        {{kFile, text}}, error_at(where(text, "\"discriminator\""),
                                  "'discriminator' only applies to a oneOf or anyOf in the same schema object"));
}

TEST_CASE("discriminator: every variant has the property as a required string const, at the variant",
          "[discriminator]") {
    const std::string text = R"({"$defs": {
  "Ok": {"type": "object", "properties": {"kind": {"const": "ok"}}, "required": ["kind"]},
  "Missing": {"type": "object", "properties": {"other": {"const": "x"}}, "required": ["other"]},
  "Optional": {"type": "object", "properties": {"kind": {"const": "optional"}}},
  "Nullable": {"type": "object", "properties": {"kind": {"enum": ["nullable", null]}}, "required": ["kind"]},
  "Loose": {"type": "object", "properties": {"kind": {"type": "string"}}, "required": ["kind"]},
  "Event": {"oneOf": [
    {"$ref": "#/$defs/Ok"}, {"$ref": "#/$defs/Missing"}, {"$ref": "#/$defs/Optional"},
    {"$ref": "#/$defs/Nullable"}, {"$ref": "#/$defs/Loose"}, {"type": "string"}],
    "discriminator": {"propertyName": "kind"}}
}})";
    const std::string rule =
        "; with a 'discriminator' every variant needs 'kind' as a required string const (or an enum of one string)";
    test::check_generate_refuses(
        {{kFile, text}},
        error_at(where(text, "{\"$ref\": \"#/$defs/Missing\"}"),
                 "variant 'Missing' cannot be told apart by 'kind': it has no property 'kind'" + rule) +
            error_at(where(text, "{\"$ref\": \"#/$defs/Optional\"}"),
                     "variant 'Optional' cannot be told apart by 'kind': 'kind' is optional there" + rule) +
            error_at(where(text, "{\"$ref\": \"#/$defs/Nullable\"}"),
                     "variant 'Nullable' cannot be told apart by 'kind': 'kind' may be null there" + rule) +
            error_at(where(text, "{\"$ref\": \"#/$defs/Loose\"}"),
                     "variant 'Loose' cannot be told apart by 'kind': 'kind' is not a string const or an enum of one "
                     "string there" +
                         rule) +
            error_at(where(text, "{\"type\": \"string\"}]"),
                     "variant oneOf[5] cannot be told apart by 'kind': it is not an object" + rule));
}

TEST_CASE("discriminator: two variants with one value, at the second", "[discriminator]") {
    const std::string text = R"({"$defs": {
  "Start": {"type": "object", "properties": {"kind": {"const": "go"}}, "required": ["kind"]},
  "Begin": {"type": "object", "properties": {"kind": {"enum": ["go"]}}, "required": ["kind"]},
  "Event": {"anyOf": [{"$ref": "#/$defs/Start"}, {"$ref": "#/$defs/Begin"}], "discriminator": {"propertyName": "kind"}}
}})";
    CHECK(diagnostics({{kFile, text}}) ==
          error_at(
              where(text, "{\"$ref\": \"#/$defs/Begin\"}"),
              "variants 'Start' and 'Begin' both have 'kind' = 'go'; the values of a discriminator must be distinct"));
}

TEST_CASE("discriminator: mapping entries name variants whose value is their key, at the entry", "[discriminator]") {
    const std::string text = with_union(R"({"oneOf": [{"$ref": "#/$defs/Start"}, {"$ref": "#/$defs/Stop"}],
    "discriminator": {"propertyName": "kind", "mapping": {
      "start": "#/$defs/Stop",
      "other": "#/$defs/Other",
      "elsewhere": "#/$defs/Unused",
      "number": 7,
      "stop": "#/$defs/Stop"}}},
  "Unused": {"type": "object"})");
    test::check_generate_refuses(
        {{kFile, text}},
        error_at(where(text, "\"start\": \"#"), "mapping 'start' names variant 'Stop', whose 'kind' is 'stop'") +
            error_at(where(text, "\"#/$defs/Other\""),
                     "$ref '#/$defs/Other' does not resolve: no 'Other' in '#/$defs'") +
            error_at(
                where(text, "\"elsewhere\""),
                "mapping 'elsewhere' names 'f/a.schema.json#/$defs/Unused', which is not a variant of this oneOf") +
            error_at(where(text, "\"number\""), "mapping values must be $refs to variants ('#/$defs/Name')"));
}

TEST_CASE("discriminator: a null alternative cannot carry the property", "[discriminator]") {
    const std::string text = with_union(
        R"({"oneOf": [{"$ref": "#/$defs/Start"}, {"$ref": "#/$defs/Stop"}, {"type": "null"}], "discriminator": {"propertyName": "kind"}})");
    CHECK(diagnostics({{kFile, text}}) ==
          error_at(
              where(text, "\"discriminator\""),
              "a oneOf with a 'discriminator' cannot have a null alternative, which has no 'kind'; make the property "
              "that holds the union nullable instead"));
}
