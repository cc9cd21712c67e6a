#include "naming/words.h"

#include <cstdio>

#include "text/utf8.h"

namespace contractgen::naming {

namespace {
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

// Calls on_word(word) for each word of `name`, lower case, in order; the
// view is only valid during the call. Speed: bench/README.md, "Word splitting".
template <typename OnWord>
void for_each_word(const std::string& name, OnWord&& on_word) {
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) on_word(std::string_view(cur));
        cur.clear();
    };
    for (std::size_t i = 0; i < name.size();) {
        char c = name[i];
        if (static_cast<unsigned char>(c) >= 0x80) {
            flush();
            char buf[16];
            int n = std::snprintf(buf, sizeof buf, "u%04x", static_cast<unsigned>(text::next_code_point(name, i)));
            on_word(std::string_view(buf, static_cast<std::size_t>(n)));
            continue;
        }
        if (is_upper(c)) {
            // Boundary before an upper-case letter after a lower-case one or a
            // digit ("userId"), or before the last capital of an acronym
            // followed by lower case ("HTTPServer" → "http", "server").
            char prev = i > 0 ? name[i - 1] : '\0';
            bool prev_lower_or_digit = !cur.empty() && (is_lower(prev) || is_digit(prev));
            bool acronym_end =
                !cur.empty() && i > 0 && is_upper(name[i - 1]) && i + 1 < name.size() && is_lower(name[i + 1]);
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
}

// Appends the `index`-th word of a name in `style`.
void append_word(std::string_view word, std::size_t index, Case style, std::string& out) {
    auto upper = [](char ch) { return is_lower(ch) ? static_cast<char>(ch - 'a' + 'A') : ch; };
    bool capitalise = style == Case::Pascal || (style == Case::Camel && index > 0);
    switch (style) {
        case Case::Pascal:
        case Case::Camel:
            if (!word.empty()) {
                out += capitalise ? upper(word[0]) : word[0];
                out.append(word.substr(1));
            }
            break;
        case Case::Snake:
            if (index > 0) out += '_';
            out.append(word);
            break;
        case Case::ScreamingSnake:
            if (index > 0) out += '_';
            for (char ch : word) out += upper(ch);
            break;
    }
}

}  // namespace

std::vector<std::string> split_words(const std::string& name) {
    std::vector<std::string> words;
    for_each_word(name, [&](std::string_view w) { words.emplace_back(w); });
    return words;
}

std::string to_case(const std::string& name, Case style) {
    std::string out;
    out.reserve(name.size() + 4);
    std::size_t index = 0;
    for_each_word(name, [&](std::string_view w) { append_word(w, index++, style, out); });
    return out;
}

std::string join_words(const std::vector<std::string>& words, Case style) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) append_word(words[i], i, style, out);
    return out;
}

}  // namespace contractgen::naming
