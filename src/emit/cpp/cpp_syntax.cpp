#include "emit/cpp/cpp_syntax.h"

#include <cmath>
#include <cstdio>

#include "emit/common/text.h"

namespace contractgen::emit::cpp {

namespace {

// The escaped form of each byte (or code point, for wide literals): the
// units a literal may be cut between.
std::vector<std::string> narrow_units(const std::string& s) {
    std::vector<std::string> units;
    units.reserve(s.size());
    for (unsigned char c : s) {
        switch (c) {
            case '"': units.emplace_back("\\\""); break;
            case '\\': units.emplace_back("\\\\"); break;
            case '\n': units.emplace_back("\\n"); break;
            case '\t': units.emplace_back("\\t"); break;
            case '\r': units.emplace_back("\\r"); break;
            case '?': units.emplace_back("\\?"); break;  // no trigraphs, whatever the -std
            default:
                if (c < 0x20 || c >= 0x7F) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\%03o", c);
                    units.emplace_back(buf);
                } else {
                    units.emplace_back(1, static_cast<char>(c));
                }
        }
    }
    return units;
}

std::vector<std::string> wide_units(const std::string& s) {
    std::vector<std::string> units;
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = next_code_point(s, i);
        if (cp == '"' || cp == '\\') {
            units.push_back(std::string("\\") + static_cast<char>(cp));
        } else if (cp >= 0x20 && cp < 0x7F && cp != '?') {
            units.emplace_back(1, static_cast<char>(cp));
        } else {
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\U%08X", static_cast<unsigned>(cp));
            units.emplace_back(buf);
        }
    }
    return units;
}

std::size_t code_points(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

// `open` + units + `"`, cut into pieces of at most `width` characters (the
// first at most `first_width`, when not 0).
std::string join_units(const std::vector<std::string>& units, const std::string& open, std::size_t width,
                       const std::string& indent, std::size_t first_width = 0) {
    std::string out = open, line = open;
    std::size_t limit = first_width ? first_width : width;
    for (const auto& unit : units) {
        if (line.size() + unit.size() + 1 > limit && line.size() > open.size()) {
            limit = width;
            out += "\"\n" + indent + open;
            line = open;
        }
        out += unit;
        line += unit;
    }
    return out + "\"";
}

}  // namespace

std::string string_literal(const std::string& s) {
    std::string out = "\"";
    for (const auto& unit : narrow_units(s)) out += unit;
    return out + "\"";
}

std::string string_literal_lines(const std::string& s, std::size_t width, const std::string& indent,
                                 std::size_t first_width) {
    return join_units(narrow_units(s), "\"", width, indent, first_width);
}

std::string string_view_literal(const std::string& s) {
    // A plain literal would end at an embedded NUL wherever it turns into a std::string_view.
    if (s.find('\0') == std::string::npos) return string_literal(s);
    return "std::string_view(" + string_literal(s) + ", " + std::to_string(s.size()) + ")";
}

std::string string_view_literal_lines(const std::string& s, std::size_t width, const std::string& indent,
                                      std::size_t first_width) {
    if (s.find('\0') == std::string::npos) return string_literal_lines(s, width, indent, first_width);
    std::size_t first = first_width > 17 ? first_width - 17 : 0;  // after "std::string_view("
    return "std::string_view(" + string_literal_lines(s, width, indent, first) + ", " + std::to_string(s.size()) + ")";
}

std::string std_string_literal(const std::string& s) {
    if (s.find('\0') == std::string::npos) return string_literal(s);
    return "std::string(" + string_literal(s) + ", " + std::to_string(s.size()) + ")";
}

std::string wide_literal_lines(const std::string& s, std::size_t width, const std::string& indent) {
    return join_units(wide_units(s), "L\"", width, indent);
}

std::string double_literal(const ir::json& number) {
    std::string text = number.dump();
    if (text.find_first_of(".eE") == std::string::npos) text += ".0";
    return text;
}

std::string number_argument(const ir::json& number) {
    bool exact_integer = (number.is_number_integer() || number.is_number_unsigned()) &&
                         std::fabs(number.get<double>()) <= 9007199254740992.0;
    return exact_integer ? number.dump() : double_literal(number);
}

std::string doc_comment(const ir::Docs& docs, const std::string& indent) {
    std::string out;
    const std::size_t room = kLineWidth - indent.size() - 4;  // after "/// "
    for (auto line : doc_lines(docs)) {
        if (!line.empty() && line.back() == '\\')
            line += "\xE2\x8F\x8E";  // ⏎: a final backslash would continue the comment
        // doc_lines wraps at spaces; a longer word (a URL) is cut at a code point boundary.
        while (code_points(line) > room) {
            std::size_t cut = 0;
            for (std::size_t n = 0; n < room; ++n) next_code_point(line, cut);
            out += indent + "/// " + line.substr(0, cut) + "\n";
            line = line.substr(cut);
        }
        out += indent + (line.empty() ? "///" : "/// " + line) + "\n";
    }
    return out;
}

}  // namespace contractgen::emit::cpp
