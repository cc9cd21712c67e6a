// Python spelling of schema text: string literals, docstrings, numbers and
// JSON values. Everything from a schema passes through here before it
// reaches a template, so no text can end a literal or change its meaning.
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"

namespace contractgen::emit::python {

// "..." holding exactly `utf8`: backslash, quote and line breaks escaped;
// controls, line/paragraph separators, bidirectional and other invisible
// format characters as \x / \u escapes; other characters kept as UTF-8.
std::string string_literal(const std::string& utf8);

// A docstring statement at `indent`, newline-terminated ("" for no lines):
// every backslash and double quote is escaped, so no text (not even `"""`
// or a trailing backslash) can close the string early or form an escape.
std::string docstring(const std::vector<std::string>& lines, const std::string& indent);

// A JSON number as a Python literal: integers as written, other numbers as
// a float literal ("0.5", "1e+100", "10.0").
std::string number_literal(const ir::json& number);
std::string float_literal(const ir::json& number);

// A JSON value as a Python expression (dict, list, str, int, float, True, False, None).
std::string json_literal(const ir::json& value);

// A comment's text on one line: line breaks and controls made visible.
std::string comment_text(const std::string& text);

}  // namespace contractgen::emit::python
