// Whether a JSON value is accepted by a type of the IR, with the semantics
// of docs/semantics.md (JSON Schema's, on the supported subset). The
// breaking checker proves each finding with it: a witness is kept only if
// one version accepts it and the other rejects it. Formats are checked by
// shape only (the witnesses it is used on are clear-cut: a valid sample or
// text with spaces); the tests re-check every witness with a standard
// validator. Only date-time, uuid and uri are checked; assertions
// (TypeExpr::check, Decl::check) are not evaluated, so a finding never rests
// on them.
#pragma once

#include "ir/model.h"

namespace contractgen::breaking {

bool accepts(const ir::Model& model, const ir::TypeExpr& type, const ir::json& value);
bool accepts_decl(const ir::Model& model, ir::DeclId decl, const ir::json& value);

// JSON Schema equality: numbers by value (1 == 1.0), objects regardless of
// member order.
bool json_equal(const ir::json& a, const ir::json& b);

// Code points of a UTF-8 string.
std::size_t code_points(const std::string& s);

// `pattern` (portable ECMA-262) searched in `text`, as the C++ binding does.
bool pattern_matches(const std::string& pattern, const std::string& text);

bool format_matches(ir::StringFormat format, const std::string& text);

}  // namespace contractgen::breaking
