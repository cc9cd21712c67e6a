// The hot path of decoding: a strict RFC 8259 scanner that writes the token
// tape directly. It accepts exactly the documents nlohmann's parser accepts
// (tests/cpp/scanner_test.cpp compares both on the same inputs, valid and
// broken), except what the payload policy refuses beyond RFC 8259 (a
// leading byte order mark, invalid UTF-8, lone surrogate escapes), and
// copies each string once, in bulk. It never recurses and never throws:
// problems become Error tokens (rt/tape.hpp).
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "contract/rt/rules.hpp"
#include "contract/rt/tape.hpp"

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

struct Stop {};  // unwinds the scanner once the syntax error is on the tape

class Scanner {
public:
    Scanner(std::string_view text, Tape& tape, std::size_t max_depth)
        : begin_(text.data()),
          p_(text.data()),
          end_(text.data() + text.size()),
          tape_(tape),
          max_depth_(max_depth),
          kinds_(tape.scratch.kinds),
          open_(tape.scratch.open),
          scratch_(tape.scratch.text) {
        kinds_.clear();
        open_.clear();
    }

    void run() {
        try {
            // RFC 8259 forbids sending a byte order mark; the payload policy refuses one.
            if (end_ - p_ >= 3 && std::memcmp(p_, "\xEF\xBB\xBF", 3) == 0) fail("byte order mark");
            skip_space();
            for (;;) {
                value();
                // After a value: close containers or move to the next member.
                for (;;) {
                    skip_space();
                    if (kinds_.empty()) {
                        if (p_ != end_) fail("unexpected content after the value");
                        return;
                    }
                    bool in_object = kinds_.back() == '{';
                    if (p_ == end_) fail("unexpected end of input");
                    char c = *p_++;
                    if (c == ',') {
                        skip_space();
                        if (in_object) member_key();
                        break;
                    }
                    if (c == (in_object ? '}' : ']')) {
                        close();
                        continue;
                    }
                    --p_;
                    fail(in_object ? "expected ',' or '}'" : "expected ',' or ']'");
                }
                skip_space();
            }
        } catch (const Stop&) {
            // The containers still open end after the error, so the tape stays a tree.
            while (!open_.empty()) {
                tape_[open_.back()].end = static_cast<std::uint32_t>(tape_.size());
                tape_.push(tape_[open_.back()].kind == Tok::BeginObject ? Tok::EndObject : Tok::EndArray);
                open_.pop_back();
            }
        }
    }

private:
    [[noreturn]] void fail(const char* what) {
        muted_ = false;
        std::string detail = "invalid JSON: ";
        detail += what;
        detail += " at byte ";
        detail += std::to_string(p_ - begin_);
        tape_.syntax_error = tape_.size();
        tape_.push_string(Tok::Error, detail).num.u = kSyntax;
        throw Stop();
    }
    void skip_space() {
        // Compact text has no space between tokens: one compare decides.
        if (p_ != end_ && static_cast<unsigned char>(*p_) > ' ') return;
        while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
    }
    // Tokens go to the tape unless the scanner is inside a container nested
    // too deep, which it still reads (it must be JSON) but does not keep.
    Token& push(Tok kind) { return muted_ ? scratch_token_ : tape_.push(kind); }
    // Opens a container; false when it is nested too deep (then one Error
    // token stands for it, and nothing of it is kept).
    void open(char bracket, Tok kind) {
        if (!muted_ && kinds_.size() >= max_depth_) {
            std::string detail = "nesting deeper than " + std::to_string(max_depth_) + " (arrays and objects)";
            tape_.push_string(Tok::Error, detail).num.u = kDepth;
            muted_ = true;
            muted_level_ = kinds_.size();
        }
        kinds_.push_back(bracket);
        if (muted_) return;
        open_.push_back(tape_.size());
        tape_.push(kind);
    }
    void close() {
        kinds_.pop_back();
        if (muted_) {
            if (kinds_.size() == muted_level_) muted_ = false;
            return;
        }
        bool object = tape_[open_.back()].kind == Tok::BeginObject;
        tape_[open_.back()].end = static_cast<std::uint32_t>(tape_.size());
        open_.pop_back();
        tape_.push(object ? Tok::EndObject : Tok::EndArray);
    }
    void member_key() {
        if (p_ == end_ || *p_ != '"') fail("expected a member name");
        ++p_;
        string(Tok::Key);
        skip_space();
        if (p_ == end_ || *p_ != ':') {
            if (!muted_) tape_.pop();  // a name without a colon is not a member yet
            fail("expected ':'");
        }
        ++p_;
        skip_space();
    }
    // One value; containers are opened here (a loop, not recursion: their
    // first member or item is read next) and closed by run()'s loop.
    void value() {
        for (;;) {
            if (p_ == end_) fail("unexpected end of input, expected a value");
            switch (*p_) {
                case '{':
                    ++p_;
                    open('{', Tok::BeginObject);
                    skip_space();
                    if (p_ != end_ && *p_ == '}') {
                        ++p_;
                        close();
                        return;
                    }
                    member_key();
                    continue;
                case '[':
                    ++p_;
                    open('[', Tok::BeginArray);
                    skip_space();
                    if (p_ != end_ && *p_ == ']') {
                        ++p_;
                        close();
                        return;
                    }
                    continue;
                case '"': ++p_; return string(Tok::String);
                case 't': return literal("true", Tok::True);
                case 'f': return literal("false", Tok::False);
                case 'n': return literal("null", Tok::Null);
                default:
                    if (*p_ == '-' || is_digit(*p_)) return number();
                    fail("unexpected character, expected a value");
            }
        }
    }
    void literal(const char* word, Tok kind) {
        std::size_t n = std::strlen(word);
        for (std::size_t i = 0; i < n; ++i, ++p_)
            if (p_ == end_ || *p_ != word[i]) fail("invalid literal");
        push(kind);
    }
    void number() {
        const char* start = p_;
        bool negative = *p_ == '-';
        if (negative) ++p_;
        if (p_ == end_ || !is_digit(*p_)) fail("invalid number, expected a digit");
        if (*p_ == '0') {
            ++p_;
        } else {
            while (p_ != end_ && is_digit(*p_)) ++p_;
        }
        bool integral = true;
        if (p_ != end_ && *p_ == '.') {
            integral = false;
            ++p_;
            if (p_ == end_ || !is_digit(*p_)) fail("invalid number, expected a digit after '.'");
            while (p_ != end_ && is_digit(*p_)) ++p_;
        }
        if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
            integral = false;
            ++p_;
            if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
            if (p_ == end_ || !is_digit(*p_)) fail("invalid number, expected a digit in the exponent");
            while (p_ != end_ && is_digit(*p_)) ++p_;
        }
        if (muted_) return;
        if (integral) {
            // Exact: non-negative integers unsigned, negative ones signed,
            // and beyond 64 bits the digits themselves.
            std::uint64_t magnitude = 0;
            bool overflow = false;
            const char* first = start + (negative ? 1 : 0);
            if (p_ - first <= 19) {  // 19 digits fit in 64 bits: no check per digit
                for (const char* d = first; d != p_; ++d) magnitude = magnitude * 10 + static_cast<unsigned>(*d - '0');
            } else {
                for (const char* d = first; d != p_; ++d) {
                    unsigned digit = static_cast<unsigned>(*d - '0');
                    if (magnitude > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) overflow = true;
                    magnitude = magnitude * 10 + digit;
                }
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
            std::string_view text(start, static_cast<std::size_t>(p_ - start));
            tape_.push_string(Tok::Big, text).num.f = to_double(start, p_);
            return;
        }
        double value = to_double(start, p_);
        if (std::isfinite(value)) {
            tape_.push(Tok::Float).num.f = value;
        } else {  // refused where it is read (a `range` error): keep its text for the message
            tape_.push_string(Tok::Float, std::string_view(start, static_cast<std::size_t>(p_ - start))).num.f = value;
        }
    }
    static double to_double(const char* first, const char* last) {
        // from_chars reads the C locale's spelling, correctly rounded; a
        // value beyond the double range is reported as out of range, which
        // strtod turns into an infinity or zero.
        double value = 0;
        auto [ptr, ec] = std::from_chars(first, last, value);
        if (ec == std::errc() && ptr == last) return value;
        std::string buffer(first, last);
        const char point = *std::localeconv()->decimal_point;  // strtod reads the locale's decimal point
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
        unsigned v = 0;
        for (int i = 0; i < 4; ++i, ++p_) {
            if (p_ == end_) fail("unterminated \\u escape");
            unsigned h = hex_value(*p_);
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
        bool escaped = false;
        for (;;) {
            p_ += plain_prefix(p_, end_);  // printable ASCII, 8 bytes at a time
            if (p_ == end_) fail("unterminated string");
            auto c = static_cast<unsigned char>(*p_);
            if (c == '"') break;
            if (c < 0x20) fail("control character in a string (escape it)");
            if (c >= 0x80) {
                std::size_t n = utf8_length(p_, end_);
                if (n == 0) fail("invalid UTF-8");
                p_ += n;
                continue;
            }
            // An escape: flush the plain run, decode the escape.
            if (!escaped) scratch_.clear();  // most strings have none: cleared only here
            escaped = true;
            scratch_.append(run, p_);
            const char* escape = p_++;
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
                    if (cp >= 0xD800 && cp <= 0xDFFF) {  // must be a high surrogate and a low one
                        bool pair = cp <= 0xDBFF && end_ - p_ >= 2 && p_[0] == '\\' && p_[1] == 'u';
                        std::uint32_t low = 0;
                        if (pair) {
                            p_ += 2;
                            low = hex4();
                        }
                        if (!pair || low < 0xDC00 || low > 0xDFFF) {
                            p_ = escape;
                            fail("lone surrogate escape");
                        }
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    }
                    append_utf8(scratch_, cp);
                    break;
                }
                default: p_ = escape; fail("invalid escape");
            }
            run = p_;
        }
        if (!muted_) {
            if (escaped) {
                scratch_.append(run, p_);
                tape_.push_string(kind, scratch_);
            } else {
                tape_.push_input(kind, run, static_cast<std::size_t>(p_ - run));
            }
        }
        ++p_;  // closing quote
    }

    const char* begin_;
    const char* p_;
    const char* end_;
    Tape& tape_;
    std::size_t max_depth_;
    std::string& kinds_;              // '{' or '[' for every open container, kept or not
    std::vector<std::size_t>& open_;  // the BeginObject/BeginArray tokens of the kept ones
    std::string& scratch_;            // a string with escapes, decoded
    bool muted_ = false;              // inside a container nested too deep
    std::size_t muted_level_ = 0;     // kinds_.size() outside that container
    Token scratch_token_;
};

}  // namespace

void parse_tape(std::string_view text, Tape& tape, std::size_t max_depth) {
    tape.clear();
    tape.set_input(text.data());
    Scanner(text, tape, max_depth).run();
}

}  // namespace rt
}  // namespace contract
