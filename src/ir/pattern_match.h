// contractgen's own matching of `pattern` (the builder's key patterns, the
// validator of `verify` and `breaking`), as the C++ bindings match it: RE2
// (linear time) unless the pattern needs backtracking (ir::needs_backtracking),
// then PCRE2 under a match limit. docs/semantics.md, "Patterns".
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace contractgen::ir {

enum class PatternMatch { Yes, No, TooComplex };  // TooComplex: the backtracking bound was hit

// The steps PCRE2 may take for one search (pcre2_set_match_limit), the same
// bound as the C++ runtime's (runtime/cpp/src/rt/pattern.cpp).
constexpr unsigned kPatternMatchLimit = 1000000;

// `pattern` (accepted by check_pattern) searched in the UTF-8 text `s`. A
// pattern PCRE2 cannot compile (pcre2_problem) is TooComplex for every text.
PatternMatch match_pattern(const std::string& pattern, std::string_view s);

// Why PCRE2 (Debian bookworm's 10.42) cannot compile a pattern that needs
// backtracking, or nullopt: lookbehind whose branches have no fixed width
// (`(?<=ab+)`) needs PCRE2 10.43. The cpp target refuses such a pattern.
std::optional<std::string> pcre2_problem(const std::string& pattern);

}  // namespace contractgen::ir
