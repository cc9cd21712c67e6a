// The generator's own version (CMake's project version), as `contractgen
// --version` prints it and every generated file's header names it.
#pragma once

namespace contractgen::config {

const char* generator_version();

}  // namespace contractgen::config
