// The incremental NDJSON reader: feed byte chunks of any size, get lines out.
//
// Lines end at LF; one CR before the LF is dropped; blank lines (JSON
// whitespace only) are skipped. Every byte before the LF counts against the
// maximum line size. A BOM is not special: it stays in the first item, where
// the JSON decoder rejects it (docs/semantics.md, payload policy). end()
// reports an unfinished, non-blank last line as `truncated`.
#pragma once

#include <stdexcept>

#include "contract/stream/text.hpp"

namespace contract {
namespace stream {

class NdjsonReader {
public:
    explicit NdjsonReader(std::size_t max_line_bytes = kDefaultMaxLineBytes) : max_(max_line_bytes) {}

    // Calls sink(const NdjsonLine&) or sink(const StreamError&) per record, in
    // stream order; a line's view is valid during the call only.
    template <class Sink>
    void feed(std::string_view chunk, Sink&& sink) {
        if (ended_) throw std::logic_error("NdjsonReader::feed after end()");
        const std::uint64_t base = offset_;
        std::size_t pos = 0;
        while (pos < chunk.size()) {
            const void* found = std::memchr(chunk.data() + pos, '\n', chunk.size() - pos);
            if (found == nullptr) break;
            const auto lf = static_cast<std::size_t>(static_cast<const char*>(found) - chunk.data());
            const std::string_view piece = chunk.substr(pos, lf - pos);
            if (skipping_) {
                skipping_ = false;
            } else if (pending_.empty()) {
                take_line(piece, sink);
            } else if (pending_.size() + piece.size() > max_) {
                pending_.clear();
                sink(detail::too_long(line_start_, line_, max_));
            } else {
                pending_.append(piece);
                take_line(pending_, sink);
                pending_.clear();
            }
            pos = lf + 1;
            ++line_;
            line_start_ = base + pos;
        }
        if (pos < chunk.size() && !skipping_) {
            if (pending_.size() + (chunk.size() - pos) > max_) {
                sink(detail::too_long(line_start_, line_, max_));
                skipping_ = true;
                pending_.clear();
            } else {
                pending_.append(chunk.substr(pos));
            }
        }
        offset_ = base + chunk.size();
    }

    // The end of the input.
    template <class Sink>
    void end(Sink&& sink) {
        if (ended_) return;
        ended_ = true;
        if (skipping_ || detail::is_blank(pending_)) return;
        sink(StreamError{"truncated", line_start_, line_, "stream ends inside a line (no line feed after it)"});
    }

    std::vector<NdjsonRecord> feed(std::string_view chunk) {
        std::vector<NdjsonRecord> out;
        feed(chunk, detail::collector(out));
        return out;
    }

    std::vector<NdjsonRecord> end() {
        std::vector<NdjsonRecord> out;
        end(detail::collector(out));
        return out;
    }

private:
    template <class Sink>
    void take_line(std::string_view raw, Sink& sink) {
        if (raw.size() > max_) {
            sink(detail::too_long(line_start_, line_, max_));
            return;
        }
        if (detail::is_blank(raw)) return;
        if (raw.back() == '\r') raw.remove_suffix(1);
        const std::ptrdiff_t bad = invalid_utf8_at(raw);
        if (bad >= 0) {
            sink(detail::utf8_error(raw, bad, line_start_, line_));
            return;
        }
        sink(NdjsonLine{raw, line_start_, line_});
    }

    std::size_t max_;
    std::string pending_;    // the unfinished line's bytes
    bool skipping_ = false;  // inside a line already reported too long
    std::uint64_t offset_ = 0;
    std::uint64_t line_start_ = 0;
    std::uint64_t line_ = 1;
    bool ended_ = false;
};

}  // namespace stream
}  // namespace contract
