// libFuzzer harness: the C++ runtime's JSON scanner (the token tape every
// generated decoder reads) against nlohmann's parser, the reference. For
// every input both accept or both reject, and what both accept reads as the
// same value with the same number representation; except where the runtime
// documents a difference:
//   - a leading byte order mark is refused (RFC 8259 forbids sending one;
//     JSON.parse and Pydantic refuse it), nlohmann skips it;
//   - nesting deeper than rt::kMaxDepth is refused before any decoder
//     recurses; nlohmann has no limit.
// and where the reference is lenient: nlohmann takes a NUL byte as the end
// of the text (so "1\0x" parses as 1), where RFC 8259 allows none outside
// strings and none unescaped inside; the scanner must refuse any text that
// holds one.
// Only contract::DecodeError may escape the scanner. This file is the only
// one that touches the runtime's scanner API: rt::Tape, rt::parse_tape,
// rt::Cursor, rt::kMaxDepth, and reading any value into a DOM (rt::read in
// the compiled bindings, contract/rt/; rt::read_json in the header-only
// runtime.hpp before them).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#if __has_include("contract/rt/read.hpp")
#include "contract/rt/read.hpp"
#include "contract/rt/tape.hpp"
#define CONTRACTGEN_FUZZ_COMPILED_RUNTIME 1
#else
#include "contract/runtime.hpp"
#endif

namespace {

using Json = nlohmann::json;

std::optional<Json> scan(std::string_view text) {
    contract::rt::Tape tape;
    try {
        contract::rt::parse_tape(text, tape);
    } catch (const contract::DecodeError&) {
        return std::nullopt;
    }
    contract::rt::Cursor cursor(tape);
    Json out;
#ifdef CONTRACTGEN_FUZZ_COMPILED_RUNTIME
    contract::rt::read(cursor, out);
#else
    contract::rt::read_json(cursor, out);
#endif
    return out;
}

std::optional<Json> reference(std::string_view text) {
    try {
        return Json::parse(text);
    } catch (const Json::exception&) {  // parse errors, and numbers beyond a double
        return std::nullopt;
    }
}

// The deepest nesting of arrays and objects in `text`, outside strings.
std::size_t depth_of(std::string_view text) {
    std::size_t depth = 0, deepest = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

[[noreturn]] void finding(std::string_view text, const std::string& what) {
    std::string shown = Json(std::string(text)).dump(-1, ' ', true, Json::error_handler_t::replace);
    std::fprintf(stderr, "scanner vs nlohmann: %s\ninput: %s\n", what.c_str(), shown.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::optional<Json> mine = scan(text);
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        if (mine) finding(text, "the scanner accepts a byte order mark");
        return 0;
    }
    if (text.find('\0') != std::string_view::npos) {
        if (mine) finding(text, "the scanner accepts a NUL byte");
        return 0;
    }
    std::optional<Json> theirs = reference(text);
    if (!mine && theirs && depth_of(text) > contract::rt::kMaxDepth) return 0;
    if (mine.has_value() != theirs.has_value())
        finding(text, mine ? "only the scanner accepts it" : "only nlohmann accepts it");
    if (mine && (*mine != *theirs || mine->dump() != theirs->dump()))
        finding(text, "different values: " + mine->dump() + " and " + theirs->dump());
    return 0;
}
