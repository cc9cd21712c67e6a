// The JSON writer (escaping, numbers, DOM values), the checked writes of
// scalars, and the encoding entry points behind contract::dump.
#include <cmath>

#include "contract/rt/codec.hpp"

namespace contract {
namespace rt {

namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHighBits = 0x8080808080808080ull;

// Whether 8 bytes need nothing but copying: no control character, quote,
// backslash or non-ASCII byte (then UTF-8 must be checked). Exact: the
// "has a byte less than n" trick holds for n <= 128.
bool plain8(std::uint64_t w) {
    std::uint64_t control = (w - kOnes * 0x20) & ~w & kHighBits;
    std::uint64_t quote = w ^ (kOnes * '"');
    quote = (quote - kOnes) & ~quote & kHighBits;
    std::uint64_t backslash = w ^ (kOnes * '\\');
    backslash = (backslash - kOnes) & ~backslash & kHighBits;
    return (control | quote | backslash | (w & kHighBits)) == 0;
}

// The bytes a JSON string holds as they are: printable ASCII other than
// the quote and the backslash.
struct PlainBytes {
    bool plain[256];
    constexpr PlainBytes() : plain{} {
        for (int c = 0x20; c < 0x80; ++c) plain[c] = c != '"' && c != '\\';
    }
};
constexpr PlainBytes kPlain;

// How many bytes from p on need neither escaping nor a UTF-8 check.
std::size_t plain_prefix(const char* p, const char* end) {
    const char* start = p;
    for (std::uint64_t w; end - p >= 8; p += 8) {
        std::memcpy(&w, p, 8);
        if (!plain8(w)) break;
    }
    while (p != end && kPlain.plain[static_cast<unsigned char>(*p)]) ++p;
    return static_cast<std::size_t>(p - start);
}

std::string not_finite(double v) {
    return std::string("expected a finite number, got ") + (std::isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity");
}

}  // namespace

void Writer::quoted(char before, std::string_view s, char after) {
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
            if (n == 0) throw EncodeError("invalid UTF-8 in string at byte " + std::to_string(p - s.data()));
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

void Writer::number(double v) {
    if (!std::isfinite(v)) throw EncodeError(not_finite(v));
    if (std::floor(v) == v && std::fabs(v) < 9007199254740992.0) return integer(static_cast<std::int64_t>(v));
    separate();
    char buffer[32];
    auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
    out_.append(buffer, static_cast<std::size_t>(end - buffer));
}

void Writer::json(const Json& v, std::size_t depth) {
    switch (v.type()) {
        case Json::value_t::null: return null();
        case Json::value_t::boolean: return boolean(v.get<bool>());
        case Json::value_t::number_integer: return integer(v.get<std::int64_t>());
        case Json::value_t::number_unsigned: {
            separate();
            char buffer[24];
            auto end = std::to_chars(buffer, buffer + sizeof buffer, v.get<std::uint64_t>()).ptr;
            out_.append(buffer, static_cast<std::size_t>(end - buffer));
            return;
        }
        case Json::value_t::number_float: {
            // As nlohmann writes a float: a value that looks integral keeps its ".0".
            double d = v.get<double>();
            if (!std::isfinite(d)) throw EncodeError(not_finite(d));
            separate();
            char buffer[40];
            auto end = std::to_chars(buffer, buffer + sizeof buffer, d).ptr;
            std::string_view text(buffer, static_cast<std::size_t>(end - buffer));
            out_ += text;
            if (text.find_first_of(".e") == std::string_view::npos) out_ += ".0";
            return;
        }
        case Json::value_t::string: return string(v.get_ref<const std::string&>());
        case Json::value_t::array:
            if (depth >= kMaxDepth) throw EncodeError("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
            begin_array();
            for (std::size_t i = 0; i < v.size(); ++i) in_item(i, [&] { json(v[i], depth + 1); });
            end_array();
            return;
        case Json::value_t::object:
            if (depth >= kMaxDepth) throw EncodeError("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
            begin_object();
            for (auto it = v.begin(); it != v.end(); ++it) {
                in_field(it.key(), [&] {
                    key(it.key());
                    json(*it, depth + 1);
                });
            }
            end_object();
            return;
        default: throw EncodeError("binary values are not JSON");
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
    w.integer(v);
}

void write(Writer& w, double v, const NumberRule& rule) {
    if (!std::isfinite(v)) throw EncodeError(not_finite(v));
    refuse_if(problem(v, rule));
    w.number(v);
}

void write(Writer& w, bool v) { w.boolean(v); }

void write(Writer& w, std::nullptr_t) { w.null(); }

void write(Writer& w, const Json& v) { w.json(v); }

void write(Writer& w, const Json& v, const ConstRule& rule) {
    if (!json_equal(v, rule.value())) {
        throw EncodeError("expected " + rule.value().dump() + ", got " +
                          v.dump(-1, ' ', false, Json::error_handler_t::replace));
    }
    w.json(v);
}

void write_one_of(Writer& w, const Json& value, const Json& allowed, std::string_view expected) {
    bool found = false;
    for (const auto& candidate : allowed) found = found || json_equal(candidate, value);
    if (!found) {
        throw EncodeError("expected one of " + std::string(expected) + ", got " +
                          value.dump(-1, ' ', false, Json::error_handler_t::replace));
    }
    w.json(value);
}

void ObjectWriter::check_extra_name(std::string_view key) const {
    for (std::size_t i = 0; i < count_; ++i) {
        if (fields_[i].name != key) continue;
        bool forbidden = fields_[i].flags & kForbidden;
        in_field(key, [&] {
            if (forbidden) throw EncodeError("property " + quote(key) + " must not be present here");
            throw EncodeError("the kept member " + quote(key) + " has the name of a declared member");
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

}  // namespace rt
}  // namespace contract
