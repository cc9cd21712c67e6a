// The C++ runtime compiles on its own, warning-free (the build fails
// otherwise: this file and runtime/cpp/src/ are part of the build, not a
// test that runs). codec.hpp includes every other header.
#include "contract/rt/codec.hpp"
#include "contract/runtime.hpp"
