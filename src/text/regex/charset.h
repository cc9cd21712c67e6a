// Sets of Unicode code points as sorted, disjoint, non-adjacent intervals:
// what a character class, `.` or a literal of a regular expression matches.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace contractgen::text::regex {

constexpr char32_t kMaxCodePoint = 0x10FFFF;

class CharSet {
public:
    CharSet() = default;
    static CharSet of(char32_t c) { return range(c, c); }
    static CharSet range(char32_t lo, char32_t hi);
    static CharSet all();  // every code point (surrogates included: see Partition)

    void add(char32_t lo, char32_t hi);
    void add(const CharSet& other);
    CharSet complement() const;
    bool contains(char32_t c) const;
    bool empty() const { return ranges_.empty(); }
    const std::vector<std::pair<char32_t, char32_t>>& ranges() const { return ranges_; }
    bool operator==(const CharSet& o) const { return ranges_ == o.ranges_; }

private:
    void normalise();
    std::vector<std::pair<char32_t, char32_t>> ranges_;
};

// The ECMA-262 class escapes (ECMA-262 §22.2.2.9, CharacterClassEscape),
// without the `i` flag: \d = [0-9], \w = [A-Za-z0-9_], \s = WhiteSpace and
// LineTerminator.
CharSet ecma_digit();
CharSet ecma_word();
CharSet ecma_space();
// `.` without the `s` flag: everything but the line terminators.
CharSet ecma_dot();

}  // namespace contractgen::text::regex
