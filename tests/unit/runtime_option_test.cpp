// `[project] runtime = "omit"` (flag --runtime omit): a project that ships
// the runtime by other means gets only the files made from its schemas.
// Through the real binary, as a user runs it.
#include <catch2/catch.hpp>

#include <set>

#include "support.h"

using test::read_file;
using test::run_contractgen;
using test::Workspace;
using test::write_file;

namespace {

const test::Files kSchemas = {
    {"alpha/a.schema.json",
     R"({"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"type": "object", "properties": {"id": {"type": "string"}}}}})"}};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Every regular file below `root`, as '/'-separated relative paths.
std::set<std::string> tree(const test::fs::path& root) {
    std::set<std::string> out;
    for (const auto& e : test::fs::recursive_directory_iterator(root))
        if (e.is_regular_file()) out.insert(test::fs::relative(e.path(), root).generic_string());
    return out;
}

// The texts of the files under the source tree's runtime/ folder.
std::vector<std::string> runtime_sources() {
    std::vector<std::string> out;
    const test::fs::path root = test::fs::path(CONTRACTGEN_SOURCE_DIR) / "runtime";
    for (const auto& e : test::fs::recursive_directory_iterator(root))
        if (e.is_regular_file()) out.push_back(read_file(e.path()));
    return out;
}

bool ends_with(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

TEST_CASE("runtime: omit writes every file made from the schemas and none copied from runtime/", "[runtime]") {
    Workspace ws(kSchemas);
    REQUIRE(run_contractgen({"generate", "-q", "--out", "full"}, ws.dir.path()).exit_code == 0);
    auto r = run_contractgen({"generate", "-q", "--runtime", "omit", "--out", "lean"}, ws.dir.path());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto full = tree(ws.dir / "full"), lean = tree(ws.dir / "lean");
    // A file is a runtime copy when, below its header lines, it is a file of
    // runtime/ verbatim (the default C++ namespace is the runtime's own, `contract`),
    // but for the Go module's path in imports, which the Go target puts in place of the
    // runtime module's (contract/client imports contract/stream).
    const auto sources = runtime_sources();
    std::string module = read_file(ws.dir / "full" / "go" / "go.mod");
    module = module.substr(module.find("\nmodule ") + 8);
    module = "\"" + module.substr(0, module.find('\n')) + "/";
    auto copied = [&](const test::fs::path& file) {
        std::string text = read_file(file);
        for (auto at = text.find(module); at != std::string::npos; at = text.find(module, at + 1))
            text.replace(at, module.size(), "\"example.com/contractgen/runtime/");
        for (const auto& source : sources)
            if (!source.empty() && ends_with(text, source)) return true;
        return false;
    };
    // What is left is byte for byte what a full generation writes, manifest
    // aside, and none of it is a runtime copy.
    for (const auto& path : lean) {
        INFO(path);
        CHECK(full.count(path) == 1);
        if (path != ".contractgen-manifest")
            CHECK(read_file(ws.dir / "full" / path) == read_file(ws.dir / "lean" / path));
        CHECK_FALSE(copied(ws.dir / "lean" / path));
    }
    // What is left out is runtime copies only.
    std::size_t omitted = 0;
    for (const auto& path : full) {
        if (lean.count(path) != 0) continue;
        ++omitted;
        INFO(path);
        CHECK(copied(ws.dir / "full" / path));
    }
    CHECK(omitted > 50);
    // Each target's runtime goes; what the schemas make, and the packages' manifests, stay.
    for (const char* runtime : {"cpp/include/contract/runtime.hpp", "cpp/src/rt/read.cpp", "ts/runtime.js",
                                "ts/runtime/decoder.d.ts", "ts/stream/sse.js", "python/contract/_runtime/__init__.py",
                                "python/contract/_stream/sse.py", "go/contract/decoder.go"}) {
        INFO(runtime);
        CHECK(full.count(runtime) == 1);
        CHECK(lean.count(runtime) == 0);
    }
    for (const char* made :
         {"cpp/include/contract/alpha.hpp", "cpp/src/alpha.cpp", "cpp/src/rt/package.cpp",
          "cpp/include/contract/registry.hpp", "cpp/CMakeLists.txt", "ts/alpha.js", "ts/package.json",
          "python/contract/alpha.py", "python/contract/py.typed", "python/pyproject.toml", "go/alpha/alpha.go",
          "go/go.mod", "openapi/openapi.json", "asyncapi/asyncapi.json"}) {
        INFO(made);
        CHECK(lean.count(made) == 1);
    }
    // The manifest lists only what was written.
    CHECK_FALSE(has(read_file(ws.dir / "lean/.contractgen-manifest"), "runtime.hpp"));
}

TEST_CASE("runtime: check compares with the same setting, and omit after include removes the runtime files",
          "[runtime]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml", "[project]\nruntime = \"omit\"\nout = \"out\"\n");
    REQUIRE(run_contractgen({"generate", "-q"}, ws.dir.path()).exit_code == 0);
    CHECK_FALSE(test::fs::exists(ws.out / "cpp/include/contract/runtime.hpp"));
    CHECK(run_contractgen({"check", "-q"}, ws.dir.path()).exit_code == 0);
    // The flag overrides the file: with the runtime, the runtime files are missing.
    auto include = run_contractgen({"check", "--runtime", "include"}, ws.dir.path());
    CHECK(include.exit_code == 1);
    CHECK(has(include.err, "missing: out/cpp/include/contract/runtime.hpp\n"));

    // Files contractgen wrote and no longer writes are removed; files it never wrote stay.
    REQUIRE(run_contractgen({"generate", "-q", "--runtime", "include"}, ws.dir.path()).exit_code == 0);
    REQUIRE(test::fs::exists(ws.out / "go/contract/decoder.go"));
    write_file(ws.out / "go/contract/vendored.go", "package contract\n");
    auto stale = run_contractgen({"check"}, ws.dir.path());
    CHECK(stale.exit_code == 1);
    CHECK(has(stale.err, "extra: out/go/contract/decoder.go\n"));
    REQUIRE(run_contractgen({"generate", "-q"}, ws.dir.path()).exit_code == 0);
    CHECK_FALSE(test::fs::exists(ws.out / "go/contract/decoder.go"));
    CHECK(test::fs::exists(ws.out / "go/contract/vendored.go"));
    CHECK(test::fs::exists(ws.out / "go/alpha/alpha.go"));
    CHECK(run_contractgen({"check", "-q"}, ws.dir.path()).exit_code == 0);
}

TEST_CASE("runtime: a value other than include or omit is an error at its place, nothing written", "[runtime]") {
    Workspace ws(kSchemas);
    write_file(ws.dir / "contractgen.toml", "[project]\nruntime = \"none\"\n");
    auto file = run_contractgen({"generate"}, ws.dir.path());
    CHECK(file.exit_code == 2);
    CHECK(has(file.err,
              "contractgen.toml:2:11: error: project.runtime = \"none\" is not valid: expected include or omit\n"));
    write_file(ws.dir / "contractgen.toml", "[project]\nruntime = false\n");
    auto type = run_contractgen({"generate"}, ws.dir.path());
    CHECK(type.exit_code == 2);
    CHECK(has(type.err, "contractgen.toml:2:11: error: project.runtime must be a string, not a boolean\n"));
    test::fs::remove(ws.dir / "contractgen.toml");
    auto flag = run_contractgen({"check", "--runtime", "Omit"}, ws.dir.path());
    CHECK(flag.exit_code == 2);
    CHECK(has(flag.err, "command line: error: project.runtime = \"Omit\" is not valid: expected include or omit\n"));
    CHECK_FALSE(test::fs::exists(ws.dir / "generated"));
}
