#include "emit/openapi/serialize.h"

#include <cctype>
#include <cstdio>

#include "emit/common/text.h"

namespace contractgen::emit::openapi {

namespace {

// Characters written as \uXXXX although JSON would allow them raw.
bool must_escape(char32_t cp) {
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||  // C0, DEL, C1 (incl. NEL)
           cp == 0x061C ||                                          // Arabic letter mark (bidi)
           (cp >= 0x200B && cp <= 0x200F) ||                        // zero-width, LRM, RLM
           (cp >= 0x2028 && cp <= 0x202E) ||                        // line/paragraph separators, bidi embeddings
           (cp >= 0x2060 && cp <= 0x2069) ||                        // word joiner, invisible operators, bidi isolates
           cp == 0xFEFF || cp == 0xFFFE || cp == 0xFFFF;            // BOM, non-characters
}

std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size();) {
        std::size_t start = i;
        char32_t cp = next_code_point(text, i);
        switch (cp) {
            case '"': out += "\\\""; continue;
            case '\\': out += "\\\\"; continue;
            case '\b': out += "\\b"; continue;
            case '\f': out += "\\f"; continue;
            case '\n': out += "\\n"; continue;
            case '\r': out += "\\r"; continue;
            case '\t': out += "\\t"; continue;
            default: break;
        }
        if (must_escape(cp)) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(text, start, i - start);
        }
    }
    return out + "\"";
}

void write_json(const ir::json& v, int indent, std::string& out) {
    if (v.is_string()) {
        out += quoted(v.get<std::string>());
    } else if (!v.is_object() && !v.is_array()) {
        out += v.dump();
    } else if (v.empty()) {
        out += v.is_object() ? "{}" : "[]";
    } else {
        std::string pad(static_cast<std::size_t>(indent + 2), ' ');
        out += v.is_object() ? "{\n" : "[\n";
        std::size_t n = 0;
        for (auto it = v.begin(); it != v.end(); ++it, ++n) {
            out += pad;
            if (v.is_object()) out += quoted(it.key()) + ": ";
            write_json(*it, indent + 2, out);
            out += n + 1 < v.size() ? ",\n" : "\n";
        }
        out += std::string(static_cast<std::size_t>(indent), ' ') + (v.is_object() ? "}" : "]");
    }
}

// ---- YAML -------------------------------------------------------------------

bool yaml_plain_ok(const std::string& s) {
    if (s.empty()) return false;
    unsigned char first = static_cast<unsigned char>(s[0]);
    if (!(std::isalpha(first) || first == '_' || first == '/' || first == '$')) return false;
    for (char c : s) {
        unsigned char u = static_cast<unsigned char>(c);
        if (!(std::isalnum(u) || u == '_' || u == '.' || u == '/' || u == '+' || u == '-' || u == '$')) return false;
    }
    std::string lower;
    for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // YAML 1.1 booleans and nulls (YAML 1.2 core has a subset of these).
    for (const char* word : {"y", "n", "yes", "no", "true", "false", "on", "off", "null"})
        if (lower == word) return false;
    return true;
}

std::string yaml_scalar(const ir::json& v) {
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        return yaml_plain_ok(s) ? s : quoted(s);
    }
    if (v.is_object()) return "{}";
    if (v.is_array()) return "[]";
    std::string text = v.dump();
    // YAML 1.1 resolvers (PyYAML) read a float only with a '.': 1e+20 -> 1.0e+20.
    if (v.is_number_float() && text.find('.') == std::string::npos) {
        std::size_t e = text.find_first_of("eE");
        if (e != std::string::npos) text.insert(e, ".0");
    }
    return text;
}

bool yaml_inline(const ir::json& v) { return !(v.is_object() || v.is_array()) || v.empty(); }

// Writes a non-empty mapping or sequence, every line indented by `indent`.
void write_yaml_block(const ir::json& v, std::size_t indent, std::string& out) {
    std::string pad(indent, ' ');
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            out += pad + (yaml_plain_ok(it.key()) ? it.key() : quoted(it.key())) + ":";
            if (yaml_inline(*it)) {
                out += " " + yaml_scalar(*it) + "\n";
            } else {
                out += "\n";
                write_yaml_block(*it, indent + 2, out);
            }
        }
        return;
    }
    for (const auto& item : v) {
        if (yaml_inline(item)) {
            out += pad + "- " + yaml_scalar(item) + "\n";
        } else {
            // Compact form: the item's first line continues after "- ".
            std::string sub;
            write_yaml_block(item, indent + 2, sub);
            out += pad + "- " + sub.substr(indent + 2);
        }
    }
}

}  // namespace

std::string json_string_literal(const std::string& text) { return quoted(text); }

std::string to_json_text(const ir::json& value) {
    std::string out;
    write_json(value, 0, out);
    return out + "\n";
}

std::string to_yaml_text(const ir::json& value) {
    if (yaml_inline(value)) return yaml_scalar(value) + "\n";
    std::string out;
    write_yaml_block(value, 0, out);
    return out;
}

}  // namespace contractgen::emit::openapi
