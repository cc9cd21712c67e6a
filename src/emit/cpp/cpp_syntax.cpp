#include "emit/cpp/cpp_syntax.h"

#include <cstdio>

#include "emit/common/text.h"

namespace contractgen::emit::cpp {

std::string string_literal(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            case '?': out += "\\?"; break;  // no trigraphs, whatever the -std
            default:
                if (c < 0x20 || c >= 0x7F) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\%03o", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out + "\"";
}

std::string string_view_literal(const std::string& s) {
    // A plain literal would end at an embedded NUL wherever it turns into a std::string_view.
    if (s.find('\0') == std::string::npos) return string_literal(s);
    return "std::string_view(" + string_literal(s) + ", " + std::to_string(s.size()) + ")";
}

std::string std_string_literal(const std::string& s) {
    if (s.find('\0') == std::string::npos) return string_literal(s);
    return "std::string(" + string_literal(s) + ", " + std::to_string(s.size()) + ")";
}

std::string wide_literal(const std::string& s) {
    std::string out = "L\"";
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = next_code_point(s, i);
        if (cp == '"' || cp == '\\') {
            out += '\\';
            out += static_cast<char>(cp);
        } else if (cp >= 0x20 && cp < 0x7F && cp != '?') {
            out += static_cast<char>(cp);
        } else {
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\U%08X", static_cast<unsigned>(cp));
            out += buf;
        }
    }
    return out + "\"";
}

std::string double_literal(const ir::json& number) {
    std::string text = number.dump();
    if (text.find_first_of(".eE") == std::string::npos) text += ".0";
    return text;
}

std::string doc_comment(const ir::Docs& docs, const std::string& indent) {
    std::string out;
    for (auto line : doc_lines(docs)) {
        if (!line.empty() && line.back() == '\\') line += "\xE2\x8F\x8E";  // ⏎: a final backslash would continue the comment
        out += indent + (line.empty() ? "///" : "/// " + line) + "\n";
    }
    return out;
}

std::string json_value_expr(const ir::json& value) {
    std::string text = value.dump(-1, ' ', false, ir::json::error_handler_t::strict);
    return "[]() -> const ::contract::Json& { static const ::contract::Json k = ::contract::Json::parse(" +
           string_literal(text) + "); return k; }()";
}

}  // namespace contractgen::emit::cpp
