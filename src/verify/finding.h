// One thing wrong with a stream, where it is (the byte offset and line of
// the item or framing problem; for the end of the stream, its length and
// last line), and the rule it breaks. docs/verify.md lists every rule.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace contractgen::verify {

struct Finding {
    std::uint64_t offset = 0;
    std::uint64_t line = 0;
    std::string rule;
    std::string message;
};

struct RuleInfo {
    const char* id;
    const char* checks;  // one line: what breaks it
};

// Every rule, in the order docs/verify.md lists them.
const std::vector<RuleInfo>& rules();

// "<offset>/<line>: <rule>: <message>", on one line, safe for a terminal:
// control characters, line separators and bidirectional overrides in text
// that came from the stream are escaped (\u{...}), invalid UTF-8 as \xNN.
std::string format_finding(const Finding& f);
std::string terminal_safe(const std::string& text);

}  // namespace contractgen::verify
