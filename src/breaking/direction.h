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

// The roots of the model's operations (`x-openapi.paths`): request bodies and
// parameters are requests; response bodies, headers and stream items (also
// of streams no operation carries) are responses.
OperationRoots operation_roots(const ir::Model& model);

// The direction of every declaration (by DeclId), following references from
// the roots through fields, items, values, variants and aliases.
std::vector<Direction> directions(const ir::Model& model, const OperationRoots& roots);

}  // namespace contractgen::breaking
