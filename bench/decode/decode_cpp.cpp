// Decode throughput of the C++ binding on an NDJSON corpus: every line parsed
// and validated into chat_stream::StreamEnvelope with the public
// contract::parse<T> (scanner → token tape, reused per thread → typed
// object), next to plain nlohmann::json::parse of the same lines as a
// reference. Prints one JSON object per measurement for bench/decode.py.
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "contract/chat_stream.hpp"

namespace {

template <class F>
double best_seconds(int repeats, F&& f) {
    double best = 1e30;
    for (int i = 0; i < repeats; ++i) {
        auto start = std::chrono::steady_clock::now();
        f();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: decode_cpp CORPUS.ndjson [repeats]\n";
        return 2;
    }
    int repeats = argc > 2 ? std::stoi(argv[2]) : 3;
    std::ifstream in(argv[1]);
    std::vector<std::string> lines;
    std::size_t bytes = 0;
    for (std::string line; std::getline(in, line);) {
        bytes += line.size() + 1;
        lines.push_back(std::move(line));
    }
    std::size_t checksum = 0;
    double typed = best_seconds(repeats, [&] {
        for (const auto& line : lines) {
            auto envelope = contract::parse<contract::chat_stream::StreamEnvelope>(line);
            checksum += static_cast<std::size_t>(envelope.timestamp);
        }
    });
    double dom = best_seconds(repeats, [&] {
        for (const auto& line : lines) checksum += nlohmann::json::parse(line).size();
    });
    double mb = static_cast<double>(bytes) / 1e6;
    std::cout << "{\"binding\": \"C++ (contractgen, scanner + tape)\", \"lines\": " << lines.size() << ", \"mb\": " << mb
              << ", \"seconds\": " << typed << "}\n";
    std::cout << "{\"binding\": \"C++ nlohmann::json::parse only (reference)\", \"lines\": " << lines.size()
              << ", \"mb\": " << mb << ", \"seconds\": " << dom << "}\n";
    std::cerr << "checksum " << checksum << "\n";
    return 0;
}
