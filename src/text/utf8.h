// UTF-8 decoding shared by the naming pass (non-ASCII words) and every
// emitter's escaper, and the one encoder (patterns, the validator's scanner). The loader has already refused invalid UTF-8, so this
// only has to be fast and total, not strict.
#pragma once

#include <cstddef>
#include <string>

namespace contractgen::text {

// The code point at s[i], advancing i past it. A byte that does not start a
// sequence decodes as itself; a sequence cut short by the end of `s` decodes
// from what is there.
char32_t next_code_point(const std::string& s, std::size_t& i);

// Appends the UTF-8 encoding of `cp` (at most U+10FFFF; a surrogate is
// encoded as it is, which the callers that can meet one decide about).
void append_utf8(std::string& out, char32_t cp);

// Where the run of bytes from s[at] that every escaper copies as they are
// ends: printable ASCII other than `"` and `\`. Most of a contract's text
// is, so escapers copy such runs whole (eight bytes are tested at a time).
std::size_t plain_ascii_end(const std::string& s, std::size_t at);

}  // namespace contractgen::text
