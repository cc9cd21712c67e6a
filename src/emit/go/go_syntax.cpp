#include "emit/go/go_syntax.h"

#include <algorithm>
#include <cstdio>

#include "emit/common/text.h"

namespace contractgen::emit::go {

namespace {

std::size_t code_points(const std::string& s) {
    std::size_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

}  // namespace

std::string string_literal(const std::string& s) {
    std::string out = "\"";
    out.reserve(s.size() + 2);
    for (std::size_t i = 0; i < s.size();) {
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
        else std::snprintf(buf, sizeof buf, "\\U%08X", static_cast<unsigned>(cp));
        out += buf;
    }
    return out + "\"";
}

std::string comment_text(const std::string& text) { return visible_controls(text); }

std::string doc_comment(const ir::Docs& docs, const std::string& indent, const std::string& prefix_line) {
    std::vector<std::string> lines = doc_lines(docs);
    if (!prefix_line.empty()) {
        if (!lines.empty()) lines.insert(lines.begin(), "");
        lines.insert(lines.begin(), prefix_line);
    }
    std::string out;
    for (const auto& line : lines) {
        std::string text = comment_text(line);
        // gofmt leaves comment text alone but trims trailing blanks.
        while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
        out += indent + (text.empty() ? "//" : "// " + text) + "\n";
    }
    return out;
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

std::vector<std::string> align_fields(const std::vector<FieldLine>& lines) {
    std::vector<std::string> out(lines.size());
    for (std::size_t begin = 0; begin < lines.size();) {
        std::size_t end = begin + 1;
        while (end < lines.size() && !lines[end].starts_block) ++end;
        // A column is aligned over the lines that have a cell after it
        // (gofmt's tabwriter: only terminated cells take part).
        std::vector<std::size_t> width;
        for (std::size_t i = begin; i < end; ++i)
            for (std::size_t c = 0; c + 1 < lines[i].cells.size(); ++c) {
                if (width.size() <= c) width.resize(c + 1, 0);
                width[c] = std::max(width[c], code_points(lines[i].cells[c]));
            }
        for (std::size_t i = begin; i < end; ++i) {
            std::string line;
            const auto& cells = lines[i].cells;
            for (std::size_t c = 0; c < cells.size(); ++c) {
                line += cells[c];
                if (c + 1 < cells.size())
                    line += std::string(width[c] - code_points(cells[c]) + 1, ' ');
            }
            out[i] = std::move(line);
        }
        begin = end;
    }
    return out;
}

std::string package_word(const std::string& family) {
    std::string out;
    for (char c : family) {
        if (c >= 'A' && c <= 'Z') out += static_cast<char>(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out += c;
    }
    if (out.empty() || (out[0] >= '0' && out[0] <= '9')) out = "f" + out;
    return out;
}

}  // namespace contractgen::emit::go
