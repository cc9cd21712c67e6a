// The templates/ folder, compiled into the binary (see cmake/EmbedFiles.cmake)
// so that `contractgen` works from any directory.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace contractgen::render {

// "<target>/<file>.mustache" → template text.
const std::map<std::string, std::string_view>& builtin_templates();

}  // namespace contractgen::render
