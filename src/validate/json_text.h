// How the validator spells JSON and locations, exactly as every binding
// does (docs/semantics.md; the Go runtime is the reference): strings escaped
// as JSON.stringify escapes them, numbers in their canonical form (RFC 8785,
// ECMAScript's Number.prototype.toString), and JSON paths (`$.data.delta`,
// `$.headers["content-type"]`, `$.errors[1]`).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace contractgen::validate {

// `s` as a JSON string: quote, backslash and control characters escaped,
// everything else as it is.
void append_quoted(std::string& out, std::string_view s);
std::string quoted(std::string_view s);

// `s` quoted for a message: cut after 60 code points (with "…").
std::string shown(std::string_view s);

// The canonical spelling of a finite double: the shortest digits that read
// back as the same double, laid out as ECMAScript does (100, 0.1, 1e+21,
// 1e-7; -0 as 0).
void append_number(std::string& out, double d);
std::string number_text(double d);

// One step of a JSON path: a member name, or an array index.
struct PathStep {
    std::string name;
    long long index = -1;  // >= 0: an array index
};

// `$` then `.name` for names like identifiers, `["..."]` for any other name,
// `[i]` for indexes.
std::string format_path(const std::vector<PathStep>& steps);

// The number of code points of valid UTF-8 text.
std::size_t code_points(std::string_view s);

// Length of the valid UTF-8 sequence at `p` (Unicode table 3-7: no
// overlongs, surrogates or values above U+10FFFF), or 0.
std::size_t utf8_sequence_length(const unsigned char* p, std::size_t available);

}  // namespace contractgen::validate
