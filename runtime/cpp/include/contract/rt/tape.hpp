// The token tape the decoders walk: a strict scanner (src/rt/scan.cpp)
// turns JSON text into one flat array of tokens (one per scalar, key, begin
// and end; each begin knows where its end is, so a value can be skipped in
// O(1)), with every string in one arena. No DOM is built.
//
// The scanner never throws. What it finds wrong with the text becomes a
// token where it was found, so that the decoders, which walk the tape in
// document order, report it only if nothing before it was wrong
// (docs/semantics.md, "Errors"): a container nested too deep becomes one
// Error token standing for the whole container, and where the text stops
// being JSON an Error token ends the tape (the containers still open are
// closed after it, so the tape stays a tree).
#pragma once

#include <cstring>

#include "contract/runtime.hpp"

namespace contract {
namespace rt {

// ---- the token tape ------------------------------------------------------------

enum class Tok : std::uint8_t {
    Null,
    True,
    False,
    Int,    // an integer literal below zero (or "-0"): num.i
    Uint,   // an integer literal from zero up: num.u
    Big,    // an integer literal beyond 64 bits: its text in the arena, num.f its double (maybe ±inf)
    Float,  // a number with a fraction or an exponent: num.f (±inf when it overflows; then its text in the arena)
    String,
    Key,
    BeginObject,
    EndObject,
    BeginArray,
    EndArray,
    Error,  // num.u: kSyntax or kDepth; the detail in the arena
};

inline constexpr std::uint64_t kSyntax = 0, kDepth = 1;

// One token. A string or key without escapes is where it is in the input
// text (which outlives the tape's use), others live in the tape's text
// arena (offset and length), so building a tape copies no string the input
// holds as it is, and allocates nothing once its buffers have grown.
struct Token {
    Tok kind = Tok::Null;
    bool in_input = false;  // the bytes are in the input text, not the arena (a string without escapes)
    std::uint32_t end = 0;  // BeginObject/BeginArray: index of the matching End
    std::uint32_t offset = 0, length = 0;  // String, Key, Big, Error (and Float beyond a double): bytes in Tape::text
    union {
        std::int64_t i;
        std::uint64_t u;
        double f;
    } num{};
};

inline constexpr std::size_t kNoError = static_cast<std::size_t>(-1);

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
    // A string that lies in the input as it is (set_input first): not copied.
    Token& push_input(Tok kind, const char* data, std::size_t size) {
        Token& t = push(kind);
        t.in_input = true;
        t.offset = static_cast<std::uint32_t>(data - input_);
        t.length = static_cast<std::uint32_t>(size);
        return t;
    }
    void pop() {
        if (!tokens_.back().in_input) text_.resize(tokens_.back().offset);
        tokens_.pop_back();
    }
    void clear() {
        tokens_.clear();  // keeps capacity: a reused tape stops allocating
        text_.clear();
        input_ = nullptr;
        syntax_error = kNoError;
    }
    void set_input(const char* input) { input_ = input; }
    std::size_t size() const { return tokens_.size(); }
    const Token& operator[](std::size_t i) const { return tokens_[i]; }
    Token& operator[](std::size_t i) { return tokens_[i]; }
    std::string_view text(const Token& t) const {
        return std::string_view((t.in_input ? input_ : text_.data()) + t.offset, t.length);
    }

    // The index of the token where the text stops being JSON, or kNoError.
    std::size_t syntax_error = kNoError;

    // The scanner's working buffers, kept with the tape so that a reused
    // tape scans without allocating: the open containers, and the text of
    // a string with escapes as it is decoded.
    struct Scratch {
        std::string kinds;  // '{' or '[' for every open container, kept or not
        std::vector<std::size_t> open;  // the BeginObject/BeginArray tokens of the kept ones
        std::string text;
    } scratch;

private:
    std::vector<Token> tokens_;
    std::string text_;
    const char* input_ = nullptr;  // the text being decoded (parse_tape)
};

// JSON text into a tape (see the top of this file). `max_depth`: the
// deepest nesting accepted. A strict RFC 8259 scanner: it accepts what
// nlohmann's parser accepts (checked by a test on thousands of inputs),
// with two differences. It refuses a leading byte order mark, invalid UTF-8
// and lone surrogate escapes, which the payload policy refuses. It accepts
// a number beyond a double (`1e400`), which nlohmann refuses as an
// overflow: the token is a Float of ±inf with its text, and the decoders
// then reject the value as out of `range` (docs/semantics.md), so the
// verdict is still "invalid", reported at the number instead of as syntax.
void parse_tape(std::string_view text, Tape& tape, std::size_t max_depth);
// An nlohmann DOM into a tape (for from_json: one decoder, one set of rules).
void dom_to_tape(const Json& root, Tape& tape, std::size_t max_depth);

class Cursor {
public:
    Cursor(const Tape& tape, const Options& options) : tape_(tape), options_(options) {}
    const Token& peek() const { return tape_[pos_]; }
    const Token& take() { return tape_[pos_++]; }
    std::string_view text(const Token& t) const { return tape_.text(t); }
    std::size_t pos() const { return pos_; }
    void rewind(std::size_t p) { pos_ = p; }
    bool at_end() const { return pos_ >= tape_.size(); }
    // The index after the value at `i`.
    std::size_t after(std::size_t i) const {
        const Token& t = tape_[i];
        return (t.kind == Tok::BeginObject || t.kind == Tok::BeginArray) ? t.end + 1 : i + 1;
    }
    void skip() { pos_ = after(pos_); }
    const Tape& tape() const { return tape_; }
    const Options& options() const { return options_; }
    bool tolerant() const { return options_.tolerant; }
    // A look-ahead over the whole value at the cursor (a count, the items
    // for uniqueItems, the alternatives of a union) needs all of it to be
    // JSON: throws the syntax error if it lies within that value.
    void require_json() const;

private:
    const Tape& tape_;
    const Options& options_;
    std::size_t pos_ = 0;
};

// ---- messages --------------------------------------------------------------------

std::string json_quoted(std::string_view s);  // as JSON.stringify writes it
std::string quote(std::string_view s);  // the same, cut after 60 code points (for details)
std::string describe(const Cursor& c, const Token& t);  // "number 3", "\"abc\"", "an object"
std::string number_text(double d);  // the canonical spelling (§3)
std::string joined(const std::string_view* names, std::size_t n);  // "a|b|c"
[[noreturn]] void fail(const char* keyword, std::string detail);
// The token is not the JSON kind expected (`what`, e.g. "a string"): a
// `type` error, or the error an Error token stands for.
[[noreturn]] void fail_type(const Cursor& c, const char* what);
[[noreturn]] void fail_token(const Cursor& c, const Token& t);  // the error of an Error token
[[noreturn]] void fail_missing(std::string_view member);
[[noreturn]] void fail_duplicate(std::string_view member);
[[noreturn]] void fail_unmatched(std::string_view member);  // a name the key pattern does not match

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

// The member names of one object seen so far, to refuse a second
// occurrence (I-JSON). The names are views into the tape's arena; a hash
// set takes over from the linear search once the object is large.
class KeySet {
public:
    KeySet() = default;
    KeySet(const KeySet&) = delete;
    KeySet& operator=(const KeySet&) = delete;
    ~KeySet();
    // False when `key` was already there.
    bool insert(std::string_view key);

private:
    static constexpr std::size_t kSmall = 8;
    std::string_view small_[kSmall];
    std::size_t n_ = 0;
    struct Large;
    Large* large_ = nullptr;
};

}  // namespace rt
}  // namespace contract
