// Schema documents → IR. Validates the subset as it goes and reports every
// problem with its position; the Model is only meaningful when the sink has
// no errors.
#pragma once

#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"

namespace contractgen::ir {

// Groups of files that do not reference each other are built side by side
// (build/parts.cpp); the model is the same as build_model_whole's.
Model build_model(const load::SchemaSet& schemas, diag::Sink& sink);
// The whole set by one builder, on the calling thread.
Model build_model_whole(const load::SchemaSet& schemas, diag::Sink& sink);

}  // namespace contractgen::ir
