// libFuzzer harness: one schema file's bytes, read as
// schemas/f/a.schema.json, through the loader and the IR builder.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "schema_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    fuzz::load_and_build({{"f/a.schema.json", text}});
    return 0;
}
