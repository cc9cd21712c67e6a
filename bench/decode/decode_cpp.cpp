// One round of bench/decode.py for C++: every corpus line decoded by
//   - contract::parse<chat_stream::StreamEnvelope>, the public API a user
//     calls (scanner -> token tape, reused per thread -> typed object);
//   - nlohmann::json::parse alone (a reference: a DOM, no validation).
// First the verdicts: parse<> must accept every corpus line and reject every
// line of the negative set (exit 1 otherwise). Then, per row, a warm-up pass
// and one timed pass. Prints one JSON object per row.
// usage: bench_decode_cpp CORPUS NEGATIVE
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "contract/chat_stream.hpp"

namespace {

std::vector<std::string> read_lines(const char* path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty()) lines.push_back(std::move(line));
    }
    return lines;
}

template <class F>
double timed_pass(const std::vector<std::string>& lines, F&& decode) {
    auto start = std::chrono::steady_clock::now();
    for (const auto& line : lines) decode(line);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void print_row(const char* name, std::size_t lines, double mb, double seconds) {
    std::cout << "{\"row\": \"" << name << "\", \"lines\": " << lines << ", \"mb\": " << mb
              << ", \"seconds\": " << seconds << "}" << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: bench_decode_cpp CORPUS.ndjson NEGATIVE.ndjson\n";
        return 2;
    }
    using contract::chat_stream::StreamEnvelope;
    const auto lines = read_lines(argv[1]);
    const auto invalid = read_lines(argv[2]);
    std::size_t bytes = 0;
    for (const auto& line : lines) bytes += line.size() + 1;
    const double mb = static_cast<double>(bytes) / 1e6;

    for (const auto& line : lines) {
        try {
            (void)contract::parse<StreamEnvelope>(line);
        } catch (const contract::DecodeError& e) {
            std::cerr << "C++ parse<> rejects a corpus line: " << line.substr(0, 200) << ": " << e.what() << "\n";
            return 1;
        }
    }
    for (const auto& line : invalid) {
        try {
            (void)contract::parse<StreamEnvelope>(line);
        } catch (const contract::DecodeError&) {
            continue;
        }
        std::cerr << "C++ parse<> accepts an invalid line: " << line << "\n";
        return 1;
    }

    // Sums of a decoded number, printed, so that no decoding is optimised away.
    std::size_t checksum = 0;
    auto typed = [&](const std::string& line) {
        checksum += static_cast<std::size_t>(contract::parse<StreamEnvelope>(line).timestamp);
    };
    auto dom = [&](const std::string& line) { checksum += nlohmann::json::parse(line).size(); };
    timed_pass(lines, typed);  // warm-up
    print_row("C++ binding: contract::parse<StreamEnvelope>", lines.size(), mb, timed_pass(lines, typed));
    timed_pass(lines, dom);
    print_row("C++ nlohmann::json::parse only (reference)", lines.size(), mb, timed_pass(lines, dom));
    std::cerr << "checksum " << checksum << "\n";
    return 0;
}
