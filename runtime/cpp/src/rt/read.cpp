// Reading scalars, numbers, free-form values, consts and the start of
// containers, and the decoding entry points behind contract::parse<T>.
#include <cmath>
#include <unordered_set>

#include "contract/rt/codec.hpp"

namespace contract {
namespace rt {

namespace {

[[noreturn]] void fail(Problem p) { rt::fail(p.keyword, std::move(p.detail)); }

void refuse(const Problem& p) {
    if (p) fail(p);
}

// A number token as a double; one beyond the double range is a `range` error.
double finite(const Cursor& c, const Token& t) {
    if (t.kind == Tok::Int) return static_cast<double>(t.num.i);
    if (t.kind == Tok::Uint) return static_cast<double>(t.num.u);
    if (!std::isfinite(t.num.f)) rt::fail("range", std::string(c.text(t)) + " is outside the range of a double");
    return t.num.f;
}

// An integer written with a fraction or an exponent, or beyond 64 bits (a
// Float or Big token): its double, which must be integral, within the
// rule's bounds and then within its range (docs/semantics.md: `range` last,
// unless the number is beyond a double).
double integral(const Cursor& c, const Token& t, const NumberRule& rule) {
    double d = finite(c, t);
    if (std::floor(d) != d) rt::fail("type", "expected an integer, got " + describe(c, t));
    refuse(problem(d, rule));
    // A Big token is beyond 64 bits, so beyond every range, though its
    // double may round onto a bound (-9223372036854775809 reads as -2^63).
    bool in_range = t.kind != Tok::Big &&
                    (rule.range == IntegerRange::Safe    ? std::fabs(d) <= 9007199254740991.0
                     : rule.range == IntegerRange::Int64 ? d >= -9223372036854775808.0 && d < 9223372036854775808.0
                                                         : d >= 0 && d < 18446744073709551616.0);
    if (!in_range) {
        std::string shown = t.kind == Tok::Big ? std::string(c.text(t)) : number_text(d);
        rt::fail("range", shown + " is outside the integer range " + range_text(rule.range));
    }
    return d;
}

}  // namespace

void read(Cursor& c, std::string& out) {
    const Token& t = c.peek();
    if (t.kind != Tok::String) fail_type(c, "a string");
    out.assign(c.text(t));
    c.take();
}

void check(std::string_view v, const StringRule& rule) { refuse(problem(v, rule)); }

void read(Cursor& c, std::string& out, const StringRule& rule) {
    read(c, out);
    check(out, rule);
}

// An integer is a number with no fraction: 1, 1.0 and 1e2 are integers, "1" is not.
void read(Cursor& c, std::int64_t& out, const NumberRule& rule) {
    const Token& t = c.peek();
    switch (t.kind) {
        case Tok::Int: out = t.num.i; break;
        case Tok::Uint:
            refuse(problem(t.num.u, rule));
            refuse(range_problem(t.num.u, rule));
            out = static_cast<std::int64_t>(t.num.u);
            c.take();
            return;
        case Tok::Big:
        case Tok::Float:
            out = static_cast<std::int64_t>(integral(c, t, rule));
            c.take();
            return;
        default: fail_type(c, "an integer");
    }
    refuse(problem(out, rule));
    refuse(range_problem(out, rule));
    c.take();
}

void read(Cursor& c, std::uint64_t& out, const NumberRule& rule) {
    NumberRule unsigned_rule = rule.uint64();
    const Token& t = c.peek();
    switch (t.kind) {
        case Tok::Int:
            refuse(problem(t.num.i, rule));
            refuse(range_problem(t.num.i, unsigned_rule));
            out = 0;  // "-0"
            break;
        case Tok::Uint:
            refuse(problem(t.num.u, rule));
            out = t.num.u;
            break;
        case Tok::Big:
        case Tok::Float: out = static_cast<std::uint64_t>(integral(c, t, unsigned_rule)); break;
        default: fail_type(c, "an integer");
    }
    c.take();
}

void read(Cursor& c, double& out, const NumberRule& rule) {
    const Token& t = c.peek();
    if (t.kind != Tok::Int && t.kind != Tok::Uint && t.kind != Tok::Big && t.kind != Tok::Float)
        fail_type(c, "a number");
    out = finite(c, t);
    refuse(problem(out, rule));
    c.take();
}

void read(Cursor& c, bool& out) {
    const Token& t = c.peek();
    if (t.kind == Tok::True) out = true;
    else if (t.kind == Tok::False)
        out = false;
    else
        fail_type(c, "a boolean");
    c.take();
}

void read(Cursor& c, std::nullptr_t& out) {
    if (c.peek().kind != Tok::Null) fail_type(c, "null");
    c.take();
    out = nullptr;
}

// Free-form values keep every member in order and integer literals as
// their digits; duplicates, numbers beyond a double and the errors the
// scanner left on the tape are refused where they are.
void read(Cursor& c, Value& out) {
    const Token& t = c.take();
    switch (t.kind) {
        case Tok::Null: out = nullptr; return;
        case Tok::True: out = true; return;
        case Tok::False: out = false; return;
        case Tok::Int: out = t.num.i; return;
        case Tok::Uint: out = t.num.u; return;
        case Tok::Big: out = Value::integer(c.text(t)); return;
        case Tok::Float: out = finite(c, t); return;
        case Tok::String: out = std::string(c.text(t)); return;
        case Tok::BeginObject: {
            out = Value::object();
            Value::Object& members = out.as_object();
            KeySet keys;
            std::string_view key;
            while (next_key(c, key)) {
                in_field(key, [&] {
                    if (!keys.insert(key)) fail_duplicate(key);
                    read(c, members.append(std::string(key)));
                });
            }
            return;
        }
        case Tok::BeginArray: {
            out = Value::array();
            Value::Array& items = out.as_array();
            while (c.peek().kind != Tok::EndArray) {
                items.emplace_back();
                in_item(items.size() - 1, [&] { read(c, items.back()); });
            }
            c.take();
            return;
        }
        default: fail_token(c, t);
    }
}

void expect_const(Cursor& c, std::string_view value, Typed typed) {
    const Token& t = c.peek();
    if (t.kind == Tok::String && c.text(t) == value) {
        c.take();
        return;
    }
    if (t.kind != Tok::String && typed == Typed::Yes) fail_type(c, "a string");
    if (t.kind == Tok::Error) fail_token(c, t);
    rt::fail("const", "expected " + quote(value) + ", got " + describe(c, t));
}

void expect_const(Cursor& c, const Value& value, Typed typed) {
    Value v;
    read(c, v);
    if (!json_equal(v, value))
        rt::fail(const_keyword(v, &value, 1, typed, "const"), "expected " + value.dump() + ", got " + v.dump());
}

void read(Cursor& c, Value& out, const ConstRule& rule) {
    expect_const(c, rule.value(), rule.typed);
    out = rule.value();
}

// ---- the start of containers ----------------------------------------------------------

namespace {

std::size_t entries(const Cursor& c, std::size_t step) {
    std::size_t n = 0, end = c.peek().end;
    for (std::size_t i = c.pos() + 1; i < end; i = c.after(i + step - 1)) ++n;
    return n;
}

}  // namespace

void check_start(Cursor& c, Tok kind, std::uint64_t fewest, std::uint64_t most, bool unique) {
    bool array = kind == Tok::BeginArray;
    if (c.peek().kind != kind) fail_type(c, array ? "an array" : "an object");
    if (fewest > 0 || most != kNoLimit || unique) {
        c.require_json();
        refuse(count_problem(entries(c, array ? 1 : 2), fewest, most, array));
        if (unique) {
            // The items as free-form values; when one breaks the payload
            // policy, uniqueness is undecided: the typed decode reports that.
            Cursor ahead(c.tape(), c.options());
            ahead.rewind(c.pos());
            Value items;
            bool read_all = true;
            try {
                read(ahead, items);
            } catch (const DecodeError&) {
                read_all = false;
            }
            if (read_all) refuse(unique_problem(items.as_array()));
        }
    }
    c.take();
}

// ---- duplicate member names -----------------------------------------------------------------

struct KeySet::Large {
    std::unordered_set<std::string_view> keys;
};

KeySet::~KeySet() { delete large_; }

bool KeySet::insert(std::string_view key) {
    if (large_ != nullptr) return large_->keys.insert(key).second;
    for (std::size_t i = 0; i < n_; ++i)
        if (small_[i] == key) return false;
    if (n_ < kSmall) {
        small_[n_++] = key;
        return true;
    }
    large_ = new Large;
    large_->keys.reserve(64);
    for (std::string_view k : small_) large_->keys.insert(k);
    large_->keys.insert(key);
    return true;
}

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

std::size_t depth_limit(const Options& options) { return options.max_depth != 0 ? options.max_depth : kMaxDepth; }

void decode_tape(const Tape& tape, DecodeFn decode, void* out, const Options& options) {
    Cursor c(tape, options);
    decode(c, out);
    if (!c.at_end()) fail_token(c, c.peek());  // after the value, the text goes on
}

}  // namespace

void decode_text(std::string_view text, DecodeFn decode, void* out, const Options& options) {
    if (thread_tape.busy) {
        Tape tape;
        parse_tape(text, tape, depth_limit(options));
        decode_tape(tape, decode, out, options);
        return;
    }
    struct Release {
        ~Release() { thread_tape.busy = false; }
    } release;
    thread_tape.busy = true;
    parse_tape(text, thread_tape.tape, depth_limit(options));
    decode_tape(thread_tape.tape, decode, out, options);
}

void decode_json(const Json& json, DecodeFn decode, void* out, const Options& options) {
    Tape tape;
    dom_to_tape(json, tape, depth_limit(options));
    decode_tape(tape, decode, out, options);
}

}  // namespace rt

void decode(rt::Cursor& c, Value& out) { rt::read(c, out); }

}  // namespace contract
