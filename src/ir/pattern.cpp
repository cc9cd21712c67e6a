#include "ir/pattern.h"

#include <cctype>
#include <string_view>

namespace contractgen::ir {

namespace {

bool is_hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// Characters that may be escaped with a backslash in ECMA-262 `u` mode.
bool is_syntax_char(char c) { return std::string_view("^$\\.*+?()[]{}|/").find(c) != std::string_view::npos; }

}  // namespace

std::optional<std::string> check_portable_pattern(const std::string& p) {
    int depth = 0;
    bool in_class = false;
    bool can_quantify = false;  // is there an atom before a quantifier?
    for (std::size_t i = 0; i < p.size(); ++i) {
        char c = p[i];
        if (c == '\\') {
            if (i + 1 >= p.size()) return "ends with a lone backslash";
            char e = p[++i];
            if (e == 'd' || e == 'D' || e == 'w' || e == 'W' || e == 'n' || e == 'r' || e == 't' || e == 'f' ||
                e == 'v') {
                can_quantify = true;
                continue;
            }
            if ((e == 'b' || e == 'B') && !in_class) {
                can_quantify = false;
                continue;
            }
            if (e == 's' || e == 'S')
                return "'\\" + std::string(1, e) +
                       "' matches different characters in different engines; write the class out, e.g. [ \\t\\n\\r]";
            if (e == 'u') {
                if (i + 4 >= p.size() + 0 || !(is_hex(p[i + 1]) && is_hex(p[i + 2]) && is_hex(p[i + 3]) && is_hex(p[i + 4])))
                    return "'\\u' must be followed by four hex digits ('\\u{...}' is not portable)";
                i += 4;
                can_quantify = true;
                continue;
            }
            if (e == 'p' || e == 'P') return "Unicode property escapes ('\\p{...}') are not portable";
            if (e >= '0' && e <= '9') return "backreferences and octal escapes ('\\" + std::string(1, e) + "') are not portable";
            if (e == 'k') return "named backreferences ('\\k<...>') are not portable";
            if (e == 'c' || e == 'x') return "'\\" + std::string(1, e) + "' escapes are not portable; use \\uXXXX";
            if (is_syntax_char(e) || (in_class && e == '-')) {
                can_quantify = true;
                continue;
            }
            return "'\\" + std::string(1, e) + "' is not a valid escape in ECMA-262 (with the u flag)";
        }
        if (in_class) {
            if (c == ']') {
                in_class = false;
                can_quantify = true;
            } else if (c == '[') {
                return "'[' inside a character class must be escaped";
            }
            continue;
        }
        switch (c) {
            case '[':
                in_class = true;
                if (i + 1 < p.size() && p[i + 1] == '^') ++i;
                if (i + 1 < p.size() && p[i + 1] == ']') return "empty character class '[]' is not portable";
                break;
            case '(':
                if (p.compare(i, 3, "(?:") == 0) {
                    i += 2;
                } else if (p.compare(i, 3, "(?=") == 0 || p.compare(i, 3, "(?!") == 0) {
                    i += 2;
                } else if (p.compare(i, 2, "(?") == 0) {
                    return "group syntax '" + p.substr(i, 4) + "' (lookbehind, named groups, flags) is not portable";
                }
                ++depth;
                can_quantify = false;
                break;
            case ')':
                if (depth == 0) return "unbalanced ')'";
                --depth;
                can_quantify = true;
                break;
            case '*':
            case '+':
            case '?':
                if (!can_quantify) return "quantifier '" + std::string(1, c) + "' has nothing to repeat";
                if (i + 1 < p.size() && p[i + 1] == '?') ++i;  // lazy
                can_quantify = false;
                break;
            case '{': {
                auto close = p.find('}', i);
                std::string body = close == std::string::npos ? std::string() : p.substr(i + 1, close - i - 1);
                bool ok = !body.empty() && std::isdigit(static_cast<unsigned char>(body[0]));
                for (char b : body) ok = ok && (std::isdigit(static_cast<unsigned char>(b)) || b == ',');
                if (!ok) return "'{' must start a quantifier like {2} or {1,3}; escape a literal brace as \\{";
                if (!can_quantify) return "quantifier '{" + body + "}' has nothing to repeat";
                i = close;
                if (i + 1 < p.size() && p[i + 1] == '?') ++i;
                can_quantify = false;
                break;
            }
            case '}':
            case ']':
                return "a lone '" + std::string(1, c) + "' must be escaped";
            case '|':
            case '^':
            case '$':
                can_quantify = false;
                break;
            default:
                can_quantify = true;
        }
    }
    if (in_class) return "unterminated character class";
    if (depth != 0) return "unbalanced '('";
    return std::nullopt;
}

std::string translate_pattern(const std::string& p, PatternDialect dialect) {
    if (dialect == PatternDialect::Ecma) return p;
    std::string out;
    bool in_class = false;
    for (std::size_t i = 0; i < p.size(); ++i) {
        char c = p[i];
        if (c == '\\' && i + 1 < p.size()) {
            char e = p[i + 1];
            if (e == 'u' && dialect == PatternDialect::Python) {
                out += "\\u" + p.substr(i + 2, 4);  // Python re knows \uXXXX in str patterns
                i += 5;
                continue;
            }
            if (e == '/') {  // only JavaScript literals need '/' escaped
                out += '/';
                ++i;
                continue;
            }
            out += c;
            out += e;
            ++i;
            continue;
        }
        if (in_class) {
            if (c == ']') in_class = false;
            out += c;
            continue;
        }
        if (c == '[') {
            in_class = true;
            out += c;
            continue;
        }
        if (c == '.') {
            out += "[^\\n\\r\\u2028\\u2029]";
            continue;
        }
        if (c == '$' && dialect == PatternDialect::Python) {
            out += "\\Z";
            continue;
        }
        out += c;
    }
    return out;
}

}  // namespace contractgen::ir
