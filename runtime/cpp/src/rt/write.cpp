// The JSON writer (escaping, canonical numbers, free-form values), the
// checked writes of scalars, and the encoding entry points behind contract::dump.
#include <cmath>

#include "contract/rt/codec.hpp"

namespace contract {
namespace rt {

namespace {

std::string not_finite(double v) { return "expected a finite number, got " + number_text(v); }

// A value in a message: its JSON text, or what it is when it has none.
std::string shown(const Value& v) {
    try {
        return v.dump();
    } catch (const EncodeError&) {
        return "a value that is not JSON";
    }
}

}  // namespace

void Writer::quoted_escaped(char before, std::string_view s, char after) {
    const char* p = s.data();
    const char* end = p + s.size();
    std::size_t plain = plain_prefix(p, end);
    if (before != 0) out_ += before;
    out_ += '"';
    if (plain == s.size()) {  // the common case: nothing to escape, all ASCII
        out_.append(p, plain);
        out_ += '"';
        if (after != 0) out_ += after;
        return;
    }
    const char* run = p;
    p += plain;
    while (p != end) {
        auto c = static_cast<unsigned char>(*p);
        if (c >= 0x80) {
            std::size_t n = utf8_length(p, end);
            if (n == 0)
                throw EncodeError("syntax", "invalid UTF-8 in a string at byte " + std::to_string(p - s.data()));
            p += n;
        } else {
            out_.append(run, static_cast<std::size_t>(p - run));
            switch (c) {
                case '"': out_ += "\\\""; break;
                case '\\': out_ += "\\\\"; break;
                case '\b': out_ += "\\b"; break;
                case '\f': out_ += "\\f"; break;
                case '\n': out_ += "\\n"; break;
                case '\r': out_ += "\\r"; break;
                case '\t': out_ += "\\t"; break;
                default: {
                    static const char hex[] = "0123456789abcdef";
                    char escape[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
                    out_.append(escape, sizeof escape);
                }
            }
            run = ++p;
        }
        p += plain_prefix(p, end);
    }
    out_.append(run, static_cast<std::size_t>(p - run));
    out_ += '"';
    if (after != 0) out_ += after;
}

namespace {

// The canonical spelling of a finite double (docs/semantics.md §3): the
// shortest digits that round-trip (std::to_chars), laid out as ECMAScript's
// Number.prototype.toString lays them out (ECMA-262 §6.1.6.1.20, the same
// as RFC 8785 §3.2.2.3).
void append_number(std::string& out, double v) {
    if (v == 0) {  // and -0
        out += '0';
        return;
    }
    if (v < 0) {
        out += '-';
        v = -v;
    }
    char buffer[40];
    auto end = std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::scientific).ptr;
    // buffer: d[.ddd]e±XX
    char digits[20];
    int k = 0;
    const char* p = buffer;
    for (; *p != 'e'; ++p)
        if (*p != '.') digits[k++] = *p;
    int exponent = 0;
    std::from_chars(p + (p[1] == '+' ? 2 : 1), end, exponent);
    int n = exponent + 1;  // where the decimal point goes
    if (k <= n && n <= 21) {
        out.append(digits, static_cast<std::size_t>(k));
        out.append(static_cast<std::size_t>(n - k), '0');
    } else if (0 < n && n <= 21) {
        out.append(digits, static_cast<std::size_t>(n));
        out += '.';
        out.append(digits + n, static_cast<std::size_t>(k - n));
    } else if (-6 < n && n <= 0) {
        out += "0.";
        out.append(static_cast<std::size_t>(-n), '0');
        out.append(digits, static_cast<std::size_t>(k));
    } else {
        out += digits[0];
        if (k > 1) {
            out += '.';
            out.append(digits + 1, static_cast<std::size_t>(k - 1));
        }
        out += 'e';
        out += n - 1 >= 0 ? '+' : '-';
        out += std::to_string(n - 1 >= 0 ? n - 1 : 1 - n);
    }
}

}  // namespace

std::string number_text(double d) {
    if (!std::isfinite(d)) return std::isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
    std::string out;
    append_number(out, d);
    return out;
}

void Writer::number(double v) {
    if (!std::isfinite(v)) throw EncodeError("type", not_finite(v));
    separate();
    append_number(out_, v);
}

void Writer::too_deep() const {
    throw EncodeError("depth", "nesting deeper than " + std::to_string(kMaxDepth) + " (arrays and objects)");
}

void Writer::value(const Value& v) {
    switch (v.kind()) {
        case Value::Kind::Null: return null();
        case Value::Kind::Boolean: return boolean(v.as_bool());
        case Value::Kind::Integer: {
            separate();
            out_ += v.integer_text();
            return;
        }
        case Value::Kind::Number: return number(v.as_double());
        case Value::Kind::String: return string(v.as_string());
        case Value::Kind::Array: {
            begin_array();
            const Value::Array& items = v.as_array();
            for (std::size_t i = 0; i < items.size(); ++i) in_item(i, [&] { value(items[i]); });
            return end_array();
        }
        case Value::Kind::Object:
            begin_object();
            for (const auto& entry : v.as_object()) {  // not a structured binding: C++17 lambdas cannot capture one
                in_field(entry.first, [&] {
                    key(entry.first);
                    value(entry.second);
                });
            }
            return end_object();
    }
}

// ---- checked writes ------------------------------------------------------------------

void write(Writer& w, const std::string& v) { w.string(v); }

void write(Writer& w, const std::string& v, const StringRule& rule) {
    refuse_if(problem(v, rule));
    w.string(v);
}

void write(Writer& w, std::int64_t v, const NumberRule& rule) {
    refuse_if(problem(v, rule));
    refuse_if(range_problem(v, rule));
    w.integer(v);
}

void write(Writer& w, std::uint64_t v, const NumberRule& rule) {
    refuse_if(problem(v, rule));
    w.integer(v);
}

void write(Writer& w, double v, const NumberRule& rule) {
    if (!std::isfinite(v)) throw EncodeError("type", not_finite(v));
    refuse_if(problem(v, rule));
    w.number(v);
}

void write(Writer& w, bool v) { w.boolean(v); }

void write(Writer& w, std::nullptr_t) { w.null(); }

void write(Writer& w, const Value& v) { w.value(v); }

void write(Writer& w, const Value& v, const ConstRule& rule) {
    if (!json_equal(v, rule.value()))
        throw EncodeError("const", "expected " + rule.value().dump() + ", got " + shown(v));
    w.value(v);
}

void write_one_of(Writer& w, const Value& value, const Value& allowed, std::string_view expected) {
    bool found = false;
    for (const auto& candidate : allowed.as_array()) found = found || json_equal(candidate, value);
    if (!found) throw EncodeError("enum", "expected one of " + std::string(expected) + ", got " + shown(value));
    w.value(value);
}

void ObjectWriter::check_extra_name(std::string_view key) const {
    for (std::size_t i = 0; i < count_; ++i) {
        if (fields_[i].name != key) continue;
        bool forbidden = fields_[i].flags & kForbidden;
        in_field(key, [&] {
            if (forbidden) throw EncodeError("not", "member " + quote(key) + " must be absent");
            throw EncodeError("duplicate", "the kept member " + quote(key) + " has the name of a declared member");
        });
    }
}

// ---- entry points --------------------------------------------------------------------

void encode_text(std::string& out, EncodeFn encode, const void* value) {
    std::size_t start = out.size();
    try {
        Writer w(out);
        encode(w, value);
    } catch (...) {
        out.resize(start);  // nothing of a refused value stays behind
        throw;
    }
}

void check_value(EncodeFn encode, const void* value) {
    // Checking is writing into a scratch buffer: one code path, so validate()
    // throws exactly what dump() would.
    thread_local std::string scratch;
    scratch.clear();
    Writer w(scratch);
    encode(w, value);
}

std::string encode_string(EncodeFn encode, const void* value) {
    // Written into a buffer kept by the thread, then copied once: one
    // allocation of the right size instead of a string grown step by step.
    thread_local std::string buffer;
    buffer.clear();
    Writer w(buffer);
    encode(w, value);
    return buffer;
}

Json encode_json(EncodeFn encode, const void* value) {
    std::string text;
    encode_text(text, encode, value);
    return Json::parse(text);
}

Value encoded_value(const std::string& text) { return parse<Value>(text); }

}  // namespace rt

void encode(rt::Writer& w, const Value& v) { w.value(v); }

namespace rt {}  // namespace rt
}  // namespace contract
