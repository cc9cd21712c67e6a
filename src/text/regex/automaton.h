// Patterns as finite automata over Unicode code points, for deciding how two
// patterns' languages relate (src/breaking compares string constraints
// with them). A pattern is searched, as ECMA-262 RegExp.prototype.test
// does: it matches a string when it matches some substring, with `^`, `$`,
// `\b` and `\B` judged against the whole string.
//
// Build one Nfa per pattern, one Partition over all the Nfas that will be
// compared (code points split into classes that no character set of them
// tells apart), then one Dfa per Nfa over that partition's classes (subset
// construction). Sizes are bounded: past a bound, build throws TooLarge.
#pragma once

#include <cstddef>
#include <map>
#include <stdexcept>
#include <vector>

#include "text/regex/charset.h"
#include "text/regex/parse.h"

namespace contractgen::text::regex {

struct TooLarge : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Nfa {
    enum class Edge { Epsilon, Chars, Start, End, WordBoundary, NotWordBoundary };
    struct Transition {
        Edge edge;
        int set;  // Edge::Chars: index into `sets`
        int to;
    };
    std::vector<std::vector<Transition>> out;  // by state
    std::vector<CharSet> sets;                 // distinct character sets of the Chars edges
    int start = 0, final = 0;
};

// The automaton of a search for `root` (an unanchored match anywhere).
Nfa search_nfa(const Node& root, std::size_t max_states);

// Code points in classes: two code points of one class are in the same sets
// of every Nfa given (and are both word characters or both not).
// Surrogates are in no class: no valid UTF-8 string contains them.
struct Partition {
    std::vector<CharSet> classes;
    std::vector<char32_t> representative;  // a readable member of each class
    std::vector<bool> word;                // the class is made of \w characters
    // For an Nfa's set: the classes inside it.
    std::vector<bool> members(const CharSet& set) const;
};
Partition partition(const std::vector<const Nfa*>& nfas);

struct Dfa {
    std::vector<std::vector<int>> next;  // [state][class]
    std::vector<bool> accepting;         // the string read so far matches
    std::vector<bool> live;              // an accepting state is reachable
    int start = 0;
};
Dfa determinise(const Nfa& nfa, const Partition& p, std::size_t max_states);

}  // namespace contractgen::text::regex
