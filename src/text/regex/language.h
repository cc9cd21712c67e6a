// Sets of strings given by JSON Schema's string keywords: patterns (each
// searched, as ECMA-262 RegExp.prototype.test does) and a length range in
// code points. Decides exactly how two such sets differ, with the shortest
// strings that tell them apart, or says why it cannot.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace contractgen::text::regex {

struct StringSet {
    std::vector<std::string> patterns;  // all of them must match
    std::uint64_t min_length = 0;
    std::optional<std::uint64_t> max_length;
};

// Bounds that keep a comparison fast; past them the answer is `undecided`.
struct Limits {
    std::size_t nfa_states = 4000;   // per pattern
    std::size_t dfa_states = 2000;   // per pattern
    std::size_t searched = 200000;   // states of the product searched
};

struct Difference {
    // Strings in the first set and not in the second, shortest first (of
    // one length, the most readable first), and the other way round.
    std::vector<std::string> only_first, only_second;
    // Why the sets could not be compared (a lookahead, a backreference, an
    // automaton past the limits); the vectors are then empty.
    std::optional<std::string> undecided;
};

Difference difference(const StringSet& first, const StringSet& second, std::size_t max_each = 4,
                      const Limits& limits = {});

struct Members {
    std::vector<std::string> strings;  // shortest first
    std::optional<std::string> undecided;
};

// Up to `max` strings of the set, shortest first.
Members members(const StringSet& set, std::size_t max, const Limits& limits = {});

}  // namespace contractgen::text::regex
