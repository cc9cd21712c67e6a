// contractgen's validator (verify, breaking) matches `pattern` as the C++
// bindings do: ECMA-262 classes, and a located `pattern` problem when the
// backtracking bound is hit or PCRE2 cannot compile the pattern.
#include <catch2/catch.hpp>

#include <string>

#include "validate/rules.h"

namespace validate = contractgen::validate;
namespace ir = contractgen::ir;

namespace {
std::optional<validate::Problem> problem(const std::string& pattern, const std::string& s) {
    ir::StringBounds b;
    b.pattern = pattern;
    return validate::string_problem(b, s);
}
}  // namespace

TEST_CASE("validate: patterns are ECMA-262, bounded", "[validate]") {
    CHECK_FALSE(problem("^\\s$", "\xEF\xBB\xBF").has_value());  // U+FEFF is ECMA whitespace
    auto miss = problem("^\\d$", "\xD9\xA3");                    // ARABIC-INDIC DIGIT THREE is not \d
    REQUIRE(miss.has_value());
    CHECK(std::string(miss->keyword) == "pattern");
    CHECK(miss->detail == "string does not match pattern \"^\\\\d$\": \"\xD9\xA3\"");
    auto bound = problem("^(?=a)(a+)+$", std::string(30, 'a') + "b");
    REQUIRE(bound.has_value());
    CHECK(std::string(bound->keyword) == "pattern");
    CHECK(bound->detail ==
          "pattern \"^(?=a)(a+)+$\" took too many steps to match (the bound of docs/semantics.md), "
          "or needs a newer PCRE2: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab\"");
    CHECK(problem("(?<=ab+)c", "abbbc").has_value());  // PCRE2 10.42 cannot compile it: every string is refused
    CHECK_FALSE(problem("(?<=a|bc)d", "bcd").has_value());
}
