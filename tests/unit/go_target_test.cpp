// The go target's own checks: patterns Go's regexp (RE2) cannot match as
// ECMA-262 does are refused with a diagnostic at the pattern (by the cpp
// target too, which runs RE2; the other targets accept them), and the RE2
// translation of portable patterns.
#include <catch2/catch.hpp>

#include "ir/pattern.h"
#include "support.h"

using test::Files;
using test::where;

namespace {
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("go and cpp: patterns RE2 cannot match like ECMA-262 are refused for the RE2 targets only", "[go][diag]") {
    const std::string text = R"json({"$defs": {
  "A": {"type": "string", "pattern": "^(?=a)ab$"},
  "B": {"type": "object", "properties": {"b": {"type": "string", "pattern": "x{1001}"}}},
  "C": {"type": "string", "pattern": "(a{100}){11}"},
  "D": {"type": "string", "pattern": "^\\uD800$"},
  "E": {"type": "string", "pattern": "^(a{10}){100}\\uD83D\\uDE00.$", "const": "not a pattern: (?=x)"}
}})json";
    test::Workspace ws({{"f/a.schema.json", text}});
    auto go = test::run_contractgen({"generate", "--target", "go", "--schemas", ws.schemas.string(), "--out", ws.out.string()},
                                    ws.dir.path(), {{"NO_COLOR", "1"}});
    CHECK(go.exit_code == 2);
    const std::string expected =
        "schemas/f/a.schema.json:" + where(text, "\"pattern\"") + ": error: pattern '^(?=a)ab$' cannot be used by the go target: " +
        "lookahead ('(?=') cannot be matched by Go's regexp (RE2, which has no lookaround); rewrite the pattern without it\n" +
        "schemas/f/a.schema.json:" + where(text, "\"pattern\"", 2) + ": error: pattern 'x{1001}' cannot be used by the go target: " +
        "the repetition '{1001}' repeats more than 1000 times (counting nested repetitions), which Go's regexp (RE2) refuses\n" +
        "schemas/f/a.schema.json:" + where(text, "\"pattern\"", 3) + ": error: pattern '(a{100}){11}' cannot be used by the go target: " +
        "the repetition '{11}' repeats more than 1000 times (counting nested repetitions), which Go's regexp (RE2) refuses\n" +
        "schemas/f/a.schema.json:" + where(text, "\"pattern\"", 4) + ": error: pattern '^\\uD800$' cannot be used by the go target: " +
        "a lone surrogate escape ('\\uD800') cannot be matched by Go's regexp (RE2)\n" +
        "4 errors; nothing was written\n";
    CHECK(ws.shown(go.err) == expected);
    CHECK(!std::filesystem::exists(ws.out));
    // The C++ target runs patterns on RE2 too: the same four are refused.
    auto cpp = test::run_contractgen({"generate", "--target", "cpp", "--schemas", ws.schemas.string(), "--out", ws.out.string()},
                                     ws.dir.path(), {{"NO_COLOR", "1"}});
    CHECK(cpp.exit_code == 2);
    CHECK(has(ws.shown(cpp.err), "pattern '^(?=a)ab$' cannot be used by the cpp target"));
    CHECK(has(ws.shown(cpp.err), "4 errors; nothing was written\n"));
    CHECK(!std::filesystem::exists(ws.out));
    // The same schemas are fine for the TypeScript target (its engine has lookahead).
    auto ts = test::run_contractgen({"generate", "--target", "ts", "--schemas", ws.schemas.string(), "--out", ws.out.string()},
                                    ws.dir.path());
    CHECK(ts.exit_code == 0);
}

TEST_CASE("go: portable patterns translated to RE2", "[go]") {
    using contractgen::ir::PatternDialect;
    using contractgen::ir::translate_pattern;
    CHECK(translate_pattern("^a.b$", PatternDialect::Go) == "^a[^\\n\\r\\x{2028}\\x{2029}]b$");
    CHECK(translate_pattern("[.]\\u00e9", PatternDialect::Go) == "[.]\\x{00E9}");
    CHECK(translate_pattern("\\uD83D\\uDE00+", PatternDialect::Go) == "\\x{1F600}+");
    CHECK(translate_pattern("a\\/b\\d\\w\\.", PatternDialect::Go) == "a/b\\d\\w\\.");
    CHECK(!contractgen::ir::go_pattern_problem("^(a{10}){100}$"));
    CHECK(contractgen::ir::go_pattern_problem("^(a{10}){101}$"));
    CHECK(!contractgen::ir::go_pattern_problem("(?:ab)*?c{0,1000}"));
}
