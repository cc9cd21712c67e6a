#include "text/utf8.h"

#include <cstdint>
#include <cstring>

namespace contractgen::text {

char32_t next_code_point(const std::string& s, std::size_t& i) {
    auto b = static_cast<unsigned char>(s[i]);
    int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
    char32_t cp = extra == 0 ? b : (b & (0x3F >> extra));
    ++i;
    for (int k = 0; k < extra && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
    return cp;
}

namespace {

bool plain_ascii(char c) {
    auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x7F && c != '"' && c != '\\';
}

}  // namespace

std::size_t plain_ascii_end(const std::string& s, std::size_t at) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    constexpr std::uint64_t kLow = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
    auto has_zero_byte = [](std::uint64_t v) { return ((v - kLow) & ~v & kHigh) != 0; };
    for (; at + 8 <= s.size(); at += 8) {
        std::uint64_t bytes;
        std::memcpy(&bytes, s.data() + at, 8);
        const bool control = ((bytes - 0x20 * kLow) & ~bytes & kHigh) != 0;  // a byte below 0x20
        const bool high = (((bytes + kLow) | bytes) & kHigh) != 0;            // a byte of 0x7F or more
        if (control || high || has_zero_byte(bytes ^ ('"' * kLow)) || has_zero_byte(bytes ^ ('\\' * kLow))) break;
    }
#endif
    while (at < s.size() && plain_ascii(s[at])) ++at;
    return at;
}

}  // namespace contractgen::text
