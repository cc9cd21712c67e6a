// Byte scans eight bytes at a time: the word of eight bytes at a place and
// the exact test for a zero byte in it, shared by the scans that skip runs
// of ordinary bytes (text::plain_ascii_end). A scan
// tests whole words while kWords holds (little-endian words, where the
// lowest byte of a word comes first), then finishes byte by byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace contractgen::text::bytes8 {

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
inline constexpr bool kWords = true;
#else
inline constexpr bool kWords = false;
#endif

inline constexpr std::uint64_t kLow = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;

// `byte` in each of the eight bytes.
constexpr std::uint64_t every(unsigned char byte) { return byte * kLow; }

inline std::uint64_t word_at(const char* p) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
}

// Nonzero when some byte of `w` is zero; the high bit of the first (lowest)
// zero byte is then its lowest set bit (later ones may be set by the borrow).
constexpr std::uint64_t zero_bytes(std::uint64_t w) { return (w - kLow) & ~w & kHigh; }

// Nonzero when some byte of `w` is below `n` (n ≤ 0x80).
constexpr std::uint64_t bytes_below(std::uint64_t w, unsigned char n) { return (w - every(n)) & ~w & kHigh; }

// The place in its word of the first zero byte zero_bytes(w) found.
inline std::size_t first_byte(std::uint64_t found) { return static_cast<std::size_t>(__builtin_ctzll(found) >> 3); }

}  // namespace contractgen::text::bytes8
