// C++ spelling of schema text: string literals, numbers and comments, kept
// within the width of a generated line.
#pragma once

#include <string>
#include <vector>

#include "emit/common/text.h"
#include "ir/model.h"

namespace contractgen::emit::cpp {

// No generated C++ line is longer than this (tests/cpp/line_length.py).
constexpr std::size_t kLineWidth = 120;

// "..." with every byte outside printable ASCII as a 3-digit octal escape,
// so the literal is the exact UTF-8 bytes whatever the compiler's charset.
std::string string_literal(const std::string& utf8);

// The same literal cut into pieces of at most `width` characters (at
// escape boundaries; the first piece at most `first_width`), joined by a
// line break and `indent`: adjacent literals, which the compiler concatenates.
std::string string_literal_lines(const std::string& utf8, std::size_t width, const std::string& indent,
                                 std::size_t first_width = 0);

// Text that may contain NUL, where a std::string_view or a std::string is
// expected: a plain literal would end at the NUL, so those get an explicit
// length (std::string_view("a\0b", 3), std::string("a\0b", 3)).
std::string string_view_literal(const std::string& utf8);
std::string std_string_literal(const std::string& utf8);
// string_view_literal cut like string_literal_lines.
std::string string_view_literal_lines(const std::string& utf8, std::size_t width, const std::string& indent,
                                      std::size_t first_width = 0);

// L"..." for std::wregex sources: code points as \U escapes; cut into
// adjacent literals like string_literal_lines.
std::string wide_literal_lines(const std::string& utf8, std::size_t width, const std::string& indent);

// A double argument for a JSON number bound: integers as written while a
// double holds them exactly ("0", "-5"), others as a double literal
// ("0.5", "1e+21", "9007199254740993.0").
std::string number_argument(const ir::json& number);
// A double literal for a JSON number ("10.0", "0.0001", "1e+100").
std::string double_literal(const ir::json& number);

// `/// ` lines at `indent`, newline-terminated; empty when there are no
// docs. Lines stay within kLineWidth (a word longer than that is cut). A
// line ending in a backslash gets a visible mark so it cannot splice the
// next source line into the comment.
std::string doc_comment(const ir::Docs& docs, const std::string& indent);

// Header comments: emit::comment_lines (emit/common/text.h).
using emit::comment_lines;

}  // namespace contractgen::emit::cpp
