// The checks behind each JSON Schema keyword, in the order the bindings
// apply them: for strings format, pattern, minLength, maxLength; for numbers
// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf. Formats
// are the C++ runtime's own code (runtime/cpp/src/rt/formats.cpp, compiled
// into contractgen), so the validator and the C++ bindings cannot drift
// apart; patterns are matched as the C++ bindings match them (ir/pattern_match.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ir/model.h"

namespace contractgen::validate {

// A failed keyword and its detail.
struct Problem {
    const char* keyword;
    std::string detail;
};

std::optional<Problem> string_problem(const ir::StringBounds& b, std::string_view s);
std::optional<Problem> number_problem(const ir::NumberBounds& b, double v);

bool format_matches(ir::StringFormat format, std::string_view s);
// `pattern` (ECMA-262) searched in `s`, as the bindings match it; false when the bound is hit.
bool pattern_matches(const std::string& pattern, std::string_view s);
// multipleOf: exact for integers, and within the rounding error of one
// division otherwise (0.0075 is a multiple of 0.0001).
bool is_multiple(double value, double divisor);

}  // namespace contractgen::validate
