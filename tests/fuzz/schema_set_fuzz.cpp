// libFuzzer harness: a small schema set. The input is up to three files
// separated by NUL bytes (which JSON text cannot hold): schemas/f/a.schema.json,
// schemas/f/b.schema.json (the same family) and schemas/g/c.json (another
// family; a plain *.json file, read only if it declares "$schema"), so
// references across files and families, names defined twice and skipped
// files are all reachable.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "schema_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const char* const kPaths[] = {"f/a.schema.json", "f/b.schema.json", "g/c.json"};
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    fuzz::SchemaFiles files;
    for (const char* path : kPaths) {
        std::size_t end = path == kPaths[2] ? rest.size() : rest.find('\0');
        if (end == std::string_view::npos) end = rest.size();
        files.emplace_back(path, rest.substr(0, end));
        if (end == rest.size()) break;
        rest.remove_prefix(end + 1);
    }
    fuzz::load_and_build(files);
    return 0;
}
