// libFuzzer harness: the C++ binding's decoder of every contract type, with
// a round-trip property. Input: a type name ("chat_stream.StreamEnvelope"),
// a newline, then the JSON text to decode as that type.
//
// Property: when the text decodes, its encoding decodes again (as the same
// type) and encodes to the same bytes: decode → encode → decode keeps the
// value. Only contract::DecodeError may escape a decoder.
//
// The binding is used only through its registry (contract/registry.hpp):
// contract::find_type(name) gives a function that decodes text and returns
// its encoding. This file is the only one that touches the binding's API.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "contract/registry.hpp"

namespace {

// The registry's round trip returns the encoding as a DOM or as text,
// depending on the binding's version; both are compared as text.
std::string as_text(const nlohmann::json& encoded) { return encoded.dump(); }
std::string as_text(std::string encoded) { return encoded; }

[[noreturn]] void finding(std::string_view type, const std::string& what) {
    std::fprintf(stderr, "decode round trip of %.*s: %s\n", static_cast<int>(type.size()), type.data(), what.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    std::size_t newline = input.find('\n');
    if (newline == std::string_view::npos) return 0;
    std::string_view type = input.substr(0, newline);
    auto round_trip = contract::find_type(type);
    if (round_trip == nullptr) return -1;  // not a type name: not worth keeping in the corpus
    std::string first;
    try {
        first = as_text(round_trip(input.substr(newline + 1), contract::Options{}));
    } catch (const contract::DecodeError&) {
        return 0;  // refused, with a message: fine
    }
    std::string second;
    try {
        second = as_text(round_trip(first, contract::Options{}));
    } catch (const contract::DecodeError& e) {
        finding(type, "its own encoding " + first + " does not decode: " + e.what());
    }
    if (second != first) finding(type, "encoded " + first + ", then " + second + " after decoding that");
    return 0;
}
