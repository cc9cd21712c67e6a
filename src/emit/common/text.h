// Text from schemas is data. These helpers prepare it for any target's doc
// comments; each target then escapes it for its own comment or literal
// syntax (see src/emit/<target>/).
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"
#include "text/utf8.h"

namespace contractgen::emit {

// Control characters (other than tab) and Unicode bidirectional controls
// (the "Trojan source" characters) shown as <U+XXXX>; everything else kept.
std::string visible_controls(const std::string& text);

// The lines of a doc comment for a declaration or field: title, description,
// then "Deprecated." and "Default: <json>" notes. Line breaks in the schema
// text become separate lines; controls are made visible. Empty when the
// schema documents nothing.
std::vector<std::string> doc_lines(const ir::Docs& docs);

// `text` (a file header: a list of sources) as comment lines starting with
// `prefix` ("// ", "# "), broken after ", " so that no line is longer than
// `width` where it can be helped; each line newline-terminated.
std::string comment_lines(const std::string& text, const std::string& prefix, std::size_t width = 120);

// `word` after its indefinite article, for generated documentation: "an
// EntityType", "a Unix...", "a Message" (by the first letters' sound, as
// far as spelling tells it).
std::string with_article(const std::string& word);

// UTF-8 decoding for the escapers: the code point at s[i], advancing i.
using text::next_code_point;

}  // namespace contractgen::emit
