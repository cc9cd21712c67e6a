// libFuzzer harness: the Python runtime's compiled checks of the payload
// policy (runtime/python/_runtime/_policy.c) against the C++ runtime's reader,
// which applies the whole policy (docs/semantics.md §1). When the checks call
// a text clean, the Python binding hands it to pydantic's validate_json,
// which keeps the last of two duplicate members and has no depth limit; so a
// clean text that is JSON (nlohmann reads it) must be one the policy accepts
// too: no duplicate, no nesting beyond the limit, valid UTF-8, no lone
// surrogate, no byte order mark. A text the checks refuse takes the pure
// Python way and is not judged here; nor is one holding a NUL byte (nlohmann
// stops reading there) or a number beyond a double (nlohmann refuses it).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "contract/runtime.hpp"

extern "C" int contractgen_policy_clean(const unsigned char* p, long n, long max_depth);

namespace {

bool json_by_nlohmann(std::string_view text) {
    try {
        (void)nlohmann::json::parse(text);
        return true;
    } catch (const nlohmann::json::exception&) {
        return false;
    }
}

[[noreturn]] void finding(std::string_view text, const std::string& what) {
    std::string shown = nlohmann::json(std::string(text)).dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
    std::fprintf(stderr, "compiled policy checks vs the C++ runtime: %s\ninput: %s\n", what.c_str(), shown.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto depth = static_cast<long>(contract::kMaxDepth);
    if (contractgen_policy_clean(data, static_cast<long>(size), depth) != 1) return 0;
    if (text.find('\0') != std::string_view::npos || !json_by_nlohmann(text)) return 0;
    try {
        (void)contract::Value::parse(text);
    } catch (const contract::DecodeError& e) {
        finding(text, "called clean, but the policy refuses it (" + e.keyword() + ": " + e.what() + ")");
    }
    return 0;
}
