#include "emit/python/python_syntax.h"

#include <cstdio>

#include "emit/common/text.h"

namespace contractgen::emit::python {

namespace {

// Characters that are invisible or reorder text: C0/C1 controls, DEL, soft
// hyphen, Arabic letter mark, Mongolian vowel separator, zero-width and
// directional marks, line/paragraph separators, bidi embeddings and
// isolates, word joiners, BOM, interlinear annotations and tag characters.
bool needs_escape(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0xAD || cp == 0x061C || cp == 0x180E ||
           (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F) ||
           cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB) || (cp >= 0xE0000 && cp <= 0xE007F) || cp > 0x10FFFF;
}

std::string escape_code_point(char32_t cp) {
    char buf[16];
    if (cp <= 0xFF) std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
    else if (cp <= 0xFFFF)
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
    else
        std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(cp));
    return buf;
}

}  // namespace

std::string string_literal(const std::string& s) {
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t plain = text::plain_ascii_end(s, i);  // copied as it is
        out.append(s, i, plain - i);
        if ((i = plain) == s.size()) break;
        std::size_t start = i;
        char32_t cp = next_code_point(s, i);
        switch (cp) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (needs_escape(cp)) out += escape_code_point(cp);
                else
                    out.append(s, start, i - start);
        }
    }
    return out + "\"";
}

std::string docstring(const std::vector<std::string>& lines, const std::string& indent) {
    if (lines.empty()) return "";
    auto escape = [](const std::string& line) {
        std::string out;
        for (char c : line) {
            if (c == '\\' || c == '"') out += '\\';
            out += c;
        }
        return out;
    };
    if (lines.size() == 1) return indent + "\"\"\"" + escape(lines[0]) + "\"\"\"\n";
    std::string out = indent + "\"\"\"" + escape(lines[0]) + "\n";
    for (std::size_t i = 1; i < lines.size(); ++i) out += lines[i].empty() ? "\n" : indent + escape(lines[i]) + "\n";
    return out + indent + "\"\"\"\n";
}

std::string number_literal(const ir::json& number) {
    if (number.is_number_integer()) return number.dump();
    return float_literal(number);
}

std::string float_literal(const ir::json& number) {
    std::string text = number.dump();
    if (number.is_number_integer()) return text + ".0";
    if (text.find_first_of(".eE") == std::string::npos) text += ".0";
    return text;
}

std::string json_literal(const ir::json& v) {
    switch (v.type()) {
        case ir::json::value_t::null: return "None";
        case ir::json::value_t::boolean: return v.get<bool>() ? "True" : "False";
        case ir::json::value_t::number_integer:
        case ir::json::value_t::number_unsigned:
        case ir::json::value_t::number_float: return number_literal(v);
        case ir::json::value_t::string: return string_literal(v.get<std::string>());
        case ir::json::value_t::array: {
            std::string out = "[";
            for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + json_literal(v[i]);
            return out + "]";
        }
        case ir::json::value_t::object: {
            std::string out = "{";
            bool first = true;
            for (const auto& [k, e] : v.items()) {
                out += (first ? "" : ", ") + string_literal(k) + ": " + json_literal(e);
                first = false;
            }
            return out + "}";
        }
        default: return "None";
    }
}

std::string comment_text(const std::string& text) {
    std::string out;
    for (const char c : visible_controls(text)) {
        if (c == '\n') out += "<U+000A>";
        else
            out += c;
    }
    return out;
}

}  // namespace contractgen::emit::python
