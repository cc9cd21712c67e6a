#include "naming/words.h"

#include <cstdint>
#include <cstdio>

namespace contractgen::naming {

namespace {
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

// Decodes one UTF-8 sequence at s[i]; advances i. Invalid bytes decode as themselves.
std::uint32_t next_code_point(const std::string& s, std::size_t& i) {
    auto b = static_cast<unsigned char>(s[i]);
    int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
    std::uint32_t cp = extra == 0 ? b : (b & (0x3F >> extra));
    ++i;
    for (int k = 0; k < extra && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
    return cp;
}
}  // namespace

std::vector<std::string> split_words(const std::string& name) {
    std::vector<std::string> words;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) words.push_back(cur);
        cur.clear();
    };
    for (std::size_t i = 0; i < name.size();) {
        char c = name[i];
        if (static_cast<unsigned char>(c) >= 0x80) {
            flush();
            char buf[16];
            std::snprintf(buf, sizeof buf, "u%04x", static_cast<unsigned>(next_code_point(name, i)));
            words.emplace_back(buf);
            continue;
        }
        if (is_upper(c)) {
            // Boundary before an upper-case letter after a lower-case one or a
            // digit ("userId"), or before the last capital of an acronym
            // followed by lower case ("HTTPServer" → "http", "server").
            char prev = i > 0 ? name[i - 1] : '\0';
            bool prev_lower_or_digit = !cur.empty() && (is_lower(prev) || is_digit(prev));
            bool acronym_end = !cur.empty() && i > 0 && is_upper(name[i - 1]) && i + 1 < name.size() &&
                               is_lower(name[i + 1]);
            if (prev_lower_or_digit || acronym_end) flush();
            cur += lower(c);
        } else if (is_lower(c) || is_digit(c)) {
            cur += c;
        } else {
            flush();
        }
        ++i;
    }
    flush();
    return words;
}

std::string join_words(const std::vector<std::string>& words, Case style) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        std::string w = words[i];
        switch (style) {
            case Case::Pascal:
                if (!w.empty() && is_lower(w[0])) w[0] = static_cast<char>(w[0] - 'a' + 'A');
                out += w;
                break;
            case Case::Camel:
                if (i > 0 && !w.empty() && is_lower(w[0])) w[0] = static_cast<char>(w[0] - 'a' + 'A');
                out += w;
                break;
            case Case::Snake:
                out += (i ? "_" : "") + w;
                break;
            case Case::ScreamingSnake:
                for (auto& ch : w)
                    if (is_lower(ch)) ch = static_cast<char>(ch - 'a' + 'A');
                out += (i ? "_" : "") + w;
                break;
        }
    }
    return out;
}

}  // namespace contractgen::naming
