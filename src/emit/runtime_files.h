// The runtimes under runtime/<target>/, compiled into the binary verbatim
// (cmake/EmbedFiles.cmake). They are plain source files, compiled,
// type-checked and linted by their own languages' tools in the test suite;
// a target ships them with its header line and, where the language needs it,
// the configured namespace.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace contractgen::emit {

// "<target>/<path>" (e.g. "cpp/contract/runtime.hpp") → bytes.
const std::map<std::string, std::string_view>& builtin_runtime();

// One runtime file's text; throws std::out_of_range naming it if absent.
std::string_view runtime_file(const std::string& path);

}  // namespace contractgen::emit
