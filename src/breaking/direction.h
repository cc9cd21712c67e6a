// Who writes the values of each type, from the operations that use it: a
// type reached from a request body is written by clients and read by the
// server; one reached from a response or a stream is written by the server
// and read by clients; one reached from both, or from no operation, counts
// as both (the strictest judgement).
#pragma once

#include <vector>

#include "breaking/finding.h"
#include "ir/model.h"

namespace contractgen::breaking {

// The declarations operations name directly.
struct OperationRoots {
    std::vector<ir::DeclId> requests;   // request bodies
    std::vector<ir::DeclId> responses;  // response bodies and stream items
};

// The seam to the operations of the model: `ir::Model` does not describe
// operations yet, so there are no roots and every type counts as both. When
// the IR gains them (`x-openapi.paths`: request media types → requests,
// response media types and their `itemSchema` or stream → responses), this
// is the one function to fill in.
OperationRoots operation_roots(const ir::Model& model);

// The direction of every declaration (by DeclId), following references from
// the roots through fields, items, values, variants and aliases.
std::vector<Direction> directions(const ir::Model& model, const OperationRoots& roots);

}  // namespace contractgen::breaking
