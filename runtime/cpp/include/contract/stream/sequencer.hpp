// The packet sequencer of the StreamPacket protocol (schemas/README.md: `packets`). Per
// stream_id the seq numbers must rise by one from packet to packet; a packet
// whose op is terminal (CLOSE) ends the stream. Packets go in in arrival
// order; deliveries and findings come out, findings about a packet before its
// delivery. Findings: gap (expected = the first missing seq), duplicate,
// reorder (below the highest seq received), late (reorder policy: its gap was
// given up), before_first (below first_seq), after_close, error_packet,
// unterminated (at finish()). Policies: report delivers every new packet at
// once; reorder holds up to `window` packets per stream ahead of a gap and
// delivers in order, reporting the gap only if it is never filled. The op
// names come from the contract's tables (TerminalOpCodes, the ERROR op).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace contract {
namespace stream {

struct SequencerConfig {
    std::vector<std::string> terminal_ops;
    std::string error_op;
    std::string policy = "report";  // or "reorder"
    std::size_t window = 0;         // reorder: packets held per stream before a gap is given up
    std::optional<std::int64_t> first_seq;  // the first seq of every stream, when the protocol fixes it
};

template <class P>
struct Delivery {
    std::string stream_id;
    std::int64_t seq = 0;
    P packet;
};

struct Finding {
    std::string kind;
    std::string stream_id;
    std::int64_t seq = 0;
    std::optional<std::int64_t> expected;  // gap: the first missing seq; before_first: the first seq
    std::string message;
};

template <class P>
using SequencerOutput = std::variant<Delivery<P>, Finding>;

template <class P>
class PacketSequencer {
public:
    explicit PacketSequencer(SequencerConfig config) : config_(std::move(config)) {
        if (config_.policy != "report" && config_.policy != "reorder")
            throw std::invalid_argument("unknown sequencer policy '" + config_.policy + "'");
    }

    std::vector<SequencerOutput<P>> push(const std::string& stream_id, std::int64_t seq, const std::string& op,
                                         P packet) {
        std::vector<SequencerOutput<P>> out;
        auto found = index_.find(stream_id);
        if (found == index_.end()) {
            found = index_.emplace(stream_id, streams_.size()).first;
            Stream fresh;
            fresh.id = stream_id;
            fresh.next = config_.first_seq.value_or(seq);
            if (config_.first_seq) fresh.highest = *config_.first_seq - 1;
            streams_.push_back(std::move(fresh));
        }
        Stream& stream = streams_[found->second];
        if (stream.closed) {
            out.emplace_back(after_close(stream.id, seq));
        } else if (config_.first_seq && seq < *config_.first_seq) {
            const std::int64_t first = *config_.first_seq;
            out.emplace_back(
                Finding{"before_first", stream.id, seq, first,
                        "seq " + std::to_string(seq) + " is below the first seq " + std::to_string(first)});
        } else if (config_.policy == "report") {
            report(stream, seq, op, std::move(packet), out);
        } else {
            reorder(stream, seq, op, std::move(packet), out);
        }
        return out;
    }

    // The end of the input: held packets are released past their gaps; open streams are reported.
    std::vector<SequencerOutput<P>> finish() {
        std::vector<SequencerOutput<P>> out;
        for (Stream& stream : streams_) {
            while (!stream.held.empty() && !stream.closed) give_up(stream, out);
            if (!stream.closed)
                out.emplace_back(Finding{"unterminated", stream.id, stream.highest.value_or(stream.next), std::nullopt,
                                         "the stream has no terminal packet"});
        }
        return out;
    }

private:
    struct Stream {
        std::string id;
        std::optional<std::int64_t> highest;  // highest seq received
        std::int64_t next = 0;                // reorder: the seq to deliver next
        bool closed = false;
        std::map<std::int64_t, std::int64_t> missing;  // lo -> hi, disjoint ranges known to be missing
        std::map<std::int64_t, std::pair<std::string, P>> held;  // reorder: seq -> (op, packet)
    };

    static std::string num(std::int64_t n) { return std::to_string(n); }
    static Finding duplicate(const std::string& sid, std::int64_t seq) {
        return {"duplicate", sid, seq, std::nullopt, "seq " + num(seq) + " was already received"};
    }
    static Finding reordered(const std::string& sid, std::int64_t seq, std::int64_t highest) {
        return {"reorder", sid, seq, std::nullopt, "seq " + num(seq) + " arrived after seq " + num(highest)};
    }
    static Finding after_close(const std::string& sid, std::int64_t seq) {
        return {"after_close", sid, seq, std::nullopt, "seq " + num(seq) + " after the stream was closed"};
    }
    static Finding gap(const std::string& sid, std::int64_t seq, std::int64_t lo, std::int64_t hi) {
        const std::string missing = lo == hi ? "seq " + num(lo) : "seqs " + num(lo) + ".." + num(hi);
        return {"gap", sid, seq, lo, missing + " missing before seq " + num(seq)};
    }

    // Removes `seq` from the missing ranges if it is there; tells whether it was.
    static bool take_missing(Stream& stream, std::int64_t seq) {
        auto it = stream.missing.upper_bound(seq);
        if (it == stream.missing.begin()) return false;
        --it;
        const auto [lo, hi] = *it;
        if (hi < seq) return false;
        stream.missing.erase(it);
        if (lo <= seq - 1) stream.missing.emplace(lo, seq - 1);
        if (seq + 1 <= hi) stream.missing.emplace(seq + 1, hi);
        return true;
    }

    void report(Stream& stream, std::int64_t seq, const std::string& op, P packet,
                std::vector<SequencerOutput<P>>& out) {
        if (stream.highest && seq <= *stream.highest) {
            if (!take_missing(stream, seq)) {
                out.emplace_back(duplicate(stream.id, seq));
                return;
            }
            out.emplace_back(reordered(stream.id, seq, *stream.highest));
        } else {
            if (stream.highest && seq > *stream.highest + 1) {
                out.emplace_back(gap(stream.id, seq, *stream.highest + 1, seq - 1));
                stream.missing.emplace(*stream.highest + 1, seq - 1);
            }
            stream.highest = seq;
        }
        deliver(stream, seq, op, std::move(packet), out);
    }

    void reorder(Stream& stream, std::int64_t seq, const std::string& op, P packet,
                 std::vector<SequencerOutput<P>>& out) {
        if (seq < stream.next) {
            if (take_missing(stream, seq))
                out.emplace_back(Finding{"late", stream.id, seq, std::nullopt,
                                         "seq " + num(seq) + " arrived after its gap was given up"});
            else
                out.emplace_back(duplicate(stream.id, seq));
            return;
        }
        if (stream.held.count(seq) != 0) {
            out.emplace_back(duplicate(stream.id, seq));
            return;
        }
        if (stream.highest && seq < *stream.highest) out.emplace_back(reordered(stream.id, seq, *stream.highest));
        stream.highest = stream.highest ? std::max(*stream.highest, seq) : seq;
        stream.held.emplace(seq, std::make_pair(op, std::move(packet)));
        release(stream, out);
        if (stream.held.size() > config_.window) give_up(stream, out);
    }

    void release(Stream& stream, std::vector<SequencerOutput<P>>& out) {
        for (auto it = stream.held.find(stream.next); it != stream.held.end() && !stream.closed;
             it = stream.held.find(stream.next)) {
            const std::int64_t seq = it->first;
            auto [op, packet] = std::move(it->second);
            stream.held.erase(it);
            deliver(stream, seq, op, std::move(packet), out);
            stream.next = seq + 1;
        }
        if (stream.closed) {
            for (const auto& entry : stream.held) out.emplace_back(after_close(stream.id, entry.first));
            stream.held.clear();
        }
    }

    void give_up(Stream& stream, std::vector<SequencerOutput<P>>& out) {
        const std::int64_t lowest = stream.held.begin()->first;
        out.emplace_back(gap(stream.id, lowest, stream.next, lowest - 1));
        stream.missing.emplace(stream.next, lowest - 1);
        stream.next = lowest;
        release(stream, out);
    }

    void deliver(Stream& stream, std::int64_t seq, const std::string& op, P packet,
                 std::vector<SequencerOutput<P>>& out) {
        if (op == config_.error_op)
            out.emplace_back(
                Finding{"error_packet", stream.id, seq, std::nullopt, "seq " + num(seq) + " is an " + op + " packet"});
        out.emplace_back(Delivery<P>{stream.id, seq, std::move(packet)});
        for (const auto& terminal : config_.terminal_ops)
            if (op == terminal) stream.closed = true;
    }

    SequencerConfig config_;
    std::vector<Stream> streams_;  // in order of first appearance (finish() reports in that order)
    std::unordered_map<std::string, std::size_t> index_;
};

}  // namespace stream
}  // namespace contract
