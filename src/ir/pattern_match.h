// contractgen's own matching of `pattern` (the builder's key patterns, the
// validator of `verify` and `breaking`), as the C++ bindings match it: RE2
// (linear time) unless the pattern needs backtracking (ir::needs_backtracking),
// then PCRE2 under a match limit. docs/semantics.md, "Patterns".
#pragma once

#include <string>
#include <string_view>

namespace contractgen::ir {

enum class PatternMatch { Yes, No, TooComplex };  // TooComplex: the backtracking bound was hit

// The steps PCRE2 may take for one search (pcre2_set_match_limit), the same
// bound as the C++ runtime's (runtime/cpp/src/rt/pattern.cpp).
constexpr unsigned kPatternMatchLimit = 1000000;

// `pattern` (accepted by check_pattern) searched in the UTF-8 text `s`.
PatternMatch match_pattern(const std::string& pattern, std::string_view s);

}  // namespace contractgen::ir
