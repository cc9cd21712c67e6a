// The supported JSON Schema subset, as a table: each keyword with the shape
// its value must have. Anything not in the table is an error that names it.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::ir {

// Checks the keywords of one schema object (not its subschemas). Returns
// false if any keyword is unknown or has a value of the wrong shape.
bool check_keywords(const load::Document& doc, const std::string& pointer, const load::json& schema,
                    bool is_document_root, diag::Sink& sink);

// Keywords that only annotate (never change what validates).
bool is_annotation_keyword(const std::string& keyword);

// Every supported keyword, for "did you mean" and the README.
const std::vector<std::string>& supported_keywords();

}  // namespace contractgen::ir
