// Go spelling of schema text: string literals, doc comments, struct tags,
// and the column alignment gofmt gives consecutive struct fields. Text from
// a schema passes through one of these before a template sees it.
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"

namespace contractgen::emit::go {

// "..." of printable ASCII only: quotes, backslashes and every code point
// outside 0x20-0x7E as escapes (\n, \uXXXX, \UXXXXXXXX), so bidi controls and
// line separators never reach the source text.
std::string string_literal(const std::string& utf8);

// A doc comment at `indent` (a /* */ block, a star on every line, so that
// gofmt keeps it as written; "*/" in the text is written "*\/") from the schema
// docs; empty when the schema documents nothing. `prefix_line`, when given,
// comes first (Go's convention: "// Name is ...").
std::string doc_comment(const ir::Docs& docs, const std::string& indent, const std::string& prefix_line = "");

// One comment line's text with controls made visible (no line can end inside it).
std::string comment_text(const std::string& text);

// Whether encoding/json can take `name` as a struct tag's member name (its
// isValidTag: letters, digits and a set of punctuation; no quotes, backslash
// or comma), so the tag says the wire name exactly.
bool is_tag_name(const std::string& name);

// A struct field `Name Type `tag``: `columns` are the field's cells (name,
// type, optional tag); consecutive fields (no comment line between them)
// form a block whose columns gofmt aligns, padded with spaces.
struct FieldLine {
    std::vector<std::string> cells;
    bool starts_block = false;  // a comment line (or the struct's start) comes before it
};
std::vector<std::string> align_fields(const std::vector<FieldLine>& lines);

// A family's Go package name: lower case letters and digits ("run_events"
// → "runevents"), as Go's convention wants (see go_target.cpp for collisions).
std::string package_word(const std::string& family);

}  // namespace contractgen::emit::go
