// Strings that a portable pattern (ir/pattern.h) matches, shortest first:
// what the breaking checker tries when it needs a string that one version's
// pattern accepts, to see whether the other version's rejects it. Every
// sample is checked with the real matcher before use, so the generator may
// be approximate (lookaheads are ignored, anchors inside alternatives are
// not enforced).
#pragma once

#include <string>
#include <vector>

namespace contractgen::breaking {

std::vector<std::string> pattern_samples(const std::string& pattern, std::size_t max_samples = 12);

}  // namespace contractgen::breaking
