#include "validate/scanner.h"

#include <cmath>
#include <cstdlib>
#include "text/utf8.h"

namespace contractgen::validate {

namespace {

std::string quote_byte(char c) {
    auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b < 0x7F) return std::string("'") + c + "'";
    static const char* hex = "0123456789abcdef";
    return std::string("byte 0x") + hex[b >> 4] + hex[b & 15];
}

}  // namespace

void Scanner::fail_at(std::size_t at, const char* keyword, std::string detail) const {
    throw Error{format_path(path_), keyword, std::move(detail), at};
}

void Scanner::syntax(std::size_t at, const std::string& detail) const {
    throw Error{"$", "syntax", "invalid JSON: " + detail + " at byte " + std::to_string(at), at};
}

const char* Scanner::kind_name(char c) {
    switch (c) {
        case '{': return "an object";
        case '[': return "an array";
        case '"': return "a string";
        case 't':
        case 'f': return "a boolean";
        case 'n': return "null";
        default: return "a number";
    }
}

void Scanner::ws() {
    while (pos_ < data_.size()) {
        char c = data_[pos_];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
        ++pos_;
    }
}

char Scanner::peek() {
    ws();
    if (pos_ >= data_.size()) syntax(pos_, "unexpected end of input, expected a value");
    char c = data_[pos_];
    switch (c) {
        case '{':
        case '[':
        case '"':
        case 't':
        case 'f':
        case 'n':
        case '-':
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
        case '8':
        case '9': return c;
        default: syntax(pos_, "unexpected character " + quote_byte(c) + ", expected a value");
    }
}

void Scanner::literal(std::string_view word) {
    for (std::size_t i = 0; i < word.size(); ++i)
        if (pos_ + i >= data_.size() || data_[pos_ + i] != word[i])
            syntax(pos_ + i, "invalid literal, expected " + std::string(word));
    pos_ += word.size();
}

Scanner::NumberText Scanner::scan_number() {
    std::size_t start = pos_, i = pos_;
    const std::size_t n = data_.size();
    auto is_digit = [&](std::size_t k) { return k < n && data_[k] >= '0' && data_[k] <= '9'; };
    auto digits = [&] {
        if (!is_digit(i)) syntax(i, "invalid number, expected a digit");
        while (is_digit(i)) ++i;
    };
    if (i < n && data_[i] == '-') ++i;
    if (i < n && data_[i] == '0') ++i;
    else
        digits();
    bool integer = true;
    if (i < n && data_[i] == '.') {
        ++i;
        integer = false;
        digits();
    }
    if (i < n && (data_[i] == 'e' || data_[i] == 'E')) {
        ++i;
        integer = false;
        if (i < n && (data_[i] == '+' || data_[i] == '-')) ++i;
        digits();
    }
    pos_ = i;
    return {data_.substr(start, i - start), integer};
}

double Scanner::finite(std::size_t start, std::string_view literal) const {
    // strtod (the "C" locale: contractgen never changes it): overflow is
    // infinite, underflow is 0 or subnormal, as in every other binding.
    std::string text(literal);
    double d = std::strtod(text.c_str(), nullptr);
    if (std::isinf(d)) fail_at(start, "range", text + " is outside the range of a double");
    return d;
}

std::string_view Scanner::read_string(std::string& buf) {
    const std::size_t start = pos_ + 1, n = data_.size();
    const auto* bytes = reinterpret_cast<const unsigned char*>(data_.data());
    for (std::size_t i = start; i < n;) {
        unsigned char c = bytes[i];
        if (c == '"') {
            pos_ = i + 1;
            return data_.substr(start, i - start);
        }
        if (c == '\\') return read_escaped(start, i, buf);
        if (c < 0x20) syntax(i, "control character in a string (escape it)");
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = utf8_sequence_length(bytes + i, n - i);
        if (len == 0) syntax(i, "invalid UTF-8");
        i += len;
    }
    syntax(n, "unterminated string");
}

std::string_view Scanner::read_escaped(std::size_t start, std::size_t i, std::string& buf) {
    const std::size_t n = data_.size();
    const auto* bytes = reinterpret_cast<const unsigned char*>(data_.data());
    buf.assign(data_.substr(start, i - start));
    while (i < n) {
        unsigned char c = bytes[i];
        if (c == '"') {
            pos_ = i + 1;
            return buf;
        }
        if (c == '\\') {
            if (i + 1 >= n) syntax(n, "unterminated string");
            char e = data_[i + 1];
            switch (e) {
                case '"':
                case '\\':
                case '/': buf += e; break;
                case 'b': buf += '\b'; break;
                case 'f': buf += '\f'; break;
                case 'n': buf += '\n'; break;
                case 'r': buf += '\r'; break;
                case 't': buf += '\t'; break;
                case 'u': {
                    unsigned r = hex4(i + 2);
                    i += 6;
                    if (r >= 0xD800 && r <= 0xDFFF) {
                        if (r >= 0xDC00 || i + 1 >= n || data_[i] != '\\' || data_[i + 1] != 'u')
                            syntax(i - 6, "lone surrogate escape");
                        unsigned low = hex4(i + 2);
                        if (low < 0xDC00 || low > 0xDFFF) syntax(i - 6, "lone surrogate escape");
                        r = 0x10000 + ((r - 0xD800) << 10) + (low - 0xDC00);
                        i += 6;
                    }
                    text::append_utf8(buf, r);
                    continue;
                }
                default: syntax(i, "invalid escape");
            }
            i += 2;
        } else if (c < 0x20) {
            syntax(i, "control character in a string (escape it)");
        } else if (c < 0x80) {
            buf += static_cast<char>(c);
            ++i;
        } else {
            std::size_t len = utf8_sequence_length(bytes + i, n - i);
            if (len == 0) syntax(i, "invalid UTF-8");
            buf.append(data_.substr(i, len));
            i += len;
        }
    }
    syntax(n, "unterminated string");
}

unsigned Scanner::hex4(std::size_t at) const {
    if (at + 4 > data_.size()) syntax(data_.size(), "unterminated \\u escape");
    unsigned r = 0;
    for (std::size_t k = 0; k < 4; ++k) {
        char c = data_[at + k];
        if (c >= '0' && c <= '9') r = r << 4 | static_cast<unsigned>(c - '0');
        else if (c >= 'a' && c <= 'f')
            r = r << 4 | static_cast<unsigned>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            r = r << 4 | static_cast<unsigned>(c - 'A' + 10);
        else
            syntax(at + k, "invalid \\u escape");
    }
    return r;
}

void Scanner::skip_value() {
    stack_.clear();
    for (;;) {
        char c = peek();
        switch (c) {
            case '{':
            case '[': {
                ++pos_;
                ws();
                if (pos_ < data_.size() && data_[pos_] == c + 2) {  // '}' or ']' right away
                    ++pos_;
                    break;
                }
                stack_ += c;
                if (c == '{') skip_key();
                continue;
            }
            case '"': read_string(skip_buf_); break;
            case 't': literal("true"); break;
            case 'f': literal("false"); break;
            case 'n': literal("null"); break;
            default: scan_number();
        }
        // After a value: a comma and the next member or item, or closing brackets.
        for (;;) {
            if (stack_.empty()) return;
            char top = stack_.back();
            ws();
            if (pos_ >= data_.size()) syntax(pos_, "unexpected end of input");
            char b = data_[pos_];
            if (b == ',') {
                ++pos_;
                if (top == '{') skip_key();
                break;
            }
            if (b == top + 2) {
                ++pos_;
                stack_.pop_back();
                continue;
            }
            syntax(pos_, std::string("expected ',' or '") + static_cast<char>(top + 2) + "'");
        }
    }
}

void Scanner::skip_key() {
    ws();
    if (pos_ >= data_.size() || data_[pos_] != '"') syntax(pos_, "expected a member name");
    read_string(skip_buf_);
    colon();
}

void Scanner::colon() {
    ws();
    if (pos_ >= data_.size() || data_[pos_] != ':') syntax(pos_, "expected ':'");
    ++pos_;
}

std::size_t Scanner::count_entries() {
    const std::size_t save = pos_;
    const char c = data_[pos_];
    const char close = static_cast<char>(c + 2);
    ++pos_;
    std::size_t n = 0;
    for (;;) {
        ws();
        if (pos_ < data_.size() && data_[pos_] == close && n == 0) break;
        if (n > 0) {
            if (pos_ >= data_.size()) syntax(pos_, "unexpected end of input");
            if (data_[pos_] == close) break;
            if (data_[pos_] != ',') syntax(pos_, std::string("expected ',' or '") + close + "'");
            ++pos_;
        }
        if (c == '{') skip_key();
        skip_value();
        ++n;
    }
    pos_ = save;
    return n;
}

}  // namespace contractgen::validate
