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

#include "contract/runtime.hpp"

namespace {

using Json = nlohmann::json;

// The runtime's reader (scanner, tape, free-form decoder) under the payload
// policy; `keyword` says why it refused.
std::optional<contract::Value> scan(std::string_view text, std::string& keyword) {
    try {
        return contract::Value::parse(text);
    } catch (const contract::DecodeError& e) {
        keyword = e.keyword();
        return std::nullopt;
    }
}

// nlohmann's reading; `overflow` when it refused a number beyond a double.
std::optional<Json> reference(std::string_view text, bool& overflow) {
    try {
        return Json::parse(text);
    } catch (const Json::out_of_range&) {
        overflow = true;
        return std::nullopt;
    } catch (const Json::exception&) {
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
            else if (c == '"')
                in_string = false;
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
    std::string keyword;
    std::optional<contract::Value> mine = scan(text, keyword);
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        if (mine) finding(text, "the scanner accepts a byte order mark");
        return 0;
    }
    if (text.find('\0') != std::string_view::npos) {
        if (mine) finding(text, "the scanner accepts a NUL byte");
        return 0;
    }
    bool overflow = false;
    std::optional<Json> theirs = reference(text, overflow);
    // The policy keeps integer literals of any size (§1.5-§1.7); nlohmann cannot hold one beyond a
    // double, while the runtime refuses a double that overflows (`range`): only integers get here.
    if (mine && overflow) return 0;
    // What the payload policy refuses beyond RFC 8259 (docs/semantics.md §1):
    // duplicate member names, nesting deeper than the limit.
    if (!mine && theirs && (keyword == "duplicate" || (keyword == "depth" && depth_of(text) > contract::kMaxDepth)))
        return 0;
    if (mine.has_value() != theirs.has_value())
        finding(text, mine ? "only the scanner accepts it" : "only nlohmann accepts it (" + keyword + ")");
    // The same value: the runtime's canonical text read back by nlohmann (integers beyond 64 bits
    // become doubles on both sides; numbers compare by value).
    if (mine && Json::parse(mine->dump()) != *theirs)
        finding(text, "different values: " + mine->dump() + " and " + theirs->dump());
    return 0;
}
