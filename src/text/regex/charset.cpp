#include "text/regex/charset.h"

#include <algorithm>

namespace contractgen::text::regex {

CharSet CharSet::range(char32_t lo, char32_t hi) {
    CharSet s;
    s.add(lo, hi);
    return s;
}

CharSet CharSet::all() { return range(0, kMaxCodePoint); }

void CharSet::add(char32_t lo, char32_t hi) {
    if (lo > hi) return;
    ranges_.emplace_back(lo, hi);
    normalise();
}

void CharSet::add(const CharSet& other) {
    ranges_.insert(ranges_.end(), other.ranges_.begin(), other.ranges_.end());
    normalise();
}

// Sorted, with overlapping and adjacent intervals merged: equal sets have
// equal representations.
void CharSet::normalise() {
    std::sort(ranges_.begin(), ranges_.end());
    std::vector<std::pair<char32_t, char32_t>> out;
    for (const auto& r : ranges_) {
        if (!out.empty() && r.first <= out.back().second + 1) out.back().second = std::max(out.back().second, r.second);
        else
            out.push_back(r);
    }
    ranges_ = std::move(out);
}

CharSet CharSet::complement() const {
    CharSet out;
    char32_t next = 0;
    for (const auto& [lo, hi] : ranges_) {
        if (lo > next) out.ranges_.emplace_back(next, lo - 1);
        next = hi + 1;
    }
    if (next <= kMaxCodePoint) out.ranges_.emplace_back(next, kMaxCodePoint);
    return out;
}

bool CharSet::contains(char32_t c) const {
    // The first interval starting after c; the one before it holds c, if any does.
    auto it = std::upper_bound(ranges_.begin(), ranges_.end(), c,
                               [](char32_t x, const std::pair<char32_t, char32_t>& r) { return x < r.first; });
    return it != ranges_.begin() && std::prev(it)->second >= c;
}

CharSet ecma_digit() { return CharSet::range(U'0', U'9'); }

CharSet ecma_word() {
    CharSet s = ecma_digit();
    s.add(U'A', U'Z');
    s.add(U'a', U'z');
    s.add(U'_', U'_');
    return s;
}

CharSet ecma_space() {
    CharSet s;
    s.add(U'\t', U'\r');  // \t \n \v \f \r
    s.add(U' ', U' ');
    s.add(0x00A0, 0x00A0);
    s.add(0x1680, 0x1680);
    s.add(0x2000, 0x200A);
    s.add(0x2028, 0x2029);
    s.add(0x202F, 0x202F);
    s.add(0x205F, 0x205F);
    s.add(0x3000, 0x3000);
    s.add(0xFEFF, 0xFEFF);
    return s;
}

CharSet ecma_dot() {
    CharSet terminators;
    terminators.add(U'\n', U'\n');
    terminators.add(U'\r', U'\r');
    terminators.add(0x2028, 0x2029);
    return terminators.complement();
}

}  // namespace contractgen::text::regex
