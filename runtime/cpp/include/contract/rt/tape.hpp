// The token tape the decoders walk: a strict scanner (src/rt/scan.cpp)
// turns JSON text into one flat array of tokens (one per scalar, key, begin
// and end; each begin knows where its end is, so a value can be skipped in
// O(1)), with every string in one arena. No DOM is built.
#pragma once

#include <cstring>

#include "contract/runtime.hpp"

namespace contract {
namespace rt {

// ---- the token tape ------------------------------------------------------------

enum class Tok : std::uint8_t {
    Null, True, False, Int, Uint, Float, String, Key, BeginObject, EndObject, BeginArray, EndArray
};

// One token. Strings and keys live in the tape's text arena (offset and
// length), so building a tape allocates nothing once its buffers have grown.
struct Token {
    Tok kind = Tok::Null;
    std::uint32_t end = 0;                 // BeginObject/BeginArray: index of the matching End
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

// JSON text into a tape; throws DecodeError("invalid JSON at byte N: ...").
// A strict RFC 8259 scanner: it accepts exactly what nlohmann's parser
// accepts (checked by a test on thousands of inputs), except a leading byte
// order mark, which every binding refuses.
void parse_tape(std::string_view text, Tape& tape);
// An nlohmann DOM into a tape (for from_json: one decoder, one set of rules).
void dom_to_tape(const Json& root, Tape& tape);

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

// ---- messages --------------------------------------------------------------------

std::string quote(std::string_view s);                     // as a JSON string
std::string describe(const Cursor& c, const Token& t);     // "number 3", "\"abc\"", "an object"
std::string number_text(double d);                         // as nlohmann prints it
std::string joined(const std::string_view* names, std::size_t n);  // "a|b|c"
[[noreturn]] void fail_expected(const Cursor& c, const char* what);
[[noreturn]] void fail_missing(std::string_view property);
[[noreturn]] void fail_unknown(std::string_view property);
[[noreturn]] void fail_forbidden(std::string_view property);

// Runs `f`, adding a path segment to any error that escapes it.
template <class F>
void in_field(std::string_view key, F&& f) {
    try {
        f();
    } catch (Error& e) {
        e.prepend_key(key);
        throw;
    }
}
template <class F>
void in_item(std::size_t index, F&& f) {
    try {
        f();
    } catch (Error& e) {
        e.prepend_index(index);
        throw;
    }
}

}  // namespace rt
}  // namespace contract
