// `pattern` means ECMA-262 with the `u` flag, searched like RegExp.test, in
// every language (docs/semantics.md, "Patterns"). Rather than hope the
// engines agree, contractgen parses the pattern once and writes it out for
// each engine with nothing left to the engine's own reading: `\s`, `\d`,
// `\w` and `.` become explicit classes of code points (ECMA's sets), `$`
// becomes an end-of-text anchor, escapes take each engine's spelling.
// What no engine can match alike (backreferences, `\p{...}`) is an error at
// generation time, never a silent difference at run time.
#pragma once

#include <optional>
#include <string>

namespace contractgen::ir {

// Why `pattern` is not ECMA-262 (with the `u` flag) that contractgen
// accepts, or nullopt when it is.
std::optional<std::string> check_pattern(const std::string& pattern);

// Whether the pattern needs a backtracking engine: lookaround, or a
// repetition count RE2 refuses (above 1000, nested counts multiplied).
// Everything else is matched by a linear-time engine (RE2, Go's regexp);
// a backtracking engine runs under a bound (docs/semantics.md).
bool needs_backtracking(const std::string& pattern);

enum class PatternDialect {
    Ecma,     // JavaScript RegExp with the `u` flag: the source as written
    Re2,      // RE2 syntax over UTF-8 text (C++ RE2, Go's regexp); never given a pattern that needs backtracking
    Pcre2,    // PCRE2 with PCRE2_UTF, no PCRE2_UCP (C++ bindings and validator, backtracking patterns)
    Regexp2,  // github.com/dlclark/regexp2 with RegexOptions ECMAScript (Go, backtracking patterns)
    Python,   // the `regex` module with regex.ASCII (V0), used with search
};

// The pattern (accepted by check_pattern) written out for an engine.
std::string translate_pattern(const std::string& pattern, PatternDialect dialect);

}  // namespace contractgen::ir
