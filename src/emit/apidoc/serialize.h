// Deterministic text of a JSON value, as JSON and as YAML (the same value:
// parsing either gives back what was written).
//
// Both keep member order, print integers and decimals as the loader read
// them, and end with one newline. Non-ASCII text stays readable UTF-8,
// except characters that would hide or reorder what a reader sees: C0/C1
// controls, DEL, the line and paragraph separators, bidirectional controls,
// zero-width characters and the BOM are written as escapes (`\uXXXX`), so a
// schema description cannot smuggle a "Trojan source" into the document.
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"

namespace contractgen::emit::apidoc {

// Pretty JSON, two-space indent, the layout of JavaScript's
// JSON.stringify(value, null, 2): `[]`/`{}` for empty containers.
std::string to_json_text(const ir::json& value);
// A member's value written once for several documents (an API document's
// components/schemas, most of its text, is the same in the OpenAPI 3.2 and
// 3.1 renderings, and in the AsyncAPI document when no discriminator is
// involved): `path` names it from the top-level object; `json` and `yaml` are
// its text at that depth (what follows `"key": ` and `key:`). Where a document
// has the member, the writers below copy these texts in and ignore its value.
struct WrittenMember {
    std::vector<std::string> path;
    std::string json, yaml;
};
WrittenMember write_member(const ir::json& value, std::vector<std::string> path);
std::string to_json_text(const ir::json& document, const WrittenMember& member);
void append_yaml_text(const ir::json& document, std::string& out, const WrittenMember& member);

// A JSON string literal (with quotes) under the escaping rules above.
std::string json_string_literal(const std::string& text);

// Block-style YAML 1.2 (also read alike by YAML 1.1 parsers such as PyYAML):
// mappings and sequences in block style, empty ones as `{}`/`[]`; strings plain
// when that is unambiguous (no YAML indicator, not a number, boolean or
// null look-alike), double-quoted with JSON-compatible escapes otherwise.
std::string to_yaml_text(const ir::json& value);
// The same text, appended to `out` (a document's text can then start with a
// comment without copying megabytes).
void append_yaml_text(const ir::json& value, std::string& out);

}  // namespace contractgen::emit::apidoc
