// Sets of code points for the pattern translator (src/ir/pattern.cpp):
// ECMA-262's class escapes and the set operations a character class needs.
#pragma once

#include <utility>
#include <vector>

namespace contractgen::ir::pattern_classes {

using Ranges = std::vector<std::pair<char32_t, char32_t>>;  // inclusive code point ranges, sorted by normalised

constexpr char32_t kMaxCodePoint = 0x10FFFF;

// ECMA-262's \s: WhiteSpace and LineTerminator (22.2.2.9, CharacterClassEscape).
extern const Ranges kSpace;
extern const Ranges kDigit;           // \d: ASCII digits
extern const Ranges kWord;            // \w: ASCII letters, digits and '_'
extern const Ranges kLineTerminator;  // what `.` does not match

// Sorted, with overlapping and adjacent ranges merged.
Ranges normalised(Ranges r);
// Every code point (up to U+10FFFF) not in `in`.
Ranges complement(const Ranges& in);
// `in` less U+D800-U+DFFF: UTF-8 text never holds a surrogate, and some engines refuse them in a class.
Ranges without_surrogates(const Ranges& in);

}  // namespace contractgen::ir::pattern_classes
