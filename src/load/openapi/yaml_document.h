// YAML input for OpenAPI documents: the same Document a JSON file gives (a
// JSON value, with where each member sits in the text), so that diagnostics
// about a YAML document point into it like they do into a JSON file.
#pragma once

#include <string_view>

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::load::openapi {

bool is_yaml_name(const std::string& name);  // *.yaml or *.yml

// Parses one YAML document (libyaml) into `out.root` under YAML 1.2's core
// schema: plain `null`/`~`/empty are null, `true`/`false` booleans, decimal,
// 0o and 0x numbers numbers, everything else (and anything quoted) a string.
// Keys are the text of scalars. Aliases are expanded (up to a bound on the
// nodes they copy). Reports malformed YAML, a duplicate key, a non-scalar
// key, an unsupported tag, a number JSON cannot hold (.inf, .nan), a second
// document and nesting deeper than kMaxJsonDepth, with positions; returns
// false then.
bool parse_yaml_document(std::string_view text, Document& out, diag::Sink& sink);

}  // namespace contractgen::load::openapi
