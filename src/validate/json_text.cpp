#include "validate/json_text.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace contractgen::validate {

void append_quoted(std::string& out, std::string_view s) {
    static const char* hex = "0123456789abcdef";
    out += '"';
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out.append(s.substr(start, i - start));
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            default:
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 15];
        }
        start = i + 1;
    }
    out.append(s.substr(start));
    out += '"';
}

std::string quoted(std::string_view s) {
    std::string out;
    append_quoted(out, s);
    return out;
}

std::string shown(std::string_view s) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
        if (n++ == 60) return quoted(s.substr(0, i)) + "\xE2\x80\xA6";  // …
    }
    return quoted(s);
}

void append_number(std::string& out, double d) {
    if (d == 0) {
        out += '0';
        return;
    }
    if (!std::isfinite(d)) throw std::logic_error("NaN and infinities have no JSON spelling");
    if (d < 0) {
        out += '-';
        d = -d;
    }
    char buf[40];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);  // d[.ddd]e±XX
    std::string_view e(buf, static_cast<std::size_t>(end - buf));
    std::size_t mark = e.find('e');
    std::string digits;
    for (char c : e.substr(0, mark))
        if (c != '.') digits += c;
    int exp = std::atoi(std::string(e.substr(mark + 1)).c_str());
    int k = static_cast<int>(digits.size()), n = exp + 1;  // n: where the decimal point goes
    if (k <= n && n <= 21) {
        out += digits;
        out.append(static_cast<std::size_t>(n - k), '0');
    } else if (0 < n && n <= 21) {
        out.append(digits, 0, static_cast<std::size_t>(n));
        out += '.';
        out.append(digits, static_cast<std::size_t>(n));
    } else if (-6 < n && n <= 0) {
        out += "0.";
        out.append(static_cast<std::size_t>(-n), '0');
        out += digits;
    } else {
        out += digits[0];
        if (k > 1) {
            out += '.';
            out.append(digits, 1);
        }
        out += 'e';
        if (n - 1 >= 0) out += '+';
        out += std::to_string(n - 1);
    }
}

std::string number_text(double d) {
    std::string out;
    append_number(out, d);
    return out;
}

namespace {

bool is_identifier(std::string_view s) {
    if (s.empty()) return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        bool letter = c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!letter && (i == 0 || c < '0' || c > '9')) return false;
    }
    return true;
}

}  // namespace

std::string format_path(const std::vector<PathStep>& steps) {
    std::string out = "$";
    for (const auto& s : steps) {
        if (s.index >= 0) {
            out += '[' + std::to_string(s.index) + ']';
        } else if (is_identifier(s.name)) {
            out += '.' + s.name;
        } else {
            out += '[';
            append_quoted(out, s.name);
            out += ']';
        }
    }
    return out;
}

std::size_t code_points(std::string_view s) {
    std::size_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

std::size_t utf8_sequence_length(const unsigned char* p, std::size_t available) {
    unsigned b = p[0];
    if (b < 0x80) return 1;
    std::size_t need;
    unsigned lo = 0x80, hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
        need = 1;
    } else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        if (b == 0xE0) lo = 0xA0;
        if (b == 0xED) hi = 0x9F;  // no surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        if (b == 0xF0) lo = 0x90;
        if (b == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (need >= available) return 0;
    if (p[1] < lo || p[1] > hi) return 0;
    for (std::size_t k = 2; k <= need; ++k)
        if (p[k] < 0x80 || p[k] > 0xBF) return 0;
    return need + 1;
}

}  // namespace contractgen::validate
