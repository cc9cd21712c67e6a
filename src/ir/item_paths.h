// Where a JSON pointer leads inside values of a contract type, on the IR:
// through struct members (by wire name), union variants (any of them),
// aliases, arrays (an index) and maps (any key). Stream rules name item
// fields by pointer; this checks that the field exists and has the kind the
// rule needs, before anything is generated from it.
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"

namespace contractgen::ir {

struct Reached {
    TypeExpr type;
    bool always = true;  // present in every value that has the path's start (no optional member on the way)
    const Field* field = nullptr;  // the struct member reached last, if the last step was one
};

struct PointerWalk {
    std::vector<Reached> reached;  // empty: the pointer names nothing
    // When nothing is reached: the token that failed and the member names
    // that were possible there (for "did you mean").
    std::string failed_token;
    std::vector<std::string> candidates;
};

PointerWalk walk_pointer(const Model& model, DeclId type, const std::string& pointer);

// The type an expression finally denotes: Named aliases followed.
const TypeExpr& unaliased(const Model& model, const TypeExpr& t);

// "an integer", "a string", "family.Type", ... for messages.
std::string describe_type(const Model& model, const TypeExpr& t);

}  // namespace contractgen::ir
