// contractgen.toml: discovery, every key, flags over the file, and one test
// per error message (unknown keys and sections, wrong types, bad values,
// TOML syntax), through the real binary as a user runs it.
#include <catch2/catch.hpp>

#include "support.h"

using test::read_file;
using test::run_contractgen;
using test::Workspace;
using test::write_file;

namespace {

const test::Files kSchemas = {
    {"alpha/a.schema.json",
     R"({"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"type": "object", "properties": {"id": {"type": "string"}}}}})"}};

const char* kFullConfig = R"(# every key
[project]
name = "acme-events"
version = "2.3.0"
schemas = "schemas"
out = "gen"

[cpp]
namespace = "acme::events"

[ts]
package = "@acme/events"

[python]
distribution = "acme-events-py"
package = "acme_events"

[openapi]
title = "Acme events"

[go]
module = "example.com/acme/events"
)";

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("config: every key of contractgen.toml reaches the outputs", "[config]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml", kFullConfig);
    auto r = run_contractgen({"generate", "-q"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    INFO(r.err);
    auto root = ws.dir.path() / "gen";  // [project] out
    CHECK(has(read_file(root / "ts/package.json"), "\"name\": \"@acme/events\""));
    CHECK(has(read_file(root / "ts/package.json"), "\"version\": \"2.3.0\""));
    CHECK(has(read_file(root / "python/pyproject.toml"), "name = \"acme-events-py\""));
    CHECK(has(read_file(root / "python/pyproject.toml"), "version = \"2.3.0\""));
    CHECK(has(read_file(root / "python/pyproject.toml"), "include = [\"acme_events\", \"acme_events.*\"]"));
    CHECK(has(read_file(root / "python/setup.py"), "Extension(f\"acme_events._runtime.{name}\""));
    CHECK(has(read_file(root / "python/setup.py"), "\"_policy\": \"acme_events/_runtime/_policy.c\""));
    CHECK(has(read_file(root / "python/setup.py"), "\"_codec\": \"acme_events/_runtime/_codec.c\""));
    CHECK(test::fs::exists(root / "python/acme_events/__init__.py"));
    CHECK(test::fs::exists(root / "python/acme_events/_runtime/_policy.c"));
    std::string openapi = read_file(root / "openapi/openapi.json");
    CHECK(has(openapi, "\"title\": \"Acme events\""));
    CHECK(has(openapi, "\"version\": \"2.3.0\""));
}

TEST_CASE("config: a project name alone derives every other name", "[config]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml", "[project]\nname = \"Acme-Events\"\n");
    auto r = run_contractgen({"generate", "-q", "--out", "out"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    CHECK(has(read_file(ws.out / "ts/package.json"), "\"name\": \"acme-events\""));
    CHECK(has(read_file(ws.out / "python/pyproject.toml"), "name = \"acme-events\""));
    CHECK(test::fs::exists(ws.out / "python/acme_events/__init__.py"));
    CHECK(has(read_file(ws.out / "openapi/openapi.json"), "\"title\": \"Acme-Events\""));
}

TEST_CASE("config: without a config file, the built-in names", "[config]") {
    Workspace ws(kSchemas);
    auto r = run_contractgen({"generate", "-q", "--out", "out"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    CHECK(has(read_file(ws.out / "ts/package.json"), "\"name\": \"@contractgen/contract\""));
    CHECK(has(read_file(ws.out / "python/pyproject.toml"), "name = \"contract-bindings\""));
    CHECK(test::fs::exists(ws.out / "python/contract/__init__.py"));
}

TEST_CASE("config: flags override the file, and --config names another file", "[config]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml", kFullConfig);
    write_file(ws.dir / "other/other.toml", "[project]\nname = \"other\"\nschemas = \"../schemas\"\nout = \"gen\"\n");
    auto r = run_contractgen({"generate", "-q", "--ts-package", "@x/y", "--project-version", "9.9.9"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    std::string package = read_file(ws.dir.path() / "gen/ts/package.json");
    CHECK(has(package, "\"name\": \"@x/y\""));
    CHECK(has(package, "\"version\": \"9.9.9\""));
    // Paths in a config file are relative to its folder.
    auto other = run_contractgen({"generate", "-q", "--config", "other/other.toml"}, ws.dir.path());
    REQUIRE(other.exit_code == 0);
    CHECK(has(read_file(ws.dir.path() / "other/gen/ts/package.json"), "\"name\": \"other\""));
}

TEST_CASE("config: unknown keys and sections are errors with their position and a suggestion", "[config]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml", "[project]\nnmae = \"x\"\n\n[pyhton]\npackage = \"x\"\n");
    auto r = run_contractgen({"generate"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err,
              "contractgen.toml:2:1: error: unknown key 'nmae' in [project] (did you mean 'name'?); keys: name, "
              "version, schemas, out, runtime\n"));
    CHECK(has(r.err, "contractgen.toml:4:2: error: unknown section [pyhton] (did you mean 'python'?)"));
    CHECK(has(r.err, "2 errors in the project config"));
    CHECK_FALSE(test::fs::exists(ws.dir / "generated"));
}

TEST_CASE("config: values of the wrong type are errors at the value", "[config]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml", "[project]\nversion = 2\n[cpp]\nnamespace = [\"a\"]\n");
    auto r = run_contractgen({"generate"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "contractgen.toml:2:11: error: project.version must be a string, not an integer"));
    CHECK(has(r.err, "contractgen.toml:4:13: error: cpp.namespace must be a string, not an array"));
    write_file(ws.dir / "contractgen.toml", "ts = \"x\"\n");
    auto section = run_contractgen({"generate"}, ws.dir.path());
    CHECK(section.exit_code == 2);
    CHECK(has(section.err, "contractgen.toml:1:1: error: 'ts' must be a table ([ts]), not a string"));
}

TEST_CASE("config: TOML syntax errors name the place", "[config]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml", "[project]\nname = \"unterminated\n");
    auto r = run_contractgen({"generate"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "contractgen.toml:2:"));
    CHECK(has(r.err, ": error: "));
    CHECK_FALSE(test::fs::exists(ws.dir / "generated"));
}

TEST_CASE("config: invalid names are refused, in the file or on the command line", "[config]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml",
               "[project]\nversion = \"1.0\"\n[cpp]\nnamespace = \"acme::2x\"\n[ts]\npackage = \"Acme\"\n"
               "[python]\ndistribution = \"-x\"\npackage = \"import-me\"\n[go]\nmodule = \"/abs\"\n");
    auto r = run_contractgen({"generate"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err,
              "contractgen.toml:2:11: error: project.version = \"1.0\" is not valid: expected a semantic version"));
    CHECK(has(r.err, "contractgen.toml:4:13: error: cpp.namespace = \"acme::2x\" is not valid"));
    CHECK(has(r.err, "contractgen.toml:6:11: error: ts.package = \"Acme\" is not valid"));
    CHECK(has(r.err, "contractgen.toml:8:16: error: python.distribution = \"-x\" is not valid"));
    CHECK(has(r.err, "contractgen.toml:9:11: error: python.package = \"import-me\" is not valid"));
    CHECK(has(r.err, "contractgen.toml:11:10: error: go.module = \"/abs\" is not valid"));
    Workspace clean(kSchemas);
    auto flag = run_contractgen({"generate", "--cpp-namespace", "a::\x1b[31m"}, clean.dir.path());
    CHECK(flag.exit_code == 2);
    CHECK(has(flag.err, "command line: error: cpp.namespace = \"a::\\x1b[31m\" is not valid"));
}

TEST_CASE("config: --config naming a missing file is an error", "[config]") {
    Workspace ws(kSchemas);
    auto r = run_contractgen({"generate", "--config", "nope.toml"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "nope.toml: error: config file not found"));
}

TEST_CASE("config: every generated file names the generator version and the schema set's digest", "[config]") {
    Workspace ws(kSchemas);
    auto r = run_contractgen({"generate", "-q", "--out", "out"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    std::string version = run_contractgen({"--version"}, ws.dir.path()).out;
    REQUIRE(version.rfind("contractgen ", 0) == 0);
    version = version.substr(12, version.find('\n') - 12);
    // The digest as coreutils compute it (an independent tool).
    auto digest =
        test::run_shell("cd schemas && sha256sum $(find * -name '*.json' | LC_ALL=C sort) | sha256sum", ws.dir.path());
    REQUIRE(digest.exit_code == 0);
    std::string stamp = "contractgen " + version + " ";
    std::string hash = "sha256:" + digest.out.substr(0, 16);
    int checked = 0;
    for (const auto& entry : test::fs::recursive_directory_iterator(ws.out)) {
        if (!entry.is_regular_file() || entry.path().filename() == ".contractgen-manifest") continue;
        std::string text = read_file(entry.path());
        if (entry.path().filename() == "py.typed") continue;  // an empty marker file by PEP 561
        INFO(entry.path().generic_string());
        std::string head = text.substr(0, 1200);
        CHECK(has(head, stamp));
        CHECK(has(head, hash));
        ++checked;
    }
    CHECK(checked > 10);
}

TEST_CASE("config: [payload] max_depth is an integer from 1 to 10000", "[config]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml", "[payload]\nmax_depth = \"deep\"\n");
    auto text = run_contractgen({"generate"}, ws.dir.path());
    CHECK(text.exit_code == 2);
    CHECK(has(text.err, "contractgen.toml:2:13: error: payload.max_depth must be an integer, not a string"));
    write_file(ws.dir / "contractgen.toml", "[payload]\nmax_depth = 0\n");
    auto zero = run_contractgen({"generate"}, ws.dir.path());
    CHECK(zero.exit_code == 2);
    CHECK(has(zero.err,
              "contractgen.toml:2:13: error: payload.max_depth = \"0\" is not valid: expected an integer from 1 "
              "to 10000"));
    write_file(ws.dir / "contractgen.toml", "[payload]\nmax_depth = 64\n");
    CHECK(run_contractgen({"generate", "-q", "--out", "out"}, ws.dir.path()).exit_code == 0);
    auto flag = run_contractgen({"generate", "--payload-max-depth", "12x"}, ws.dir.path());
    CHECK(flag.exit_code == 2);
    CHECK(has(flag.err, "command line: error: --payload-max-depth expects an integer, got \"12x\""));
    auto big = run_contractgen({"generate", "--payload-max-depth", "10001"}, ws.dir.path());
    CHECK(big.exit_code == 2);
    CHECK(has(big.err, "command line: error: payload.max_depth = \"10001\" is not valid"));
}
