// JSON value kinds as bits, the currency in which the builder intersects
// `type` keywords (allOf parts, a union's `type` beside its alternatives) and
// checks consts and enum values against them.
#pragma once

#include <string>
#include <string_view>

#include "ir/integral.h"
#include "ir/model.h"

namespace contractgen::ir::builder {

// "number" is INT|FRAC so that intersecting `integer` with `number` gives `integer`.
enum KindBit : unsigned { kNull = 1, kBool = 2, kObject = 4, kArray = 8, kString = 16, kInt = 32, kFrac = 64 };
constexpr unsigned kAllKinds = kNull | kBool | kObject | kArray | kString | kInt | kFrac;

// Compared as views. Speed: bench/README.md, "Member lookups by view".
inline unsigned kind_bits(std::string_view type_name) {
    using namespace std::string_view_literals;
    if (type_name == "null"sv) return kNull;
    if (type_name == "boolean"sv) return kBool;
    if (type_name == "object"sv) return kObject;
    if (type_name == "array"sv) return kArray;
    if (type_name == "string"sv) return kString;
    if (type_name == "integer"sv) return kInt;
    return kInt | kFrac;  // number
}

inline unsigned value_kind(const json& v) {
    if (v.is_null()) return kNull;
    if (v.is_boolean()) return kBool;
    if (v.is_object()) return kObject;
    if (v.is_array()) return kArray;
    if (v.is_string()) return kString;
    if (v.is_number_integer() || v.is_number_unsigned()) return kInt;
    // A float with no fraction counts as an integer within the 64-bit range;
    // beyond it, as a fraction (ir/integral.h).
    return is_int64_float(v.get<double>()) ? kInt : kFrac;
}

// The error for a const whose value is none of the kinds the schema admits.
// A whole number beyond the 64-bit range counts as a fraction (above), so
// where integers are admitted the message says why instead of "type".
inline std::string const_kind_error(const json& v, unsigned admitted) {
    const bool whole_beyond = v.is_number_float() && is_whole(v.get<double>()) && !is_int64_float(v.get<double>());
    if (whole_beyond && (admitted & kInt))
        return "const value " + v.dump() +
               " is a whole number beyond the 64-bit range, which no target's integers hold";
    return "const value " + v.dump() + " does not match the schema's type";
}

}  // namespace contractgen::ir::builder
