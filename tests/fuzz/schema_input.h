// What the two schema harnesses share: schema files given as text go through
// the loader and the IR builder of contractgen_core, as `contractgen lint`
// takes them after reading the folder, and what comes out is checked.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fuzz {

// (path relative to the schemas root, text) in path order.
using SchemaFiles = std::vector<std::pair<std::string, std::string_view>>;

// Loads and builds; aborts (a finding) when an exception escapes, when a
// diagnostic would print on more than one line or with a control character,
// points past the end of its file, or when a model built without errors is
// inconsistent (a declaration missing from its family's list, or listed twice).
void load_and_build(const SchemaFiles& files);

// The same, then, when the model has no errors, the operations and every
// default target into memory (runtime files omitted), as `contractgen
// generate` runs them. Also a finding: an exception escaping a target (the
// pipeline turns one into a "<target> target: ..." diagnostic, which the
// built-in templates never cause), and a diagnostic outside the rules above.
void load_build_and_emit(const SchemaFiles& files);

}  // namespace fuzz
