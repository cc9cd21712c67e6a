// Go spelling of schema text: string literals, doc comments, struct tags,
// and struct fields laid out as gofmt lays them out. Text from a schema
// passes through one of these before a template sees it.
#pragma once

#include <string>
#include <vector>

#include "emit/common/printer.h"
#include "emit/common/text.h"
#include "ir/model.h"

namespace contractgen::emit::go {

// "..." of printable ASCII only: quotes, backslashes and every code point
// outside 0x20-0x7E as escapes (\n, \uXXXX, \UXXXXXXXX), so bidi controls and
// line separators never reach the source text.
std::string string_literal(const std::string& utf8);

// A doc comment at `indent` from the schema docs: `//` lines in the form
// gofmt gives doc comments, so that it keeps them as written; empty when the
// schema documents nothing. `prefix_line`, when given,
// comes first (Go's convention: "// Name is ...").
std::string doc_comment(const ir::Docs& docs, const std::string& indent, const std::string& prefix_line = "");

// One paragraph of `//` comment lines at `indent`, newline-terminated: `lines` as they are when each fits
// within the width, else their words refilled so that the lines fit (a longer word keeps a line of its own).
std::string comment_paragraph(const std::vector<std::string>& lines, const std::string& indent);

// One comment line's text with controls made visible (no line can end inside it).
std::string comment_text(const std::string& text);

// Whether encoding/json can take `name` as a struct tag's member name (its
// isValidTag: letters, digits and a set of punctuation; no quotes, backslash
// or comma), so the tag says the wire name exactly.
bool is_tag_name(const std::string& name);

// How gofmt prints: a tab a level; lines measured with a tab as four columns.
PrinterStyle printer_style();

// A struct's fields, one level deep: each row's cells (name, type, optional
// tag) after its doc comment lines, columns aligned as gofmt aligns them.
std::string field_block(const std::vector<Printer::Row>& rows);

// The lines of a doc comment (doc_comment at no indentation), for a Row.
std::vector<std::string> text_lines(const std::string& comment);

// A family's Go package name: lower case letters and digits ("run_events"
// → "runevents"), as Go's convention wants (see go_target.cpp for collisions).
std::string package_word(const std::string& family);

}  // namespace contractgen::emit::go
