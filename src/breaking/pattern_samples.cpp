#include "breaking/pattern_samples.h"

#include <algorithm>
#include <cstdint>
#include <set>

#include "validate/rules.h"

namespace contractgen::breaking {

using validate::pattern_matches;

namespace {

constexpr std::size_t kLimit = 8;  // samples kept per node

std::string utf8(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

using Samples = std::vector<std::string>;

Samples limited(Samples s) {
    std::stable_sort(s.begin(), s.end(), [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
    s.erase(std::unique(s.begin(), s.end()), s.end());
    if (s.size() > kLimit) s.resize(kLimit);
    return s;
}

// Recursive descent over the portable subset, producing samples per node.
class Generator {
public:
    explicit Generator(const std::string& p) : p_(p) {}
    Samples run() { return disjunction(); }

private:
    bool at_end() const { return i_ >= p_.size(); }

    Samples disjunction() {
        Samples all = alternative();
        while (!at_end() && p_[i_] == '|') {
            ++i_;
            Samples more = alternative();
            all.insert(all.end(), more.begin(), more.end());
        }
        return limited(all);
    }

    Samples alternative() {
        Samples acc{""};
        while (!at_end() && p_[i_] != '|' && p_[i_] != ')') {
            Samples atom_samples = term();
            Samples next;
            for (const auto& a : acc)
                for (const auto& b : atom_samples) next.push_back(a + b);
            acc = limited(next);
        }
        return acc;
    }

    Samples term() {
        char c = p_[i_];
        if (c == '^' || c == '$') {
            ++i_;
            return {""};
        }
        Samples base = atom();
        return quantified(base);
    }

    Samples quantified(const Samples& base) {
        if (at_end()) return base;
        std::uint64_t lo = 1, hi = 1;
        char c = p_[i_];
        if (c == '*') lo = 0, hi = UINT64_MAX;
        else if (c == '+') lo = 1, hi = UINT64_MAX;
        else if (c == '?') lo = 0, hi = 1;
        else if (c == '{') {
            auto close = p_.find('}', i_);
            std::string body = p_.substr(i_ + 1, close - i_ - 1);
            auto comma = body.find(',');
            lo = std::stoull(body.substr(0, comma));
            hi = comma == std::string::npos ? lo : comma + 1 == body.size() ? UINT64_MAX : std::stoull(body.substr(comma + 1));
            i_ = close;
        } else {
            return base;
        }
        ++i_;
        if (!at_end() && p_[i_] == '?') ++i_;  // lazy: the same strings
        Samples out;
        for (std::uint64_t n : {lo, lo + 1, lo + 2}) {
            if (n > hi || n > 64) continue;
            for (const auto& b : base) {
                std::string s;
                for (std::uint64_t k = 0; k < n; ++k) s += b;
                out.push_back(s);
            }
        }
        return limited(out);
    }

    Samples atom() {
        char c = p_[i_++];
        switch (c) {
            case '.': return {"a", "0"};
            case '[': return char_class();
            case '(': {
                bool lookahead = p_.compare(i_, 2, "?=") == 0 || p_.compare(i_, 2, "?!") == 0;
                if (p_.compare(i_, 2, "?:") == 0 || lookahead) i_ += 2;
                Samples inner = disjunction();
                if (!at_end()) ++i_;  // ')'
                return lookahead ? Samples{""} : inner;
            }
            case '\\': return escape();
            default: {
                // A literal, possibly a multi-byte UTF-8 sequence.
                std::size_t start = i_ - 1;
                while (!at_end() && (static_cast<unsigned char>(p_[i_]) & 0xC0) == 0x80) ++i_;
                return {p_.substr(start, i_ - start)};
            }
        }
    }

    Samples escape() {
        char e = p_[i_++];
        switch (e) {
            case 'd': return {"0", "7"};
            case 'D': return {"a", "-"};
            case 'w': return {"a", "_", "0"};
            case 'W': return {"-", " "};
            case 'n': return {"\n"};
            case 'r': return {"\r"};
            case 't': return {"\t"};
            case 'f': return {"\f"};
            case 'v': return {"\v"};
            case 'b':
            case 'B': return {""};
            case 'u': {
                char32_t cp = static_cast<char32_t>(std::stoul(p_.substr(i_, 4), nullptr, 16));
                i_ += 4;
                return {utf8(cp)};
            }
            default: return {std::string(1, e)};
        }
    }

    // A class: its members as ranges; samples are a few members (for a
    // negated class, a few common characters outside it).
    Samples char_class() {
        bool negated = !at_end() && p_[i_] == '^';
        if (negated) ++i_;
        std::vector<std::pair<char32_t, char32_t>> ranges;
        auto one = [&]() -> char32_t {
            char c = p_[i_++];
            if (c != '\\') {
                std::size_t start = i_ - 1;
                while (!at_end() && (static_cast<unsigned char>(p_[i_]) & 0xC0) == 0x80) ++i_;
                std::string s = p_.substr(start, i_ - start);
                std::size_t k = 0;
                std::u32string cps;
                while (k < s.size()) {
                    unsigned char b = static_cast<unsigned char>(s[k]);
                    int len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
                    char32_t cp = len == 1 ? b : b & (0xFF >> (len + 1));
                    for (int j = 1; j < len; ++j) cp = (cp << 6) | (static_cast<unsigned char>(s[k + j]) & 0x3F);
                    cps += cp;
                    k += len;
                }
                return cps.empty() ? U'a' : cps[0];
            }
            char e = p_[i_++];
            switch (e) {
                case 'd': ranges.emplace_back(U'0', U'9'); return 0;
                case 'w': ranges.emplace_back(U'a', U'z'), ranges.emplace_back(U'A', U'Z'), ranges.emplace_back(U'0', U'9'),
                          ranges.emplace_back(U'_', U'_'); return 0;
                case 'n': return U'\n';
                case 'r': return U'\r';
                case 't': return U'\t';
                case 'f': return U'\f';
                case 'v': return U'\v';
                case 'u': {
                    char32_t cp = static_cast<char32_t>(std::stoul(p_.substr(i_, 4), nullptr, 16));
                    i_ += 4;
                    return cp;
                }
                default: return static_cast<char32_t>(static_cast<unsigned char>(e));
            }
        };
        while (!at_end() && p_[i_] != ']') {
            char32_t lo = one();
            if (lo == 0) continue;  // a class escape, already added
            if (i_ + 1 < p_.size() && p_[i_] == '-' && p_[i_ + 1] != ']') {
                ++i_;
                char32_t hi = one();
                ranges.emplace_back(lo, hi == 0 ? lo : hi);
            } else {
                ranges.emplace_back(lo, lo);
            }
        }
        if (!at_end()) ++i_;  // ']'
        auto member = [&](char32_t c) {
            for (const auto& [lo, hi] : ranges)
                if (c >= lo && c <= hi) return true;
            return false;
        };
        Samples out;
        if (negated) {
            for (char32_t c : std::u32string(U"a0Z_- ~.!\u00e9"))
                if (!member(c)) out.push_back(utf8(c));
        } else {
            for (char32_t c : std::u32string(U"a0A"))
                if (member(c)) out.push_back(utf8(c));
            for (const auto& [lo, hi] : ranges) out.push_back(utf8(lo));
        }
        return limited(out);
    }

    const std::string& p_;
    std::size_t i_ = 0;
};

}  // namespace

std::vector<std::string> pattern_samples(const std::string& pattern, std::size_t max_samples) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto& s : Generator(pattern).run())
        if (out.size() < max_samples && seen.insert(s).second && pattern_matches(pattern, s)) out.push_back(s);
    return out;
}

}  // namespace contractgen::breaking
