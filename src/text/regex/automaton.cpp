#include "text/regex/automaton.h"

#include <algorithm>
#include <string>

namespace contractgen::text::regex {

namespace {

// Thompson's construction: each node becomes a fragment from a given state
// to the state it returns.
class NfaBuilder {
public:
    explicit NfaBuilder(std::size_t max_states) : max_(max_states) {}

    Nfa run(const Node& root) {
        // Σ* before and after: a match may start and end anywhere.
        int any = set_id(CharSet::all());
        int before = state();
        nfa_.out[before].push_back({Nfa::Edge::Chars, any, before});
        int inner = state();
        nfa_.out[before].push_back({Nfa::Edge::Epsilon, 0, inner});
        int end = build(root, inner);
        int after = state();
        nfa_.out[end].push_back({Nfa::Edge::Epsilon, 0, after});
        nfa_.out[after].push_back({Nfa::Edge::Chars, any, after});
        nfa_.start = before, nfa_.final = after;
        return std::move(nfa_);
    }

private:
    int state() {
        if (nfa_.out.size() >= max_)
            throw TooLarge("the pattern needs more than " + std::to_string(max_) + " automaton states");
        nfa_.out.emplace_back();
        return static_cast<int>(nfa_.out.size() - 1);
    }

    int set_id(const CharSet& s) {
        auto it = ids_.find(s.ranges());
        if (it != ids_.end()) return it->second;
        nfa_.sets.push_back(s);
        return ids_[s.ranges()] = static_cast<int>(nfa_.sets.size() - 1);
    }

    void edge(int from, Nfa::Edge e, int to, int set = 0) { nfa_.out[from].push_back({e, set, to}); }

    int build(const Node& n, int from) {
        switch (n.kind) {
            case Node::Kind::Empty: return from;
            case Node::Kind::Chars: {
                int to = state();
                edge(from, Nfa::Edge::Chars, to, set_id(n.chars));
                return to;
            }
            case Node::Kind::Concat:
                for (const auto& c : n.children) from = build(c, from);
                return from;
            case Node::Kind::Alternation: {
                int to = state();
                for (const auto& c : n.children) edge(build(c, from), Nfa::Edge::Epsilon, to);
                return to;
            }
            case Node::Kind::Repeat: return repeat(n, from);
            case Node::Kind::Start: return assertion(from, Nfa::Edge::Start);
            case Node::Kind::End: return assertion(from, Nfa::Edge::End);
            case Node::Kind::WordBoundary: return assertion(from, Nfa::Edge::WordBoundary);
            case Node::Kind::NotWordBoundary: return assertion(from, Nfa::Edge::NotWordBoundary);
        }
        return from;
    }

    int assertion(int from, Nfa::Edge e) {
        int to = state();
        edge(from, e, to);
        return to;
    }

    // x{min,max}: min copies in sequence, then a loop (unbounded) or
    // max - min optional copies. A loop starts at a state of its own, so
    // that its back edge cannot reach a sibling alternative.
    int repeat(const Node& n, int from) {
        const Node& body = n.children[0];
        if (static_cast<std::size_t>(n.min) > max_ || (n.max != kUnbounded && static_cast<std::size_t>(n.max) > max_))
            throw TooLarge("the repetition {" + std::to_string(n.min) + "," +
                           (n.max == kUnbounded ? std::string() : std::to_string(n.max)) + "} is too large to decide");
        for (std::uint32_t k = 0; k < n.min; ++k) from = build(body, from);
        if (n.max == kUnbounded) {
            int loop = state();
            edge(from, Nfa::Edge::Epsilon, loop);
            edge(build(body, loop), Nfa::Edge::Epsilon, loop);
            return loop;
        }
        int to = state();
        for (std::uint32_t k = n.min; k < n.max; ++k) {
            int start = state();
            edge(from, Nfa::Edge::Epsilon, start);
            edge(from, Nfa::Edge::Epsilon, to);
            from = build(body, start);
        }
        edge(from, Nfa::Edge::Epsilon, to);
        return to;
    }

    Nfa nfa_;
    std::map<std::vector<std::pair<char32_t, char32_t>>, int> ids_;
    std::size_t max_;
};

// How readable a code point is in a witness: lower is better (letters,
// digits, punctuation, space, then the rest by code point).
std::uint64_t readability(char32_t c) {
    if (c >= U'a' && c <= U'z') return c - U'a';
    if (c >= U'A' && c <= U'Z') return 100 + (c - U'A');
    if (c >= U'0' && c <= U'9') return 200 + (c - U'0');
    if (c > U' ' && c < 0x7F) return 300 + c;
    if (c == U' ') return 500;
    if (c > 0 && c < U' ') return 600 + c;  // shown escaped in JSON (\u000b): visible, unlike U+1680
    if (c >= 0xA1 && c != 0xAD) return 1000 + c;
    return 0x200000 + c;  // NUL, DEL and C1 controls, no-break space, soft hyphen
}

char32_t readable_member(const CharSet& s) {
    char32_t best = s.ranges().front().first;
    auto consider = [&](char32_t c) {
        if (s.contains(c) && readability(c) < readability(best)) best = c;
    };
    for (const auto& [lo, hi] : s.ranges()) {
        consider(lo);
        for (char32_t c : {U'a', U'A', U'0', U'!', U' ', U'\x01', char32_t(0xA1)})
            if (c >= lo && c <= hi) consider(c);
    }
    return best;
}

// A closed set of configurations: (state, pending) pairs, where pending
// says what the next character must be for an assertion already passed
// (\b, \B): 0 anything, 1 a word character, 2 a non-word one or the end.
using Configs = std::vector<int>;
constexpr int kPending = 3;

class Determiniser {
public:
    Determiniser(const Nfa& nfa, const Partition& p, std::size_t max) : nfa_(nfa), p_(p), max_(max) {
        for (const auto& s : nfa.sets) members_.push_back(p.members(s));
    }

    Dfa run() {
        Dfa dfa;
        dfa.start = intern(closure({nfa_.start * kPending}, true, false), true, false);
        for (std::size_t i = 0; i < states_.size(); ++i) {
            dfa.next.emplace_back(p_.classes.size());
            for (std::size_t k = 0; k < p_.classes.size(); ++k) {
                bool w = p_.word[k];
                dfa.next[i][k] = intern(closure(step(states_[i].configs, k), false, w), false, w);
            }
        }
        for (const auto& s : states_) dfa.accepting.push_back(accepts(s));
        dfa.live = dfa.accepting;
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t i = 0; i < dfa.next.size(); ++i)
                if (!dfa.live[i])
                    for (int t : dfa.next[i])
                        if (dfa.live[t]) {
                            dfa.live[i] = changed = true;
                            break;
                        }
        }
        return dfa;
    }

private:
    struct State {
        Configs configs;
        bool at_start, prev_word;
    };

    int intern(Configs c, bool at_start, bool prev_word) {
        c.push_back(at_start ? -1 : -2);
        c.push_back(prev_word ? -3 : -4);
        auto it = ids_.find(c);
        if (it != ids_.end()) return it->second;
        if (states_.size() >= max_)
            throw TooLarge("the pattern needs more than " + std::to_string(max_) + " automaton states");
        int id = static_cast<int>(states_.size());
        ids_.emplace(c, id);
        c.resize(c.size() - 2);
        states_.push_back({std::move(c), at_start, prev_word});
        return id;
    }

    // What follows from `seeds` without reading a character. `at_end`: the
    // text ends here (so `$` holds and the next "character" is no word one).
    Configs closure(Configs seeds, bool at_start, bool prev_word, bool at_end = false) const {
        std::vector<bool> seen(nfa_.out.size() * kPending);
        Configs todo = seeds, out;
        for (int c : seeds) seen[c] = true;
        while (!todo.empty()) {
            int c = todo.back();
            todo.pop_back();
            out.push_back(c);
            int s = c / kPending, pending = c % kPending;
            for (const auto& t : nfa_.out[s]) {
                int next_pending = pending;
                switch (t.edge) {
                    case Nfa::Edge::Chars: continue;
                    case Nfa::Edge::Epsilon: break;
                    case Nfa::Edge::Start:
                        if (!at_start) continue;
                        break;
                    case Nfa::Edge::End:
                        if (!at_end || pending == 1) continue;
                        break;
                    case Nfa::Edge::WordBoundary:
                    case Nfa::Edge::NotWordBoundary: {
                        bool boundary = t.edge == Nfa::Edge::WordBoundary;
                        // \b: the next is a word character iff the previous is not.
                        int need = (boundary != prev_word) ? 1 : 2;
                        if (pending != 0 && pending != need) continue;
                        if (at_end && need == 1) continue;
                        next_pending = need;
                        break;
                    }
                }
                int next = t.to * kPending + next_pending;
                if (!seen[next]) seen[next] = true, todo.push_back(next);
            }
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    Configs step(const Configs& from, std::size_t k) const {
        bool w = p_.word[k];
        Configs out;
        for (int c : from) {
            int pending = c % kPending;
            if ((pending == 1 && !w) || (pending == 2 && w)) continue;
            for (const auto& t : nfa_.out[c / kPending])
                if (t.edge == Nfa::Edge::Chars && members_[t.set][k]) out.push_back(t.to * kPending);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    bool accepts(const State& s) const {
        for (int c : closure(s.configs, s.at_start, s.prev_word, /*at_end=*/true))
            if (c / kPending == nfa_.final && c % kPending != 1) return true;
        return false;
    }

    const Nfa& nfa_;
    const Partition& p_;
    std::size_t max_;
    std::vector<std::vector<bool>> members_;
    std::map<Configs, int> ids_;
    std::vector<State> states_;
};

}  // namespace

Nfa search_nfa(const Node& root, std::size_t max_states) { return NfaBuilder(max_states).run(root); }

std::vector<bool> Partition::members(const CharSet& set) const {
    std::vector<bool> out(classes.size());
    for (std::size_t k = 0; k < classes.size(); ++k) out[k] = set.contains(classes[k].ranges().front().first);
    return out;
}

Partition partition(const std::vector<const Nfa*>& nfas) {
    std::vector<const CharSet*> sets;
    CharSet word = ecma_word();
    sets.push_back(&word);
    for (const auto* n : nfas)
        for (const auto& s : n->sets) sets.push_back(&s);
    // Elementary intervals: between consecutive boundaries of any set.
    std::vector<char32_t> cuts{0, 0xD800, 0xE000, kMaxCodePoint + 1};
    for (const auto* s : sets)
        for (const auto& [lo, hi] : s->ranges()) cuts.push_back(lo), cuts.push_back(hi + 1);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    // Intervals in the same sets form one class.
    std::map<std::vector<bool>, std::size_t> by_signature;
    Partition p;
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        char32_t lo = cuts[i], hi = cuts[i + 1] - 1;
        if (lo == 0xD800) continue;  // surrogates
        std::vector<bool> signature;
        signature.reserve(sets.size());
        for (const auto* s : sets) signature.push_back(s->contains(lo));
        auto [it, fresh] = by_signature.emplace(signature, p.classes.size());
        if (fresh) {
            p.classes.emplace_back();
            p.word.push_back(signature[0]);
        }
        p.classes[it->second].add(lo, hi);
    }
    for (const auto& c : p.classes) p.representative.push_back(readable_member(c));
    // Classes in the order of their representatives' readability, so that a
    // breadth-first search finds readable witnesses first.
    std::vector<std::size_t> order(p.classes.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return readability(p.representative[a]) < readability(p.representative[b]);
    });
    Partition sorted;
    for (std::size_t i : order) {
        sorted.classes.push_back(p.classes[i]);
        sorted.representative.push_back(p.representative[i]);
        sorted.word.push_back(p.word[i]);
    }
    return sorted;
}

Dfa determinise(const Nfa& nfa, const Partition& p, std::size_t max_states) {
    return Determiniser(nfa, p, max_states).run();
}

}  // namespace contractgen::text::regex
