// One thing wrong with a stream, where it is (the byte offset and line of
// the item or framing problem; for the end of the stream, its length and
// last line), and the rule it breaks. docs/verify.md lists every rule.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace contractgen::verify {

// An error: the stream does not keep the contract (exit 1). A warning: it
// departs from what the contract recommends where the contract leaves it
// open (an optional SSE id left out, a heartbeat later than the usual
// interval but within the allowed one, a lost packet): reported, exit 0
// unless --strict.
enum class Severity { Error, Warning };

struct Finding {
    std::uint64_t offset = 0;
    std::uint64_t line = 0;
    std::string rule;
    std::string message;
    Severity severity = Severity::Error;
};

struct RuleInfo {
    const char* id;
    Severity severity;   // the default; a stream's `severity` may set another
    const char* checks;  // one line: what breaks it
};

// Every rule, in the order docs/verify.md lists them.
const std::vector<RuleInfo>& rules();
Severity default_severity(const std::string& rule);
const char* severity_name(Severity s);

// "<offset>/<line>: <rule>: <message>" ("<rule>: warning: <message>" for a
// warning), on one line, safe for a terminal:
// control characters, line separators and bidirectional overrides in text
// that came from the stream are escaped (\u{...}), invalid UTF-8 as \xNN.
std::string format_finding(const Finding& f);
std::string terminal_safe(const std::string& text);

}  // namespace contractgen::verify
