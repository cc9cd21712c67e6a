// The C++ stream runtime compiles on its own, warning-free (the build fails
// otherwise: this file is part of the build, not a test that runs).
#include "contract/stream/stream.hpp"
