// NDJSON and SSE writers: text (UTF-8) that the readers read back exactly.
// What a reader could not give back unchanged is refused with
// std::invalid_argument rather than written differently: a line break inside
// an NDJSON item, an SSE event name or id, a NUL in an id (the reader ignores
// such an id), a blank NDJSON item (the reader skips blank lines). SSE data is
// the one exception, because the format has no other way to carry a line
// break: data is split at CRLF, CR and LF into `data:` lines, which the reader
// joins with LF, so a bare CR is never written.
#pragma once

#include <optional>
#include <stdexcept>

#include "contract/stream/text.hpp"

namespace contract {
namespace stream {

namespace detail {

inline void write_field(std::string& out, std::string_view name, std::string_view value) {
    out.append(name);
    out += ':';
    if (!value.empty()) {
        out += ' ';
        out.append(value);
    }
    out += '\n';
}

// Calls f(piece) for each piece of `text` between CRLF, CR and LF.
template <class F>
void for_each_line(std::string_view text, F&& f) {
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\r' && text[i] != '\n') continue;
        f(text.substr(start, i - start));
        if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
        start = i + 1;
    }
    f(text.substr(start));
}

}  // namespace detail

// One NDJSON line: the item's JSON text and a LF.
inline std::string ndjson_line(std::string_view text) {
    if (text.find_first_of("\r\n") != std::string_view::npos)
        throw std::invalid_argument("an NDJSON item must not contain a line break");
    if (text.find_first_not_of(" \t") == std::string_view::npos)
        throw std::invalid_argument("an NDJSON item must not be blank");
    std::string out;
    out.reserve(text.size() + 1);
    out.append(text);
    out += '\n';
    return out;
}

struct SseFields {
    std::optional<std::string> event;  // absent: the reader's default type, `message`
    std::optional<std::string> id;     // absent: no id line, so the reader keeps the last id ("" clears it)
    std::optional<std::int64_t> retry;
};

// One SSE event: `event`, `id`, `retry`, the data lines and a blank line.
inline std::string sse_event(std::string_view data, const SseFields& fields = {}) {
    std::string out;
    out.reserve(data.size() + 64);
    if (fields.event) {
        if (fields.event->find_first_of("\r\n") != std::string::npos)
            throw std::invalid_argument("an SSE event name must not contain a line break");
        detail::write_field(out, "event", *fields.event);
    }
    if (fields.id) {
        if (fields.id->find_first_of(std::string_view("\r\n\0", 3)) != std::string::npos)
            throw std::invalid_argument("an SSE id must not contain a line break or NUL");
        detail::write_field(out, "id", *fields.id);
    }
    if (fields.retry) {
        if (*fields.retry < 0 || *fields.retry > kMaxRetryMs)
            throw std::invalid_argument("an SSE retry must be an integer from 0 to 2^53-1");
        detail::write_field(out, "retry", std::to_string(*fields.retry));
    }
    detail::for_each_line(data, [&out](std::string_view piece) { detail::write_field(out, "data", piece); });
    out += '\n';
    return out;
}

// Comment lines (`: text`), e.g. a keep-alive; they do not end an event.
inline std::string sse_comment(std::string_view text) {
    std::string out;
    detail::for_each_line(text, [&out](std::string_view piece) { detail::write_field(out, "", piece); });
    return out;
}

}  // namespace stream
}  // namespace contract
