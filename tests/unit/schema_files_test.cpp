// Which files of the schemas folder are read: every *.schema.json, and every
// other *.json that is a JSON Schema (a top-level "$schema"); any other
// *.json is skipped with a warning that names it and says why, and a warning
// neither fails the run nor changes its exit code.
#include <catch2/catch.hpp>

#include "support.h"

using test::diagnostics;
using test::Files;
using test::where;

namespace {

const std::string kSchema = R"("$schema": "https://json-schema.org/draft/2020-12/schema")";

std::string warning_at(const std::string& file, const std::string& line_col, const std::string& message) {
    return "schemas/" + file + ":" + (line_col.empty() ? "" : line_col + ":") + " warning: " + message + "\n";
}

}  // namespace

TEST_CASE("files: a *.json file with $schema is read like a *.schema.json file", "[files]") {
    auto b = test::build({{"f/plain.json", "{" + kSchema + R"(, "$defs": {"P": {"type": "string"}}})"},
                          {"f/user.schema.json", R"({"$defs": {"U": {"type": "object", "properties": {
                              "p": {"$ref": "plain.json#/$defs/P"}}}}})"}});
    CHECK(b->loaded.schemas.find("f/plain.json") != nullptr);
    CHECK(b->decl("f", "P").is<contractgen::ir::Alias>());
    const auto& p = b->field("f", "U", "p").type;
    REQUIRE(p.kind == contractgen::ir::Kind::Named);
    CHECK(b->model().decl(p.decl).name == "P");
    // *.schema.json files are read without "$schema", as before.
    CHECK(b->loaded.schemas.find("f/user.schema.json") != nullptr);
}

TEST_CASE("files: a *.json file that is not a JSON Schema is skipped with a warning saying why", "[files]") {
    const std::string jsonc = "{\n  // a comment\n  \"compilerOptions\": {}\n}";
    Files files{{"f/a.schema.json", R"({"$defs": {"A": {"type": "string"}}})"},
                {"f/package.json", R"({"name": "x", "version": "1.0.0"})"},
                {"f/list.json", "[1, 2]"},
                {"f/tsconfig.json", jsonc}};
    CHECK(
        diagnostics(files) ==
        warning_at("f/list.json", "", "skipped: not a JSON object, so not a JSON Schema") +
            warning_at("f/package.json", "",
                       "skipped: no top-level \"$schema\", so not read as a JSON Schema (to read it, add \"$schema\": "
                       "\"https://json-schema.org/draft/2020-12/schema\" or name it *.schema.json)") +
            warning_at("f/tsconfig.json", where(jsonc, "/"),
                       "skipped: not valid JSON, so not read as a JSON Schema (malformed JSON: syntax error while "
                       "parsing object key - invalid literal; last read: '{<U+000A>  /'; expected string literal)"));
    auto b = test::build(files);
    CHECK(b->loaded.schemas.documents.size() == 1);
}

TEST_CASE("files: a skipped file is a warning: generate succeeds, writes, exits 0 and prints it", "[files]") {
    test::Workspace ws(
        {{"f/a.schema.json", R"({"$defs": {"A": {"type": "string"}}})"}, {"f/data.json", R"({"a": 1})"}});
    auto r = test::run_contractgen({"generate", "--schemas", "schemas", "--out", "out", "--target", "cpp", "-q"},
                                   ws.dir.path());
    CHECK(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("schemas/f/data.json: warning: skipped: no top-level \"$schema\"", 0) == 0);
    CHECK(test::fs::exists(ws.out / "cpp/include/contract/f.hpp"));
    auto check = test::run_contractgen({"check", "--schemas", "schemas", "--out", "out", "--target", "cpp", "-q"},
                                       ws.dir.path());
    CHECK(check.exit_code == 0);
    CHECK(check.err == r.err);
}

TEST_CASE("files: a broken *.json file that declares $schema is a broken schema, not a skipped file", "[files]") {
    const std::string text = "{" + kSchema + R"(, "$defs": {}, "$defs": {}})";
    const std::string file = "f/broken.json";
    CHECK(diagnostics({{file, text}}) ==
          "schemas/" + file + ":" + where(text, "\"$defs\"", 2) +
              ": error: duplicate key '$defs' (first at line 1, column " + where(text, "\"$defs\"").substr(2) +
              "); JSON parsers keep only one of them, so the schema would be ambiguous\n");
}

TEST_CASE("files: a *.json schema outside a family folder is refused, a non-schema there is only skipped", "[files]") {
    CHECK(diagnostics({{"top.json", "{" + kSchema + "}"}}) ==
          "schemas/top.json: error: schema files belong in a family folder (schemas/<family>/top.json); each folder "
          "directly under the schemas root is a namespace\n");
    CHECK(diagnostics({{"f/a.schema.json", "{}"}, {"package.json", "{}"}})
              .rfind("schemas/package.json: warning: skipped:", 0) == 0);
}

TEST_CASE("files: did-you-mean for a missing file keeps the suffix of the file it suggests", "[files]") {
    const std::string text =
        R"({"$defs": {"A": {"$ref": "comon.json#/$defs/C"}, "B": {"$ref": "evnts.schema.json#/$defs/E"}}})";
    Files files{{"f/a.schema.json", text},
                {"f/common.json", "{" + kSchema + R"(, "$defs": {"C": {"type": "string"}}})"},
                {"f/events.schema.json", R"({"$defs": {"E": {"type": "string"}}})"}};
    CHECK(
        diagnostics(files) ==
        "schemas/f/a.schema.json:" + where(text, "\"comon") +
            ": error: $ref 'comon.json#/$defs/C' names file 'f/comon.json', which is not a schema under the root "
            "(did you mean 'f/common.json'?)\n"
            "schemas/f/a.schema.json:" +
            where(text, "\"evnts") +
            ": error: $ref 'evnts.schema.json#/$defs/E' names file 'f/evnts.schema.json', which is not a schema under "
            "the root (did you mean 'f/events.schema.json'?)\n");
}
