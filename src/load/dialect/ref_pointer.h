// References into places the dialect step renames (ref_pointer.cpp).
#pragma once

#include <string>

namespace contractgen::load {

// `ref` with the keyword tokens of its fragment's JSON pointer renamed as
// the dialect step renames those keywords; `ref` itself when none is.
std::string ref_to_moved_keywords(const std::string& ref);

}  // namespace contractgen::load
