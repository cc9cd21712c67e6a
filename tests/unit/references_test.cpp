// References (docs/references.md): a recursive `$ref` beside sibling keywords
// is a recursive type, the nesting limit says what it went through, `$defs`
// names shared by sibling files are qualified by file, and `[resolve]` maps
// network references to vendored folders (every message tested).
#include <catch2/catch.hpp>

#include "support.h"

using test::diagnostics;
using test::Files;
using test::read_file;
using test::run_contractgen;
using test::where;
using test::Workspace;
using test::write_file;
namespace ir = contractgen::ir;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("references: a recursive $ref beside a sibling keyword is a recursive type", "[references]") {
    // The example of the issue: refused with "schemas nest more than 256 levels deep" before.
    auto b = test::build({{"f/node.schema.json", R"({"properties": {"a": {"$ref": "#", "type": "object"}}})"}});
    // The root accepts any value (no `type`): a union by kind whose object alternative (NodeObject) has `a`,
    // the conjunction of the root and {type: object}: a declaration of its own, whose `a` is itself.
    REQUIRE(b->model().find("f", "NodeObjectA").has_value());
    const ir::DeclId a = *b->model().find("f", "NodeObjectA");
    CHECK(b->field("f", "NodeObject", "a").type.decl == a);
    REQUIRE(b->decl("f", "NodeObjectA").is<ir::Struct>());
    REQUIRE(b->decl("f", "NodeObjectA").as<ir::Struct>().fields.size() == 1);
    CHECK(b->field("f", "NodeObjectA", "a").type.kind == ir::Kind::Named);
    CHECK(b->field("f", "NodeObjectA", "a").type.decl == a);

    // The same through allOf, with `required` beside it, and towards a schema without a name.
    auto c = test::build({{"f/tree.schema.json", R"({"type": "object", "properties": {"name": {"type": "string"},
                              "child": {"allOf": [{"$ref": "#"}], "required": ["name"]}}})"},
                          {"g/x.schema.json", R"({"type": "object", "properties": {"x": {"type": "object",
                              "properties": {"y": {"$ref": "#/properties/x", "maxProperties": 1}}}}})"}});
    const ir::Field& child = c->field("f", "TreeChild", "child");
    CHECK(child.type.kind == ir::Kind::Named);
    CHECK(child.type.decl == *c->model().find("f", "TreeChild"));
    CHECK(c->field("f", "TreeChild", "name").required);
    const ir::Field& y = c->field("g", "XXY", "y");
    CHECK(y.type.decl == *c->model().find("g", "XXY"));
}

TEST_CASE("references: nesting too deep names the chain it went through", "[references]") {
    // 300 $defs, each a $ref to the next: no cycle, just deep.
    std::string defs;
    for (int i = 0; i < 300; ++i)
        defs += (i ? ", " : "") + std::string("\"D") + std::to_string(i) + "\": {\"$ref\": \"#/$defs/D" +
                std::to_string(i + 1) + "\"}";
    defs += ", \"D300\": {\"type\": \"string\"}";
    const std::string text = "{\"$defs\": {" + defs + "}}";
    const std::string out = diagnostics({{"f/deep.schema.json", text}});
    // D0 is defined first; the 256th schema converted below it is D256, which is where the limit is met.
    CHECK(out == "schemas/f/deep.schema.json:" + where(text, "\"D256\"") +
                     ": error: schemas nest more than 256 levels deep through $ref, allOf, properties and items "
                     "(the chain: #/$defs/D0 → #/$defs/D1 → #/$defs/D2 → #/$defs/D3 → … → #/$defs/D253 → "
                     "#/$defs/D254 → #/$defs/D255 → #/$defs/D256); flatten the chain\n");
}

TEST_CASE("references: $defs names shared by sibling files are qualified by file name", "[references]") {
    const Files files = {
        {"f/main.schema.json", R"({"type": "object", "properties": {
            "a": {"$ref": "part-a.schema.json#/$defs/Item"}, "b": {"$ref": "part_b.schema.json#/$defs/Item"},
            "own": {"$ref": "#/$defs/Item"}}, "$defs": {"Item": {"type": "boolean"}}})"},
        {"f/part-a.schema.json", R"({"$defs": {"Item": {"type": "string"}, "OnlyHere": {"type": "integer"}}})"},
        {"f/part_b.schema.json", R"({"$defs": {"Item": {"type": "integer"}}})"}};
    auto b = test::build(files);
    CHECK(b->names("f") == std::vector<std::string>{"Main", "MainItem", "PartAItem", "OnlyHere", "PartBItem"});
    CHECK(b->field("f", "Main", "a").type.decl == *b->model().find("f", "PartAItem"));
    CHECK(b->field("f", "Main", "b").type.decl == *b->model().find("f", "PartBItem"));
    CHECK(b->field("f", "Main", "own").type.decl == *b->model().find("f", "MainItem"));
    const std::string main = files.at("f/main.schema.json");
    CHECK(diagnostics(files) ==
          "schemas/f/main.schema.json:" + where(main, "\"Item\": {\"type\": \"boolean") +
              ": warning: type name 'Item' is declared in 3 files of family 'f' (main.schema.json, "
              "part-a.schema.json, part_b.schema.json); each $defs entry of that name is "
              "qualified by its file's name\n");
}

TEST_CASE("references: [resolve] maps a network $ref to a vendored folder", "[references][config]") {
    Workspace ws(Files{{"app/order.schema.json", R"({"type": "object", "properties": {
        "money": {"$ref": "https://example.com/schemas/money.json#/$defs/Money"}}})"}});
    write_file(ws.dir / "vendor/example/money.json", R"({"$defs": {"Money": {"type": "object", "properties": {
        "amount": {"type": "string"}, "currency": {"$ref": "currency.json"}}}}})");
    write_file(ws.dir / "vendor/example/currency.json", R"({"type": "string", "pattern": "^[A-Z]{3}$"})");
    write_file(ws.dir / "contractgen.toml", "[resolve]\n\"https://example.com/schemas/\" = \"vendor/example\"\n");
    auto r = run_contractgen({"generate", "-q", "--out", "out"}, ws.dir.path());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    // The vendored types are the family named after the folder; the relative $ref inside resolved by URL.
    const std::string py = read_file(ws.dir / "out/python/contract/example.py");
    CHECK(has(py, "class Money("));
    CHECK(has(py, "Currency"));
    CHECK(has(read_file(ws.dir / "out/python/contract/app.py"), "example.Money"));

    // Without the mapping: the message says what to add.
    write_file(ws.dir / "contractgen.toml", "[project]\nname = \"x\"\n");
    r = run_contractgen({"generate", "-q", "--out", "out2"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err,
              "error: $ref 'https://example.com/schemas/money.json#/$defs/Money' points at the network "
              "('https://example.com/schemas/money.json'), which contractgen never reads; vendor the file and "
              "map its URL prefix to that folder in contractgen.toml: [resolve] "
              "\"https://example.com/schemas/\" = \"vendor/<folder>\" (docs/references.md)"));
    CHECK_FALSE(std::filesystem::exists(ws.dir / "out2"));

    // A mapped file that is not there.
    write_file(ws.dir / "contractgen.toml", "[resolve]\n\"https://example.com/\" = \"vendor\"\n");
    r = run_contractgen({"generate", "-q", "--out", "out3"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    // (The folder as the config gives it, relative to the working folder here.)
    CHECK(has(r.err,
              "error: $ref 'https://example.com/schemas/money.json#/$defs/Money' is "
              "'https://example.com/schemas/money.json', which maps to 'vendor/schemas/money.json' ([resolve] "
              "'https://example.com/' = 'vendor'); that file does not exist (vendor it there)"));
}

TEST_CASE("references: a mapped URL without .json is read from the file with .json", "[references][config]") {
    // SchemaStore's URLs: https://json.schemastore.org/grunt-task is the catalogue's grunt-task.json.
    Workspace ws(Files{{"app/task.schema.json", R"({"type": "object", "properties": {
        "t": {"$ref": "https://example.com/s/grunt-task#/$defs/Tag"}}})"}});
    write_file(ws.dir / "vendor/ex/grunt-task.json", R"({"$defs": {"Tag": {"type": "string", "minLength": 2}}})");
    write_file(ws.dir / "contractgen.toml", "[resolve]\n\"https://example.com/s/\" = \"vendor/ex\"\n");
    auto r = run_contractgen({"generate", "-q", "--out", "out", "--target", "python"}, ws.dir.path());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(has(read_file(ws.dir / "out/python/contract/ex.py"), "Tag: _t.TypeAlias"));
    // Neither there: the message names both files.
    write_file(ws.dir / "schemas/app/task.schema.json", R"({"$ref": "https://example.com/s/other"})");
    r = run_contractgen({"generate", "-q", "--out", "out2", "--target", "python"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err,
              "error: $ref 'https://example.com/s/other' is 'https://example.com/s/other', which maps to "
              "'vendor/ex/other' ([resolve] 'https://example.com/s/' = 'vendor/ex'); that file does not "
              "exist, nor 'vendor/ex/other.json' (vendor it there)"));
}

TEST_CASE("references: names that differ only in case are one name across files", "[references]") {
    // "integer" and "Integer" both become the identifier Integer: before, an error in every target.
    const Files files = {{"f/integer.schema.json", R"({"type": "integer"})"},
                         {"f/lib.schema.json", R"({"$defs": {"integer": {"type": "integer", "minimum": 1}}})"}};
    auto b = test::build(files);
    CHECK(b->names("f") == std::vector<std::string>{"Integer", "Libinteger"});
}

TEST_CASE("references: vendored roots of one name are qualified by the folder or file they come from",
          "[references][config]") {
    // Vendored copies cannot be renamed: two `item.json` in different folders, and two files with one title.
    Workspace ws(Files{{"app/order.schema.json", R"({"type": "object", "properties": {
        "a": {"$ref": "https://example.com/s/a/item.json"}, "b": {"$ref": "https://example.com/s/b/item.json"},
        "c": {"$ref": "https://example.com/s/v1.json"}, "d": {"$ref": "https://example.com/s/v2.json"}}})"}});
    write_file(ws.dir / "vendor/ex/a/item.json", R"({"type": "string"})");
    write_file(ws.dir / "vendor/ex/b/item.json", R"({"type": "integer"})");
    write_file(ws.dir / "vendor/ex/v1.json", R"({"title": "Config", "type": "object"})");
    write_file(ws.dir / "vendor/ex/v2.json", R"({"title": "Config", "type": "array"})");
    write_file(ws.dir / "contractgen.toml", "[resolve]\n\"https://example.com/s/\" = \"vendor/ex\"\n");
    auto r = run_contractgen({"generate", "--out", "out", "--target", "python"}, ws.dir.path());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string py = read_file(ws.dir / "out/python/contract/ex.py");
    for (const char* name : {"AItem", "BItem", "V1Config", "V2Config"})
        CHECK(has(py, std::string("\"") + name + "\","));
    CHECK(has(r.err,
              "vendor/ex/a/item.json:1:1: warning: vendored root type name 'Item' is taken by 2 vendored files of "
              "family 'ex'; this one is named 'AItem'"));

    // A root of the schemas folder and one vendored root of one name stay an error: the first can be renamed.
    Workspace own(Files{{"ex/item.schema.json", R"({"type": "boolean"})"},
                        {"app/order.schema.json", R"({"$ref": "https://example.com/s/a/item.json"})"}});
    write_file(own.dir / "vendor/ex/a/item.json", R"({"type": "string"})");
    write_file(own.dir / "contractgen.toml", "[resolve]\n\"https://example.com/s/\" = \"vendor/ex\"\n");
    r = run_contractgen({"generate", "--out", "out", "--target", "python"}, own.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "type names must be unique within a family"));
}

TEST_CASE("references: [resolve] entries are checked where they are written", "[references][config]") {
    Workspace ws(Files{{"app/a.schema.json", R"({"type": "string"})"}});
    write_file(ws.dir / "vendor/.keep", "");
    write_file(ws.dir / "contractgen.toml",
               "[resolve]\n"
               "\"ftp://example.com/\" = \"vendor\"\n"
               "\"https://example.com/no-slash\" = \"vendor\"\n"
               "\"https://example.com/a/\" = 3\n"
               "\"https://example.com/b/\" = \"missing\"\n");
    auto r = run_contractgen({"generate", "-q"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err,
              "contractgen.toml:2:1: error: [resolve] key \"ftp://example.com/\" must be an http:// or https:// "
              "URL prefix ending in '/' (e.g. \"https://example.com/schemas/\")"));
    CHECK(has(r.err,
              "contractgen.toml:3:1: error: [resolve] key \"https://example.com/no-slash\" must be an http:// "
              "or https:// URL prefix ending in '/'"));
    CHECK(has(r.err,
              "contractgen.toml:4:28: error: resolve.\"https://example.com/a/\" must be a string: the folder "
              "(relative to this file) that holds the files under that prefix"));
    CHECK(has(r.err,
              "contractgen.toml:5:28: error: [resolve] folder \"missing\" for \"https://example.com/b/\" does "
              "not exist or is not a folder"));
}
