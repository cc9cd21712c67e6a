// The go target's patterns: Go's regexp (RE2) for most, regexp2 under a
// time bound for lookaround and repetition counts RE2 refuses, shipped (the
// runtime file, the go.mod requirement and go.sum) only when a pattern needs it.
#include <catch2/catch.hpp>

#include "ir/pattern.h"
#include "support.h"

using test::Files;
using test::where;

namespace {
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("go and cpp: patterns RE2 cannot match run on a bounded backtracking engine", "[go]") {
    const std::string text = R"json({"$defs": {
  "A": {"type": "string", "pattern": "^(?=a)ab$"},
  "B": {"type": "object", "properties": {"b": {"type": "string", "pattern": "x{1001}"}}},
  "C": {"type": "string", "pattern": "(?<!a)b"},
  "E": {"type": "string", "pattern": "^(a{10}){100}\\uD83D\\uDE00.$"}
}})json";
    test::Workspace ws({{"f/a.schema.json", text}});
    auto go = test::run_contractgen(
        {"generate", "--target", "go", "--schemas", ws.schemas.string(), "--out", ws.out.string()}, ws.dir.path(),
        {{"NO_COLOR", "1"}});
    REQUIRE(go.exit_code == 0);
    const std::string family = test::read_file(ws.out / "go/f/f.go");
    CHECK(has(family, R"x(contract.MustCompilePattern("(*BACKTRACK)^(?=a)ab\\z"))x"));
    CHECK(has(family, R"x(contract.MustCompilePattern("(*BACKTRACK)x{1001}"))x"));
    CHECK(has(family,
              R"x(contract.MustCompilePattern("^(a{10}){100}\\x{1F600}[^\\x{000A}\\x{000D}\\x{2028}\\x{2029}]$"))x"));
    CHECK(has(test::read_file(ws.out / "go/go.mod"), "require github.com/dlclark/regexp2 v1.11.5"));
    CHECK(std::filesystem::exists(ws.out / "go/go.sum"));
    CHECK(std::filesystem::exists(ws.out / "go/contract/pattern_backtracking.go"));
    // The C++ runtime takes PCRE2 syntax behind its match limit for the same patterns.
    auto cpp = test::run_contractgen(
        {"generate", "--target", "cpp", "--schemas", ws.schemas.string(), "--out", ws.out.string()}, ws.dir.path(),
        {{"NO_COLOR", "1"}});
    REQUIRE(cpp.exit_code == 0);
    CHECK(has(test::read_file(ws.out / "cpp/src/f.cpp"), R"x("(*LIMIT_MATCH=1000000)^(\?=a)ab\\z")x"));
}

TEST_CASE("go: without such a pattern, no regexp2", "[go]") {
    test::Workspace ws(
        Files{{"f/a.schema.json", R"json({"$defs": {"A": {"type": "string", "pattern": "^\\s+\\b$"}}})json"}});
    auto go = test::run_contractgen(
        {"generate", "--target", "go", "--schemas", ws.schemas.string(), "--out", ws.out.string()}, ws.dir.path(),
        {{"NO_COLOR", "1"}});
    REQUIRE(go.exit_code == 0);
    CHECK(!has(test::read_file(ws.out / "go/go.mod"), "regexp2"));
    CHECK(!std::filesystem::exists(ws.out / "go/go.sum"));
    CHECK(!std::filesystem::exists(ws.out / "go/contract/pattern_backtracking.go"));
    CHECK(std::filesystem::exists(ws.out / "go/contract/pattern.go"));
}
