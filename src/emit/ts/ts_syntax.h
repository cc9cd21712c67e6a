// TypeScript/JavaScript spelling of schema text and JSON values: string
// literals, property keys, JSDoc comments and `as const` value literals.
// Everything from a schema passes through one of these before a template
// sees it.
#pragma once

#include <string>
#include <vector>

#include "emit/common/printer.h"
#include "ir/model.h"

namespace contractgen::emit::ts {

// "..." that is pure printable ASCII: quotes, backslashes and every other
// code point outside 0x20-0x7E as \n-style or \uXXXX escapes (astral code
// points as surrogate pairs). U+2028/2029 and bidi controls therefore never
// reach the source text. `${` is harmless: no template literals are emitted.
std::string string_literal(const std::string& utf8);

// Whether `name` can be written bare as a property key or after a dot:
// [A-Za-z_$][A-Za-z0-9_$]* (ASCII only; reserved words are fine as keys).
bool is_plain_key(const std::string& name);

// An object-literal key for a wire name: bare when plain, a string literal
// otherwise, and the computed key ["__proto__"] for `__proto__` (a literal
// `__proto__:` key sets the object's prototype instead of a property).
std::string property_key(const std::string& wire_name);

// A property name in a type (interface member, object type): bare when
// plain, a string literal otherwise (`"__proto__"` names an ordinary member
// in a type).
std::string type_key(const std::string& wire_name);

// A JSON number as a JS numeric literal (JSON number syntax is JS syntax).
std::string number_literal(const ir::json& number);

// A JSON value as a JS expression, for `as const` constants: objects and
// arrays that do not fit on one line of `width` columns (after `indent`)
// are written one member per line.
std::string value_literal(const ir::json& value, const std::string& indent, std::size_t width = 100);

// A JSON value as a JavaScript expression whose type is its literal type:
// scalars as they are (a `const` declaration keeps their literal type),
// arrays and objects in a JSDoc `const` assertion, `/** @type {const} */ (...)`,
// on one line when it fits in `room` columns, else one member per line.
std::string const_expression(const ir::json& value, const std::string& indent, std::size_t room = 100);

// The TypeScript type of a JSON value written `as const`: literal scalars,
// `readonly [...]` tuples and objects of `readonly` members; on one line
// when it fits in `width` columns (after `indent`), else one member per
// line (whose members get 100 columns).
std::string literal_type(const ir::json& value, const std::string& indent, std::size_t width = 100);

// A JSDoc block (`/** ... */` lines at `indent`, newline-terminated) from
// the schema docs; empty when there are none. `*/` cannot end the comment
// (written `*\/`); controls and line separators are made visible by
// emit::doc_lines; a deprecated schema adds an @deprecated tag so editors
// strike uses through.
std::string jsdoc(const ir::Docs& docs, const std::string& indent);
// The same block from lines of text (a line may hold JSDoc tags), always on
// lines of its own; `*/` is escaped as above.
std::string jsdoc_lines(std::vector<std::string> lines, const std::string& indent);

// A `//` comment line's text with anything that could end the line (CR, LF,
// U+2028/2029) or hide text (bidi controls) made visible.
std::string line_comment_text(const std::string& text);

// How the target prints code built in C++: two spaces a level, 120 columns.
PrinterStyle printer_style();

// `text` (code, its later lines indented from its first) with `indent` after
// each newline: a value of several lines that a template puts `indent` deep.
std::string continued_at(const std::string& text, const std::string& indent);

}  // namespace contractgen::emit::ts
