// The Go target's operation clients: go/operations/operations.go (go_client.cpp).
#pragma once

#include "emit/go/go_types.h"
#include "emit/target.h"
#include "naming/namer.h"

namespace contractgen::emit::go {

// Writes the operations package when the contract declares operations.
void add_operations(const EmitContext& ctx, const GoNames& names, const naming::NamerConfig& naming,
                    write::OutputSet& out);

}  // namespace contractgen::emit::go
