#include "text/utf8.h"

#include "text/bytes8.h"

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
    using namespace bytes8;
    if constexpr (kWords) {
        for (; at + 8 <= s.size(); at += 8) {
            const std::uint64_t w = word_at(s.data() + at);
            const bool high = (((w + kLow) | w) & kHigh) != 0;  // a byte of 0x7F or more
            if (bytes_below(w, 0x20) != 0 || high || zero_bytes(w ^ every('"')) != 0 ||
                zero_bytes(w ^ every('\\')) != 0)
                break;
        }
    }
    while (at < s.size() && plain_ascii(s[at])) ++at;
    return at;
}

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

}  // namespace contractgen::text
