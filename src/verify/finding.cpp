#include "verify/finding.h"

#include <cstdio>

#include "validate/json_text.h"

namespace contractgen::verify {

const std::vector<RuleInfo>& rules() {
    static const std::vector<RuleInfo> all = {
        {"framing.utf8", Severity::Error, "a line (NDJSON) or field (SSE) is not valid UTF-8"},
        {"framing.line_too_long", Severity::Error, "a line is longer than --max-line-bytes"},
        {"framing.event_too_long", Severity::Error, "an SSE event's data is longer than --max-line-bytes"},
        {"framing.truncated", Severity::Error, "the input ends inside a line or an event (a connection cut short)"},
        {"item", Severity::Error,
         "an item is not a valid instance of the stream's item type (path: keyword: detail, as the bindings say it)"},
        {"sse.event", Severity::Error,
         "an SSE event's `event:` is not the declared name (or item field); a name readers only tolerate"},
        {"sse.id", Severity::Error, "an SSE event's `id:` (the last event ID) is not the item's declared id field"},
        {"sse.id.missing", Severity::Error,
         "an SSE event has no `id:` of its own where the item has the declared id field"},
        {"first", Severity::Error, "the first item's tag is not one the stream may start with"},
        {"sequence.gap", Severity::Error, "a sequence number was skipped (gapless sequence: a lost item)"},
        {"sequence.duplicate", Severity::Error, "a sequence number came again"},
        {"sequence.reorder", Severity::Error,
         "a sequence number below one already received (a late or reordered item)"},
        {"terminal.after", Severity::Error, "an item after the terminal item of its stream (key)"},
        {"terminal.missing", Severity::Error,
         "the input ends and a stream (key) had no terminal item, where one is required"},
        {"heartbeat.interval", Severity::Error,
         "two consecutive items' timestamps are farther apart than the longest heartbeat interval allowed"},
        {"heartbeat.late", Severity::Warning,
         "two consecutive items' timestamps are farther apart than the heartbeat interval, within the longest one allowed"},
        {"http.status", Severity::Error, "--url: the endpoint answered with a status other than 2xx"},
        {"http.content-type", Severity::Error,
         "--url: the response's media type is not the one the operation declares for the stream"},
        {"client.watchdog", Severity::Error, "--url: no data for the stream's watchdog time (a client would abort)"},
    };
    return all;
}

Severity default_severity(const std::string& rule) {
    for (const auto& r : rules())
        if (rule == r.id) return r.severity;
    return Severity::Error;
}

const char* severity_name(Severity s) { return s == Severity::Warning ? "warning" : "error"; }

std::string format_finding(const Finding& f) {
    return terminal_safe(std::to_string(f.offset) + "/" + std::to_string(f.line) + ": " + f.rule + ": " +
                         (f.severity == Severity::Warning ? "warning: " : "") + f.message);
}

namespace {

// Code points a terminal acts on, or that reorder or break the line.
bool unsafe(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || cp == 0x200E || cp == 0x200F ||
           cp == 0x061C || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF;
}

}  // namespace

std::string terminal_safe(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    for (std::size_t i = 0; i < text.size();) {
        std::size_t n = validate::utf8_sequence_length(bytes + i, text.size() - i);
        char buf[16];
        if (n == 0) {
            std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(bytes[i]));
            out += buf;
            ++i;
            continue;
        }
        char32_t cp = n == 1 ? bytes[i] : (bytes[i] & (0x7F >> n));
        for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (bytes[i + k] & 0x3F);
        if (unsafe(cp)) {
            std::snprintf(buf, sizeof buf, "\\u{%04X}", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(text, i, n);
        }
        i += n;
    }
    return out;
}

}  // namespace contractgen::verify
