#include "emit/apidoc/serialize.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "emit/common/text.h"
#include "text/utf8.h"

namespace contractgen::emit::apidoc {

namespace {

// Characters written as \uXXXX although JSON would allow them raw.
bool must_escape(char32_t cp) {
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||  // C0, DEL, C1 (incl. NEL)
           cp == 0x061C ||                                          // Arabic letter mark (bidi)
           (cp >= 0x200B && cp <= 0x200F) ||                        // zero-width, LRM, RLM
           (cp >= 0x2028 && cp <= 0x202E) ||                        // line/paragraph separators, bidi embeddings
           (cp >= 0x2060 && cp <= 0x2069) ||  // word joiner, invisible operators, bidi isolates
           cp == 0xFEFF || cp == 0xFFFE || cp == 0xFFFF;  // BOM, non-characters
}

// Appends `text` as a JSON string literal.
void append_quoted(const std::string& text, std::string& out) {
    out += '"';
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t run = contractgen::text::plain_ascii_end(text, i);
        out.append(text, i, run - i);
        if (run == text.size()) break;
        i = run;
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
    out += '"';
}

// A number, boolean or null as JSON text. Integers, booleans and null are
// written directly: a large contract has tens of thousands of them, and
// dump() sets up a serializer for each; decimals keep dump()'s formatting.
void append_json_scalar(const ir::json& v, std::string& out) {
    char buf[24];
    if (v.is_number_unsigned()) {
        out.append(buf, std::to_chars(buf, buf + sizeof buf, v.get<std::uint64_t>()).ptr);
    } else if (v.is_number_integer()) {
        out.append(buf, std::to_chars(buf, buf + sizeof buf, v.get<std::int64_t>()).ptr);
    } else if (v.is_boolean()) {
        out += v.get<bool>() ? "true" : "false";
    } else if (v.is_null()) {
        out += "null";
    } else {
        out += v.dump();
    }
}

// `member`: a member written before (WrittenMember), reached by `depth` keys of its path so far.
void write_json(const ir::json& v, std::size_t indent, std::string& out, const WrittenMember* member = nullptr,
                std::size_t depth = 0) {
    if (v.is_string()) {
        append_quoted(v.get_ref<const std::string&>(), out);
    } else if (!v.is_object() && !v.is_array()) {
        append_json_scalar(v, out);
    } else if (v.empty()) {
        out += v.is_object() ? "{}" : "[]";
    } else {
        out += v.is_object() ? "{\n" : "[\n";
        std::size_t n = 0;
        for (auto it = v.begin(); it != v.end(); ++it, ++n) {
            out.append(indent + 2, ' ');
            if (v.is_object()) {
                append_quoted(it.key(), out);
                out += ": ";
            }
            const bool on_path = member != nullptr && v.is_object() && it.key() == member->path[depth];
            if (on_path && depth + 1 == member->path.size()) out += member->json;
            else if (on_path)
                write_json(*it, indent + 2, out, member, depth + 1);
            else
                write_json(*it, indent + 2, out);
            out += n + 1 < v.size() ? ",\n" : "\n";
        }
        out.append(indent, ' ');
        out += v.is_object() ? '}' : ']';
    }
}

// ---- YAML -------------------------------------------------------------------

// ASCII case-insensitive equality; `word` is lower case.
bool equals_lower(std::string_view s, std::string_view word) {
    return s.size() == word.size() && std::equal(s.begin(), s.end(), word.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == b;
           });
}

// ASCII letters and digits, without a call into the C library's ctype
// table per byte (this runs over every key and string of the document).
bool ascii_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool ascii_alnum(char c) { return ascii_alpha(c) || (c >= '0' && c <= '9'); }

bool yaml_plain_ok(std::string_view s) {
    if (s.empty()) return false;
    char first = s[0];
    if (!(ascii_alpha(first) || first == '_' || first == '/' || first == '$')) return false;
    for (char c : s) {
        if (!(ascii_alnum(c) || c == '_' || c == '.' || c == '/' || c == '+' || c == '-' || c == '$')) return false;
    }
    // YAML 1.1 booleans and nulls (YAML 1.2 core has a subset of these); lengths known when compiled.
    static constexpr std::string_view kWords[] = {"y", "n", "yes", "no", "true", "false", "on", "off", "null"};
    if (s.size() > 5) return true;
    for (std::string_view word : kWords)
        if (equals_lower(s, word)) return false;
    return true;
}

void append_yaml_string(const std::string& s, std::string& out) {
    if (yaml_plain_ok(s)) {
        out += s;
    } else {
        append_quoted(s, out);
    }
}

void append_yaml_scalar(const ir::json& v, std::string& out) {
    if (v.is_string()) {
        append_yaml_string(v.get_ref<const std::string&>(), out);
        return;
    }
    if (v.is_object()) {
        out += "{}";
        return;
    }
    if (v.is_array()) {
        out += "[]";
        return;
    }
    if (!v.is_number_float()) {
        append_json_scalar(v, out);
        return;
    }
    std::string text = v.dump();
    // YAML 1.1 resolvers (PyYAML) read a float only with a '.': 1e+20 -> 1.0e+20.
    if (text.find('.') == std::string::npos) {
        std::size_t e = text.find_first_of("eE");
        if (e != std::string::npos) text.insert(e, ".0");
    }
    out += text;
}

bool yaml_inline(const ir::json& v) { return !(v.is_object() || v.is_array()) || v.empty(); }

// Writes a non-empty mapping or sequence, every line indented by `indent`;
// `member` and `depth` as for write_json.
void write_yaml_block(const ir::json& v, std::size_t indent, std::string& out, const WrittenMember* member = nullptr,
                      std::size_t depth = 0) {
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            out.append(indent, ' ');
            append_yaml_string(it.key(), out);
            out += ':';
            const bool on_path = member != nullptr && it.key() == member->path[depth];
            if (on_path && depth + 1 == member->path.size()) {
                out += member->yaml;
            } else if (on_path && !yaml_inline(*it)) {
                out += '\n';
                write_yaml_block(*it, indent + 2, out, member, depth + 1);
            } else if (yaml_inline(*it)) {
                out += ' ';
                append_yaml_scalar(*it, out);
                out += '\n';
            } else {
                out += '\n';
                write_yaml_block(*it, indent + 2, out);
            }
        }
        return;
    }
    for (const auto& item : v) {
        if (yaml_inline(item)) {
            out.append(indent, ' ');
            out += "- ";
            append_yaml_scalar(item, out);
            out += '\n';
        } else {
            // Compact form: the item's first line continues after "- ". The
            // item is written one level deeper, so its first line starts with
            // indent + 2 spaces, the last two of which become the "- ".
            std::size_t start = out.size();
            write_yaml_block(item, indent + 2, out);
            out.replace(start + indent, 2, "- ");
        }
    }
}

}  // namespace

std::string json_string_literal(const std::string& text) {
    std::string out;
    append_quoted(text, out);
    return out;
}

std::string to_json_text(const ir::json& value) {
    std::string out;
    write_json(value, 0, out);
    out += '\n';
    return out;
}

WrittenMember write_member(const ir::json& value, std::vector<std::string> path) {
    WrittenMember member;
    const std::size_t indent = 2 * path.size();
    member.path = std::move(path);
    write_json(value, indent, member.json);
    if (yaml_inline(value)) {
        member.yaml = " ";
        append_yaml_scalar(value, member.yaml);
        member.yaml += '\n';
    } else {
        member.yaml = "\n";
        write_yaml_block(value, indent, member.yaml);
    }
    return member;
}

std::string to_json_text(const ir::json& document, const WrittenMember& member) {
    std::string out;
    out.reserve(member.json.size() + 4096);
    write_json(document, 0, out, &member);
    out += '\n';
    return out;
}

void append_yaml_text(const ir::json& document, std::string& out, const WrittenMember& member) {
    out.reserve(out.size() + member.yaml.size() + 4096);
    if (yaml_inline(document)) append_yaml_text(document, out);
    else
        write_yaml_block(document, 0, out, &member);
}

void append_yaml_text(const ir::json& value, std::string& out) {
    if (yaml_inline(value)) {
        append_yaml_scalar(value, out);
        out += '\n';
    } else {
        write_yaml_block(value, 0, out);
    }
}

std::string to_yaml_text(const ir::json& value) {
    std::string out;
    append_yaml_text(value, out);
    return out;
}

}  // namespace contractgen::emit::apidoc
