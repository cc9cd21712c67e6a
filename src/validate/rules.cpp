#include "validate/rules.h"

#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <regex>

#include <re2/re2.h>

#include "contract/rt/rules.hpp"
#include "ir/pattern.h"
#include "validate/json_text.h"

namespace contractgen::validate {

namespace {

double as_double(const ir::json& v) { return v.get<double>(); }

std::string count(std::uint64_t n) { return std::to_string(n); }

// A pattern compiled once for the life of the program (a contract has few).
// RE2, with the translation the Go target uses (Go matches with RE2): linear
// time in the text and no recursion, so a megabyte-long string is judged like
// any other. A portable pattern RE2 cannot match as ECMA-262 does
// (lookahead, large repetition counts: ir::go_pattern_problem) falls back to
// std::wregex over UTF-32, the ECMAScript engine of the standard library.
struct CompiledPattern {
    std::unique_ptr<RE2> re2;
    std::optional<std::wregex> ecma;
};

std::wstring utf32(std::string_view s) {
    std::wstring out;
    for (std::size_t i = 0; i < s.size();) {
        auto b = static_cast<unsigned char>(s[i]);
        int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
        char32_t cp = extra == 0 ? b : (b & (0x3F >> extra));
        ++i;
        for (int k = 0; k < extra && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
        out += static_cast<wchar_t>(cp);
    }
    return out;
}

const CompiledPattern& compiled(const std::string& pattern) {
    static std::mutex mutex;
    static std::map<std::string, CompiledPattern> cache;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(pattern);
    if (it != cache.end()) return it->second;
    CompiledPattern c;
    if (!ir::go_pattern_problem(pattern)) {
        RE2::Options options;  // UTF-8, case-sensitive, `$` only at the end of the text: ECMA-262 without flags
        options.set_log_errors(false);
        auto re = std::make_unique<RE2>(ir::translate_pattern(pattern, ir::PatternDialect::Go), options);
        if (re->ok()) c.re2 = std::move(re);
    }
    if (!c.re2) c.ecma.emplace(utf32(ir::translate_pattern(pattern, ir::PatternDialect::CppWide)), std::regex::ECMAScript);
    return cache.emplace(pattern, std::move(c)).first->second;
}

}  // namespace

bool format_matches(ir::StringFormat format, std::string_view s) {
    switch (format) {
        case ir::StringFormat::None: return true;
        case ir::StringFormat::DateTime: return contract::rt::is_date_time(s);
        case ir::StringFormat::Uuid: return contract::rt::is_uuid(s);
        case ir::StringFormat::Uri: return contract::rt::is_uri(s);
        // The formats of the whole vocabulary (docs/semantics.md) are checked
        // by the Go runtime only so far; this validator does not judge them
        // yet (docs/verify.md, "Limits"), so it accepts any string there.
        case ir::StringFormat::Date:
        case ir::StringFormat::Time:
        case ir::StringFormat::Duration:
        case ir::StringFormat::Email:
        case ir::StringFormat::Hostname:
        case ir::StringFormat::Ipv4:
        case ir::StringFormat::Ipv6:
        case ir::StringFormat::UriReference:
        case ir::StringFormat::JsonPointer: return true;
    }
    return true;
}

bool pattern_matches(const std::string& pattern, std::string_view s) {
    const CompiledPattern& c = compiled(pattern);
    if (c.re2) return RE2::PartialMatch(re2::StringPiece(s.data(), s.size()), *c.re2);
    std::wstring text = utf32(s);
    return std::regex_search(text, *c.ecma);
}

std::optional<Problem> string_problem(const ir::StringBounds& b, std::string_view s) {
    switch (b.format) {
        case ir::StringFormat::DateTime:
            if (!format_matches(b.format, s)) return Problem{"format", "expected an RFC 3339 date-time, got " + shown(s)};
            break;
        case ir::StringFormat::Uuid:
            if (!format_matches(b.format, s)) return Problem{"format", "expected a UUID, got " + shown(s)};
            break;
        case ir::StringFormat::Uri:
            if (!format_matches(b.format, s)) return Problem{"format", "expected an absolute URI, got " + shown(s)};
            break;
        default: break;  // not judged here yet: see format_matches
    }
    if (b.pattern && !pattern_matches(*b.pattern, s))
        return Problem{"pattern", "string does not match pattern " + shown(*b.pattern) + ": " + shown(s)};
    if (b.min_length || b.max_length) {
        std::size_t n = code_points(s);
        if (b.min_length && n < *b.min_length)
            return Problem{"minLength", "string shorter than minLength " + count(*b.min_length) + ": " + shown(s)};
        if (b.max_length && n > *b.max_length)
            return Problem{"maxLength", "string longer than maxLength " + count(*b.max_length) + ": " + shown(s)};
    }
    return std::nullopt;
}

bool is_multiple(double value, double divisor) {
    if (std::floor(value) == value && std::floor(divisor) == divisor) return std::fmod(value, divisor) == 0;
    double q = value / divisor;
    if (!std::isfinite(q)) return false;
    return std::fabs(q - std::round(q)) <= 1e-9 * std::max(1.0, std::fabs(q));
}

std::optional<Problem> number_problem(const ir::NumberBounds& b, double v) {
    auto fail = [&](const char* keyword, const std::string& what) { return Problem{keyword, number_text(v) + " " + what}; };
    if (b.minimum && v < as_double(*b.minimum)) return fail("minimum", "is less than the minimum " + number_text(as_double(*b.minimum)));
    if (b.maximum && v > as_double(*b.maximum))
        return fail("maximum", "is greater than the maximum " + number_text(as_double(*b.maximum)));
    if (b.exclusive_minimum && v <= as_double(*b.exclusive_minimum))
        return fail("exclusiveMinimum",
                    "is not greater than the exclusive minimum " + number_text(as_double(*b.exclusive_minimum)));
    if (b.exclusive_maximum && v >= as_double(*b.exclusive_maximum))
        return fail("exclusiveMaximum",
                    "is not less than the exclusive maximum " + number_text(as_double(*b.exclusive_maximum)));
    if (b.multiple_of && !is_multiple(v, as_double(*b.multiple_of)))
        return fail("multipleOf", "is not a multiple of " + number_text(as_double(*b.multiple_of)));
    return std::nullopt;
}

}  // namespace contractgen::validate
