#include "emit/common/text.h"

#include <algorithm>
#include <cstdio>

namespace contractgen::emit {

namespace {
bool is_bidi_control(char32_t cp) {
    return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E || cp == 0x200F ||
           cp == 0x061C;
}

// Whether every byte is printable ASCII, tab or line feed: then there is
// nothing to show (the common case, decided without decoding).
bool plain_ascii(const std::string& text) {
    for (unsigned char c : text)
        if ((c < 0x20 && c != '\t' && c != '\n') || c >= 0x7F) return false;
    return true;
}
}  // namespace

std::string visible_controls(const std::string& text) {
    if (plain_ascii(text)) return text;
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t start = i;
        char32_t cp = next_code_point(text, i);
        bool control = (cp < 0x20 && cp != '\t' && cp != '\n') || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) ||
                       cp == 0x2028 || cp == 0x2029 || is_bidi_control(cp);
        if (control) {
            char buf[16];
            std::snprintf(buf, sizeof buf, "<U+%04X>", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(text, start, i - start);
        }
    }
    return out;
}

namespace {

constexpr std::size_t kDocWidth = 96;

// Greedy word wrap at spaces, appending to `out`; a word longer than the
// width stays whole. Width counts bytes, which is close enough for comments.
void wrap_line(std::string line, std::size_t width, std::vector<std::string>& out) {
    std::size_t indent = line.find_first_not_of(' ');
    if (line.size() <= width || indent == std::string::npos || indent > width / 2) {
        out.push_back(std::move(line));
        return;
    }
    std::string current = line.substr(0, indent);
    std::size_t i = indent;
    while (i < line.size()) {
        std::size_t space = line.find(' ', i);
        std::string word = line.substr(i, space == std::string::npos ? std::string::npos : space - i);
        i = space == std::string::npos ? line.size() : space + 1;
        if (word.empty()) continue;
        if (current.size() > indent && current.size() + 1 + word.size() > width) {
            out.push_back(current);
            current = line.substr(0, indent);
        }
        if (current.size() > indent) current += ' ';
        current += word;
    }
    if (current.size() > indent) out.push_back(current);
}

// Calls f(line) for each line of `text` as std::getline would read them:
// split at '\n', with no empty line after a final '\n'.
template <class F>
void for_each_line(const std::string& text, F f) {
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = std::min(text.find('\n', start), text.size());
        f(text.substr(start, end - start));
        start = end + 1;
    }
}

// CRLF and lone CR as LF.
std::string unix_line_ends(const std::string& text) {
    if (text.find('\r') == std::string::npos) return text;
    std::string clean;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r') {
            if (i + 1 < text.size() && text[i + 1] == '\n') continue;
            clean += '\n';
        } else {
            clean += text[i];
        }
    }
    return clean;
}

}  // namespace

std::vector<std::string> doc_lines(const ir::Docs& docs) {
    std::vector<std::string> lines;
    auto add_block = [&](const std::string& text) {
        if (text.empty()) return;
        if (!lines.empty()) lines.emplace_back();
        for_each_line(visible_controls(unix_line_ends(text)), [&](std::string line) {
            while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
            wrap_line(std::move(line), kDocWidth, lines);
        });
    };
    add_block(docs.title);
    if (docs.description != docs.title) add_block(docs.description);
    if (docs.deprecated) add_block("Deprecated.");
    if (docs.default_value)
        add_block("Default: " + docs.default_value->dump(-1, ' ', false, ir::json::error_handler_t::replace));
    return lines;
}

std::string comment_lines(const std::string& text, const std::string& prefix, std::size_t width) {
    std::string out, line = prefix;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t comma = text.find(", ", start);
        std::size_t end = comma == std::string::npos ? text.size() : comma + 2;
        std::string piece = text.substr(start, end - start);
        // What the piece shows at a line's end: a piece before a comma ends in a space, dropped there.
        const std::size_t shown = piece.size() - (comma == std::string::npos ? 0 : 1);
        if (line.size() > prefix.size() && line.size() + shown > width) {
            while (!line.empty() && line.back() == ' ') line.pop_back();
            out += line + "\n";
            line = prefix;
        }
        line += piece;
        start = end;
    }
    return out + line + "\n";
}

std::string with_article(const std::string& word) {
    auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
    const std::string head = word.substr(0, 3);
    std::string start;
    for (char c : head) start += lower(c);
    bool vowel = !start.empty() && std::string("aeio").find(start[0]) != std::string::npos;
    if (!start.empty() && start[0] == 'u') {
        // "u" sounds like "you" before these letters ("Unix", "Usage", "Url"), else like "up".
        static const char* you[] = {"uni", "use", "usa", "usu", "uti", "uri", "url", "ura", "ure", "ufo"};
        vowel = true;
        for (const char* p : you) vowel = vowel && start != p;
    }
    return (vowel ? "an " : "a ") + word;
}

}  // namespace contractgen::emit
