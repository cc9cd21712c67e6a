// Reserved words per language: identifiers that must be escaped.
#pragma once

#include <set>
#include <string>

namespace contractgen::naming {

const std::set<std::string>& cpp_keywords();         // C++20 keywords and alternative tokens
const std::set<std::string>& typescript_keywords();  // reserved words, strict-mode and type names
const std::set<std::string>& python_keywords();      // keywords, soft keywords and builtins a model must not shadow
const std::set<std::string>& go_keywords();  // keywords and predeclared identifiers (types, constants, functions)

}  // namespace contractgen::naming
