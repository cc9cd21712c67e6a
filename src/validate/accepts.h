// The validator on JSON values rather than text, for the breaking-change
// checker: a witness is kept only if one version of a type accepts it and the
// other rejects it, and "accepts" must mean what the bindings mean.
#pragma once

#include "ir/model.h"

namespace contractgen::validate {

bool accepts(const ir::Model& model, const ir::TypeExpr& type, const ir::json& value);
bool accepts_decl(const ir::Model& model, ir::DeclId decl, const ir::json& value);

// JSON Schema equality: numbers by value (1 == 1.0), objects regardless of
// member order.
bool json_equal(const ir::json& a, const ir::json& b);

}  // namespace contractgen::validate
