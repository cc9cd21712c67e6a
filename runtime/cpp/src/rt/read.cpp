// Reading scalars, consts, enums of JSON values, union dispatch, and the
// decoding entry points behind contract::parse<T>.
#include <cmath>

#include "contract/rt/codec.hpp"

namespace contract {
namespace rt {

void read(Cursor& c, std::string& out) {
    const Token& t = c.peek();
    if (t.kind != Tok::String) fail_expected(c, "string");
    out.assign(c.text(t));
    c.take();
}

void check(std::string_view v, const StringRule& rule) {
    std::string why = problem(v, rule);
    if (!why.empty()) throw DecodeError(why);
}

void read(Cursor& c, std::string& out, const StringRule& rule) {
    read(c, out);
    check(out, rule);
}

// An integer is a number with no fraction: 1 and 1.0 are integers, "1" is not.
void read(Cursor& c, std::int64_t& out, const NumberRule& rule) {
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
    std::string why = problem(out, rule);
    if (!why.empty()) throw DecodeError(why);
}

void read(Cursor& c, double& out, const NumberRule& rule) {
    const Token& t = c.peek();
    switch (t.kind) {
        case Tok::Int: out = static_cast<double>(t.num.i); break;
        case Tok::Uint: out = static_cast<double>(t.num.u); break;
        case Tok::Float: out = t.num.f; break;
        default: fail_expected(c, "number");
    }
    c.take();
    std::string why = problem(out, rule);
    if (!why.empty()) throw DecodeError(why);
}

void read(Cursor& c, bool& out) {
    const Token& t = c.peek();
    if (t.kind == Tok::True) out = true;
    else if (t.kind == Tok::False) out = false;
    else fail_expected(c, "boolean");
    c.take();
}

void read(Cursor& c, std::nullptr_t& out) {
    if (c.peek().kind != Tok::Null) fail_expected(c, "null");
    c.take();
    out = nullptr;
}

void read(Cursor& c, Json& out) {
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
                read(c, out[key]);
            }
            c.take();
            return;
        case Tok::BeginArray:
            out = Json::array();
            while (c.peek().kind != Tok::EndArray) {
                out.push_back(nullptr);
                read(c, out.back());
            }
            c.take();
            return;
        default: throw DecodeError("unexpected end of input");
    }
}

void expect_const(Cursor& c, std::string_view value) {
    const Token& t = c.peek();
    if (t.kind != Tok::String || c.text(t) != value)
        throw DecodeError("expected " + quote(value) + ", got " + describe(c, t));
    c.take();
}

void expect_const(Cursor& c, const Json& value) {
    Json v;
    std::string shown = describe(c, c.peek());
    read(c, v);
    if (!json_equal(v, value)) throw DecodeError("expected " + value.dump() + ", got " + shown);
}

void read(Cursor& c, Json& out, const ConstRule& rule) {
    expect_const(c, rule.value());
    out = rule.value();
}

void read_one_of(Cursor& c, Json& out, const Json& allowed, std::string_view expected) {
    std::string shown = describe(c, c.peek());
    read(c, out);
    for (const auto& value : allowed)
        if (json_equal(value, out)) return;
    throw DecodeError("expected one of " + std::string(expected) + ", got " + shown);
}

// ---- unions --------------------------------------------------------------------------

unsigned kind_of(const Cursor& c) {
    const Token& t = c.peek();
    switch (t.kind) {
        case Tok::Null: return kNull;
        case Tok::True:
        case Tok::False: return kBoolean;
        case Tok::BeginObject: return kObject;
        case Tok::BeginArray: return kArray;
        case Tok::String: return kString;
        case Tok::Int:
        case Tok::Uint: return kInteger;
        case Tok::Float: return std::floor(t.num.f) == t.num.f ? kInteger : kNumber;
        default: return 0;
    }
}

namespace {

// The value of `property` in the object at the cursor, without moving it:
// how discriminated unions find their tag wherever it sits in the object.
const Token* find_member(const Cursor& c, std::string_view property) {
    const Tape& tape = c.tape();
    std::size_t i = c.pos();
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

}  // namespace

std::size_t read_tag(const Cursor& c, std::string_view property, const std::string_view* tags, std::size_t n) {
    if (c.peek().kind != Tok::BeginObject) fail_expected(c, "object");
    const Token* t = find_member(c, property);
    if (t == nullptr)
        throw DecodeError("missing discriminator " + quote(property) + " (expected one of " + joined(tags, n) + ")");
    std::string got;
    if (t->kind == Tok::String) {
        std::string_view tag = c.text(*t);
        for (std::size_t i = 0; i < n; ++i)
            if (tags[i] == tag) return i;
        got = quote(tag);
    } else {
        got = describe(c, *t);
    }
    DecodeError e("expected one of " + joined(tags, n) + ", got " + got);
    e.prepend_key(property);
    throw e;
}

void fail_valueless() { throw EncodeError("the variant holds no value (valueless by exception)"); }

// ---- entry points --------------------------------------------------------------------

namespace {

// One tape per thread, reused: a program that parses many values stops
// allocating for the tape. A decode that starts while another is running on
// the same thread (a constant decoded during a decode) gets its own.
struct ThreadTape {
    Tape tape;
    bool busy = false;
};
thread_local ThreadTape thread_tape;

}  // namespace

void decode_text(std::string_view text, DecodeFn decode, void* out) {
    if (thread_tape.busy) {
        Tape tape;
        parse_tape(text, tape);
        Cursor c(tape);
        decode(c, out);
        return;
    }
    struct Release {
        ~Release() { thread_tape.busy = false; }
    } release;
    thread_tape.busy = true;
    parse_tape(text, thread_tape.tape);
    Cursor c(thread_tape.tape);
    decode(c, out);
}

void decode_json(const Json& json, DecodeFn decode, void* out) {
    Tape tape;
    dom_to_tape(json, tape);
    Cursor c(tape);
    decode(c, out);
}

}  // namespace rt
}  // namespace contract
