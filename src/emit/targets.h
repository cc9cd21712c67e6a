// Factories of the built-in targets, one per src/emit/<name>/ folder.
#pragma once

#include <memory>

#include "emit/target.h"

namespace contractgen::emit {

std::unique_ptr<Target> make_cpp_target();
std::unique_ptr<Target> make_ts_target();
std::unique_ptr<Target> make_python_target();
std::unique_ptr<Target> make_openapi_target();
std::unique_ptr<Target> make_go_target();
std::unique_ptr<Target> make_asyncapi_target();
std::unique_ptr<Target> make_site_target();

}  // namespace contractgen::emit
