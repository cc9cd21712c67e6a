// A string type's keywords (pattern, format, minLength, maxLength) as one
// set of strings that text/regex can compare exactly.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/model.h"
#include "text/regex/language.h"

namespace contractgen::breaking {

// The strings `bounds` accept. A format the validator asserts (date-time,
// uuid, uri: validate/rules.h) takes part as a pattern: exact for uuid; for
// date-time and uri a superset (days past a month's end, leap seconds
// outside 23:59:60 UTC, a URI's structure), so a string it proposes is
// always checked by the validator before it is used as a witness.
text::regex::StringSet string_set(const ir::StringBounds& bounds);

// Up to `max` strings that `bounds` accept (of `length` code points when
// given), shortest first, as the automata find them; remembered, since
// the same bounds are asked for again and again. Without a pattern (or
// with one the automata cannot decide) only a few probes, which the caller
// must check.
std::vector<std::string> strings_of(const ir::StringBounds& bounds, std::optional<std::uint64_t> length,
                                    std::size_t max);

// The pattern a format is approximated by, or nullopt (the validator accepts
// every string for that format).
std::optional<std::string> format_pattern(ir::StringFormat format);

}  // namespace contractgen::breaking
