// The C++ target's operation clients (cpp_client.cpp): the header
// include/<namespace folders>/operations.hpp, which only the contract::client
// library's users include (the bindings' headers never do, so they need no
// curl), and client/operations.cpp, compiled into that library.
#pragma once

#include <string>
#include <vector>

#include "emit/target.h"
#include "naming/namer.h"

namespace contractgen::emit::cpp {

// Writes both files when the contract declares operations, and adds the
// source to `client_sources` (the client library's, relative to cpp/).
void add_operations(const EmitContext& ctx, const naming::Names& names, write::OutputSet& out,
                    std::vector<std::string>& client_sources);

}  // namespace contractgen::emit::cpp
