#include "emit/go/go_syntax.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "emit/common/text.h"

namespace contractgen::emit::go {

std::string string_literal(const std::string& s) {
    std::string out = "\"";
    out.reserve(s.size() + 2);
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t plain = text::plain_ascii_end(s, i);  // copied as it is
        out.append(s, i, plain - i);
        if ((i = plain) == s.size()) break;
        char32_t cp = next_code_point(s, i);
        switch (cp) {
            case '"': out += "\\\""; continue;
            case '\\': out += "\\\\"; continue;
            case '\n': out += "\\n"; continue;
            case '\r': out += "\\r"; continue;
            case '\t': out += "\\t"; continue;
            default: break;
        }
        char buf[16];
        if (cp >= 0x20 && cp < 0x7F) {
            out += static_cast<char>(cp);
            continue;
        }
        if (cp < 0x10000) std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(cp));
        else
            std::snprintf(buf, sizeof buf, "\\U%08X", static_cast<unsigned>(cp));
        out += buf;
    }
    return out + "\"";
}

std::string comment_text(const std::string& text) { return visible_controls(text); }

std::string comment_paragraph(const std::vector<std::string>& lines, const std::string& indent) {
    const PrinterStyle style = printer_style();
    const Printer measure(style);
    auto columns = [&](const std::string& line) { return measure.columns(indent + "// " + line); };
    auto fits = [&](const std::string& line) { return columns(line) <= style.width; };
    if (std::all_of(lines.begin(), lines.end(), fits)) {
        std::string text;
        for (const std::string& line : lines) text += indent + "// " + line + "\n";
        return text;
    }
    std::vector<std::string> words;
    for (const std::string& given : lines)
        for (std::size_t at = 0; at < given.size();) {
            std::size_t end = given.find(' ', at);
            if (end == std::string::npos) end = given.size();
            if (end > at) words.push_back(given.substr(at, end - at));
            at = end + 1;
        }
    // Each line as full as `width` lets it be.
    auto fill = [&](std::size_t width) {
        std::vector<std::string> out;
        std::string line;
        for (const std::string& word : words) {
            if (!line.empty() && columns(line + " " + word) > width) out.push_back(std::exchange(line, ""));
            line += (line.empty() ? "" : " ") + word;
        }
        if (!line.empty()) out.push_back(line);
        return out;
    };
    // As few lines as the style's width allows, of even length: the narrowest fill that needs no more.
    const std::size_t fewest = fill(style.width).size();
    std::size_t width = columns("");
    while (width < style.width && fill(width).size() > fewest) ++width;
    std::string text;
    for (const std::string& line : fill(width)) text += indent + "// " + line + "\n";
    return text;
}

namespace {

bool starts_indented(const std::string& line) { return !line.empty() && (line[0] == ' ' || line[0] == '\t'); }

std::string without_lead(const std::string& line) {
    std::size_t at = line.find_first_not_of(" \t");
    return at == std::string::npos ? std::string() : line.substr(at);
}

bool is_bullet(const std::string& text) {
    return text.size() > 1 && (text[0] == '-' || text[0] == '*' || text[0] == '+') &&
           (text[1] == ' ' || text[1] == '\t');
}

// `//` lines in the form gofmt gives doc comments (go/doc/comment), so that it
// leaves them as written: an indented span is a code block (a tab after
// `//`, a blank line around it) or, when it starts with a bullet, a list
// ("//   - item"); blank lines are single; `` and '' are curly quotes.
std::string slash_comment(const std::vector<std::string>& raw, const std::string& indent) {
    std::vector<std::string> lines;
    for (const auto& line : raw) {
        std::string text = comment_text(line);
        while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
        for (std::size_t at; (at = text.find("``")) != std::string::npos;) text.replace(at, 2, "\u201C");
        for (std::size_t at; (at = text.find("''")) != std::string::npos;) text.replace(at, 2, "\u201D");
        lines.push_back(std::move(text));
    }
    std::vector<std::string> out;  // the text after "//"
    auto blank = [&] {
        if (!out.empty() && !out.back().empty()) out.push_back("");
    };
    for (std::size_t i = 0; i < lines.size();) {
        if (lines[i].empty()) {
            blank();
            ++i;
            continue;
        }
        if (!starts_indented(lines[i])) {
            out.push_back(" " + lines[i++]);
            continue;
        }
        std::size_t end = i;
        while (end < lines.size() && starts_indented(lines[end])) ++end;
        if (is_bullet(without_lead(lines[i]))) {
            for (; i < end; ++i) {
                std::string text = without_lead(lines[i]);
                out.push_back(is_bullet(text) ? "   - " + without_lead(text.substr(1)) : "     " + text);
            }
        } else {
            std::size_t common = std::string::npos;
            for (std::size_t k = i; k < end; ++k) common = std::min(common, lines[k].find_first_not_of(" \t"));
            blank();
            for (; i < end; ++i) out.push_back("\t" + lines[i].substr(common));
        }
        if (i < lines.size() && !lines[i].empty()) out.push_back("");
    }
    while (!out.empty() && out.back().empty()) out.pop_back();
    std::string text;
    for (const auto& line : out) text += indent + "//" + line + "\n";
    return text;
}

}  // namespace

std::string doc_comment(const ir::Docs& docs, const std::string& indent, const std::string& prefix_line) {
    std::vector<std::string> lines = doc_lines(docs);
    if (!prefix_line.empty()) {
        if (!lines.empty()) lines.insert(lines.begin(), "");
        lines.insert(lines.begin(), prefix_line);
    }
    if (lines.empty()) return "";
    return slash_comment(lines, indent);
}

bool is_tag_name(const std::string& name) {
    if (name.empty()) return false;
    static const std::string punctuation = "!#$%&()*+-./:;<=>?@[]^_{|}~ ";
    for (char c : name) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  punctuation.find(c) != std::string::npos;
        if (!ok) return false;  // non-ASCII letters are valid too, but kept out for simplicity
    }
    return true;
}

PrinterStyle printer_style() { return PrinterStyle{"\t", 120, 4}; }

std::string field_block(const std::vector<Printer::Row>& rows) {
    Printer p(printer_style());
    p.indent();
    p.table(rows);
    return p.take();
}

std::vector<std::string> text_lines(const std::string& comment) {
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < comment.size();) {
        std::size_t end = comment.find('\n', at);
        if (end == std::string::npos) end = comment.size();
        lines.push_back(comment.substr(at, end - at));
        at = end + 1;
    }
    return lines;
}

std::string package_word(const std::string& family) {
    std::string out;
    for (char c : family) {
        if (c >= 'A' && c <= 'Z') out += static_cast<char>(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out += c;
    }
    if (out.empty() || (out[0] >= '0' && out[0] <= '9')) out = "f" + out;
    return out;
}

}  // namespace contractgen::emit::go
