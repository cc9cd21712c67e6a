// ECMA-262 regular expression syntax (with the `u` flag, no other flag)
// read into a tree that an automaton can be built from. What a finite
// automaton cannot express (lookaround, backreferences) is reported as
// unsupported, with the reason, instead of being approximated.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "text/regex/charset.h"

namespace contractgen::text::regex {

constexpr std::uint32_t kUnbounded = UINT32_MAX;

struct Node {
    enum class Kind {
        Empty,            // matches the empty string
        Chars,            // one code point of `chars`
        Concat,           // `children` in sequence
        Alternation,      // one of `children`
        Repeat,           // children[0], from `min` to `max` times
        Start,            // ^ (no `m` flag: the start of the text)
        End,              // $ (the end of the text)
        WordBoundary,     // \b
        NotWordBoundary,  // \B
    };
    Kind kind = Kind::Empty;
    CharSet chars;
    std::vector<Node> children;
    std::uint32_t min = 0, max = 0;
};

struct Unsupported {
    std::string reason;  // "lookahead '(?=' ..."
};

// The tree of `pattern`, or why it cannot be decided by an automaton (or is
// not a valid ECMA-262 pattern at all).
std::variant<Node, Unsupported> parse(const std::string& pattern);

}  // namespace contractgen::text::regex
