// Why an instance was rejected: where (a JSON path), the reason class (the
// keyword of docs/semantics.md's error table: `syntax`, `type`, `required`,
// `additionalProperties`, a JSON Schema keyword, ...) and a human detail,
// at a byte offset of the input.
#pragma once

#include <cstddef>
#include <string>

namespace contractgen::validate {

struct Error {
    std::string path;
    std::string keyword;
    std::string detail;
    std::size_t offset = 0;

    // "<path>: <keyword>: <detail>", as every binding spells it.
    std::string message() const { return path + ": " + keyword + ": " + detail; }
};

}  // namespace contractgen::validate
