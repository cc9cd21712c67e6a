// libFuzzer harness: one schema file's bytes, read as
// schemas/f/a.schema.json, through the loader, the IR builder, the
// operations and, when those accept it, every default target (in memory,
// runtime files omitted): the emitters see what the builder lets through.
// It starts from the schema_file corpus (tests/fuzz/run).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "schema_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    fuzz::load_build_and_emit({{"f/a.schema.json", text}});
    return 0;
}
