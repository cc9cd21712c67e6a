#include "ir/pattern.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <vector>
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

std::optional<std::string> go_pattern_problem(const std::string& p) {
    // Repetition counts open per group level: RE2 refuses a repetition whose
    // count times the counts of the repetitions inside it exceeds 1000.
    std::vector<unsigned long> inner(1, 1);  // per open group: the largest count product inside it
    unsigned long last_atom = 1;             // count product of the atom just closed (a group), else 1
    bool in_class = false;
    for (std::size_t i = 0; i < p.size(); ++i) {
        char c = p[i];
        if (c == '\\' && i + 1 < p.size()) {
            char e = p[i + 1];
            if (e == 'u') {
                unsigned cp = static_cast<unsigned>(std::stoul(p.substr(i + 2, 4), nullptr, 16));
                bool paired = false;
                if (cp >= 0xD800 && cp <= 0xDBFF && p.compare(i + 6, 2, "\\u") == 0 && i + 11 < p.size()) {
                    unsigned low = static_cast<unsigned>(std::stoul(p.substr(i + 8, 4), nullptr, 16));
                    paired = low >= 0xDC00 && low <= 0xDFFF;
                    if (paired) i += 6;
                }
                if (cp >= 0xD800 && cp <= 0xDFFF && !paired)
                    return "a lone surrogate escape ('\\u" + p.substr(i + 2, 4) + "') cannot be matched by Go's regexp (RE2)";
                i += 5;
            } else {
                ++i;
            }
            last_atom = 1;
            continue;
        }
        if (in_class) {
            if (c == ']') in_class = false;
            continue;
        }
        switch (c) {
            case '[': in_class = true; last_atom = 1; break;
            case '(':
                if (p.compare(i, 3, "(?=") == 0 || p.compare(i, 3, "(?!") == 0)
                    return "lookahead ('" + p.substr(i, 3) + "') cannot be matched by Go's regexp (RE2, which has no lookaround); "
                           "rewrite the pattern without it";
                inner.push_back(1);
                break;
            case ')':
                last_atom = inner.back();
                inner.pop_back();
                inner.back() = std::max(inner.back(), last_atom);
                break;
            case '{': {
                auto close = p.find('}', i);
                std::string body = p.substr(i + 1, close - i - 1);
                auto comma = body.find(',');
                unsigned long low = std::stoul(body.substr(0, comma));
                unsigned long high = comma == std::string::npos ? low
                                     : comma + 1 == body.size() ? low
                                                                : std::stoul(body.substr(comma + 1));
                unsigned long count = std::max(low, high);
                if (count > 1000 || count * last_atom > 1000)
                    return "the repetition '{" + body + "}' repeats more than 1000 times (counting nested repetitions), "
                           "which Go's regexp (RE2) refuses";
                inner.back() = std::max(inner.back(), count * last_atom);
                i = close;
                last_atom = 1;
                break;
            }
            default: last_atom = 1;
        }
    }
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
            if (e == 'u' && dialect == PatternDialect::Go) {
                unsigned cp = static_cast<unsigned>(std::stoul(p.substr(i + 2, 4), nullptr, 16));
                i += 5;
                if (cp >= 0xD800 && cp <= 0xDBFF && p.compare(i + 1, 2, "\\u") == 0 && i + 6 < p.size()) {
                    unsigned low = static_cast<unsigned>(std::stoul(p.substr(i + 3, 4), nullptr, 16));
                    if (low >= 0xDC00 && low <= 0xDFFF) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                        i += 6;
                    }
                }
                char buf[16];
                std::snprintf(buf, sizeof buf, "\\x{%04X}", cp);
                out += buf;
                continue;
            }
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
            out += dialect == PatternDialect::Go ? "[^\\n\\r\\x{2028}\\x{2029}]" : "[^\\n\\r\\u2028\\u2029]";
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
