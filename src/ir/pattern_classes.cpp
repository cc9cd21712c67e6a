#include "ir/pattern_classes.h"

#include <algorithm>

namespace contractgen::ir::pattern_classes {

const Ranges kSpace = {{0x09, 0x0D},     {0x20, 0x20},     {0xA0, 0xA0},     {0x1680, 0x1680}, {0x2000, 0x200A},
                       {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}};
const Ranges kDigit = {{'0', '9'}};
const Ranges kWord = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};
const Ranges kLineTerminator = {{0x0A, 0x0A}, {0x0D, 0x0D}, {0x2028, 0x2029}};

Ranges normalised(Ranges r) {
    std::sort(r.begin(), r.end());
    Ranges out;
    for (const auto& x : r) {
        if (!out.empty() && x.first <= out.back().second + 1) out.back().second = std::max(out.back().second, x.second);
        else
            out.push_back(x);
    }
    return out;
}

Ranges complement(const Ranges& in) {
    Ranges r = normalised(in), out;
    char32_t next = 0;
    for (const auto& [lo, hi] : r) {
        if (lo > next) out.push_back({next, lo - 1});
        next = hi + 1;
    }
    if (next <= kMaxCodePoint) out.push_back({next, kMaxCodePoint});
    return out;
}

Ranges without_surrogates(const Ranges& in) {
    Ranges out;
    for (const auto& [lo, hi] : in) {
        if (hi < 0xD800 || lo > 0xDFFF) {
            out.push_back({lo, hi});
            continue;
        }
        if (lo < 0xD800) out.push_back({lo, 0xD7FF});
        if (hi > 0xDFFF) out.push_back({0xE000, hi});
    }
    return out;
}

}  // namespace contractgen::ir::pattern_classes
