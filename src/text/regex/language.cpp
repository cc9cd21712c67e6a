#include "text/regex/language.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

#include "text/regex/automaton.h"
#include "text/utf8.h"

namespace contractgen::text::regex {

namespace {

struct VectorHash {
    std::size_t operator()(const std::vector<int>& v) const {
        std::size_t h = v.size();
        for (int x : v) h = h * 1000003u ^ static_cast<std::size_t>(x);
        return h;
    }
};

// The sets' automata over one partition, searched breadth first together:
// a node is the state of every automaton and the length read (counted up
// to one past the largest length bound, beyond which lengths agree).
class Product {
public:
    Product(const std::vector<const StringSet*>& sets, const Limits& limits) : sets_(sets), limits_(limits) {
        std::vector<Nfa> nfas;
        for (const auto* s : sets)
            for (const auto& pattern : s->patterns) {
                auto parsed = parse(pattern);
                if (const auto* u = std::get_if<Unsupported>(&parsed))
                    throw Undecided{"pattern " + quoted(pattern) + ": " + u->reason};
                try {
                    nfas.push_back(search_nfa(std::get<Node>(parsed), limits.nfa_states));
                } catch (const TooLarge& e) {
                    throw Undecided{"pattern " + quoted(pattern) + ": " + e.what()};
                }
            }
        std::vector<const Nfa*> pointers;
        for (const auto& n : nfas) pointers.push_back(&n);
        partition_ = partition(pointers);
        std::size_t k = 0;
        for (const auto* s : sets) {
            owner_begin_.push_back(k);
            for (const auto& pattern : s->patterns) {
                try {
                    dfas_.push_back(determinise(nfas[k], partition_, limits.dfa_states));
                } catch (const TooLarge& e) {
                    throw Undecided{"pattern " + quoted(pattern) + ": " + e.what()};
                }
                ++k;
            }
            cap_ = std::max(cap_, s->min_length);
            if (s->max_length) cap_ = std::max(cap_, *s->max_length + 1);
        }
        owner_begin_.push_back(k);
    }

    struct Undecided {
        std::string reason;
    };

    // Breadth first from the empty string; `visit` sees each node's string
    // (once per node) with which sets accept it, and returns false to stop.
    template <class Visit>
    void search(Visit visit) {
        std::vector<int> start;
        for (const auto& d : dfas_) start.push_back(d.start);
        start.push_back(0);
        std::unordered_map<std::vector<int>, std::size_t, VectorHash> seen;
        std::vector<std::pair<std::size_t, int>> parent;  // node → (parent node, class)
        std::vector<std::vector<int>> nodes;
        seen.emplace(start, 0);
        nodes.push_back(start);
        parent.emplace_back(SIZE_MAX, -1);
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            std::vector<bool> in(sets_.size()), alive(sets_.size());
            for (std::size_t s = 0; s < sets_.size(); ++s)
                in[s] = accepted(nodes[i], s), alive[s] = can_accept(nodes[i], s);
            if (!visit(in, [&] { return text(parent, i); })) return;
            if (std::none_of(alive.begin(), alive.end(), [](bool b) { return b; })) continue;
            for (std::size_t k = 0; k < partition_.classes.size(); ++k) {
                std::vector<int> next = nodes[i];
                for (std::size_t d = 0; d < dfas_.size(); ++d) next[d] = dfas_[d].next[next[d]][k];
                next.back() = static_cast<int>(std::min<std::uint64_t>(next.back() + 1, cap_));
                if (seen.count(next)) continue;
                if (nodes.size() >= limits_.searched)
                    throw Undecided{"more than " + std::to_string(limits_.searched) + " states to search"};
                seen.emplace(next, nodes.size());
                nodes.push_back(std::move(next));
                parent.emplace_back(i, static_cast<int>(k));
            }
        }
    }

    static std::string quoted(const std::string& p) { return "'" + p + "'"; }

private:
    bool accepted(const std::vector<int>& node, std::size_t s) const {
        auto len = static_cast<std::uint64_t>(node.back());
        if (len < sets_[s]->min_length || (sets_[s]->max_length && len > *sets_[s]->max_length)) return false;
        for (std::size_t d = owner_begin_[s]; d < owner_begin_[s + 1]; ++d)
            if (!dfas_[d].accepting[node[d]]) return false;
        return true;
    }

    bool can_accept(const std::vector<int>& node, std::size_t s) const {
        auto len = static_cast<std::uint64_t>(node.back());
        if (sets_[s]->max_length && len > *sets_[s]->max_length) return false;
        for (std::size_t d = owner_begin_[s]; d < owner_begin_[s + 1]; ++d)
            if (!dfas_[d].live[node[d]]) return false;
        return true;
    }

    std::string text(const std::vector<std::pair<std::size_t, int>>& parent, std::size_t i) const {
        std::vector<char32_t> cps;
        for (; parent[i].first != SIZE_MAX; i = parent[i].first)
            cps.push_back(partition_.representative[parent[i].second]);
        std::string out;
        for (auto it = cps.rbegin(); it != cps.rend(); ++it) text::append_utf8(out, *it);
        return out;
    }

    std::vector<const StringSet*> sets_;
    Limits limits_;
    Partition partition_;
    std::vector<Dfa> dfas_;
    std::vector<std::size_t> owner_begin_;  // dfas_ of set s: [owner_begin_[s], owner_begin_[s+1])
    std::uint64_t cap_ = 0;
};

}  // namespace

Difference difference(const StringSet& first, const StringSet& second, std::size_t max_each, const Limits& limits) {
    Difference out;
    try {
        Product product({&first, &second}, limits);
        product.search([&](const std::vector<bool>& in, auto text) {
            if (in[0] && !in[1] && out.only_first.size() < max_each) out.only_first.push_back(text());
            if (in[1] && !in[0] && out.only_second.size() < max_each) out.only_second.push_back(text());
            return out.only_first.size() < max_each || out.only_second.size() < max_each;
        });
    } catch (const Product::Undecided& u) {
        out = Difference{};
        out.undecided = u.reason;
    }
    return out;
}

Members members(const StringSet& set, std::size_t max, const Limits& limits) {
    Members out;
    try {
        Product product({&set}, limits);
        product.search([&](const std::vector<bool>& in, auto text) {
            if (in[0]) out.strings.push_back(text());
            return out.strings.size() < max;
        });
    } catch (const Product::Undecided& u) {
        out = Members{};
        out.undecided = u.reason;
    }
    return out;
}

}  // namespace contractgen::text::regex
