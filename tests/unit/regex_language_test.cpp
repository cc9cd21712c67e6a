// text/regex: patterns as automata, compared exactly (the breaking checker's
// string comparison). The CLI-level pairs, with witnesses judged by node's
// RegExp, are tests/breaking/patterns/.
#include <catch2/catch.hpp>

#include "text/regex/language.h"

namespace rx = contractgen::text::regex;

namespace {

rx::Difference diff(const std::string& a, const std::string& b) {
    rx::StringSet x, y;
    x.patterns = {a}, y.patterns = {b};
    return rx::difference(x, y, 1);
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("regex: the pairs sampling missed are decided, with shortest witnesses", "[regex]") {
    CHECK(diff("^[0-5]$", "^[0-9]$").only_second == Strings{"6"});
    CHECK(diff("^[0-5]$", "^[0-9]$").only_first.empty());
    CHECK(diff("^[0-9]$", "^[0-5]$").only_first == Strings{"6"});
    CHECK(diff("^[^ab]$", "^[^a]$").only_second == Strings{"b"});
    CHECK(diff("^[ab](c|d)(e|f)$", "^[abx](c|d)(e|f)$").only_second == Strings{"xce"});
}

TEST_CASE("regex: the class escapes, word boundaries and the dot mean what ECMA-262 says", "[regex]") {
    // \s takes \v, \f and the Unicode spaces as well: \v (U+000B) is the
    // most readable of them, shown escaped in JSON.
    auto loosened = diff("^[\\t\\n\\r ]*\\{", "^\\s*\\{");
    CHECK(loosened.only_first.empty());
    CHECK(loosened.only_second == Strings{"\v{"});
    for (const char* space :
         {"\u00a0", "\u1680", "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff"}) {
        INFO(space);
        CHECK(diff("^\\s$", std::string("^[") + space + "]$").only_first == Strings{" "});
        CHECK(diff(std::string("^[") + space + "]$", "^\\S$").only_first == Strings{space});
    }
    CHECK(diff("^\\s$", "^[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]$")
              .only_first.empty());
    CHECK(diff("^\\s$", "^[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]$")
              .only_second.empty());
    CHECK(diff("\\d", "[0-9]").only_first.empty());
    CHECK(diff("\\d", "[0-9]").only_second.empty());
    CHECK(diff("^\\w$", "^[A-Za-z0-9_]$").only_second.empty());
    CHECK(diff("^\\w$", "^[A-Za-z0-9_]$").only_first.empty());
    CHECK(diff("^\\w$", "^[a-z]$").only_first == Strings{"A"});
    CHECK(diff("foo", "\\bfoo\\b").only_first == Strings{"afoo"});
    CHECK(diff("foo", "\\Bfoo").only_first == Strings{"foo"});
    CHECK(diff("^.$", "^[^\\n\\r\\u2028\\u2029]$").only_first.empty());
    CHECK(diff("^.$", "^[^\\n\\r\\u2028\\u2029]$").only_second.empty());
}

TEST_CASE("regex: equivalent rewrites differ in nothing while anchors and lengths count", "[regex]") {
    for (auto [a, b] : std::vector<std::pair<const char*, const char*>>{{"^(a|b)$", "^[ab]$"},
                                                                        {"^a+$", "^aa*$"},
                                                                        {"a|b", "[ab]"},
                                                                        {"^a{2,}$", "^aa+$"},
                                                                        {"^(?:ab)+$", "^ab(ab)*$"}}) {
        INFO(a << " " << b);
        auto d = diff(a, b);
        CHECK(d.only_first.empty());
        CHECK(d.only_second.empty());
        CHECK_FALSE(d.undecided);
    }
    CHECK(diff("abc", "^abc").only_first == Strings{"aabc"});
    rx::StringSet star{{"^a*$"}, 1, std::nullopt}, plus{{"^a+$"}, 0, std::nullopt};
    CHECK(rx::difference(star, plus).only_first.empty());
    CHECK(rx::difference(star, plus).only_second.empty());
    rx::StringSet two{{"^a+$"}, 2, std::nullopt};
    CHECK(rx::difference(plus, two).only_first == Strings{"a"});
}

TEST_CASE("regex: what an automaton cannot decide is said, with the pattern", "[regex]") {
    auto look = diff("^(?=a)\\w+$", "^a\\w*$");
    REQUIRE(look.undecided);
    CHECK(*look.undecided == "pattern '^(?=a)\\w+$': lookaround '(?=...)' cannot be decided by an automaton");
    CHECK(diff("(a)\\1", "a").undecided ==
          "pattern '(a)\\1': backreferences ('\\1') cannot be decided by an automaton");
    CHECK(diff("^a{100000}$", "a").undecided ==
          "pattern '^a{100000}$': the repetition {100000,100000} is too large to decide");
    CHECK(diff("^[ab]*a[ab]{11}$", "a").undecided ==
          "pattern '^[ab]*a[ab]{11}$': the pattern needs more than 2000 automaton states");
}
