// Patterns a target's engine cannot compile are refused at generation time,
// with a diagnostic at each `pattern` keyword that spells one (in schema
// positions), rather than thrown when the bindings start. Today: the cpp
// target's PCRE2 and lookbehind of unbounded width.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "emit/target.h"

namespace contractgen::emit {

// Why `pattern` cannot be used by the target's engine, or nullopt.
using PatternProblem = std::function<std::optional<std::string>(const std::string& pattern)>;

// Reports "pattern '<p>' cannot be used by the <target> target (<engine>): <why>" at
// every place a pattern the IR uses is written, in document order.
void report_pattern_problems(const EmitContext& ctx, const std::string& target, const std::string& engine,
                             const PatternProblem& problem);

}  // namespace contractgen::emit
