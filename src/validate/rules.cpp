#include "validate/rules.h"

#include <cmath>

#include "contract/rt/rules.hpp"
#include "ir/pattern_match.h"
#include "validate/json_text.h"

namespace contractgen::validate {

namespace {

double as_double(const ir::json& v) { return v.get<double>(); }

std::string count(std::uint64_t n) { return std::to_string(n); }

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
    return ir::match_pattern(pattern, s) == ir::PatternMatch::Yes;
}

std::optional<Problem> string_problem(const ir::StringBounds& b, std::string_view s) {
    switch (b.format) {
        case ir::StringFormat::DateTime:
            if (!format_matches(b.format, s))
                return Problem{"format", "expected an RFC 3339 date-time, got " + shown(s)};
            break;
        case ir::StringFormat::Uuid:
            if (!format_matches(b.format, s)) return Problem{"format", "expected a UUID, got " + shown(s)};
            break;
        case ir::StringFormat::Uri:
            if (!format_matches(b.format, s)) return Problem{"format", "expected an absolute URI, got " + shown(s)};
            break;
        default: break;  // not judged here yet: see format_matches
    }
    if (b.pattern) {
        switch (ir::match_pattern(*b.pattern, s)) {
            case ir::PatternMatch::Yes: break;
            case ir::PatternMatch::No:
                return Problem{"pattern", "string does not match pattern " + shown(*b.pattern) + ": " + shown(s)};
            case ir::PatternMatch::TooComplex:
                return Problem{"pattern", "pattern " + shown(*b.pattern) +
                                              " took too many steps to match (the bound of "
                                              "docs/semantics.md), or needs a newer PCRE2: " +
                                              shown(s)};
        }
    }
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
    auto fail = [&](const char* keyword, const std::string& what) {
        return Problem{keyword, number_text(v) + " " + what};
    };
    if (b.minimum && v < as_double(*b.minimum))
        return fail("minimum", "is less than the minimum " + number_text(as_double(*b.minimum)));
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
