// The runtime every generated contract header uses: absent/null/value
// wrappers, decode errors that carry a JSON path, and the decoder.
//
// Decoding does not build an nlohmann DOM: nlohmann's SAX parser fills a flat
// token tape (one entry per scalar, key, begin and end; each begin knows where
// its end is, so a value can be skipped in O(1)), and the generated decoders
// walk it directly. `from_json` on an existing DOM turns it into a tape first,
// so there is one decoder and one set of rules.
#pragma once

#include <algorithm>
#include <bitset>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <clocale>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace contract {

using Json = nlohmann::json;

// A value that may be JSON null (a required, nullable field).
template <class T>
class Nullable {
public:
    Nullable() = default;
    Nullable(std::nullptr_t) {}
    Nullable(T value) : value_(std::move(value)) {}
    bool is_null() const { return !value_.has_value(); }
    bool has_value() const { return value_.has_value(); }
    T& value() { return value_.value(); }
    const T& value() const { return value_.value(); }
    T& emplace() { return value_.emplace(); }
    void set_null() { value_.reset(); }
    const T* operator->() const { return &*value_; }
    T* operator->() { return &*value_; }
    bool operator==(const Nullable& o) const { return value_ == o.value_; }
    bool operator!=(const Nullable& o) const { return value_ != o.value_; }

private:
    std::optional<T> value_;
};

// An optional, nullable field: absent, null, or a value. Absent and null are
// different on the wire and stay different after a round trip.
template <class T>
class Tristate {
public:
    Tristate() = default;
    Tristate(std::nullptr_t) : state_(State::Null) {}
    Tristate(T value) : state_(State::Value), value_(std::move(value)) {}
    bool is_absent() const { return state_ == State::Absent; }
    bool is_null() const { return state_ == State::Null; }
    bool has_value() const { return state_ == State::Value; }
    T& value() { return value_.value(); }
    const T& value() const { return value_.value(); }
    T& emplace() {
        state_ = State::Value;
        return value_.emplace();
    }
    void set_null() {
        state_ = State::Null;
        value_.reset();
    }
    void reset() {
        state_ = State::Absent;
        value_.reset();
    }
    bool operator==(const Tristate& o) const { return state_ == o.state_ && value_ == o.value_; }
    bool operator!=(const Tristate& o) const { return !(*this == o); }

private:
    enum class State { Absent, Null, Value };
    State state_ = State::Absent;
    std::optional<T> value_;
};

// A decoding failure, with the JSON path of the offending value:
// "$.data.plan_set.plans.p1.status: expected one of LOADING|SUCCESS|ERROR, got \"DONE\"".
// The path is assembled while the exception unwinds, so decoding pays
// nothing for it until something is wrong.
class DecodeError : public std::runtime_error {
public:
    explicit DecodeError(std::string message) : std::runtime_error(message), message_(std::move(message)) { rebuild(); }
    const std::string& message() const { return message_; }
    std::string path() const { return "$" + path_; }
    const char* what() const noexcept override { return full_.c_str(); }

    void prepend_key(std::string_view key) {
        path_ = key_segment(key) + path_;
        rebuild();
    }
    void prepend_index(std::size_t index) {
        path_ = "[" + std::to_string(index) + "]" + path_;
        rebuild();
    }

private:
    static std::string key_segment(std::string_view key) {
        bool plain = !key.empty() && !(key[0] >= '0' && key[0] <= '9');
        for (char ch : key)
            plain = plain && ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_');
        if (plain) return "." + std::string(key);
        return "[" + Json(std::string(key)).dump(-1, ' ', false, Json::error_handler_t::replace) + "]";
    }
    void rebuild() { full_ = "$" + path_ + ": " + message_; }
    std::string message_, path_, full_;
};

namespace rt {

// ---- characters

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
inline bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// ---- the token tape ----------------------------------------------------------

enum class Tok : std::uint8_t { Null, True, False, Int, Uint, Float, String, Key, BeginObject, EndObject, BeginArray, EndArray };

// One token. Strings and keys live in the tape's text arena (offset and
// length), so building a tape allocates nothing once its buffers have grown.
struct Token {
    Tok kind = Tok::Null;
    std::uint32_t end = 0;  // BeginObject/BeginArray: index of the matching End
    std::uint32_t offset = 0, length = 0;  // String and Key: bytes in Tape::text
    union {
        std::int64_t i;
        std::uint64_t u;
        double f;
    } num{};
};

class Tape {
public:
    Token& push(Tok kind) {
        tokens_.emplace_back();
        tokens_.back().kind = kind;
        return tokens_.back();
    }
    Token& push_string(Tok kind, std::string_view s) {
        Token& t = push(kind);
        t.offset = static_cast<std::uint32_t>(text_.size());
        t.length = static_cast<std::uint32_t>(s.size());
        text_.append(s);
        return t;
    }
    void clear() {
        tokens_.clear();  // keeps capacity: a reused tape stops allocating
        text_.clear();
    }
    std::size_t size() const { return tokens_.size(); }
    const Token& operator[](std::size_t i) const { return tokens_[i]; }
    Token& operator[](std::size_t i) { return tokens_[i]; }
    std::string_view text(const Token& t) const { return std::string_view(text_.data() + t.offset, t.length); }

private:
    std::vector<Token> tokens_;
    std::string text_;
};

// Values nested deeper than this are refused before any decoder recurses.
inline constexpr std::size_t kMaxDepth = 512;

// The hot path of decoding: a strict RFC 8259 scanner that writes the tape
// directly. It accepts exactly the documents nlohmann's parser accepts (a
// test compares both on the same inputs, valid and broken; the one deliberate
// difference: a leading byte order mark is refused, as every binding does) but copies each
// string once, in bulk, where nlohmann's lexer appends byte by byte: this is
// what makes the typed decoder faster than building an nlohmann DOM.
class Scanner {
public:
    Scanner(std::string_view text, Tape& tape) : begin_(text.data()), p_(text.data()), end_(text.data() + text.size()), tape_(tape) {}

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
                tape_.push(Tok::Int).num.i = magnitude == 9223372036854775808ull ? std::numeric_limits<std::int64_t>::min()
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
    // Length of the valid UTF-8 sequence at p (Unicode table 3-7), or 0.
    std::size_t utf8_length(const char* p) const {
        auto byte = [&](std::size_t i) { return p + i < end_ ? static_cast<unsigned char>(p[i]) : 0u; };
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
                std::size_t n = utf8_length(p_);
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
                        if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') fail("high surrogate not followed by a low surrogate");
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

// Parses JSON text into a tape; throws DecodeError("invalid JSON at byte N: ...").
inline void parse_tape(std::string_view text, Tape& tape) {
    tape.clear();
    Scanner(text, tape).run();
}

// An nlohmann DOM into a tape (for from_json), iteratively.
inline void dom_to_tape(const Json& root, Tape& tape) {
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
        if (stack.size() >= kMaxDepth) throw DecodeError("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
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

class Cursor {
public:
    explicit Cursor(const Tape& tape) : tape_(tape) {}
    const Token& peek() const { return tape_[pos_]; }
    const Token& take() { return tape_[pos_++]; }
    std::string_view text(const Token& t) const { return tape_.text(t); }
    std::size_t pos() const { return pos_; }
    void rewind(std::size_t p) { pos_ = p; }
    bool at_end() const { return pos_ >= tape_.size(); }
    void skip() {
        const Token& t = tape_[pos_];
        pos_ = (t.kind == Tok::BeginObject || t.kind == Tok::BeginArray) ? t.end + 1 : pos_ + 1;
    }
    const Tape& tape() const { return tape_; }

private:
    const Tape& tape_;
    std::size_t pos_ = 0;
};

// ---- messages ------------------------------------------------------------------

inline std::string quote(std::string_view s) {
    return Json(std::string(s)).dump(-1, ' ', false, Json::error_handler_t::replace);
}

inline std::string describe(const Cursor& c, const Token& t) {
    switch (t.kind) {
        case Tok::Null: return "null";
        case Tok::True: return "true";
        case Tok::False: return "false";
        case Tok::Int: return "number " + std::to_string(t.num.i);
        case Tok::Uint: return "number " + std::to_string(t.num.u);
        case Tok::Float: return "number " + Json(t.num.f).dump();
        case Tok::String: {
            std::string_view s = c.text(t);
            return s.size() > 60 ? quote(std::string(s.substr(0, 57)) + "...") : quote(s);
        }
        case Tok::BeginObject: return "an object";
        case Tok::BeginArray: return "an array";
        default: return "end of input";
    }
}

[[noreturn]] inline void fail_expected(const Cursor& c, const char* what) {
    throw DecodeError(std::string("expected ") + what + ", got " + describe(c, c.peek()));
}

// Runs `f`, adding a path segment to any DecodeError that escapes it.
template <class F>
inline void in_field(std::string_view key, F&& f) {
    try {
        f();
    } catch (DecodeError& e) {
        e.prepend_key(key);
        throw;
    }
}
template <class F>
inline void in_item(std::size_t index, F&& f) {
    try {
        f();
    } catch (DecodeError& e) {
        e.prepend_index(index);
        throw;
    }
}

// ---- formats ----------------------------------------------------------------------
// The same rules are implemented by the TypeScript and Python targets.


// RFC 4122 textual form: 8-4-4-4-12 hex digits, any case, any version.
inline bool is_uuid(std::string_view s) {
    if (s.size() != 36) return false;
    for (std::size_t i = 0; i < 36; ++i) {
        bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? s[i] != '-' : !is_hex(s[i])) return false;
    }
    return true;
}

// RFC 3339 date-time (section 5.6), including leap seconds at 23:59:60 UTC.
inline bool is_date_time(std::string_view s) {
    auto num = [&](std::size_t at, std::size_t n, int& out) {
        if (at + n > s.size()) return false;
        out = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (!is_digit(s[i])) return false;
            out = out * 10 + (s[i] - '0');
        }
        return true;
    };
    int year, month, day, hour, minute, second;
    if (!num(0, 4, year) || s.size() < 20 || s[4] != '-' || !num(5, 2, month) || s[7] != '-' || !num(8, 2, day)) return false;
    if (s[10] != 'T' && s[10] != 't') return false;
    if (!num(11, 2, hour) || s[13] != ':' || !num(14, 2, minute) || s[16] != ':' || !num(17, 2, second)) return false;
    if (month < 1 || month > 12 || day < 1) return false;
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > days[month - 1] + (month == 2 && leap ? 1 : 0)) return false;
    if (hour > 23 || minute > 59 || second > 60) return false;
    std::size_t i = 19;
    if (i < s.size() && s[i] == '.') {
        ++i;
        std::size_t start = i;
        while (i < s.size() && is_digit(s[i])) ++i;
        if (i == start) return false;
    }
    if (i >= s.size()) return false;
    int offset_minutes = 0;
    if (s[i] == 'Z' || s[i] == 'z') {
        ++i;
    } else if (s[i] == '+' || s[i] == '-') {
        int oh, om;
        if (!num(i + 1, 2, oh) || i + 3 >= s.size() || s[i + 3] != ':' || !num(i + 4, 2, om)) return false;
        if (oh > 23 || om > 59) return false;
        offset_minutes = (s[i] == '+' ? 1 : -1) * (oh * 60 + om);
        i += 6;
    } else {
        return false;
    }
    if (i != s.size()) return false;
    if (second == 60) {  // a leap second is 23:59:60 in UTC
        int utc = ((hour * 60 + minute - offset_minutes) % 1440 + 1440) % 1440;
        if (utc != 23 * 60 + 59) return false;
    }
    return true;
}

// RFC 3986 IPv4address: four dec-octets 0-255, no leading zeros.
inline bool is_ipv4(std::string_view s) {
    int octets = 0;
    while (true) {
        std::size_t n = 0;
        int value = 0;
        while (n < s.size() && n < 4 && is_digit(s[n])) value = value * 10 + (s[n++] - '0');
        if (n == 0 || n > 3 || value > 255 || (n > 1 && s[0] == '0')) return false;
        ++octets;
        s.remove_prefix(n);
        if (s.empty()) return octets == 4;
        if (s[0] != '.' || octets == 4) return false;
        s.remove_prefix(1);
    }
}

// RFC 3986 IP-literal (inside "[...]"): an IPv6address (8 groups of 1-4 hex
// digits, one "::" standing for one or more zero groups, the last two groups
// possibly an IPv4address) or an IPvFuture ("v" hex "." then unreserved,
// sub-delims or ":").
inline bool is_ip_literal(std::string_view s) {
    if (!s.empty() && (s[0] == 'v' || s[0] == 'V')) {
        std::size_t dot = s.find('.');
        if (dot == std::string_view::npos || dot < 2 || dot + 1 == s.size()) return false;
        for (std::size_t i = 1; i < dot; ++i)
            if (!is_hex(s[i])) return false;
        for (char c : s.substr(dot + 1))
            if (!(is_alpha(c) || is_digit(c) || std::string_view("-._~!$&'()*+,;=:").find(c) != std::string_view::npos))
                return false;
        return true;
    }
    // Counts the 16-bit groups of "h16:h16:..." (an IPv4address last counts as two).
    auto groups = [](std::string_view part, bool ipv4_last, int& count) {
        count = 0;
        if (part.empty()) return true;
        while (true) {
            std::size_t colon = part.find(':');
            std::string_view piece = part.substr(0, colon);
            if (colon == std::string_view::npos && ipv4_last && piece.find('.') != std::string_view::npos) {
                if (!is_ipv4(piece)) return false;
                count += 2;
                return true;
            }
            if (piece.empty() || piece.size() > 4) return false;
            for (char c : piece)
                if (!is_hex(c)) return false;
            ++count;
            if (colon == std::string_view::npos) return true;
            part.remove_prefix(colon + 1);
        }
    };
    std::size_t gap = s.find("::");
    int left = 0, right = 0;
    if (gap == std::string_view::npos) return groups(s, true, left) && left == 8;
    if (s.find("::", gap + 1) != std::string_view::npos) return false;
    return groups(s.substr(0, gap), false, left) && groups(s.substr(gap + 2), true, right) && left + right <= 7;
}

// RFC 3986 URI (absolute: a scheme is required), checked character by character.
inline bool is_uri(std::string_view s) {
    auto unreserved = [](char c) { return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~'; };
    auto sub_delim = [](char c) { return std::string_view("!$&'()*+,;=").find(c) != std::string_view::npos; };
    // Characters allowed in a component (besides percent-escapes).
    auto valid_component = [&](std::string_view part, std::string_view extra) {
        for (std::size_t i = 0; i < part.size(); ++i) {
            char c = part[i];
            if (c == '%') {
                if (i + 2 >= part.size() || !is_hex(part[i + 1]) || !is_hex(part[i + 2])) return false;
                i += 2;
                continue;
            }
            if (!(unreserved(c) || sub_delim(c) || extra.find(c) != std::string_view::npos)) return false;
        }
        return true;
    };
    std::size_t colon = s.find(':');
    if (colon == std::string_view::npos || colon == 0 || !is_alpha(s[0])) return false;
    for (std::size_t i = 1; i < colon; ++i)
        if (!(is_alpha(s[i]) || is_digit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')) return false;
    std::string_view rest = s.substr(colon + 1);
    std::string_view fragment, query;
    if (auto h = rest.find('#'); h != std::string_view::npos) {
        fragment = rest.substr(h + 1);
        rest = rest.substr(0, h);
        if (!valid_component(fragment, ":@/?")) return false;
    }
    if (auto q = rest.find('?'); q != std::string_view::npos) {
        query = rest.substr(q + 1);
        rest = rest.substr(0, q);
        if (!valid_component(query, ":@/?")) return false;
    }
    std::string_view path = rest;
    if (rest.substr(0, 2) == "//") {
        std::string_view after = rest.substr(2);
        std::size_t slash = after.find('/');
        std::string_view authority = after.substr(0, slash);
        path = slash == std::string_view::npos ? std::string_view() : after.substr(slash);
        if (auto at = authority.rfind('@'); at != std::string_view::npos) {
            if (!valid_component(authority.substr(0, at), ":")) return false;
            authority = authority.substr(at + 1);
        }
        std::string_view host = authority;
        if (!authority.empty() && authority[0] == '[') {  // IP-literal
            std::size_t close = authority.find(']');
            if (close == std::string_view::npos) return false;
            if (!is_ip_literal(authority.substr(1, close - 1))) return false;
            host = {};
            std::string_view port = authority.substr(close + 1);
            if (!port.empty() && port[0] != ':') return false;
            for (char c : port.substr(port.empty() ? 0 : 1))
                if (!is_digit(c)) return false;
        } else if (auto pc = authority.rfind(':'); pc != std::string_view::npos) {
            for (char c : authority.substr(pc + 1))
                if (!is_digit(c)) return false;
            host = authority.substr(0, pc);
        }
        if (!valid_component(host, "")) return false;
    }
    return valid_component(path, ":@/");
}

// ---- patterns -----------------------------------------------------------------------

inline std::u32string utf8_to_utf32(std::string_view s) {
    std::u32string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        auto b = static_cast<unsigned char>(s[i]);
        int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
        char32_t cp = extra == 0 ? b : (b & (0x3F >> extra));
        ++i;
        for (int k = 0; k < extra && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
        out.push_back(cp);
    }
    return out;
}

// A compiled `pattern` (ECMA-262 syntax, code point semantics): the pattern
// is matched over UTF-32 text with std::wregex (wchar_t is 32 bits on the
// platforms this supports).
class Pattern {
public:
    Pattern(const wchar_t* source, const char* original) : regex_(source, std::regex::ECMAScript), original_(original) {}
    bool search(std::string_view text) const {
        std::u32string u = utf8_to_utf32(text);
        std::wstring w(u.begin(), u.end());
        return std::regex_search(w, regex_);
    }
    const char* source() const { return original_; }

private:
    std::wregex regex_;
    const char* original_;
};
static_assert(sizeof(wchar_t) == 4, "contract patterns need a 32-bit wchar_t");

// ---- rules ----------------------------------------------------------------------------

enum class Format : std::uint8_t { None, DateTime, Uuid, Uri };

struct StringRule {
    std::uint64_t min_length = 0;
    std::uint64_t max_length = std::numeric_limits<std::uint64_t>::max();
    Format format = Format::None;
    const Pattern* (*pattern)() = nullptr;
};

struct NumberRule {
    bool has_minimum = false, has_maximum = false, has_exclusive_minimum = false, has_exclusive_maximum = false,
         has_multiple_of = false;
    double minimum = 0, maximum = 0, exclusive_minimum = 0, exclusive_maximum = 0, multiple_of = 0;
};

struct CountRule {  // minItems/maxItems, minProperties/maxProperties
    std::uint64_t min = 0;
    std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    bool unique = false;
};

inline std::uint64_t code_points(std::string_view s) {
    std::uint64_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

inline void check_string(const std::string& v, const StringRule& r) {
    if (r.min_length > 0 || r.max_length != std::numeric_limits<std::uint64_t>::max()) {
        std::uint64_t n = code_points(v);
        if (n < r.min_length) throw DecodeError("string shorter than minLength " + std::to_string(r.min_length) + ": " + quote(v));
        if (n > r.max_length) throw DecodeError("string longer than maxLength " + std::to_string(r.max_length) + ": " + quote(v));
    }
    switch (r.format) {
        case Format::DateTime:
            if (!is_date_time(v)) throw DecodeError("expected an RFC 3339 date-time, got " + quote(v));
            break;
        case Format::Uuid:
            if (!is_uuid(v)) throw DecodeError("expected a UUID, got " + quote(v));
            break;
        case Format::Uri:
            if (!is_uri(v)) throw DecodeError("expected an absolute URI, got " + quote(v));
            break;
        case Format::None: break;
    }
    if (r.pattern != nullptr && !r.pattern()->search(v))
        throw DecodeError(std::string("string does not match pattern ") + quote(r.pattern()->source()) + ": " + quote(v));
}

inline std::string number_text(double d) { return Json(d).dump(); }

// multipleOf on doubles: exact for integers, and within the rounding error
// of one division otherwise (0.0075 is a multiple of 0.0001).
inline bool is_multiple(double value, double divisor) {
    // Both integral: the exact remainder (fmod is exact in IEEE arithmetic).
    if (std::floor(value) == value && std::floor(divisor) == divisor) return std::fmod(value, divisor) == 0.0;
    if (std::isinf(value / divisor)) return false;
    double q = value / divisor;
    return std::fabs(q - std::round(q)) <= 1e-9 * std::max(1.0, std::fabs(q));
}

inline void check_number(double v, const NumberRule& r) {
    if (r.has_minimum && v < r.minimum) throw DecodeError("number " + number_text(v) + " is less than minimum " + number_text(r.minimum));
    if (r.has_maximum && v > r.maximum) throw DecodeError("number " + number_text(v) + " is greater than maximum " + number_text(r.maximum));
    if (r.has_exclusive_minimum && v <= r.exclusive_minimum)
        throw DecodeError("number " + number_text(v) + " is not greater than exclusiveMinimum " + number_text(r.exclusive_minimum));
    if (r.has_exclusive_maximum && v >= r.exclusive_maximum)
        throw DecodeError("number " + number_text(v) + " is not less than exclusiveMaximum " + number_text(r.exclusive_maximum));
    if (r.has_multiple_of && !is_multiple(v, r.multiple_of))
        throw DecodeError("number " + number_text(v) + " is not a multiple of " + number_text(r.multiple_of));
}

inline void check_count(std::uint64_t n, const CountRule& r, const char* what) {
    if (n < r.min) throw DecodeError(std::string(what) + " has " + std::to_string(n) + ", fewer than the minimum " + std::to_string(r.min));
    if (n > r.max) throw DecodeError(std::string(what) + " has " + std::to_string(n) + ", more than the maximum " + std::to_string(r.max));
}

// ---- readers ------------------------------------------------------------------------

inline void read_string(Cursor& c, std::string& out, const StringRule& rule = {}) {
    const Token& t = c.peek();
    if (t.kind != Tok::String) fail_expected(c, "string");
    out.assign(c.text(t));
    c.take();
    check_string(out, rule);
}

inline void read_bool(Cursor& c, bool& out) {
    const Token& t = c.peek();
    if (t.kind == Tok::True) out = true;
    else if (t.kind == Tok::False) out = false;
    else fail_expected(c, "boolean");
    c.take();
}

inline void read_null(Cursor& c) {
    if (c.peek().kind != Tok::Null) fail_expected(c, "null");
    c.take();
}

// An integer is a number with no fraction: 1 and 1.0 are integers, "1" is not.
inline void read_int(Cursor& c, std::int64_t& out, const NumberRule& rule = {}) {
    const Token& t = c.peek();
    switch (t.kind) {
        case Tok::Int: out = t.num.i; break;
        case Tok::Uint:
            if (t.num.u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                throw DecodeError("integer " + std::to_string(t.num.u) + " is out of the 64-bit range");
            out = static_cast<std::int64_t>(t.num.u);
            break;
        case Tok::Float:
            if (std::floor(t.num.f) != t.num.f || !std::isfinite(t.num.f)) fail_expected(c, "integer");
            if (t.num.f < -9223372036854775808.0 || t.num.f >= 9223372036854775808.0)
                throw DecodeError("integer " + number_text(t.num.f) + " is out of the 64-bit range");
            out = static_cast<std::int64_t>(t.num.f);
            break;
        default: fail_expected(c, "integer");
    }
    c.take();
    if (rule.has_multiple_of && std::floor(rule.multiple_of) == rule.multiple_of && std::fabs(rule.multiple_of) < 9.2e18) {
        // Integers beyond 2^53 lose digits as doubles: check the remainder in 64 bits.
        auto divisor = static_cast<std::int64_t>(rule.multiple_of);
        if (out % divisor != 0)
            throw DecodeError("number " + std::to_string(out) + " is not a multiple of " + std::to_string(divisor));
        NumberRule rest = rule;
        rest.has_multiple_of = false;
        check_number(static_cast<double>(out), rest);
        return;
    }
    check_number(static_cast<double>(out), rule);
}

inline void read_number(Cursor& c, double& out, const NumberRule& rule = {}) {
    const Token& t = c.peek();
    switch (t.kind) {
        case Tok::Int: out = static_cast<double>(t.num.i); break;
        case Tok::Uint: out = static_cast<double>(t.num.u); break;
        case Tok::Float: out = t.num.f; break;
        default: fail_expected(c, "number");
    }
    c.take();
    check_number(out, rule);
}

// Any JSON value, rebuilt as a DOM (only for schemas that say "anything").
inline void read_json(Cursor& c, Json& out) {
    const Token& t = c.take();
    switch (t.kind) {
        case Tok::Null: out = nullptr; return;
        case Tok::True: out = true; return;
        case Tok::False: out = false; return;
        case Tok::Int: out = t.num.i; return;
        case Tok::Uint: out = t.num.u; return;
        case Tok::Float: out = t.num.f; return;
        case Tok::String: out = std::string(c.text(t)); return;
        case Tok::BeginObject:
            out = Json::object();
            while (c.peek().kind != Tok::EndObject) {
                std::string key(c.text(c.take()));
                read_json(c, out[key]);
            }
            c.take();
            return;
        case Tok::BeginArray:
            out = Json::array();
            while (c.peek().kind != Tok::EndArray) {
                out.push_back(nullptr);
                read_json(c, out.back());
            }
            c.take();
            return;
        default: throw DecodeError("unexpected end of input");
    }
}

// JSON Schema equality: numbers compare by value (1 == 1.0), objects by members.
inline bool json_equal(const Json& a, const Json& b) {
    if (a.is_number() && b.is_number()) {
        if (a.is_number_float() || b.is_number_float()) return a.get<double>() == b.get<double>();
        if (a.is_number_unsigned() && b.is_number_unsigned()) return a.get<std::uint64_t>() == b.get<std::uint64_t>();
        if (a.is_number_integer() && b.is_number_integer() && !a.is_number_unsigned() && !b.is_number_unsigned())
            return a.get<std::int64_t>() == b.get<std::int64_t>();
        return a.get<double>() == b.get<double>();
    }
    if (a.type() != b.type()) return false;
    if (a.is_array()) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!json_equal(a[i], b[i])) return false;
        return true;
    }
    if (a.is_object()) {
        if (a.size() != b.size()) return false;
        for (auto it = a.begin(); it != a.end(); ++it) {
            auto other = b.find(it.key());
            if (other == b.end() || !json_equal(*it, *other)) return false;
        }
        return true;
    }
    return a == b;
}

inline void expect_string_const(Cursor& c, std::string_view value) {
    const Token& t = c.peek();
    if (t.kind != Tok::String || c.text(t) != value) throw DecodeError("expected " + quote(value) + ", got " + describe(c, t));
    c.take();
}

inline void expect_const(Cursor& c, const Json& value) {
    Json v;
    std::string shown = describe(c, c.peek());
    read_json(c, v);
    if (!json_equal(v, value)) throw DecodeError("expected " + value.dump() + ", got " + shown);
}

inline void read_const(Cursor& c, Json& out, const Json& value) {
    expect_const(c, value);
    out = value;
}

inline bool peek_null(const Cursor& c) { return c.peek().kind == Tok::Null; }

// The JSON kind of the value at the cursor, as the bits generated unions
// dispatch on: null 1, boolean 2, object 4, array 8, string 16, integer 32
// (a number with no fraction), other numbers 64.
inline unsigned kind_of(const Token& t) {
    switch (t.kind) {
        case Tok::Null: return 1;
        case Tok::True:
        case Tok::False: return 2;
        case Tok::BeginObject: return 4;
        case Tok::BeginArray: return 8;
        case Tok::String: return 16;
        case Tok::Int:
        case Tok::Uint: return 32;
        case Tok::Float: return std::floor(t.num.f) == t.num.f ? 32 : 64;
        default: return 0;
    }
}

template <class T, class F>
inline void read_nullable(Cursor& c, Nullable<T>& out, F&& decode) {
    if (peek_null(c)) {
        c.take();
        out.set_null();
        return;
    }
    decode(c, out.emplace());
}

template <class T, class F>
inline void read_tristate(Cursor& c, Tristate<T>& out, F&& decode) {
    if (peek_null(c)) {
        c.take();
        out.set_null();
        return;
    }
    decode(c, out.emplace());
}

template <class T>
Json encode(const T& v);

template <class T>
inline void check_unique(const std::vector<T>& items) {
    std::vector<Json> seen;
    seen.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        Json j = encode(items[i]);
        for (std::size_t k = 0; k < seen.size(); ++k)
            if (json_equal(seen[k], j))
                throw DecodeError("items " + std::to_string(k) + " and " + std::to_string(i) + " are equal (uniqueItems)");
        seen.push_back(std::move(j));
    }
}

template <class T, class F>
inline void read_array(Cursor& c, std::vector<T>& out, const CountRule& rule, F&& decode) {
    if (c.peek().kind != Tok::BeginArray) fail_expected(c, "array");
    c.take();
    out.clear();
    while (c.peek().kind != Tok::EndArray) {
        std::size_t index = out.size();
        out.emplace_back();
        in_item(index, [&] { decode(c, out.back()); });
    }
    c.take();
    check_count(out.size(), rule, "array");
    if (rule.unique) check_unique(out);
}

template <class T, class F>
inline void read_map(Cursor& c, std::map<std::string, T>& out, const CountRule& rule, F&& decode) {
    if (c.peek().kind != Tok::BeginObject) fail_expected(c, "object");
    c.take();
    out.clear();
    while (c.peek().kind != Tok::EndObject) {
        std::string_view key = c.text(c.take());
        T& slot = out[std::string(key)];
        in_field(key, [&] { decode(c, slot); });
    }
    c.take();
    check_count(out.size(), rule, "object");
}

// Objects: generated decoders call begin_object, then next_key until it
// returns nullptr, dispatching on field_index.
inline void begin_object(Cursor& c) {
    if (c.peek().kind != Tok::BeginObject) fail_expected(c, "object");
    c.take();
}

// The next member's key, or false at the end of the object.
inline bool next_key(Cursor& c, std::string_view& key) {
    const Token& t = c.take();
    if (t.kind == Tok::EndObject) return false;
    key = c.text(t);
    return true;
}

struct FieldName {
    std::string_view name;
    int index;
};

template <std::size_t N>
inline int field_index(std::string_view key, const FieldName (&sorted)[N]) {
    const FieldName* end = sorted + N;
    const FieldName* it = std::lower_bound(sorted, end, key,
                                           [](const FieldName& f, std::string_view k) { return f.name < k; });
    return (it != end && it->name == key) ? it->index : -1;
}

[[noreturn]] inline void fail_missing(std::string_view property) {
    throw DecodeError("missing required property " + quote(property));
}
[[noreturn]] inline void fail_unknown(std::string_view property) {
    throw DecodeError("unknown property " + quote(property) + " (the object is closed: additionalProperties is false)");
}
[[noreturn]] inline void fail_forbidden(std::string_view property) {
    throw DecodeError("property " + quote(property) + " must not be present here");
}

// The value of `property` in the object at the cursor, without moving it:
// how discriminated unions find their tag wherever it sits in the object.
inline const Token* find_member(const Cursor& c, std::string_view property) {
    const Tape& tape = c.tape();
    std::size_t i = c.pos();
    if (tape[i].kind != Tok::BeginObject) return nullptr;
    std::size_t end = tape[i].end;
    ++i;
    while (i < end) {
        const Token& key = tape[i];
        const Token& value = tape[i + 1];
        if (tape.text(key) == property) return &value;
        i = (value.kind == Tok::BeginObject || value.kind == Tok::BeginArray) ? value.end + 1 : i + 2;
    }
    return nullptr;
}

// The discriminator's value, or a DecodeError naming what is wrong.
inline std::string_view read_tag(const Cursor& c, std::string_view property, std::string_view expected) {
    if (c.peek().kind != Tok::BeginObject) fail_expected(c, "object");
    const Token* t = find_member(c, property);
    if (t == nullptr) throw DecodeError("missing discriminator " + quote(property) + " (expected one of " + std::string(expected) + ")");
    if (t->kind != Tok::String) {
        DecodeError e("expected one of " + std::string(expected) + ", got " + describe(c, *t));
        e.prepend_key(property);
        throw e;
    }
    return c.text(*t);
}

[[noreturn]] inline void fail_tag(std::string_view property, std::string_view expected, std::string_view got) {
    DecodeError e("expected one of " + std::string(expected) + ", got " + quote(got));
    e.prepend_key(property);
    throw e;
}

// General unions whose variants overlap in JSON kind: try each in turn.
// oneOf requires exactly one match; anyOf takes the first.
template <class Variant, class... Decoders>
inline void read_first_match(Cursor& c, Variant& out, bool one_of, Decoders&&... decoders) {
    std::size_t start = c.pos();
    int matches = 0;
    std::string first_error;
    Variant candidate;
    std::size_t after = start;
    auto attempt = [&](auto&& decode) {
        if (matches > 0 && !one_of) return;
        c.rewind(start);
        try {
            decode(c, candidate);
            if (++matches == 1) {
                out = std::move(candidate);
                after = c.pos();
            }
        } catch (const DecodeError& e) {
            if (first_error.empty()) first_error = e.what();
        }
    };
    (attempt(decoders), ...);
    if (matches == 0) {
        c.rewind(start);
        throw DecodeError("matches none of the alternatives (first: " + first_error + ")");
    }
    if (matches > 1) throw DecodeError("matches more than one alternative of oneOf");
    c.rewind(after);
}

// ---- encoding --------------------------------------------------------------------

// A double that holds an integer is written as one, so numbers read as 1
// come back as 1, not 1.0 (the JSON value is the same either way).
inline Json encode_number(double v) {
    if (std::floor(v) == v && std::fabs(v) < 9007199254740992.0) return Json(static_cast<std::int64_t>(v));
    return Json(v);
}

template <class T> struct is_vector : std::false_type {};
template <class T> struct is_vector<std::vector<T>> : std::true_type {};
template <class T> struct is_map : std::false_type {};
template <class T> struct is_map<std::map<std::string, T>> : std::true_type {};
template <class T> struct is_nullable : std::false_type {};
template <class T> struct is_nullable<Nullable<T>> : std::true_type {};

template <class T>
inline Json encode(const T& v) {
    if constexpr (std::is_same_v<T, double>) {
        return encode_number(v);
    } else if constexpr (is_vector<T>::value) {
        Json a = Json::array();
        for (const auto& e : v) a.push_back(encode(e));
        return a;
    } else if constexpr (is_map<T>::value) {
        Json o = Json::object();
        for (const auto& [k, e] : v) o[k] = encode(e);
        return o;
    } else if constexpr (is_nullable<T>::value) {
        return v.is_null() ? Json(nullptr) : encode(v.value());
    } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
        return Json(nullptr);
    } else {
        return Json(v);  // strings, integers, booleans, Json, and generated types (their to_json)
    }
}

// ---- entry points ------------------------------------------------------------------

template <class T>
inline T decode_text(std::string_view text, void (*decode)(Cursor&, T&)) {
    Tape tape;
    parse_tape(text, tape);
    Cursor c(tape);
    T out{};
    decode(c, out);
    return out;
}

template <class T>
inline void decode_dom(const Json& j, T& out, void (*decode)(Cursor&, T&)) {
    Tape tape;
    dom_to_tape(j, tape);
    Cursor c(tape);
    decode(c, out);
}

}  // namespace rt

// contract::parse<T>(text) and contract::to_json_value(v) for every generated
// type T; Codec<T> is specialised by the generated headers.
template <class T>
struct Codec;

template <class T>
inline T parse(std::string_view text) {
    return rt::decode_text<T>(text, &Codec<T>::decode);
}

template <class T>
inline Json to_json_value(const T& value) {
    return Codec<T>::encode(value);
}

}  // namespace contract
