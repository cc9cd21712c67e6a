#include "config/version.h"

#ifndef CONTRACTGEN_VERSION
#error "CONTRACTGEN_VERSION must be defined by the build (CMake's project version)"
#endif

namespace contractgen::config {

const char* generator_version() { return CONTRACTGEN_VERSION; }

}  // namespace contractgen::config
