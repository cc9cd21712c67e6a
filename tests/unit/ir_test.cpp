// Schema → IR: what each construct becomes, as every target sees it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>

#include "ir/integral.h"
#include "ir/pattern.h"
#include "ir/pattern_match.h"
#include "support.h"

namespace ir = contractgen::ir;
using ir::Kind;
using test::build;
using test::diagnostics;

namespace {

const std::string kFile = "f/a.schema.json";

std::string defs(const std::string& body) { return R"({"$defs": {)" + body + "}}"; }

}  // namespace

TEST_CASE("ir: struct fields keep schema order, required, optional, nullable and tri-state", "[ir]") {
    auto b = build({{kFile, defs(R"("Msg": {
      "type": "object",
      "description": "A message.",
      "properties": {
        "id": {"type": "string", "format": "uuid", "description": "Its id."},
        "text": {"type": ["string", "null"]},
        "note": {"type": "string", "deprecated": true},
        "parent": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        "count": {"type": "integer", "minimum": 0, "maximum": 10.5},
        "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "uniqueItems": true}
      },
      "required": ["id", "text"]
    })")}});
    const ir::Decl& msg = b->decl("f", "Msg");
    REQUIRE(msg.is<ir::Struct>());
    CHECK(msg.docs.description == "A message.");
    const auto& fields = msg.as<ir::Struct>().fields;
    std::vector<std::string> names;
    for (const auto& f : fields) names.push_back(f.wire_name);
    CHECK(names == std::vector<std::string>{"id", "text", "note", "parent", "count", "tags"});

    const ir::Field& id = b->field("f", "Msg", "id");
    CHECK(id.required);
    CHECK_FALSE(id.type.nullable);
    CHECK(id.type.kind == Kind::String);
    CHECK(id.type.string_bounds.format == ir::StringFormat::Uuid);
    CHECK(id.docs.description == "Its id.");

    const ir::Field& text = b->field("f", "Msg", "text");  // required and nullable
    CHECK(text.required);
    CHECK(text.type.nullable);
    CHECK(text.type.kind == Kind::String);

    const ir::Field& note = b->field("f", "Msg", "note");  // optional
    CHECK_FALSE(note.required);
    CHECK_FALSE(note.type.nullable);
    CHECK(note.docs.deprecated);

    const ir::Field& parent = b->field("f", "Msg", "parent");  // optional and nullable: the tri-state
    CHECK_FALSE(parent.required);
    CHECK(parent.type.nullable);
    CHECK(parent.type.kind == Kind::String);

    const ir::Field& count = b->field("f", "Msg", "count");
    CHECK(count.type.kind == Kind::Integer);
    CHECK(count.type.number_bounds.minimum->dump() == "0");
    CHECK(count.type.number_bounds.maximum->dump() == "10.5");

    const ir::Field& tags = b->field("f", "Msg", "tags");
    CHECK(tags.type.kind == Kind::Array);
    CHECK(tags.type.item().kind == Kind::String);
    CHECK(tags.type.array_bounds.min_items == 1u);
    CHECK(tags.type.array_bounds.unique_items);
}

TEST_CASE("ir: closed, open and typed extras, an object without properties is a map", "[ir]") {
    auto b = build({{kFile, defs(R"(
      "Closed": {"type": "object", "properties": {"a": {}}, "additionalProperties": false},
      "Open": {"type": "object", "properties": {"a": {}}},
      "OpenToo": {"type": "object", "properties": {"a": {}}, "additionalProperties": true},
      "Typed": {"type": "object", "properties": {"a": {}}, "additionalProperties": {"type": "integer"}},
      "Counts": {"type": "object", "additionalProperties": {"type": "integer"}, "maxProperties": 3},
      "Anything": {"type": "object"})")}});
    CHECK(b->decl("f", "Closed").as<ir::Struct>().extra == ir::Extra::Forbid);
    CHECK(b->decl("f", "Open").as<ir::Struct>().extra == ir::Extra::Keep);
    CHECK(b->decl("f", "OpenToo").as<ir::Struct>().extra == ir::Extra::Keep);
    const auto& typed = b->decl("f", "Typed").as<ir::Struct>();
    CHECK(typed.extra == ir::Extra::Typed);
    REQUIRE(typed.extra_type);
    CHECK(typed.extra_type->kind == Kind::Integer);
    // The field whose schema is `{}` accepts anything.
    CHECK(b->field("f", "Open", "a").type.kind == Kind::Any);

    const ir::Decl& counts = b->decl("f", "Counts");
    REQUIRE(counts.is<ir::Alias>());
    const ir::TypeExpr& map = counts.as<ir::Alias>().target;
    CHECK(map.kind == Kind::Map);
    CHECK(map.item().kind == Kind::Integer);
    CHECK(map.object_bounds.max_properties == 3u);
    const ir::TypeExpr& any_map = b->decl("f", "Anything").as<ir::Alias>().target;
    CHECK(any_map.kind == Kind::Map);
    CHECK(any_map.item().kind == Kind::Any);
}

TEST_CASE("ir: forbidden properties via not and false", "[ir]") {
    auto b = build({{kFile, defs(R"("A": {
      "type": "object",
      "properties": {"a": {"type": "string"}, "legacy": false},
      "not": {"anyOf": [{"required": ["old"]}, {"required": ["older"]}]}
    },
    "B": {"type": "object", "properties": {"a": {}}, "not": {"required": ["b"], "description": "b is gone"}})")}});
    const auto& a = b->decl("f", "A").as<ir::Struct>();
    CHECK(a.fields.size() == 1);
    CHECK(a.forbidden == std::vector<std::string>{"old", "older", "legacy"});
    CHECK(b->decl("f", "B").as<ir::Struct>().forbidden == std::vector<std::string>{"b"});
}

TEST_CASE("ir: allOf merges properties from a base, a diamond only once", "[ir]") {
    auto b = build({{kFile, defs(R"(
      "Base": {"type": "object", "properties": {"id": {"type": "string"}, "at": {"type": "string", "format": "date-time"}}, "required": ["id"]},
      "Left": {"allOf": [{"$ref": "#/$defs/Base"}], "properties": {"left": {"type": "integer"}}},
      "Right": {"allOf": [{"$ref": "#/$defs/Base"}], "properties": {"right": {"type": "boolean"}}, "required": ["right"]},
      "Both": {"allOf": [{"$ref": "#/$defs/Left"}, {"$ref": "#/$defs/Right"}],
               "properties": {"id": {"minLength": 3}}})")}});
    std::vector<std::string> names;
    for (const auto& f : b->decl("f", "Both").as<ir::Struct>().fields) names.push_back(f.wire_name);
    // Own properties first, then the parts in allOf order, each property once.
    CHECK(names == std::vector<std::string>{"id", "left", "at", "right"});
    const ir::Field& id = b->field("f", "Both", "id");
    CHECK(id.required);
    CHECK(id.type.kind == Kind::String);  // `type` from Base, `minLength` from Both
    CHECK(id.type.string_bounds.min_length == 3u);
    CHECK(b->field("f", "Both", "right").required);
    CHECK_FALSE(b->field("f", "Both", "left").required);
    CHECK(b->decl("f", "Both").as<ir::Struct>().extra == ir::Extra::Keep);
    CHECK(b->field("f", "Left", "id").required);
}

TEST_CASE("ir: an error in an allOf base used twice is reported once", "[ir][diag]") {
    const std::string text = defs(R"(
      "Base": {"type": "object", "properties": {"id": {"type": "string", "minLength": -1}}},
      "A": {"allOf": [{"$ref": "#/$defs/Base"}]},
      "B": {"allOf": [{"$ref": "#/$defs/Base"}]})");
    CHECK(diagnostics({{kFile, text}}) == "schemas/f/a.schema.json:" + test::where(text, "\"minLength\"") +
                                              ": error: 'minLength' must be a non-negative integer\n");
}

TEST_CASE("ir: inline objects, enums and unions are lifted with deterministic names", "[ir]") {
    auto b = build({{kFile, defs(R"(
      "Plan": {"type": "object", "properties": {
        "status": {"enum": ["LOADING", "DONE"]},
        "plan_tasks": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}},
        "owner": {"type": "object", "properties": {"name": {"type": "string"}}},
        "value": {"oneOf": [{"type": "string"}, {"type": "integer", "title": "count"}]}
      }},
      "PlanOwner": {"type": "string"})")}});
    CHECK(b->names("f") ==
          std::vector<std::string>{"Plan", "PlanOwner", "PlanStatus", "PlanPlanTasksItem", "PlanOwner_2", "PlanValue"});
    CHECK(b->decl("f", "PlanStatus").lifted);
    CHECK_FALSE(b->decl("f", "PlanOwner").lifted);
    CHECK(b->decl("f", "PlanStatus").is<ir::Enum>());
    const ir::Field& owner = b->field("f", "Plan", "owner");
    REQUIRE(owner.type.kind == Kind::Named);
    // A declared name is never taken over: the lifted type gets the first free "_<n>".
    CHECK(b->model().decl(owner.type.decl).name == "PlanOwner_2");
    CHECK(b->model().decl(owner.type.decl).wanted_name == "PlanOwner");
    const auto& value = b->decl("f", "PlanValue").as<ir::Union>();
    CHECK(value.variants.size() == 2);
    CHECK(b->field("f", "Plan", "plan_tasks").type.item().kind == Kind::Named);

    // Same input, same names: nothing depends on hashing or addresses.
    auto again = build({{kFile, test::read_file(b->ws.schemas / kFile)}});
    CHECK(again->names("f") == b->names("f"));
}

TEST_CASE("ir: discriminated unions find the const tag, and prefer 'type'", "[ir]") {
    auto b = build({{kFile, defs(R"(
      "Event": {"oneOf": [{"$ref": "#/$defs/Start"}, {"$ref": "#/$defs/Stop"}]},
      "Start": {"type": "object", "properties": {"kind": {"const": "a"}, "type": {"const": "start"}}, "required": ["kind", "type"]},
      "Stop": {"type": "object", "properties": {"kind": {"const": "b"}, "type": {"const": "stop"}}, "required": ["kind", "type"]},
      "ByKind": {"oneOf": [{"$ref": "#/$defs/K1"}, {"$ref": "#/$defs/K2"}]},
      "K1": {"type": "object", "properties": {"type": {"const": "same"}, "kind": {"const": "one"}}, "required": ["type", "kind"]},
      "K2": {"type": "object", "properties": {"type": {"const": "same"}, "kind": {"const": "two"}}, "required": ["type", "kind"]},
      "Untagged": {"oneOf": [{"$ref": "#/$defs/Start"}, {"$ref": "#/$defs/Loose"}]},
      "Loose": {"type": "object", "properties": {"type": {"const": "loose"}}})")}});
    const auto& event = b->decl("f", "Event").as<ir::Union>();
    CHECK(event.discriminator == std::optional<std::string>("type"));
    REQUIRE(event.variants.size() == 2);
    CHECK(event.variants[0].tag == std::optional<std::string>("start"));
    CHECK(event.variants[1].tag == std::optional<std::string>("stop"));
    // "type" repeats a value, so "kind" discriminates: no error, another tag.
    CHECK(b->decl("f", "ByKind").as<ir::Union>().discriminator == std::optional<std::string>("kind"));
    // A variant whose tag is optional cannot be switched on.
    CHECK_FALSE(b->decl("f", "Untagged").as<ir::Union>().discriminator.has_value());
}

TEST_CASE("ir: open enums are anyOf a string enum and a string", "[ir]") {
    auto b = build({{kFile, defs(R"(
      "Mode": {"enum": ["a", "b"]},
      "OpenMode": {"anyOf": [{"$ref": "#/$defs/Mode"}, {"type": "string"}]},
      "Inline": {"anyOf": [{"type": "string"}, {"enum": ["x", "y"]}]},
      "NotOpen": {"oneOf": [{"$ref": "#/$defs/Mode"}, {"type": "integer"}]})")}});
    const ir::Decl& open = b->decl("f", "OpenMode");
    REQUIRE(open.is<ir::OpenEnum>());
    CHECK(open.as<ir::OpenEnum>().known == std::vector<std::string>{"a", "b"});
    REQUIRE(open.as<ir::OpenEnum>().known_enum);
    CHECK(b->model().decl(*open.as<ir::OpenEnum>().known_enum).name == "Mode");
    REQUIRE(b->decl("f", "Inline").is<ir::OpenEnum>());
    CHECK(b->decl("f", "Inline").as<ir::OpenEnum>().known == std::vector<std::string>{"x", "y"});
    CHECK(b->decl("f", "NotOpen").is<ir::Union>());
}

TEST_CASE("ir: unions whose variants accept disjoint JSON kinds are marked", "[ir]") {
    auto b = build({{kFile, defs(R"(
      "Obj": {"type": "object", "properties": {"a": {}}},
      "Disjoint": {"oneOf": [{"type": "string"}, {"type": "integer"}, {"$ref": "#/$defs/Obj"}, {"type": "array"}]},
      "Overlap": {"oneOf": [{"type": "integer"}, {"type": "number", "multipleOf": 0.5}]},
      "Nullable": {"anyOf": [{"type": "null"}, {"type": "boolean"}, {"type": "string"}]})")}});
    CHECK(b->decl("f", "Disjoint").as<ir::Union>().kinds_disjoint);
    CHECK_FALSE(b->decl("f", "Overlap").as<ir::Union>().kinds_disjoint);
    const ir::Decl& nullable = b->decl("f", "Nullable");
    REQUIRE(nullable.is<ir::Union>());
    CHECK(nullable.as<ir::Union>().kinds_disjoint);
    CHECK(nullable.as<ir::Union>().variants.front().type.kind == Kind::Null);
}

TEST_CASE("ir: untyped schemas with constraints become unions by JSON kind", "[ir]") {
    auto b = build({{kFile, defs(R"(
      "Short": {"maxLength": 5},
      "StringOrInt": {"type": ["string", "integer"], "minLength": 1, "minimum": 0},
      "Annotated": {"description": "anything at all"})")}});
    const ir::Decl& short_ = b->decl("f", "Short");
    REQUIRE(short_.is<ir::Union>());
    const auto& u = short_.as<ir::Union>();
    CHECK(u.kinds_disjoint);
    std::vector<Kind> kinds;
    for (const auto& v : u.variants) kinds.push_back(v.type.kind);
    // null, boolean, object (a map), array, string (bounded), number
    CHECK(kinds == std::vector<Kind>{Kind::Null, Kind::Boolean, Kind::Map, Kind::Array, Kind::String, Kind::Number});
    CHECK(u.variants[4].type.string_bounds.max_length == 5u);

    const auto& si = b->decl("f", "StringOrInt").as<ir::Union>();
    REQUIRE(si.variants.size() == 2);
    CHECK(si.variants[0].type.kind == Kind::String);
    CHECK(si.variants[0].type.string_bounds.min_length == 1u);
    CHECK(si.variants[1].type.kind == Kind::Integer);
    CHECK(si.variants[1].type.number_bounds.minimum->dump() == "0");

    REQUIRE(b->decl("f", "Annotated").is<ir::Alias>());
    CHECK(b->decl("f", "Annotated").as<ir::Alias>().target.kind == Kind::Any);
}

TEST_CASE("ir: $defs constants, with x-lookup", "[ir]") {
    auto b = build({{kFile, defs(R"(
      "Migration": {"type": "object", "additionalProperties": {"type": "string"},
                    "const": {"old": "new", "legacy": "modern"}, "x-lookup": "migrate"},
      "MaxSize": {"type": "integer", "const": 10},
      "Uses": {"type": "object", "properties": {"size": {"$ref": "#/$defs/MaxSize"}}})")}});
    const ir::Decl& m = b->decl("f", "Migration");
    REQUIRE(m.is<ir::Constant>());
    CHECK(m.as<ir::Constant>().lookup_function == "migrate");
    CHECK(m.as<ir::Constant>().value.dump() == R"({"old":"new","legacy":"modern"})");
    CHECK(m.as<ir::Constant>().type.kind == Kind::Map);
    const ir::Decl& max = b->decl("f", "MaxSize");
    REQUIRE(max.is<ir::Constant>());
    CHECK(max.as<ir::Constant>().type.kind == Kind::Integer);
    CHECK(max.as<ir::Constant>().lookup_function.empty());
    // A reference to a constant accepts exactly its value.
    const ir::Field& size = b->field("f", "Uses", "size");
    CHECK(size.type.kind == Kind::Const);
    CHECK(size.type.value == 10);

    CHECK(diagnostics({{kFile, defs(R"("T": {"const": [1], "x-lookup": "f"})")}}) ==
          "schemas/f/a.schema.json:1:32: error: 'x-lookup' must be a function name, on a constant whose value is an "
          "object\n");
}

TEST_CASE("ir: families in dependency order, a type follows what it uses", "[ir]") {
    auto b = build({{"b/y.schema.json", defs(R"(
      "User": {"type": "object", "properties": {"addr": {"$ref": "#/$defs/Address"}, "c": {"$ref": "../a/x.schema.json#/$defs/C"}}},
      "Address": {"type": "object", "properties": {"zip": {"$ref": "#/$defs/Zip"}}},
      "Zip": {"type": "string", "pattern": "^[0-9]{5}$"})")},
                    {"a/x.schema.json", defs(R"("C": {"enum": ["x"]})")}});
    const auto& fams = b->model().families;
    REQUIRE(fams.size() == 2);
    CHECK(fams[0].name == "a");
    CHECK(fams[1].name == "b");
    CHECK(fams[1].depends_on == std::vector<std::string>{"a"});
    CHECK(fams[0].depends_on.empty());
    CHECK(fams[1].source_files == std::vector<std::string>{"b/y.schema.json"});
    std::vector<std::string> order;
    for (ir::DeclId id : fams[1].decls) order.push_back(b->model().decl(id).name);
    CHECK(order == std::vector<std::string>{"Zip", "Address", "User"});
}

TEST_CASE("ir: families that use each other are a cycle error", "[ir][diag]") {
    const std::string a =
        defs(R"("A": {"type": "object", "properties": {"b": {"$ref": "../b/y.schema.json#/$defs/B"}}})");
    const std::string b =
        defs(R"("B": {"type": "object", "properties": {"c": {"$ref": "../c/z.schema.json#/$defs/C"}}})");
    const std::string c =
        defs(R"("C": {"type": "object", "properties": {"a": {"$ref": "../a/w.schema.json#/$defs/A2"}}},
                                  "D": {"type": "string"})");
    const std::string a2 = defs(R"("A2": {"type": "string"})");
    CHECK(
        diagnostics(
            {{"a/x.schema.json", a}, {"a/w.schema.json", a2}, {"b/y.schema.json", b}, {"c/z.schema.json", c}}) ==
        "schemas/c/z.schema.json:" + test::where(c, "\"C\"") +
            ": error: families reference each other in a cycle (a → b → c → a); move the shared types into one family\n");
}

TEST_CASE("ir: nullable references, enums with null, and const", "[ir]") {
    auto b = build({{kFile, defs(R"(
      "E": {"enum": ["a", null]},
      "S": {"type": "object", "properties": {
        "e": {"$ref": "#/$defs/E"},
        "ref_or_null": {"oneOf": [{"$ref": "#/$defs/T"}, {"type": "null"}]},
        "tag": {"const": "fixed"},
        "num": {"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.01}
      }},
      "T": {"type": "object", "properties": {"x": {}}})")}});
    const ir::Decl& e = b->decl("f", "E");
    REQUIRE(e.is<ir::Alias>());
    CHECK(e.as<ir::Alias>().target.nullable);
    const ir::Field& ron = b->field("f", "S", "ref_or_null");
    CHECK(ron.type.kind == Kind::Named);
    CHECK(ron.type.nullable);
    CHECK(b->model().decl(ron.type.decl).name == "T");
    const ir::Field& tag = b->field("f", "S", "tag");
    CHECK(tag.type.kind == Kind::Const);
    CHECK(tag.type.value == "fixed");
    const ir::Field& num = b->field("f", "S", "num");
    CHECK(num.type.number_bounds.exclusive_minimum->dump() == "0");
    CHECK(num.type.number_bounds.multiple_of->dump() == "0.01");
}

TEST_CASE("ir: docs keep title, default, examples and x- extensions verbatim", "[ir]") {
    auto b = build({{kFile, defs(R"("A": {"type": "string", "title": "The A", "default": "z",
      "examples": ["p", "q"], "x-owner": {"team": "platform"}, "$comment": "ignored"})")}});
    const ir::Decl& a = b->decl("f", "A");
    CHECK(a.docs.title == "The A");
    CHECK(a.docs.default_value == ir::json("z"));
    CHECK(a.docs.examples == std::vector<ir::json>{"p", "q"});
    CHECK(a.docs.extensions.at("x-owner").dump() == R"({"team":"platform"})");
    CHECK(a.origin.file == kFile);
    CHECK(a.origin.pointer == "/$defs/A");
    CHECK(a.origin.line == 1);
    CHECK(a.origin.column == 12);
}

TEST_CASE("ir: a file's root schema is a type named after the file", "[ir]") {
    auto b = build({{"f/stream_envelope.schema.json",
                     R"({"type": "object", "properties": {"data": {}}, "$defs": {"X": {"type": "string"}}})"},
                    {"f/only_defs.schema.json", R"({"title": "just a library", "$defs": {"Y": {"type": "string"}}})"}});
    CHECK(b->decl("f", "StreamEnvelope").is<ir::Struct>());
    CHECK(b->names("f") == std::vector<std::string>{"Y", "StreamEnvelope", "X"});
}

TEST_CASE("ir: ECMA-262 patterns pass, translations per engine", "[ir]") {
    for (const char* ok :
         {"^[a-z0-9_]+$", "^\\d{3}-\\d{4}$", "(?:ab)+|c*?", "^\\u00e9\\.\\/$", "a{2,}", "[\\-\\]]", "^\\s+\\S$",
          "(?<=a)b(?<!c)", "(?=x)(?!y)", "(?<year>\\d{4})", "\\u{1F600}", "\\bword\\B", "[^\\s\\d]", "\\x41\\cJ\\0"})
        CHECK_FALSE(ir::check_pattern(ok).has_value());
    CHECK(ir::translate_pattern("^a.b$", ir::PatternDialect::Ecma) == "^a.b$");
    CHECK(ir::translate_pattern("^a.b$", ir::PatternDialect::Python) == "^a[^\\u000A\\u000D\\u2028\\u2029]b\\Z");
    CHECK(ir::translate_pattern("^a.b$", ir::PatternDialect::Pcre2) == "^a[^\\x{000A}\\x{000D}\\x{2028}\\x{2029}]b\\z");
    // ECMA's \s (WhiteSpace and LineTerminator: \t \n \v \f \r, space, U+00A0, U+1680, U+2000-U+200A, U+2028,
    // U+2029, U+202F, U+205F, U+3000, U+FEFF), written out for engines whose \s means something else.
    const std::string space =
        "\\x{0009}-\\x{000D} \\x{00A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}"
        "\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
    CHECK(ir::translate_pattern("\\s", ir::PatternDialect::Re2) == "[" + space + "]");
    CHECK(ir::translate_pattern("\\S", ir::PatternDialect::Re2) == "[^" + space + "]");
    // In a class, a negated class escape is its complement (no surrogates: UTF-8 text has none).
    CHECK(ir::translate_pattern("[a\\D]", ir::PatternDialect::Re2) == "[\\x{0000}-/:-\\x{D7FF}\\x{E000}-\\x{10FFFF}]");
    CHECK(ir::translate_pattern("\\d\\w", ir::PatternDialect::Python) == "[0-9][0-9A-Z_a-z]");
    CHECK(ir::translate_pattern("\\u{1F600}\\uD83D\\uDE00", ir::PatternDialect::Python) == "\\U0001F600\\U0001F600");
    CHECK(ir::translate_pattern("(?<y>a)(?<=b)", ir::PatternDialect::Pcre2) == "(a)(?<=b)");
    // regexp2 takes any letter as a word character: ECMA's ASCII boundary is spelled out.
    CHECK(ir::translate_pattern("\\b", ir::PatternDialect::Regexp2) ==
          "(?:(?<=[0-9A-Z_a-z])(?![0-9A-Z_a-z])|(?<![0-9A-Z_a-z])(?=[0-9A-Z_a-z]))");
    CHECK(ir::translate_pattern("\\b", ir::PatternDialect::Re2) == "\\b");
    CHECK(ir::translate_pattern("\\u{1F600}\\u00e9", ir::PatternDialect::Regexp2) == "\U0001F600\\u00E9");
    // Lookaround and repetition counts RE2 refuses need the backtracking engine; the rest does not.
    CHECK(ir::needs_backtracking("(?=a)"));
    CHECK(ir::needs_backtracking("(?<!a)b"));
    CHECK(ir::needs_backtracking("(a{100}){11}"));
    CHECK_FALSE(ir::needs_backtracking("^(a{10}){100}$"));
    CHECK_FALSE(ir::needs_backtracking("^(a+)+$"));
    CHECK_FALSE(ir::needs_backtracking("(?:ab)*?c{0,1000}\\s\\b"));
}

TEST_CASE("ir: patterns are matched as ECMA-262 matches them, in bounded time", "[ir]") {
    using ir::match_pattern;
    using ir::PatternMatch;
    // Expectations checked with node's RegExp (`new RegExp(p, "u").test(s)`).
    for (const char* s : {"\xC2\xA0", "\xEF\xBB\xBF", "\xE2\x80\xA8", "\xE3\x80\x80", "\v", "\f"})
        CHECK(match_pattern("^\\s$", s) == PatternMatch::Yes);
    CHECK(match_pattern("^\\s$", "\x1C") == PatternMatch::No);  // Python's \s has U+001C, ECMA's does not
    CHECK(match_pattern("^\\S$", "\xC2\xA0") == PatternMatch::No);
    CHECK(match_pattern("\\d", "\xD9\xA3") == PatternMatch::No);  // ARABIC-INDIC DIGIT THREE
    CHECK(match_pattern("\\w", "\xC3\xA9") == PatternMatch::No);
    CHECK(match_pattern("\\bfoo\\b",
                        "\xC3\xA9"
                        "foo\xC3\xA9") == PatternMatch::Yes);
    CHECK(match_pattern("^(?=.*\\d)[a-z\\d]+$", "abc1") == PatternMatch::Yes);
    CHECK(match_pattern("^(?=.*\\d)[a-z\\d]+$", "abc") == PatternMatch::No);
    CHECK(match_pattern("(?<=\\$)\\d+", "$12") == PatternMatch::Yes);
    CHECK(match_pattern("(?<!\\$)\\b\\d+", "$12") == PatternMatch::No);
    CHECK(match_pattern("^a$", "a\n") == PatternMatch::No);
    CHECK(match_pattern("^.$", "\xF0\x9F\x98\x80") == PatternMatch::Yes);  // one code point
    // Hostile: linear in RE2; with lookaround, PCRE2 stops at its match limit.
    const std::string hostile = std::string(30, 'a') + "b";
    CHECK(match_pattern("^(a+)+$", hostile) == PatternMatch::No);
    CHECK(match_pattern("^(?=a)(a+)+$", hostile) == PatternMatch::TooComplex);
}

TEST_CASE("ir: integers are safe-range by default, format int64/uint64 widen them", "[ir]") {
    auto b = build({{kFile, defs(R"("N": {
      "type": "object",
      "properties": {
        "plain": {"type": "integer"},
        "wide": {"type": "integer", "format": "int64"},
        "unsigned": {"type": "integer", "format": "uint64", "minimum": 0}
      }
    })")}});
    CHECK(b->field("f", "N", "plain").type.number_bounds.integer_format == ir::IntegerFormat::Safe);
    CHECK(b->field("f", "N", "wide").type.number_bounds.integer_format == ir::IntegerFormat::Int64);
    CHECK(b->field("f", "N", "unsigned").type.number_bounds.integer_format == ir::IntegerFormat::Uint64);
    CHECK(b->field("f", "N", "wide").type.kind == ir::Kind::Integer);
}

TEST_CASE("ir: a float counts as an integer only inside the range it converts to", "[ir]") {
    // The bounds are tested before any conversion (converting 1e300 to an
    // integer type is undefined behaviour); these are the edges.
    constexpr double two63 = 9223372036854775808.0, two64 = 18446744073709551616.0;
    CHECK(ir::is_whole(1e300));
    CHECK(ir::is_whole(-0.0));
    CHECK_FALSE(ir::is_whole(2.5));
    CHECK_FALSE(ir::is_whole(std::numeric_limits<double>::infinity()));
    CHECK_FALSE(ir::is_whole(std::numeric_limits<double>::quiet_NaN()));

    CHECK(ir::is_int64_float(0.0));
    CHECK(ir::is_int64_float(-0.0));
    CHECK(ir::is_int64_float(-two63));
    CHECK(ir::is_int64_float(9223372036854774784.0));  // the largest double below 2^63
    CHECK_FALSE(ir::is_int64_float(two63));
    CHECK_FALSE(ir::is_int64_float(1e300));
    CHECK_FALSE(ir::is_int64_float(-1e300));
    CHECK_FALSE(ir::is_int64_float(1.5));
    CHECK_FALSE(ir::is_int64_float(std::numeric_limits<double>::infinity()));
    CHECK_FALSE(ir::is_int64_float(std::numeric_limits<double>::quiet_NaN()));

    CHECK(ir::is_count_float(0.0));
    CHECK(ir::is_count_float(18446744073709549568.0));  // the largest double below 2^64
    CHECK_FALSE(ir::is_count_float(two64));
    CHECK_FALSE(ir::is_count_float(-1.0));
    CHECK_FALSE(ir::is_count_float(2.5));
    CHECK_FALSE(ir::is_count_float(std::numeric_limits<double>::quiet_NaN()));

    CHECK(ir::is_count_beyond_range(two64));
    CHECK(ir::is_count_beyond_range(3e120));
    CHECK_FALSE(ir::is_count_beyond_range(18446744073709549568.0));
    CHECK_FALSE(ir::is_count_beyond_range(std::numeric_limits<double>::infinity()));
    CHECK_FALSE(ir::is_count_beyond_range(-3e120));
}
