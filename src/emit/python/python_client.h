// The python target's operation clients: contract/client.py (python_client.cpp).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "emit/target.h"
#include "naming/namer.h"
#include "render/data.h"

namespace contractgen::emit::python {

// `aliases`: family → the name its module is imported as; `adapters`: a non-model type → the
// expression of its adapter ("_family.TYPE_ADAPTER"); `modules`: (family, module) of every
// package file, in import order. Only the families the operations use are imported (ruff F401).
std::string render_client(const EmitContext& ctx, const naming::Names& names,
                          const std::map<std::string, std::string>& aliases,
                          const std::map<ir::DeclId, std::string>& adapters, const std::string& header,
                          const std::vector<std::pair<std::string, std::string>>& modules);

}  // namespace contractgen::emit::python
