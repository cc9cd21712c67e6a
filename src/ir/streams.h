// `x-streams` → Model::streams (the keyword is defined in schemas/README.md,
// "Operations and streams"). Internal to ir/operations.cpp, which runs it
// before the operations so that media types can name streams.
#pragma once

#include <map>
#include <string>
#include <utility>

#include "ir/api_reader.h"

namespace contractgen::ir {

// (file path, stream name) → index into model.streams.
using StreamIndex = std::map<std::pair<std::string, std::string>, std::size_t>;

void build_streams(api::Reader& reader, Model& model, StreamIndex& index);

}  // namespace contractgen::ir
