// The hot path of decoding: a strict RFC 8259 scanner that writes the token
// tape directly. It accepts exactly the documents nlohmann's parser accepts
// (tests/cpp/scanner_test.cpp compares both on the same inputs, valid and
// broken; the one deliberate difference: a leading byte order mark is
// refused, as every binding does) but copies each string once, in bulk,
// where nlohmann's lexer appends byte by byte.
#include <clocale>
#include <cstdlib>

#include "contract/rt/tape.hpp"
#include "contract/rt/rules.hpp"

namespace contract {
namespace rt {

// Length of the valid UTF-8 sequence at p (Unicode table 3-7), or 0.
std::size_t utf8_length(const char* p, const char* end) {
    auto byte = [&](std::size_t i) { return p + i < end ? static_cast<unsigned char>(p[i]) : 0u; };
    unsigned b0 = byte(0);
    auto cont = [&](std::size_t i, unsigned lo = 0x80, unsigned hi = 0xBF) { return byte(i) >= lo && byte(i) <= hi; };
    if (b0 >= 0xC2 && b0 <= 0xDF) return cont(1) ? 2 : 0;
    if (b0 == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
    if ((b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF) return cont(1) && cont(2) ? 3 : 0;
    if (b0 == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
    if (b0 == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
    if (b0 >= 0xF1 && b0 <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
    if (b0 == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
    return 0;
}

namespace {

class Scanner {
public:
    Scanner(std::string_view text, Tape& tape)
        : begin_(text.data()), p_(text.data()), end_(text.data() + text.size()), tape_(tape) {}

    void run() {
        // RFC 8259 forbids sending a byte order mark; JSON.parse and Pydantic refuse one, so every binding does.
        if (end_ - p_ >= 3 && std::memcmp(p_, "\xEF\xBB\xBF", 3) == 0) fail("byte order mark before the JSON text");
        skip_space();
        for (;;) {
            value();
            // After a value: close containers or move to the next member.
            for (;;) {
                skip_space();
                if (open_.empty()) {
                    if (p_ != end_) fail("unexpected content after the value");
                    return;
                }
                bool in_object = tape_[open_.back()].kind == Tok::BeginObject;
                char c = next();
                if (c == ',') {
                    skip_space();
                    if (in_object) member_key();
                    break;
                }
                if (c == (in_object ? '}' : ']')) {
                    close(in_object ? Tok::EndObject : Tok::EndArray);
                    continue;
                }
                --p_;
                fail(in_object ? "expected ',' or '}'" : "expected ',' or ']'");
            }
            skip_space();
        }
    }

private:
    [[noreturn]] void fail(const char* what) const {
        throw DecodeError("invalid JSON at byte " + std::to_string(p_ - begin_) + ": " + what);
    }
    char next() {
        if (p_ == end_) fail("unexpected end of input");
        return *p_++;
    }
    void skip_space() {
        while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
    }
    void open(Tok kind) {
        if (open_.size() >= kMaxDepth) fail("nesting deeper than 512 levels");
        open_.push_back(tape_.size());
        tape_.push(kind);
    }
    void close(Tok kind) {
        tape_[open_.back()].end = static_cast<std::uint32_t>(tape_.size());
        open_.pop_back();
        tape_.push(kind);
    }
    void member_key() {
        if (p_ == end_ || *p_ != '"') fail("expected a string key");
        ++p_;
        string(Tok::Key);
        skip_space();
        if (next() != ':') {
            --p_;
            fail("expected ':'");
        }
        skip_space();
    }
    // One value; containers are opened here and closed by run()'s loop.
    void value() {
        if (p_ == end_) fail("unexpected end of input");
        switch (*p_) {
            case '{':
                ++p_;
                open(Tok::BeginObject);
                skip_space();
                if (p_ != end_ && *p_ == '}') {
                    ++p_;
                    close(Tok::EndObject);
                    return;
                }
                member_key();
                return value();
            case '[':
                ++p_;
                open(Tok::BeginArray);
                skip_space();
                if (p_ != end_ && *p_ == ']') {
                    ++p_;
                    close(Tok::EndArray);
                    return;
                }
                return value();
            case '"':
                ++p_;
                return string(Tok::String);
            case 't': return literal("true", Tok::True);
            case 'f': return literal("false", Tok::False);
            case 'n': return literal("null", Tok::Null);
            default:
                if (*p_ == '-' || is_digit(*p_)) return number();
                fail("expected a value");
        }
    }
    void literal(const char* word, Tok kind) {
        std::size_t n = std::strlen(word);
        if (static_cast<std::size_t>(end_ - p_) < n || std::memcmp(p_, word, n) != 0) fail("invalid literal");
        p_ += n;
        tape_.push(kind);
    }
    void number() {
        const char* start = p_;
        bool negative = *p_ == '-';
        if (negative) ++p_;
        if (p_ == end_ || !is_digit(*p_)) fail("invalid number");
        if (*p_ == '0') {
            ++p_;
        } else {
            while (p_ != end_ && is_digit(*p_)) ++p_;
        }
        bool integral = true;
        if (p_ != end_ && *p_ == '.') {
            integral = false;
            ++p_;
            if (p_ == end_ || !is_digit(*p_)) fail("invalid number: expected a digit after '.'");
            while (p_ != end_ && is_digit(*p_)) ++p_;
        }
        if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
            integral = false;
            ++p_;
            if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
            if (p_ == end_ || !is_digit(*p_)) fail("invalid number: expected a digit in the exponent");
            while (p_ != end_ && is_digit(*p_)) ++p_;
        }
        if (integral) {
            // Like nlohmann: non-negative integers are unsigned, negative ones
            // signed, and integers beyond 64 bits become floating point.
            std::uint64_t magnitude = 0;
            bool overflow = false;
            for (const char* d = start + (negative ? 1 : 0); d != p_; ++d) {
                unsigned digit = static_cast<unsigned>(*d - '0');
                if (magnitude > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) overflow = true;
                magnitude = magnitude * 10 + digit;
            }
            if (!overflow && !negative) {
                tape_.push(Tok::Uint).num.u = magnitude;
                return;
            }
            if (!overflow && magnitude <= 9223372036854775808ull) {
                tape_.push(Tok::Int).num.i = magnitude == 9223372036854775808ull
                                                 ? std::numeric_limits<std::int64_t>::min()
                                                 : -static_cast<std::int64_t>(magnitude);
                return;
            }
        }
        double value = to_double(start, p_);
        if (!std::isfinite(value)) fail("number out of range");
        tape_.push(Tok::Float).num.f = value;
    }
    static double to_double(const char* first, const char* last) {
        // The text already matches the JSON grammar. strtod needs a
        // terminated buffer and reads the locale's decimal point, so '.' is
        // swapped for it (as nlohmann does) in case the program set a locale.
        std::string buffer(first, last);
        const char point = *std::localeconv()->decimal_point;
        if (point != '.')
            for (char& ch : buffer)
                if (ch == '.') ch = point;
        return std::strtod(buffer.c_str(), nullptr);
    }
    static unsigned hex_value(char c) {
        if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
        if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
        if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
        return 16;
    }
    unsigned hex4() {
        if (end_ - p_ < 4) fail("invalid \\u escape");
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            unsigned h = hex_value(*p_++);
            if (h == 16) fail("invalid \\u escape");
            v = v * 16 + h;
        }
        return v;
    }
    static void append_utf8(std::string& out, std::uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }
    // The string after its opening quote; plain runs are copied in bulk.
    void string(Tok kind) {
        const char* run = p_;
        scratch_.clear();
        bool escaped = false;
        for (;;) {
            if (p_ == end_) fail("unterminated string");
            auto c = static_cast<unsigned char>(*p_);
            if (c == '"') break;
            if (c < 0x20) fail("control character in string (must be escaped)");
            if (c < 0x80 && c != '\\') {
                ++p_;
                continue;
            }
            if (c >= 0x80) {
                std::size_t n = utf8_length(p_, end_);
                if (n == 0) fail("invalid UTF-8 in string");
                p_ += n;
                continue;
            }
            // An escape: flush the plain run, decode the escape.
            escaped = true;
            scratch_.append(run, p_);
            ++p_;
            if (p_ == end_) fail("unterminated string");
            char e = *p_++;
            switch (e) {
                case '"': scratch_ += '"'; break;
                case '\\': scratch_ += '\\'; break;
                case '/': scratch_ += '/'; break;
                case 'b': scratch_ += '\b'; break;
                case 'f': scratch_ += '\f'; break;
                case 'n': scratch_ += '\n'; break;
                case 'r': scratch_ += '\r'; break;
                case 't': scratch_ += '\t'; break;
                case 'u': {
                    std::uint32_t cp = hex4();
                    if (cp >= 0xDC00 && cp <= 0xDFFF) fail("lone low surrogate in \\u escape");
                    if (cp >= 0xD800 && cp <= 0xDBFF) {
                        if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u')
                            fail("high surrogate not followed by a low surrogate");
                        p_ += 2;
                        std::uint32_t low = hex4();
                        if (low < 0xDC00 || low > 0xDFFF) fail("high surrogate not followed by a low surrogate");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    }
                    append_utf8(scratch_, cp);
                    break;
                }
                default: --p_; fail("invalid escape");
            }
            run = p_;
        }
        if (escaped) {
            scratch_.append(run, p_);
            tape_.push_string(kind, scratch_);
        } else {
            tape_.push_string(kind, std::string_view(run, static_cast<std::size_t>(p_ - run)));
        }
        ++p_;  // closing quote
    }

    const char* begin_;
    const char* p_;
    const char* end_;
    Tape& tape_;
    std::vector<std::size_t> open_;
    std::string scratch_;
};

}  // namespace

void parse_tape(std::string_view text, Tape& tape) {
    tape.clear();
    Scanner(text, tape).run();
}

void dom_to_tape(const Json& root, Tape& tape) {
    tape.clear();
    struct Frame {
        const Json* node;
        Json::const_iterator it;
        std::size_t begin;
    };
    std::vector<Frame> stack;
    auto scalar = [&](const Json& v) {
        switch (v.type()) {
            case Json::value_t::null: tape.push(Tok::Null); break;
            case Json::value_t::boolean: tape.push(v.get<bool>() ? Tok::True : Tok::False); break;
            case Json::value_t::number_integer: tape.push(Tok::Int).num.i = v.get<std::int64_t>(); break;
            case Json::value_t::number_unsigned: tape.push(Tok::Uint).num.u = v.get<std::uint64_t>(); break;
            case Json::value_t::number_float: tape.push(Tok::Float).num.f = v.get<double>(); break;
            case Json::value_t::string: tape.push_string(Tok::String, v.get_ref<const std::string&>()); break;
            default: throw DecodeError("binary values are not JSON");
        }
    };
    auto enter = [&](const Json& v) {
        if (!v.is_structured()) return scalar(v);
        if (stack.size() >= kMaxDepth)
            throw DecodeError("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        tape.push(v.is_object() ? Tok::BeginObject : Tok::BeginArray);
        stack.push_back({&v, v.cbegin(), tape.size() - 1});
    };
    enter(root);
    while (!stack.empty()) {
        Frame& f = stack.back();
        if (f.it == f.node->cend()) {
            tape[f.begin].end = static_cast<std::uint32_t>(tape.size());
            tape.push(f.node->is_object() ? Tok::EndObject : Tok::EndArray);
            stack.pop_back();
            continue;
        }
        auto it = f.it++;
        if (f.node->is_object()) tape.push_string(Tok::Key, it.key());
        enter(*it);
    }
}

}  // namespace rt
}  // namespace contract
