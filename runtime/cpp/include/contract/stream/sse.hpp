// The incremental SSE reader: the WHATWG HTML "event stream" interpretation
// with strict UTF-8 and size limits. One leading BOM is stripped; lines end at
// CR, LF or CRLF; `data` lines are joined with LF; `event`, `id` (ignored if
// it contains NUL, kept across events), `retry` (ASCII digits only, at most
// 2^53-1), `:` comments and fields without a colon; one space after the colon
// is stripped; a blank line dispatches, never with an empty data buffer.
// After an error the event being read is discarded and the reader skips to
// the next blank line; end() reports a started, undispatched event.
#pragma once

#include <optional>
#include <stdexcept>

#include "contract/stream/text.hpp"

namespace contract {
namespace stream {

struct SseReaderOptions {
    std::size_t max_line_bytes = kDefaultMaxLineBytes;
    // Bounds an event's data buffer as the standard builds it: each data
    // line's value plus one LF.
    std::size_t max_event_bytes = kDefaultMaxEventBytes;
    // Seeds the last event ID (to resume after a reconnection, as EventSource keeps it).
    std::string last_event_id;
};

class SseReader {
public:
    explicit SseReader(SseReaderOptions options = {})
        : options_(std::move(options)), id_buffer_(options_.last_event_id), last_event_id_(options_.last_event_id) {}

    // The last event ID string: set when an event is dispatched (also with empty data).
    const std::string& last_event_id() const { return last_event_id_; }
    // The reconnection time from the last valid `retry` field.
    std::optional<std::int64_t> reconnection_time() const { return reconnection_time_; }

    // Calls sink(const SseEventView&), sink(const SseRetry&) or
    // sink(const StreamError&) per record, in stream order.
    template <class Sink>
    void feed(std::string_view chunk, Sink&& sink) {
        if (ended_) throw std::logic_error("SseReader::feed after end()");
        std::string joined;  // the held BOM-like bytes and the chunk, when they turn out to be data
        if (bom_left_ > 0) {
            chunk = strip_bom(chunk, joined);
            if (bom_left_ > 0) return;
        }
        if (after_cr_ && !chunk.empty()) {
            after_cr_ = false;
            if (chunk.front() == '\n') {  // the LF of a CRLF split across chunks
                chunk.remove_prefix(1);
                ++offset_;
                ++line_start_;
            }
        }
        const std::uint64_t base = offset_;
        const std::size_t n = chunk.size();
        std::size_t pos = 0;
        std::size_t cr = find(chunk, '\r', 0);  // kept across lines: most streams have no CR at all
        while (pos < n) {
            if (cr < pos) cr = find(chunk, '\r', pos);
            const std::size_t lf = find(chunk, '\n', pos);
            const std::size_t end = cr < lf ? cr : lf;
            if (end == std::string_view::npos) break;
            std::size_t next = end + 1;
            if (end == cr) {
                if (next < n && chunk[next] == '\n') ++next;
                else if (next == n)
                    after_cr_ = true;
            }
            complete_line(chunk.substr(pos, end - pos), sink);
            pos = next;
            ++line_;
            line_start_ = base + pos;
        }
        if (pos < n) partial(chunk.substr(pos), sink);
        offset_ = base + n;
    }

    template <class Sink>
    void end(Sink&& sink) {
        if (ended_) return;
        if (bom_left_ > 0 && !held_.empty()) {
            // Fewer than three bytes, all a prefix of the BOM: they are data.
            const std::string held = std::move(held_);
            bom_left_ = 0;
            partial(held, sink);
        }
        ended_ = true;
        if (discard_event_ || discard_line_) return;
        if (!pending_.empty() || data_lines_ > 0 || !event_type_.empty()) {
            const bool block = block_offset_.has_value();
            sink(StreamError{"truncated", block ? *block_offset_ : line_start_, block ? block_line_ : line_,
                             "stream ends inside an event (no blank line after it)"});
        }
    }

    std::vector<SseRecord> feed(std::string_view chunk) {
        std::vector<SseRecord> out;
        feed(chunk, detail::collector(out));
        return out;
    }

    std::vector<SseRecord> end() {
        std::vector<SseRecord> out;
        end(detail::collector(out));
        return out;
    }

private:
    static std::size_t find(std::string_view text, char c, std::size_t from) {
        if (from >= text.size()) return std::string_view::npos;
        const void* at = std::memchr(text.data() + from, c, text.size() - from);
        return at == nullptr ? std::string_view::npos
                             : static_cast<std::size_t>(static_cast<const char*>(at) - text.data());
    }

    // Compares the stream's first bytes with EF BB BF, across chunks.
    std::string_view strip_bom(std::string_view chunk, std::string& joined) {
        static constexpr char kBom[] = "\xEF\xBB\xBF";
        std::size_t used = 0;
        while (held_.size() < 3 && used < chunk.size() && chunk[used] == kBom[held_.size()]) held_ += chunk[used++];
        if (held_.size() < 3 && used == chunk.size()) return {};  // still undecided
        bom_left_ = 0;
        if (held_.size() == 3) {
            held_.clear();
            offset_ = line_start_ = 3;
            return chunk.substr(used);
        }
        // Not a BOM: the held bytes are data, followed by the rest of the chunk.
        joined = std::move(held_);
        held_.clear();
        joined.append(chunk.substr(used));
        return joined;
    }

    template <class Sink>
    void partial(std::string_view tail, Sink& sink) {
        if (discard_line_) return;
        if (discard_event_) {
            discard_line_ = true;  // a non-empty line while skipping an event: never buffered
            return;
        }
        if (pending_.size() + tail.size() > options_.max_line_bytes) {
            fail(detail::too_long(line_start_, line_, options_.max_line_bytes), sink);
            discard_line_ = true;
            pending_.clear();
        } else {
            pending_.append(tail);
        }
    }

    template <class Sink>
    void complete_line(std::string_view piece, Sink& sink) {
        if (discard_line_) {
            discard_line_ = false;
            return;
        }
        if (!pending_.empty()) {
            if (pending_.size() + piece.size() > options_.max_line_bytes) {
                pending_.clear();
                fail(detail::too_long(line_start_, line_, options_.max_line_bytes), sink);
                return;
            }
            pending_.append(piece);
            line_buffer_.swap(pending_);
            pending_.clear();
            piece = line_buffer_;
        }
        if (piece.empty()) {
            if (discard_event_) {
                discard_event_ = false;
                block_offset_.reset();
            } else {
                dispatch(sink);
            }
            return;
        }
        if (discard_event_) return;
        if (piece.size() > options_.max_line_bytes) {
            fail(detail::too_long(line_start_, line_, options_.max_line_bytes), sink);
            return;
        }
        if (!block_offset_) {
            block_offset_ = line_start_;
            block_line_ = line_;
        }
        const std::ptrdiff_t bad = invalid_utf8_at(piece);
        if (bad >= 0) fail(detail::utf8_error(piece, bad, line_start_, line_), sink);
        else
            field(piece, sink);
    }

    template <class Sink>
    void field(std::string_view text, Sink& sink) {
        const std::size_t colon = text.find(':');
        if (colon == 0) return;  // a comment
        std::string_view name = text, value;
        if (colon != std::string_view::npos) {
            name = text.substr(0, colon);
            value = text.substr(colon + 1);
            if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
        }
        if (name == "data") {
            const std::size_t bytes = (data_lines_ == 0 ? 0 : data_.size() + 1) + value.size() + 1;
            if (bytes > options_.max_event_bytes) {
                fail(StreamError{"event_too_long", line_start_, line_,
                                 "event data longer than " + std::to_string(options_.max_event_bytes) + " bytes"},
                     sink);
                return;
            }
            if (data_lines_++ > 0) data_ += '\n';
            data_.append(value);
        } else if (name == "event") {
            event_type_.assign(value);
        } else if (name == "id") {
            if (value.find('\0') == std::string_view::npos) {
                id_buffer_.assign(value);
                own_id_ = true;
            }
        } else if (name == "retry") {
            if (auto ms = retry_value(value)) {
                reconnection_time_ = *ms;
                sink(SseRetry{*ms, line_start_, line_});
            }
        }
    }

    // ASCII digits only (at least one), at most kMaxRetryMs.
    static std::optional<std::int64_t> retry_value(std::string_view value) {
        if (value.empty()) return std::nullopt;
        for (char c : value)
            if (c < '0' || c > '9') return std::nullopt;
        while (value.size() > 1 && value.front() == '0') value.remove_prefix(1);
        if (value.size() > 16) return std::nullopt;
        std::int64_t ms = 0;
        for (char c : value) ms = ms * 10 + (c - '0');
        return ms <= kMaxRetryMs ? std::optional<std::int64_t>(ms) : std::nullopt;
    }

    template <class Sink>
    void dispatch(Sink& sink) {
        last_event_id_ = id_buffer_;
        const std::optional<std::uint64_t> offset = block_offset_;
        const bool own_id = std::exchange(own_id_, false);
        block_offset_.reset();
        if (data_lines_ == 0) {
            event_type_.clear();
            return;
        }
        const std::string_view type = event_type_.empty() ? std::string_view("message") : std::string_view(event_type_);
        sink(SseEventView{type, data_, last_event_id_, offset.value_or(0), block_line_, own_id});
        reset_event();
    }

    template <class Sink>
    void fail(const StreamError& error, Sink& sink) {
        sink(error);
        discard_event_ = true;
        reset_event();
    }

    void reset_event() {
        data_.clear();
        data_lines_ = 0;
        event_type_.clear();
        own_id_ = false;
    }

    SseReaderOptions options_;
    std::string pending_;      // the unfinished line's bytes
    std::string line_buffer_;  // a finished line assembled from pieces
    std::string held_;         // the first bytes while they may be a BOM
    int bom_left_ = 3;
    bool after_cr_ = false;       // the last line ended with CR: a LF next is part of its line end
    bool discard_line_ = false;   // the rest of a too-long line
    bool discard_event_ = false;  // skipping to the next blank line
    bool ended_ = false;
    std::uint64_t offset_ = 0;
    std::uint64_t line_start_ = 0;
    std::uint64_t line_ = 1;
    std::string data_;
    std::size_t data_lines_ = 0;
    std::string event_type_;
    std::string id_buffer_;
    std::string last_event_id_;
    bool own_id_ = false;  // the event being read has an `id` field of its own
    std::optional<std::int64_t> reconnection_time_;
    std::optional<std::uint64_t> block_offset_;  // where the event's first line starts
    std::uint64_t block_line_ = 0;
};

}  // namespace stream
}  // namespace contract
