#include "emit/runtime_files.h"

#include <stdexcept>

namespace contractgen::emit {

std::string_view runtime_file(const std::string& path) {
    const auto& all = builtin_runtime();
    auto it = all.find(path);
    if (it == all.end()) throw std::out_of_range("no built-in runtime file runtime/" + path);
    return it->second;
}

}  // namespace contractgen::emit
