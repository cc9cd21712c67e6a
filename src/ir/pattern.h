// `pattern` must mean the same in C++, TypeScript and Python. Rather than
// hope three regex engines agree, contractgen accepts the part of ECMA-262
// syntax they implement alike (code point semantics, ASCII classes) and
// rewrites the few spellings that differ for each engine. Anything else is
// an error at generation time, never a silent difference at run time.
#pragma once

#include <optional>
#include <string>

namespace contractgen::ir {

// Why `pattern` is not portable, or nullopt when it is.
std::optional<std::string> check_portable_pattern(const std::string& pattern);

enum class PatternDialect {
    Ecma,        // JavaScript RegExp with the `u` flag: the source as written
    Python,      // `re` with re.ASCII, used with re.search
    CppWide,     // std::wregex (ECMAScript grammar) over UTF-32 text, used with regex_search
    Go,          // Go's regexp (RE2 syntax, linear time) over UTF-8 text, used with MatchString
};

// Why a portable pattern cannot be matched by Go's regexp (RE2) exactly as
// ECMA-262 matches it, or nullopt when it can: RE2 has no lookahead, refuses
// repetition counts above 1000 (also nested: their product), and has no
// lone surrogates.
std::optional<std::string> go_pattern_problem(const std::string& pattern);

// Rewrites a portable pattern for an engine: `.` becomes an explicit class of
// everything but line terminators (engines disagree on \r and U+2028), `$`
// becomes an end-of-text anchor in Python (where `$` also matches before a
// final newline), and \uXXXX escapes take each engine's spelling (in Go,
// \x{...}, a surrogate pair as one code point).
std::string translate_pattern(const std::string& pattern, PatternDialect dialect);

}  // namespace contractgen::ir
