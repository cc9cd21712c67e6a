// Unions (discriminated, by JSON kind, by trying each alternative), open
// enums and enums of JSON values.
#include <cmath>

#include "contract/rt/codec.hpp"

namespace contract {
namespace rt {

// ---- discriminated unions ---------------------------------------------------------------

std::size_t read_tag(const Cursor& c, std::string_view property, const std::string_view* tags, std::size_t n) {
    const Token& object = c.peek();
    if (object.kind != Tok::BeginObject) fail_type(c, "an object");
    // Look ahead for the tag, member by member: the text up to it must be JSON.
    const Tape& tape = c.tape();
    const Token* tag = nullptr;
    for (std::size_t i = c.pos() + 1; i < object.end && tag == nullptr; i = c.after(i + 1)) {
        if (tape[i].kind != Tok::Key) fail_token(c, tape[i]);
        const Token& value = tape[i + 1];
        if (tape.text(tape[i]) == property) {
            tag = &value;
        } else if (tape.syntax_error != kNoError && tape.syntax_error > i && tape.syntax_error < c.after(i + 1)) {
            fail_token(c, tape[tape.syntax_error]);
        }
    }
    if (tag == nullptr)
        fail("required", "missing member " + quote(property) + " (the tag: one of " + joined(tags, n) + ")");
    if (tag->kind == Tok::Error && tag->num.u == kSyntax) fail_token(c, *tag);
    std::string_view got;
    if (tag->kind == Tok::String) {
        got = c.text(*tag);
        for (std::size_t i = 0; i < n; ++i)
            if (tags[i] == got) return i;
        if (c.tolerant()) return n;
    }
    std::string shown = tag->kind == Tok::String ? quote(got) : describe(c, *tag);
    in_field(property, [&] { fail("discriminator", "expected one of " + joined(tags, n) + ", got " + shown); });
    return n;
}

void read_unknown(Cursor& c, UnknownVariant& out, std::string_view property) {
    read(c, out.value);
    out.tag = out.value.at(property).as_string();
}

void write(Writer& w, const UnknownVariant& v) {
    if (!v.value.is_object()) throw EncodeError("type", "an unknown variant holds an object");
    w.value(v.value);
}

// ---- unions without a discriminator -------------------------------------------------------

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
        case Tok::Uint:
        case Tok::Big: return kInteger;
        case Tok::Float: return std::floor(t.num.f) == t.num.f ? kInteger : kNumber;
        default: return 0;
    }
}

void check_union_value(const Cursor& c) {
    c.require_json();
    if (c.peek().kind == Tok::Error) fail_token(c, c.peek());
}

void fail_union(Match mode, const std::string& first_error, bool several) {
    std::string detail =
        several ? "the value matches more than one alternative" : "the value matches none of the alternatives";
    if (!several && !first_error.empty()) detail += " (the first says " + first_error + ")";
    fail(mode == Match::OneOf ? "oneOf" : "anyOf", std::move(detail));
}

void fail_valueless() { throw EncodeError("type", "the variant holds no value (valueless by exception)"); }

// ---- open enums and enums -------------------------------------------------------------------

void read_open_enum(Cursor& c, std::string& out, const std::string_view* known, std::size_t n,
                    const StringRule* other) {
    const Token& t = c.peek();
    if (t.kind == Tok::Error) fail_token(c, t);
    if (t.kind != Tok::String) fail("anyOf", "expected a string, got " + describe(c, t));
    std::string_view s = c.text(t);
    bool is_known = false;
    for (std::size_t i = 0; i < n && !is_known; ++i) is_known = known[i] == s;
    if (!is_known && other != nullptr) {
        if (Problem p = problem(s, *other)) fail("anyOf", quote(s) + " is not a known value, and " + p.detail);
    }
    out.assign(s);
    c.take();
}

void fail_enum(const Cursor& c, const std::string_view* names, std::size_t n, Typed typed) {
    const Token& t = c.peek();
    if (t.kind != Tok::String && typed == Typed::Yes) fail_type(c, "a string");
    if (t.kind == Tok::Error) fail_token(c, t);
    fail("enum", "expected one of " + joined(names, n) + ", got " + describe(c, t));
}

void read_one_of(Cursor& c, Value& out, const Value& allowed, std::string_view expected, Typed typed) {
    read(c, out);
    for (const auto& value : allowed.as_array())
        if (json_equal(value, out)) return;
    const auto& values = allowed.as_array();
    fail(const_keyword(out, values.data(), values.size(), typed, "enum"),
         "expected one of " + std::string(expected) + ", got " + out.dump());
}

}  // namespace rt
}  // namespace contract
