// Scalars, enums, constants and free-form values (containers and unions:
// containers.cpp).
#include "validate/decoder.h"

#include <cmath>
#include <limits>
#include <unordered_set>

#include "validate/rules.h"

namespace contractgen::validate {

namespace {

constexpr std::int64_t kMaxSafeInteger = (std::int64_t{1} << 53) - 1;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The exact value of an integer literal (no fraction, no exponent), or
// false when its magnitude needs more than 64 bits.
bool exact_integer(std::string_view lit, bool& negative, std::uint64_t& magnitude) {
    negative = !lit.empty() && lit[0] == '-';
    magnitude = 0;
    for (char c : lit.substr(negative ? 1 : 0)) {
        auto digit = static_cast<std::uint64_t>(c - '0');
        if (magnitude > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return false;
        magnitude = magnitude * 10 + digit;
    }
    return true;
}

}  // namespace

void Decoder::run(const ir::TypeExpr& type) {
    if (data_.size() >= 3 && data_.substr(0, 3) == "\xEF\xBB\xBF") syntax(0, "byte order mark");
    value(type);
    ws();
    if (pos_ != data_.size()) {
        auto c = static_cast<unsigned char>(data_[pos_]);
        static const char* hex = "0123456789abcdef";
        std::string shown_byte = c >= 0x20 && c < 0x7F ? std::string("'") + static_cast<char>(c) + "'"
                                                       : std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
        syntax(pos_, "unexpected " + shown_byte + " after the value");
    }
}

void Decoder::run_decl(ir::DeclId id) {
    ir::TypeExpr t;
    t.kind = ir::Kind::Named;
    t.decl = id;
    run(t);
}

void Decoder::type_fail(const char* expected, char c) {
    fail_at(pos_, "type", std::string("expected ") + expected + ", got " + kind_name(c));
}

void Decoder::value(const ir::TypeExpr& t) {
    if (t.nullable && peek() == 'n') {
        literal("null");
        out += "null";
        return;
    }
    switch (t.kind) {
        case ir::Kind::String: return string_value(t.string_bounds);
        case ir::Kind::Integer: return integer(t.number_bounds);
        case ir::Kind::Number: return number(t.number_bounds);
        case ir::Kind::Boolean: return boolean();
        case ir::Kind::Null: return null();
        case ir::Kind::Any: return any();
        case ir::Kind::Named: return decl(t.decl);
        case ir::Kind::Array: return array(t);
        case ir::Kind::Map: return map(t);
        case ir::Kind::Const: return const_value(t.value);
    }
}

void Decoder::decl(ir::DeclId id) {
    const ir::Decl& d = model_.decl(id);
    std::visit(
        [&](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, ir::Struct>) {
                structure(body);
            } else if constexpr (std::is_same_v<T, ir::Enum>) {
                enum_value(body);
            } else if constexpr (std::is_same_v<T, ir::OpenEnum>) {
                open_enum(body);
            } else if constexpr (std::is_same_v<T, ir::Union>) {
                if (body.discriminator) tagged(body);
                else
                    untagged(body);
            } else if constexpr (std::is_same_v<T, ir::Alias>) {
                value(body.target);
            } else if constexpr (std::is_same_v<T, ir::Tuple>) {
                tuple(body);
            } else {
                const_value(body.value);
            }
        },
        d.body);
}

void Decoder::string_value(const ir::StringBounds& b) {
    char c = peek();
    if (c != '"') type_fail("a string", c);
    std::size_t start = pos_;
    std::string_view s = read_string(string_buf_);
    if (!b.empty())
        if (auto p = string_problem(b, s)) fail_at(start, p->keyword, std::move(p->detail));
    append_quoted(out, s);
}

void Decoder::integer(const ir::NumberBounds& b) {
    char c = peek();
    if (c != '-' && !is_digit(c)) type_fail("an integer", c);
    const std::size_t start = pos_;
    const auto [lit, is_integer] = scan_number();
    auto check = [&](double v) {
        if (auto p = number_problem(b, v)) fail_at(start, p->keyword, std::move(p->detail));
    };
    const std::string text(lit);
    if (b.integer_format == ir::IntegerFormat::Safe) {
        // Bounds first, then the range (a literal beyond a double is `range` at once).
        std::int64_t n = 0;
        if (is_integer && lit.size() <= 16) {
            bool negative;
            std::uint64_t magnitude;
            exact_integer(lit, negative, magnitude);
            n = negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
            check(static_cast<double>(n));
        } else {
            double f = finite(start, lit);
            if (f != std::trunc(f)) fail_at(start, "type", "expected an integer, got " + text);
            check(f);
            if (std::fabs(f) > static_cast<double>(kMaxSafeInteger))
                fail_at(start, "range",
                        text +
                            " is outside the integer range \xC2\xB1(2^53\xE2\x88\x92"
                            "1)");
            n = static_cast<std::int64_t>(f);
        }
        if (n > kMaxSafeInteger || n < -kMaxSafeInteger)
            fail_at(start, "range",
                    text +
                        " is outside the integer range \xC2\xB1(2^53\xE2\x88\x92"
                        "1)");
        out += std::to_string(n);
        return;
    }
    // format int64 / uint64: the exact 64-bit value; beyond it `range` before any bound.
    const bool unsigned64 = b.integer_format == ir::IntegerFormat::Uint64;
    const std::string range = unsigned64 ? "0 \xE2\x80\xA6 2^64\xE2\x88\x92"
                                           "1"
                                         : "\xE2\x88\x92"
                                           "2^63 \xE2\x80\xA6 2^63\xE2\x88\x92"
                                           "1";
    bool negative = false;
    std::uint64_t magnitude = 0;
    if (is_integer) {
        bool fits = exact_integer(lit, negative, magnitude);
        if (magnitude == 0) negative = false;  // -0
        bool in_range =
            fits &&
            (unsigned64 ? !negative
                        : (negative ? magnitude <= std::uint64_t{1} << 63 : magnitude < std::uint64_t{1} << 63));
        if (!in_range) fail_at(start, "range", text + " is outside the range " + range);
        check(negative ? -static_cast<double>(magnitude) : static_cast<double>(magnitude));
    } else {
        double f = finite(start, lit);
        if (f != std::trunc(f)) fail_at(start, "type", "expected an integer, got " + text);
        bool in_range = unsigned64 ? f >= 0 && f < 18446744073709551616.0
                                   : f >= -9223372036854775808.0 && f < 9223372036854775808.0;
        if (!in_range) fail_at(start, "range", text + " is outside the range " + range);
        check(f);
        negative = f < 0;
        magnitude = negative ? static_cast<std::uint64_t>(-(f + 1)) + 1 : static_cast<std::uint64_t>(f);
    }
    if (negative) out += '-';
    out += std::to_string(magnitude);
}

void Decoder::number(const ir::NumberBounds& b) {
    char c = peek();
    if (c != '-' && !is_digit(c)) type_fail("a number", c);
    const std::size_t start = pos_;
    double f = finite(start, scan_number().text);
    if (auto p = number_problem(b, f)) fail_at(start, p->keyword, std::move(p->detail));
    append_number(out, f);
}

void Decoder::boolean() {
    char c = peek();
    if (c == 't') {
        literal("true");
        out += "true";
    } else if (c == 'f') {
        literal("false");
        out += "false";
    } else {
        type_fail("a boolean", c);
    }
}

void Decoder::null() {
    char c = peek();
    if (c != 'n') type_fail("null", c);
    literal("null");
    out += "null";
}

void Decoder::const_value(const ir::json& value) {
    char c = peek();
    const std::size_t start = pos_;
    if (value.is_string()) {
        const std::string& want = value.get_ref<const std::string&>();
        if (c != '"') fail_at(start, "const", "expected " + shown(want) + ", got " + kind_name(c));
        std::string_view s = read_string(string_buf_);
        if (s != want) fail_at(start, "const", "expected " + shown(want) + ", got " + shown(s));
        append_quoted(out, s);
        return;
    }
    FreeValue got = free_value();
    FreeValue want = FreeValue::from_json(value);
    if (!equal(got, want)) fail_at(start, "const", "expected " + value_text(want) + ", got " + value_text(got));
    append_value(out, got);
}

void Decoder::enum_value(const ir::Enum& e) {
    if (e.all_strings && !e.values.empty()) {
        char c = peek();
        if (c != '"') type_fail("a string", c);
        const std::size_t start = pos_;
        std::string_view s = read_string(string_buf_);
        for (const auto& v : e.values)
            if (v.get_ref<const std::string&>() == s) {
                append_quoted(out, s);
                return;
            }
        std::string expected;
        for (const auto& v : e.values) expected += (expected.empty() ? "" : "|") + v.get<std::string>();
        fail_at(start, "enum", "expected one of " + expected + ", got " + shown(s));
    }
    peek();
    const std::size_t start = pos_;
    FreeValue got = free_value();
    for (const auto& v : e.values)
        if (equal(got, FreeValue::from_json(v))) {
            append_value(out, got);
            return;
        }
    fail_at(start, "enum", "got " + value_text(got) + ", which is not one of the allowed values");
}

void Decoder::open_enum(const ir::OpenEnum& e) {
    char c = peek();
    if (c != '"') fail_at(pos_, "anyOf", std::string("expected a string, got ") + kind_name(c));
    const std::size_t start = pos_;
    std::string_view s = read_string(string_buf_);
    bool known = false;
    for (const auto& k : e.known) known = known || k == s;
    if (!known && !e.other.empty())
        if (auto p = string_problem(e.other, s))
            fail_at(start, "anyOf", shown(s) + " is not a known value, and " + p->detail);
    append_quoted(out, s);
}

void Decoder::any() { append_value(out, free_value()); }

FreeValue Decoder::free_value() {
    FreeValue v;
    char c = peek();
    switch (c) {
        case '{': {
            v.kind = FreeValue::Kind::Object;
            open();
            std::unordered_set<std::string> names;  // once the object is large (no quadratic scan)
            while (next_key()) {
                std::string key = key_;
                const std::size_t key_start = key_start_;
                enter(key);
                bool duplicate = false;
                if (v.members.size() < 16) {
                    for (const auto& m : v.members) duplicate = duplicate || m.first == key;
                } else {
                    if (names.empty())
                        for (const auto& m : v.members) names.insert(m.first);
                    duplicate = !names.insert(key).second;
                }
                if (duplicate) fail_at(key_start, "duplicate", "member " + shown(key) + " appears twice");
                FreeValue member = free_value();
                v.members.push_back(FreeValue::Member{std::move(key), std::move(member)});
                leave();
            }
            return v;
        }
        case '[': {
            v.kind = FreeValue::Kind::Array;
            open();
            for (std::size_t i = 0; next_item(); ++i) {
                enter_index(i);
                v.items.push_back(free_value());
                leave();
            }
            return v;
        }
        case '"':
            v.kind = FreeValue::Kind::String;
            v.text = std::string(read_string(string_buf_));
            return v;
        case 't':
            literal("true");
            v.kind = FreeValue::Kind::Bool;
            v.boolean = true;
            return v;
        case 'f':
            literal("false");
            v.kind = FreeValue::Kind::Bool;
            return v;
        case 'n': literal("null"); return v;
        default: {
            const std::size_t start = pos_;
            const auto [lit, is_integer] = scan_number();
            if (is_integer) {
                v.kind = FreeValue::Kind::Integer;
                v.text = lit == "-0" ? std::string("0") : std::string(lit);
            } else {
                v.kind = FreeValue::Kind::Double;
                v.number = finite(start, lit);
            }
            return v;
        }
    }
}

}  // namespace contractgen::validate
