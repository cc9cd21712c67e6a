// What the stream readers share: their records, strict UTF-8 validation and
// the limits. The rules (docs/streams.md) are those of the TypeScript and
// Python runtimes, proven by the shared vectors of tests/stream/ at every
// chunking: an invalid UTF-8 sequence is an error at its first byte (never
// U+FFFD), a line over the limit is an error before it is buffered, errors
// carry the byte offset and the 1-based line, and reading resumes after them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace contract {
namespace stream {

inline constexpr std::size_t kDefaultMaxLineBytes = std::size_t{16} << 20;
inline constexpr std::size_t kDefaultMaxEventBytes = std::size_t{16} << 20;
// The largest reconnection time accepted: what every language holds exactly.
inline constexpr std::int64_t kMaxRetryMs = (std::int64_t{1} << 53) - 1;

// A framing problem: `code` is utf8, line_too_long, event_too_long or
// truncated (decode: the host's decoder refused an item).
struct StreamError {
    std::string code;
    std::uint64_t offset = 0;
    std::uint64_t line = 0;
    std::string message;
};

// One non-blank NDJSON line (without its line end), where it starts. The
// view is valid during the sink call only.
struct NdjsonLine {
    std::string_view text;
    std::uint64_t offset = 0;
    std::uint64_t line = 0;
};

// The same, owning its text (what feed() without a sink returns).
struct NdjsonItem {
    std::string text;
    std::uint64_t offset = 0;
    std::uint64_t line = 0;
};

// A dispatched SSE event; offset/line are those of its first line. The views
// are valid during the sink call only.
struct SseEventView {
    std::string_view type;
    std::string_view data;
    std::string_view last_event_id;
    std::uint64_t offset = 0;
    std::uint64_t line = 0;
    bool own_id = false;  // the event had an `id` field (else last_event_id is an earlier event's, or empty)
};

struct SseEvent {
    std::string type;
    std::string data;
    std::string last_event_id;
    std::uint64_t offset = 0;
    std::uint64_t line = 0;
};

// A valid `retry` field: the reconnection time is now `ms`.
struct SseRetry {
    std::int64_t ms = 0;
    std::uint64_t offset = 0;
    std::uint64_t line = 0;
};

using NdjsonRecord = std::variant<NdjsonItem, StreamError>;
using SseRecord = std::variant<SseEvent, SseRetry, StreamError>;

// Builds a sink from lambdas, one per record type.
template <class... F>
struct overloaded : F... {
    using F::operator()...;
};
template <class... F>
overloaded(F...) -> overloaded<F...>;

// Index of the first byte of the first ill-formed UTF-8 sequence, or -1
// (Unicode table 3-7: no overlongs, surrogates or values above U+10FFFF).
inline std::ptrdiff_t invalid_utf8_at(std::string_view text) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        // ASCII fast path, eight bytes at a time.
        while (i + 8 <= n) {
            std::uint64_t word;
            std::memcpy(&word, bytes + i, 8);
            if (word & 0x8080808080808080ull) break;
            i += 8;
        }
        if (i >= n) break;
        const unsigned b = bytes[i];
        if (b < 0x80) {
            ++i;
            continue;
        }
        std::size_t need;
        unsigned lo = 0x80, hi = 0xbf;
        if (b >= 0xc2 && b <= 0xdf) {
            need = 1;
        } else if (b >= 0xe0 && b <= 0xef) {
            need = 2;
            if (b == 0xe0) lo = 0xa0;
            if (b == 0xed) hi = 0x9f;
        } else if (b >= 0xf0 && b <= 0xf4) {
            need = 3;
            if (b == 0xf0) lo = 0x90;
            if (b == 0xf4) hi = 0x8f;
        } else {
            return static_cast<std::ptrdiff_t>(i);
        }
        if (i + need >= n) return static_cast<std::ptrdiff_t>(i);  // cut off by the end of the line
        if (bytes[i + 1] < lo || bytes[i + 1] > hi) return static_cast<std::ptrdiff_t>(i);
        for (std::size_t k = 2; k <= need; ++k)
            if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return static_cast<std::ptrdiff_t>(i);
        i += need + 1;
    }
    return -1;
}

namespace detail {

inline StreamError utf8_error(std::string_view line_text, std::ptrdiff_t at, std::uint64_t start, std::uint64_t line) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "%02X",
                  static_cast<unsigned>(static_cast<unsigned char>(line_text[static_cast<std::size_t>(at)])));
    return {"utf8", start + static_cast<std::uint64_t>(at), line, std::string("invalid UTF-8 (byte 0x") + byte + ")"};
}

inline StreamError too_long(std::uint64_t start, std::uint64_t line, std::size_t limit) {
    return {"line_too_long", start, line, "line longer than " + std::to_string(limit) + " bytes"};
}

// JSON whitespace only (LF cannot occur inside a line).
inline bool is_blank(std::string_view text) {
    for (char c : text)
        if (c != ' ' && c != '\t' && c != '\r') return false;
    return true;
}

// Sinks that keep owning copies of the records (feed() and end() without a sink).
inline auto collector(std::vector<NdjsonRecord>& out) {
    return overloaded{
        [&out](const NdjsonLine& line) {
            out.emplace_back(NdjsonItem{std::string(line.text), line.offset, line.line});
        },
        [&out](const StreamError& error) { out.emplace_back(error); },
    };
}

inline auto collector(std::vector<SseRecord>& out) {
    return overloaded{
        [&out](const SseEventView& e) {
            out.emplace_back(
                SseEvent{std::string(e.type), std::string(e.data), std::string(e.last_event_id), e.offset, e.line});
        },
        [&out](const SseRetry& retry) { out.emplace_back(retry); },
        [&out](const StreamError& error) { out.emplace_back(error); },
    };
}

}  // namespace detail
}  // namespace stream
}  // namespace contract
