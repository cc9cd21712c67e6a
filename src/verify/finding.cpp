#include "verify/finding.h"

#include <cstdio>

#include "validate/json_text.h"

namespace contractgen::verify {

const std::vector<RuleInfo>& rules() {
    static const std::vector<RuleInfo> all = {
        {"framing.utf8", "a line (NDJSON) or field (SSE) is not valid UTF-8"},
        {"framing.line_too_long", "a line is longer than --max-line-bytes"},
        {"framing.event_too_long", "an SSE event's data is longer than --max-line-bytes"},
        {"framing.truncated", "the input ends inside a line or an event (a connection cut short)"},
        {"item", "an item is not a valid instance of the stream's item type (path: keyword: detail, as the bindings say it)"},
        {"sse.event", "an SSE event's `event:` is not the declared name (or item field); a name readers only tolerate"},
        {"sse.id", "an SSE event's `id:` (the last event ID) is not the item's declared id field"},
        {"first", "the first item's tag is not one the stream may start with"},
        {"sequence.gap", "a sequence number was skipped (gapless sequence: a lost item)"},
        {"sequence.duplicate", "a sequence number came again"},
        {"sequence.reorder", "a sequence number below one already received (a late or reordered item)"},
        {"terminal.after", "an item after the terminal item of its stream (key)"},
        {"terminal.missing", "the input ends and a stream (key) had no terminal item, where one is required"},
        {"heartbeat.interval", "two consecutive items' timestamps are farther apart than the heartbeat interval"},
        {"http.status", "--url: the endpoint answered with a status other than 2xx"},
        {"http.content-type", "--url: the response's media type is not the one the operation declares for the stream"},
        {"client.watchdog", "--url: no data for the stream's watchdog time (a client would abort)"},
    };
    return all;
}

std::string format_finding(const Finding& f) {
    return terminal_safe(std::to_string(f.offset) + "/" + std::to_string(f.line) + ": " + f.rule + ": " + f.message);
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
