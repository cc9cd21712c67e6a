// Schema documents → IR. Validates the subset as it goes and reports every
// problem with its position; the Model is only meaningful when the sink has
// no errors.
#pragma once

#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"

namespace contractgen::ir {

Model build_model(const load::SchemaSet& schemas, diag::Sink& sink);

}  // namespace contractgen::ir
