#include "emit/ts/ts_syntax.h"

#include <cstdio>

#include "emit/common/text.h"

namespace contractgen::emit::ts {

namespace {

void append_unit(std::string& out, unsigned unit) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\u%04X", unit & 0xFFFFu);
    out += buf;
}

}  // namespace

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
        if (cp >= 0x20 && cp < 0x7F) {
            out += static_cast<char>(cp);
        } else if (cp >= 0x10000) {
            unsigned v = static_cast<unsigned>(cp) - 0x10000;
            append_unit(out, 0xD800 + (v >> 10));
            append_unit(out, 0xDC00 + (v & 0x3FF));
        } else {
            append_unit(out, static_cast<unsigned>(cp));
        }
    }
    return out + "\"";
}

bool is_plain_key(const std::string& name) {
    if (name.empty()) return false;
    for (std::size_t i = 0; i < name.size(); ++i) {
        char c = name[i];
        bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
        bool digit = c >= '0' && c <= '9';
        if (!(letter || (digit && i > 0))) return false;
    }
    return true;
}

std::string property_key(const std::string& wire_name) {
    if (wire_name == "__proto__") return "[\"__proto__\"]";
    return is_plain_key(wire_name) ? wire_name : string_literal(wire_name);
}

std::string type_key(const std::string& wire_name) {
    return is_plain_key(wire_name) ? wire_name : string_literal(wire_name);
}

std::string number_literal(const ir::json& number) {
    std::string text = number.dump();
    // nlohmann writes large doubles as e.g. "1e+100": valid JS. A negative
    // zero stays "-0.0" → "-0"; the value is the same for JSON equality.
    if (text == "-0.0") return "-0";
    return text;
}

namespace {

std::string scalar(const ir::json& v) {
    switch (v.type()) {
        case ir::json::value_t::null: return "null";
        case ir::json::value_t::boolean: return v.get<bool>() ? "true" : "false";
        case ir::json::value_t::string: return string_literal(v.get<std::string>());
        default: return number_literal(v);
    }
}

std::string compact(const ir::json& v) {
    if (v.is_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + compact(v[i]);
        return out + "]";
    }
    if (v.is_object()) {
        if (v.empty()) return "{}";
        std::string out = "{ ";
        bool first = true;
        for (const auto& [k, e] : v.items()) {
            out += (first ? "" : ", ") + property_key(k) + ": " + compact(e);
            first = false;
        }
        return out + " }";
    }
    return scalar(v);
}

std::string compact_type(const ir::json& v) {
    if (v.is_array()) {
        std::string out = "readonly [";
        for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + compact_type(v[i]);
        return out + "]";
    }
    if (v.is_object()) {
        if (v.empty()) return "{}";
        std::string out = "{ ";
        bool first = true;
        for (const auto& [k, e] : v.items()) {
            out += (first ? "readonly " : "; readonly ") + type_key(k) + ": " + compact_type(e);
            first = false;
        }
        return out + " }";
    }
    return scalar(v);
}

}  // namespace

namespace {

// `v` (an array or object) one member per line; the members are written
// flat when they fit in `width` columns after their indentation.
std::string broken_value(const ir::json& v, const std::string& indent, std::size_t width) {
    std::string inner = indent + "  ";
    std::string out = v.is_array() ? "[\n" : "{\n";
    if (v.is_array()) {
        for (const auto& e : v) out += inner + value_literal(e, inner, width) + ",\n";
    } else {
        for (const auto& [k, e] : v.items())
            out += inner + property_key(k) + ": " + value_literal(e, inner, width) + ",\n";
    }
    return out + indent + (v.is_array() ? "]" : "}");
}

std::string broken_type(const ir::json& v, const std::string& indent, std::size_t width) {
    std::string inner = indent + "  ";
    if (v.is_array()) {
        std::string out = "readonly [\n";
        for (const auto& e : v) out += inner + literal_type(e, inner, width) + ",\n";
        return out + indent + "]";
    }
    std::string out = "{\n";
    for (const auto& [k, e] : v.items())
        out += inner + "readonly " + type_key(k) + ": " + literal_type(e, inner, width) + ";\n";
    return out + indent + "}";
}

}  // namespace

std::string value_literal(const ir::json& v, const std::string& indent, std::size_t width) {
    std::string flat = compact(v);
    if (!v.is_structured() || v.empty() || indent.size() + flat.size() <= width) return flat;
    return broken_value(v, indent, width);
}

std::string const_expression(const ir::json& v, const std::string& indent, std::size_t room) {
    if (!v.is_structured()) return scalar(v);
    const std::string cast = "/** @type {const} */ (";
    std::string flat = compact(v);
    bool fits = v.empty() || cast.size() + flat.size() + 2 <= room;
    return cast + (fits ? flat : broken_value(v, indent, 100)) + ")";
}

std::string literal_type(const ir::json& v, const std::string& indent, std::size_t width) {
    std::string flat = compact_type(v);
    if (!v.is_structured() || v.empty() || indent.size() + flat.size() <= width) return flat;
    return broken_type(v, indent, width < 100 ? 100 : width);
}

namespace {
void escape_comment_ends(std::vector<std::string>& lines) {
    for (auto& line : lines)
        for (std::size_t at = line.find("*/"); at != std::string::npos; at = line.find("*/", at + 3))
            line.replace(at, 2, "*\\/");
}
}  // namespace

std::string jsdoc_lines(std::vector<std::string> lines, const std::string& indent) {
    escape_comment_ends(lines);
    std::string out = indent + "/**\n";
    for (const auto& line : lines) out += indent + (line.empty() ? " *" : " * " + line) + "\n";
    return out + indent + " */\n";
}

std::string jsdoc(const ir::Docs& docs, const std::string& indent) {
    std::vector<std::string> lines = doc_lines(docs);
    if (lines.empty()) return "";
    if (docs.deprecated) lines.push_back("@deprecated");
    escape_comment_ends(lines);
    if (lines.size() == 1 && indent.size() + lines[0].size() + 7 <= 100) return indent + "/** " + lines[0] + " */\n";
    return jsdoc_lines(std::move(lines), indent);
}

std::string line_comment_text(const std::string& text) {
    std::string out;
    for (char c : visible_controls(text)) {
        if (c == '\n') out += "<U+000A>";
        else
            out += c;
    }
    return out;
}

PrinterStyle printer_style() { return PrinterStyle{"  ", 120, 2}; }

std::string continued_at(const std::string& text, const std::string& indent) {
    std::string out;
    for (char c : text) {
        out += c;
        if (c == '\n') out += indent;
    }
    return out;
}

}  // namespace contractgen::emit::ts
