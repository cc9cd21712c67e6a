// Unit tests of the openapi and asyncapi targets (src/emit/openapi,
// src/emit/asyncapi, src/emit/apidoc): the component key rule, $ref
// rewriting, the JSON/YAML writers, operations and streams from the schemas'
// `x-openapi`/`x-streams`, the 3.1 rendering, and the errors they report. Schemas are written to a temporary folder
// and run through the real pipeline (load, IR, emit) into memory.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>

#include <unistd.h>

#include "app/pipeline.h"
#include "emit/apidoc/components.h"
#include "emit/apidoc/serialize.h"
#include "emit/apidoc/shared_schemas.h"
#include "emit/targets.h"
#include "temp_schemas.h"

namespace fs = std::filesystem;
using contractgen::ir::json;
namespace oa = contractgen::emit::apidoc;

namespace {

struct Run {
    bool ok = false;
    std::string errors;
    json document, document_31, asyncapi;
    std::string json_text, yaml_text;
};

Run generate(const std::map<std::string, std::string>& files) {
    TempSchemas dir(files, "openapi");
    contractgen::diag::Sink sink;
    auto loaded = contractgen::app::load_and_build(dir.path(), sink);
    Run run;
    contractgen::write::OutputSet out;
    std::vector<std::string> owned;
    contractgen::app::Options options;
    options.targets = {"openapi", "asyncapi"};
    if (!sink.has_errors()) contractgen::app::generate_outputs(options, loaded, out, owned, sink);
    run.ok = !sink.has_errors();
    run.errors = sink.text();
    if (run.ok) {
        run.json_text = out.files().at("openapi/openapi.json");
        run.yaml_text = out.files().at("openapi/openapi.yaml");
        run.document = json::parse(run.json_text);
        run.document_31 = json::parse(out.files().at("openapi/openapi-3.1.json"));
        run.asyncapi = json::parse(out.files().at("asyncapi/asyncapi.json"));
    }
    return run;
}

const char* kHeader = R"("$schema": "https://json-schema.org/draft/2020-12/schema", "title": "t", "description": "d")";

std::string file(const std::string& defs) { return std::string("{") + kHeader + R"(, "$defs": {)" + defs + "}}"; }

}  // namespace

TEST_CASE("component keys: family.Type, every other byte escaped, never colliding") {
    CHECK(oa::component_key("chat_stream", "StreamEvent") == "chat_stream.StreamEvent");
    CHECK(oa::component_key("f", "A-B") == "f.A-2DB");
    CHECK(oa::component_key("f", "A.B") == "f.A-2EB");
    CHECK(oa::component_key("f.x", "B") == "f-2Ex.B");
    CHECK(oa::component_key("f", "caf\xC3\xA9") == "f.caf-C3-A9");
    CHECK(oa::component_key("a.b", "c") != oa::component_key("a", "b.c"));
    CHECK(oa::component_key("f", "A-2DB") != oa::component_key("f", "A-B"));
    CHECK(oa::component_ref("f", "T") == "#/components/schemas/f.T");
    CHECK(oa::pointer_to_fragment("/properties/a b/%") == "/properties/a%20b/%25");
}

TEST_CASE("JSON text: two-space layout, invisible and bidi characters escaped, the rest kept") {
    json v =
        json::parse(R"({"a": [], "b": {}, "c": [1, 1.5, true, null], "d": "x\u202ey\u2028z\u00e9\ud83d\udca9\"\\\n"})");
    std::string text = oa::to_json_text(v);
    CHECK(text ==
          "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    1,\n    1.5,\n    true,\n    null\n  ],\n"
          "  \"d\": \"x\\u202ey\\u2028z\xC3\xA9\xF0\x9F\x92\xA9\\\"\\\\\\n\"\n}\n");
    CHECK(json::parse(text) == v);
}

TEST_CASE("JSON text: a character to escape is found at any place of a long string") {
    // Plain ASCII is copied eight bytes at a time: each escape at each offset of those words.
    const std::pair<std::string, std::string> cases[] = {{"\"", "\\\""},
                                                         {"\\", "\\\\"},
                                                         {"\n", "\\n"},
                                                         {"\x01", "\\u0001"},
                                                         {"\x1f", "\\u001f"},
                                                         {"\x7f", "\\u007f"},
                                                         {"\xC3\xA9", "\xC3\xA9"},
                                                         {"\xE2\x80\xAE", "\\u202e"},
                                                         {" ~", " ~"}};
    for (const auto& [raw, written] : cases) {
        for (std::size_t at = 0; at < 18; ++at) {
            const std::string before(at, 'a'), after(20 - at, 'z');
            INFO("offset " << at << ", " << written);
            CHECK(oa::json_string_literal(before + raw + after) == "\"" + before + written + after + "\"");
        }
    }
}

TEST_CASE("YAML text: plain scalars only where unambiguous") {
    json v = json::parse(R"({"openapi": "3.1.0", "type": "object", "no": "no", "on": true, "x": "", "y": "a b",
                             "$ref": "#/components/schemas/f.T", "/v1/assist": {"post": {}}, "200": [1, "null", 1e20, "False", "nullable"],
                             "list": [{"a": 1, "b": [2, 3]}, [4]]})");
    std::string yaml = oa::to_yaml_text(v);
    CHECK(yaml ==
          "openapi: \"3.1.0\"\n"
          "type: object\n"
          "\"no\": \"no\"\n"
          "\"on\": true\n"
          "x: \"\"\n"
          "\"y\": \"a b\"\n"
          "$ref: \"#/components/schemas/f.T\"\n"
          "/v1/assist:\n"
          "  post: {}\n"
          "\"200\":\n"
          "  - 1\n"
          "  - \"null\"\n"
          "  - 1.0e+20\n"
          "  - \"False\"\n"
          "  - nullable\n"
          "list:\n"
          "  - a: 1\n"
          "    b:\n"
          "      - 2\n"
          "      - 3\n"
          "  - - 4\n");
}

TEST_CASE("every $defs entry becomes a component with its $refs rewritten, examples untouched") {
    Run run = generate({
        {"a/one.schema.json", file(R"(
            "Thing": {"description": "A thing.", "type": "object",
                      "properties": {"other": {"$ref": "../b/two.schema.json#/$defs/Other"},
                                     "self": {"$ref": "#/$defs/Name", "description": "kept"}},
                      "examples": [{"other": {"$ref": "not a reference"}}]},
            "Name": {"description": "A name.", "type": "string", "minLength": 1})")},
        {"b/two.schema.json", file(R"("Other": {"description": "Other.", "type": "integer", "x-note": 1})")},
    });
    REQUIRE(run.errors == "");
    const json& schemas = run.document["components"]["schemas"];
    CHECK(schemas.size() == 3);
    CHECK(schemas["a.Thing"]["properties"]["other"] == json{{"$ref", "#/components/schemas/b.Other"}});
    CHECK(schemas["a.Thing"]["properties"]["self"]["$ref"] == "#/components/schemas/a.Name");
    CHECK(schemas["a.Thing"]["properties"]["self"]["description"] == "kept");
    CHECK(schemas["a.Thing"]["examples"][0]["other"]["$ref"] == "not a reference");
    CHECK(schemas["b.Other"]["x-note"] == 1);
    CHECK(run.document["openapi"] == "3.2.0");
    CHECK(run.document_31["openapi"] == "3.1.0");
    CHECK(run.document["paths"] == json::object());  // no x-openapi: no operations
    CHECK(run.asyncapi["channels"] == json::object());
    CHECK(run.asyncapi["components"]["schemas"]["b.Other"]["x-note"] == 1);
    CHECK(run.yaml_text.rfind("# generated by contractgen ", 0) == 0);
}

TEST_CASE("a $ref to something that is not inside a $defs entry is an error with its position") {
    // A schema kept under an extension of a root that is not a type: the IR converts it in
    // place, but there is no component it could name.
    const std::string text = std::string("{") + kHeader + R"(, "x-shapes": {"S": {"type": "string"}}, "$defs": {
        "T": {"description": "x", "type": "object", "properties": {"p": {"$ref": "#/x-shapes/S"}}}}})";
    Run run = generate({{"a/one.schema.json", text}});
    CHECK_FALSE(run.ok);
    CHECK_THAT(run.errors, Catch::Contains("one.schema.json:2:74: error: $ref '#/x-shapes/S' names "
                                           "'a/one.schema.json#/x-shapes/S', which is not inside a $defs entry or a "
                                           "root schema that is a type"));
}

TEST_CASE("a file's root schema that is a type is a component, and refs to it or into it name it") {
    Run run =
        generate({{"a/chat_stream.schema.json",
                   R"({"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Chat stream", "$id": "x",
            "type": "object", "properties": {"n": {"type": "integer"}, "self_n": {"$ref": "#/properties/n"}},
            "$defs": {"Item": {"type": "string"}}})"},
                  {"a/user.schema.json", file(R"("U": {"type": "object", "properties": {
            "a": {"$ref": "chat_stream.schema.json"}, "b": {"$ref": "chat_stream.schema.json#"},
            "c": {"$ref": "chat_stream.schema.json#/$defs/Item"}}})")}});
    REQUIRE(run.errors == "");
    const json& schemas = run.document["components"]["schemas"];
    std::vector<std::string> keys;
    for (const auto& [k, v] : schemas.items()) keys.push_back(k);
    CHECK(keys == std::vector<std::string>{"a.ChatStream", "a.Item", "a.U"});
    // Re-emitted without the members that only make sense at the top of a file.
    CHECK_FALSE(schemas["a.ChatStream"].contains("$defs"));
    CHECK_FALSE(schemas["a.ChatStream"].contains("$schema"));
    CHECK_FALSE(schemas["a.ChatStream"].contains("$id"));
    CHECK(schemas["a.ChatStream"]["title"] == "Chat stream");
    CHECK(schemas["a.ChatStream"]["properties"]["self_n"]["$ref"] == "#/components/schemas/a.ChatStream/properties/n");
    CHECK(schemas["a.U"]["properties"]["a"]["$ref"] == "#/components/schemas/a.ChatStream");
    CHECK(schemas["a.U"]["properties"]["b"]["$ref"] == "#/components/schemas/a.ChatStream");
    CHECK(schemas["a.U"]["properties"]["c"]["$ref"] == "#/components/schemas/a.Item");
}

TEST_CASE("$defs names shared by sibling files publish under their qualified names, and refs follow them") {
    // The IR qualifies a $defs name that sibling files share (docs/references.md, "Names across
    // files"); the components were once looked up by the name as written, so none could be published.
    const std::string header = R"("$schema": "https://json-schema.org/draft/2020-12/schema")";
    Run run = generate({{"f/main.schema.json", "{" + header + R"(, "type": "object", "properties": {
            "a": {"$ref": "part_a.schema.json#/$defs/Item"}, "own": {"$ref": "#/$defs/Item/properties/n"}},
            "$defs": {"Item": {"type": "object", "properties": {"n": {"type": "boolean"}}}}})"},
                        {"f/part_a.schema.json", "{" + header + R"(, "$defs": {"Item": {"type": "string"}}})"}});
    REQUIRE(run.ok);
    const json& schemas = run.document["components"]["schemas"];
    std::vector<std::string> keys;
    for (const auto& [k, v] : schemas.items()) keys.push_back(k);
    CHECK(keys == std::vector<std::string>{"f.Main", "f.MainItem", "f.PartAItem"});
    CHECK(schemas["f.PartAItem"] == json{{"type", "string"}});
    CHECK(schemas["f.Main"]["properties"]["a"]["$ref"] == "#/components/schemas/f.PartAItem");
    CHECK(schemas["f.Main"]["properties"]["own"]["$ref"] == "#/components/schemas/f.MainItem/properties/n");
    CHECK(run.asyncapi["components"]["schemas"].contains("f.PartAItem"));
}

TEST_CASE("a discriminated union gets an OpenAPI discriminator mapping its tags to components") {
    Run run = generate({{"u/u.schema.json", file(R"(
        "A": {"description": "a", "type": "object", "properties": {"kind": {"type": "string", "const": "a"}}, "required": ["kind"], "additionalProperties": false},
        "B": {"description": "b", "type": "object", "properties": {"kind": {"type": "string", "const": "b"}}, "required": ["kind"], "additionalProperties": false},
        "U": {"description": "u", "oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}], "x-discriminator": "kind"})")}});
    REQUIRE(run.errors == "");
    const json& u = run.document["components"]["schemas"]["u.U"];
    CHECK(u["discriminator"]["propertyName"] == "kind");
    CHECK(u["discriminator"]["mapping"] == json{{"a", "#/components/schemas/u.A"}, {"b", "#/components/schemas/u.B"}});
    // placed right after oneOf, source order otherwise kept
    std::vector<std::string> keys;
    for (auto it = u.begin(); it != u.end(); ++it) keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"description", "oneOf", "discriminator", "x-discriminator"});
}

TEST_CASE("a schema's own discriminator is kept as written, its mapping rewritten to components") {
    Run run = generate({{"u/shapes.schema.json", file(R"(
        "A": {"type": "object", "properties": {"kind": {"const": "a"}}, "required": ["kind"]})")},
                        {"u/u.schema.json", file(R"(
        "B": {"type": "object", "properties": {"kind": {"enum": ["b"]}}, "required": ["kind"]},
        "U": {"oneOf": [{"$ref": "shapes.schema.json#/$defs/A"}, {"$ref": "#/$defs/B"}],
              "discriminator": {"propertyName": "kind", "mapping": {"a": "shapes.schema.json#/$defs/A"}, "x-n": 1},
              "description": "u"})")}});
    REQUIRE(run.errors == "");
    const json& u = run.document["components"]["schemas"]["u.U"];
    CHECK(u["discriminator"] ==
          json{{"propertyName", "kind"}, {"mapping", {{"a", "#/components/schemas/u.A"}}}, {"x-n", 1}});
    std::vector<std::string> keys;
    for (auto it = u.begin(); it != u.end(); ++it) keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"oneOf", "discriminator", "description"});
    // AsyncAPI's discriminator is the property's name
    CHECK(run.asyncapi["components"]["schemas"]["u.U"]["discriminator"] == "kind");
}

namespace {

// The AsyncAPI document of `files`, written by the asyncapi target after the
// openapi target has run with `shared` (or alone: null).
std::string asyncapi_text(const std::map<std::string, std::string>& files, oa::SharedSchemas* shared) {
    TempSchemas dir(files, "shared");
    contractgen::diag::Sink sink;
    auto loaded = contractgen::app::load_and_build(dir.path(), sink);
    REQUIRE(sink.text() == "");
    const auto project = contractgen::app::Options::defaults();
    contractgen::render::Templates templates;
    contractgen::write::OutputSet out;
    contractgen::emit::EmitContext ctx{loaded.model, loaded.schemas, project, templates, sink, nullptr, 0,
                                       nullptr,      shared};
    if (shared != nullptr) contractgen::emit::make_openapi_target()->emit(ctx, out);
    contractgen::emit::make_asyncapi_target()->emit(ctx, out);
    REQUIRE(sink.text() == "");
    return out.files().at("asyncapi/asyncapi.json") + out.files().at("asyncapi/asyncapi.yaml");
}

}  // namespace

TEST_CASE("asyncapi: the schemas the openapi target shares are the ones it would write itself") {
    const std::string tagged = R"(
        "A": {"type": "object", "properties": {"kind": {"type": "string", "const": "a"}}, "required": ["kind"]},
        "B": {"type": "object", "properties": {"kind": {"type": "string", "const": "b"}}, "required": ["kind"]},)";
    struct Case {
        const char* what;
        std::string defs;
        bool shared;
    };
    const Case cases[] = {
        {"no discriminator: shared", R"(
        "T": {"type": "object", "properties": {"n": {"type": "integer"}, "s": {"$ref": "#/$defs/S"},
              "m": {"type": "object", "additionalProperties": {"type": "string"}}}, "required": ["n"]},
        "S": {"type": "string", "x-json-content": "u.T", "description": "with \u202e and \"quotes\""})",
         true},
        {"a union the IR tells apart: OpenAPI adds a discriminator", tagged + R"(
        "U": {"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]})",
         false},
        {"a schema's own discriminator: each document writes it its way", tagged + R"(
        "U": {"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}], "discriminator": {"propertyName": "kind"}})",
         false},
    };
    for (const Case& c : cases) {
        INFO(c.what);
        const std::map<std::string, std::string> files = {{"u/u.schema.json", file(c.defs)}};
        oa::SharedSchemas shared;
        const std::string after_openapi = asyncapi_text(files, &shared);
        CHECK((shared.published() != nullptr) == c.shared);
        CHECK(after_openapi == asyncapi_text(files, nullptr));
    }
}

// The openapi target run on the repository's own schemas, optionally with a
// folder of template overrides.
struct ContractRun {
    bool ok = false;
    std::string errors;
    contractgen::write::OutputSet out;
};

ContractRun emit_contract(const std::optional<fs::path>& templates = std::nullopt) {
    contractgen::diag::Sink sink;
    auto loaded = contractgen::app::load_and_build(fs::path(CONTRACTGEN_SOURCE_DIR) / "schemas", sink);
    REQUIRE(sink.text() == "");
    ContractRun run;
    std::vector<std::string> owned;
    contractgen::app::Options options;
    options.targets = {"openapi", "asyncapi"};
    options.templates = templates;
    run.ok = contractgen::app::generate_outputs(options, loaded, run.out, owned, sink);
    run.errors = sink.text();
    return run;
}

TEST_CASE("the real contract: paths, methods and media types come from its x-openapi") {
    ContractRun run = emit_contract();
    REQUIRE(run.ok);
    json doc = json::parse(run.out.files().at("openapi/openapi.json"));
    const json& op = doc["paths"]["/v1/assist"]["post"];
    CHECK(op["operationId"] == "assist");
    CHECK(doc["paths"]["/v1/assist"]["get"]["operationId"] == "streamPackets");
    std::vector<std::string> media;
    for (auto it = op["responses"]["200"]["content"].begin(); it != op["responses"]["200"]["content"].end(); ++it)
        media.push_back(it.key());
    CHECK(media == std::vector<std::string>{"application/json", "text/event-stream"});
    CHECK(doc["paths"]["/api/chat/message/stream"]["get"]["operationId"] == "streamChatMessage");
    // deterministic: a second run gives the same bytes
    CHECK(emit_contract().out.files() == run.out.files());
}

TEST_CASE("a document template without components/schemas is an error naming the template") {
    // The target moves every contract type into components/schemas of the
    // rendered template; an override that drops that member has nowhere to
    // put them.
    fs::path overrides = fs::temp_directory_path() / ("contractgen-openapi-tpl-" + std::to_string(::getpid()));
    fs::remove_all(overrides);
    fs::create_directories(overrides / "openapi");
    std::ofstream(overrides / "openapi" / "document.json.mustache", std::ios::binary)
        << R"({"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "components": {}})";
    ContractRun run = emit_contract(overrides);
    CHECK_FALSE(run.ok);
    CHECK_THAT(run.errors, Catch::Contains("openapi target: template 'openapi/document.json.mustache' has no "
                                           "components/schemas member to hold the contract's types"));
    fs::remove_all(overrides);
}

namespace {

// A family `f` with a union `Ev` of `A`/`B` (tag `kind`), an NDJSON stream of
// it and an SSE stream of `Line`s whose `Sse` events carry them, served by
// one operation each.
const char* kStreams = R"({
  "$schema": "https://json-schema.org/draft/2020-12/schema", "title": "t", "description": "d",
  "$defs": {
    "A": {"description": "An a.", "type": "object", "properties": {"kind": {"type": "string", "const": "a"}}, "required": ["kind"]},
    "B": {"description": "A b.", "type": "object", "properties": {"kind": {"type": "string", "const": "b"}}, "required": ["kind"]},
    "Ev": {"description": "ev", "oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]},
    "Mime": {"description": "m", "type": "string", "enum": ["x/a", "x/b"]},
    "Line": {"description": "l", "type": "object",
             "properties": {"ct": {"anyOf": [{"$ref": "#/$defs/Mime"}, {"type": "string"}], "default": "x/a"}, "id": {"type": "string"}},
             "required": ["id"]},
    "Sse": {"description": "s", "type": "object",
            "properties": {"event": {"type": "string"}, "data": {"type": "string", "x-json-content": "f.Line"}},
            "required": ["event", "data"], "additionalProperties": false},
    "Last": {"title": "l", "description": "l", "type": "array", "items": {"type": "string"}, "const": ["b"]}
  },
  "x-openapi": {
    "tags": [{"name": "f", "description": "F."}],
    "paths": {
      "/ev": {"get": {"operationId": "events", "tags": ["f"], "summary": "Events",
        "parameters": [{"name": "n", "in": "query", "required": true, "schema": {"$ref": "#/$defs/Mime"}},
                       {"name": "X-H", "in": "header", "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok", "headers": {"X-R": {"required": true, "schema": {"type": "string", "const": "r"}}},
          "content": {"application/x-ndjson": {"itemSchema": {"$ref": "#/$defs/Ev"}, "x-stream": {"$ref": "#/x-streams/Evs"},
                        "examples": {"two": {"serializedValue": "{\"kind\":\"a\"}\n{\"kind\":\"b\"}\n"}}}}}}}},
      "/sse": {"post": {"operationId": "lines", "tags": ["f"], "summary": "Lines",
        "responses": {"200": {"description": "ok",
          "content": {"text/event-stream": {"itemSchema": {"$ref": "#/$defs/Sse"}, "x-stream": {"$ref": "#/x-streams/Lines"}},
                      "application/json": {"schema": {"$ref": "#/$defs/Line"}}}}}}}
    }
  },
  "x-streams": {
    "Evs": {"description": "The evs.", "framing": "ndjson", "item": {"$ref": "#/$defs/Ev"}, "tag": {"pointer": "/kind"},
            "terminal": {"tags": {"$ref": "#/$defs/Last"}, "required": true}},
    "Lines": {"description": "The lines.", "framing": "sse", "item": {"$ref": "#/$defs/Line"}, "tag": {"pointer": "/ct"},
              "sse": {"eventSchema": {"$ref": "#/$defs/Sse"}, "event": "line", "id": {"pointer": "/id"}}}
  }
})";

}  // namespace

TEST_CASE("operations: schema $refs become components, x-stream becomes the published stream") {
    Run run = generate({{"f/s.schema.json", kStreams}});
    REQUIRE(run.errors == "");
    const json& op = run.document["paths"]["/ev"]["get"];
    CHECK(op["parameters"][0]["schema"] == json{{"$ref", "#/components/schemas/f.Mime"}});
    CHECK(op["responses"]["200"]["headers"]["X-R"]["schema"]["const"] == "r");
    const json& media = op["responses"]["200"]["content"]["application/x-ndjson"];
    CHECK(media["itemSchema"] == json{{"$ref", "#/components/schemas/f.Ev"}});
    CHECK(media["x-stream"]["name"] == "f.Evs");
    CHECK(media["x-stream"]["item"] == json{{"$ref", "#/components/schemas/f.Ev"}});
    CHECK(media["x-stream"]["terminal"]["tags"] == json{{"$ref", "#/components/schemas/f.Last"}});
    CHECK(media["examples"]["two"]["serializedValue"] == "{\"kind\":\"a\"}\n{\"kind\":\"b\"}\n");
    // x-json-content gains the standard annotations in the component
    const json& data = run.document["components"]["schemas"]["f.Sse"]["properties"]["data"];
    CHECK(data["contentMediaType"] == "application/json");
    CHECK(data["contentSchema"] == json{{"$ref", "#/components/schemas/f.Line"}});
    CHECK(run.document["tags"] == json::parse(R"([{"name": "f", "description": "F."}])"));
    CHECK(run.document["info"]["summary"] == "GET /ev, POST /sse, with every type of the contract.");
}

TEST_CASE("the 3.1 rendering moves itemSchema to x-item-schema and serializedValue to x-oai-serializedValue") {
    Run run = generate({{"f/s.schema.json", kStreams}});
    REQUIRE(run.errors == "");
    CHECK(run.document_31["jsonSchemaDialect"] == "https://spec.openapis.org/oas/3.1/dialect/base");
    const json& ndjson = run.document_31["paths"]["/ev"]["get"]["responses"]["200"]["content"]["application/x-ndjson"];
    CHECK_FALSE(ndjson.contains("itemSchema"));
    CHECK(ndjson["schema"]["type"] == "string");
    CHECK(ndjson["x-item-schema"] == json{{"$ref", "#/components/schemas/f.Ev"}});
    CHECK(ndjson["examples"]["two"]["x-oai-serializedValue"] == "{\"kind\":\"a\"}\n{\"kind\":\"b\"}\n");
    CHECK_FALSE(ndjson["examples"]["two"].contains("serializedValue"));
    // text/event-stream: 3.1 tools read `schema` per event
    const json& sse = run.document_31["paths"]["/sse"]["post"]["responses"]["200"]["content"]["text/event-stream"];
    CHECK(sse["schema"] == json{{"$ref", "#/components/schemas/f.Sse"}});
    CHECK(sse["x-item-schema"] == sse["schema"]);
    // everything else is the 3.2 document
    json a = run.document, b = run.document_31;
    a.erase("paths"), b.erase("paths"), a.erase("openapi"), b.erase("openapi"), a.erase("jsonSchemaDialect"),
        b.erase("jsonSchemaDialect");
    CHECK(a == b);
}

TEST_CASE("asyncapi: a channel per streaming operation, a message per tag value") {
    Run run = generate({{"f/s.schema.json", kStreams}});
    REQUIRE(run.errors == "");
    const json& doc = run.asyncapi;
    CHECK(doc["asyncapi"] == "3.0.0");
    std::vector<std::string> channels;
    for (auto it = doc["channels"].begin(); it != doc["channels"].end(); ++it) channels.push_back(it.key());
    CHECK(channels == std::vector<std::string>{"events", "lines"});
    const json& events = doc["channels"]["events"];
    CHECK(events["address"] == "/ev");
    CHECK(events["x-streams"][0]["name"] == "f.Evs");
    std::vector<std::string> keys;
    for (auto it = events["messages"].begin(); it != events["messages"].end(); ++it) keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"f.Evs.a", "f.Evs.b"});
    const json& messages = doc["components"]["messages"];
    // the union's variant is the payload; its description is the message's
    CHECK(messages["f.Evs.a"]["payload"] == json{{"$ref", "#/components/schemas/f.A"}});
    CHECK(messages["f.Evs.a"]["description"] == "An a.");
    CHECK(messages["f.Evs.a"]["bindings"]["http"]["statusCode"] == 200);
    CHECK(messages["f.Evs.a"]["bindings"]["http"]["headers"]["required"] == json{"X-R"});
    // an open enum tag: the item with the tag fixed (absent allowed for the default), and one message for any other value
    CHECK(messages["f.Lines.x-2Fb"]["payload"]["allOf"][1] ==
          json::parse(R"({"type": "object", "properties": {"ct": {"const": "x/b"}}, "required": ["ct"]})"));
    CHECK_FALSE(messages["f.Lines.x-2Fa"]["payload"]["allOf"][1].contains("required"));
    CHECK(messages["f.Lines.-any"]["payload"] == json{{"$ref", "#/components/schemas/f.Line"}});
    const json& operation = doc["operations"]["events"];
    CHECK(operation["action"] == "receive");
    CHECK(operation["bindings"]["http"]["method"] == "GET");
    CHECK(operation["bindings"]["http"]["query"]["properties"]["n"] == json{{"$ref", "#/components/schemas/f.Mime"}});
    CHECK(operation["bindings"]["http"]["query"]["required"] == json{"n"});
    CHECK(operation["messages"][0] == json{{"$ref", "#/channels/events/messages/f.Evs.a"}});
    // no OpenAPI discriminator objects in AsyncAPI schemas
    CHECK_FALSE(doc["components"]["schemas"]["f.Ev"].contains("discriminator"));
}

TEST_CASE("x-json-content that names no type is an error with its position") {
    Run run =
        generate({{"f/s.schema.json", file(R"("S": {"description": "s", "type": "string", "x-json-content": "f.Lin"},
                                                     "Line": {"description": "l", "type": "object"})")}});
    CHECK_FALSE(run.ok);
    CHECK_THAT(run.errors, Catch::Contains("f/s.schema.json:1:"));
    CHECK_THAT(run.errors,
               Catch::Contains(": error: x-json-content 'f.Lin' names no contract type (write 'family.Type')"));
}

TEST_CASE("an asyncapi document template without its members is an error naming the template") {
    fs::path overrides = fs::temp_directory_path() / ("contractgen-asyncapi-tpl-" + std::to_string(::getpid()));
    fs::remove_all(overrides);
    fs::create_directories(overrides / "asyncapi");
    std::ofstream(overrides / "asyncapi" / "document.json.mustache", std::ios::binary)
        << R"({"asyncapi": "3.0.0", "info": {"title": "t", "version": "1"}, "components": {}})";
    ContractRun run = emit_contract(overrides);
    CHECK_FALSE(run.ok);
    CHECK_THAT(run.errors,
               Catch::Contains("asyncapi target: template 'asyncapi/document.json.mustache' needs channels, "
                               "operations, components/schemas and components/messages members to fill"));
    fs::remove_all(overrides);
}
