// The python target's operation clients: contract/client.py (python_client.cpp).
#pragma once

#include <map>
#include <string>

#include "emit/target.h"
#include "naming/namer.h"
#include "render/data.h"

namespace contractgen::emit::python {

// `aliases`: family → the name its module is imported as; `adapters`: a non-model type → the
// expression of its adapter ("_chat_stream.STREAM_EVENT_ADAPTER"); `modules`: the import list
// of the package files (module, alias).
std::string render_client(const EmitContext& ctx, const naming::Names& names,
                          const std::map<std::string, std::string>& aliases,
                          const std::map<ir::DeclId, std::string>& adapters, const std::string& header,
                          render::List modules);

}  // namespace contractgen::emit::python
