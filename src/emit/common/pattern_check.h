// Patterns a target's engine cannot match as ECMA-262 does are refused at
// generation time, with a diagnostic at each `pattern` keyword that spells
// one (in schema positions), rather than matched differently at run time.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "emit/target.h"

namespace contractgen::emit {

// Why `pattern` cannot be used by the target's engine, or nullopt.
using PatternProblem = std::function<std::optional<std::string>(const std::string& pattern)>;

// Reports "pattern '<p>' cannot be used by the <target> target: <why>" at
// every place a pattern the IR uses is written, in document order.
void report_pattern_problems(const EmitContext& ctx, const std::string& target, const std::string& engine,
                             const PatternProblem& problem);

}  // namespace contractgen::emit
