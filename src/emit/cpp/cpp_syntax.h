// C++ spelling of schema text: string literals and doc comments.
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"

namespace contractgen::emit::cpp {

// "..." with every byte outside printable ASCII as a 3-digit octal escape,
// so the literal is the exact UTF-8 bytes whatever the compiler's charset.
std::string string_literal(const std::string& utf8);

// Text that may contain NUL, where a std::string_view or a std::string is
// expected: a plain literal would end at the NUL, so those get an explicit
// length (std::string_view("a\0b", 3), std::string("a\0b", 3)).
std::string string_view_literal(const std::string& utf8);
std::string std_string_literal(const std::string& utf8);

// L"..." for std::wregex sources: code points as \U escapes.
std::string wide_literal(const std::string& utf8);

// A double literal for a JSON number bound ("10.0", "0.0001", "1e+100").
std::string double_literal(const ir::json& number);

// `/// ` lines at `indent`, newline-terminated; empty when there are no docs.
// A line ending in a backslash gets a visible mark so it cannot splice the
// next source line into the comment.
std::string doc_comment(const ir::Docs& docs, const std::string& indent);

// A JSON value as a C++ expression of type `const ::contract::Json&`, parsed once.
std::string json_value_expr(const ir::json& value);

}  // namespace contractgen::emit::cpp
