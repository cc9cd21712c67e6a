// Whether a JSON float stands for an integer the generator can hold. JSON
// Schema counts 1.0 as an integer, but converting a double outside the
// target type's range is undefined behaviour, so every test for "a float
// with no fraction" goes through these bounds first (found by the schema
// fuzz harness: `"maxLength": 3e120`, `"const": 1e21`).
#pragma once

#include <cmath>

namespace contractgen::ir {

// A finite number with no fraction, whatever its size.
inline bool is_whole(double d) { return std::isfinite(d) && d == std::trunc(d); }

// No fraction, and within the signed 64-bit range [-2^63, 2^63).
inline bool is_int64_float(double d) {
    constexpr double kTwoTo63 = 9223372036854775808.0;
    return d >= -kTwoTo63 && d < kTwoTo63 && is_whole(d);
}

// No fraction, and within [0, 2^64): a count such as maxLength.
inline bool is_count_float(double d) {
    constexpr double kTwoTo64 = 18446744073709551616.0;
    return d >= 0 && d < kTwoTo64 && is_whole(d);
}

// An integral float beyond [0, 2^64): a count no target can hold.
inline bool is_count_beyond_range(double d) { return d >= 18446744073709551616.0 && is_whole(d); }

}  // namespace contractgen::ir
