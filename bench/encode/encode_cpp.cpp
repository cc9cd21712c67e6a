// Encode throughput of the C++ binding on an NDJSON corpus of chat-stream
// envelopes, next to nlohmann's DOM dump of the same values: every line is
// decoded once (not timed) into a chat_stream::StreamEnvelope and into an
// nlohmann::json; then, in interleaved rounds, each encoder writes every
// value. Before timing, every line is checked to round-trip: the generated
// encoder's text is the same JSON value as the input line.
//
// Prints one JSON object per round and encoder for bench/encode.py:
//   {"round": 0, "encoder": "...", "lines": N, "mb": M, "seconds": S}
// where M is the megabytes the encoder wrote.
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "contract/chat_stream.hpp"

namespace cs = contract::chat_stream;
using contract::Json;

namespace {

template <class F>
double seconds(F&& f) {
    auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void report(int round, const char* encoder, std::size_t lines, std::size_t bytes, double s) {
    std::cout << "{\"round\": " << round << ", \"encoder\": \"" << encoder << "\", \"lines\": " << lines
              << ", \"mb\": " << static_cast<double>(bytes) / 1e6 << ", \"seconds\": " << s << "}\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: encode_cpp CORPUS.ndjson [rounds]\n";
        return 2;
    }
    int rounds = argc > 2 ? std::stoi(argv[2]) : 5;
    std::ifstream in(argv[1]);
    std::vector<std::string> text;
    for (std::string line; std::getline(in, line);) text.push_back(std::move(line));
    // Each encoder's values are built in one pass of their own, so that
    // neither finds its memory interleaved with the other's.
    std::vector<cs::StreamEnvelope> values;
    for (const auto& line : text) values.push_back(contract::parse<cs::StreamEnvelope>(line));
    std::vector<Json> doms;
    for (const auto& line : text) doms.push_back(Json::parse(line));
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (Json::parse(contract::dump(values[i])) != doms[i]) {
            std::cerr << "round trip changed the value of line " << i + 1 << ":\n" << text[i] << "\n";
            return 1;
        }
    }
    std::size_t lines = values.size(), checksum = 0;
    for (int round = 0; round < rounds; ++round) {
        // contract::dump, a new string per value, as a program would call it.
        std::size_t bytes = 0;
        double s = seconds([&] {
            for (const auto& v : values) {
                std::string text = contract::dump(v);
                bytes += text.size();
                checksum += static_cast<unsigned char>(text[text.size() / 2]);
            }
        });
        report(round, "C++ contract::dump (generated encoder)", lines, bytes, s);
        // contract::dump_to into one buffer reused for every value (as a
        // program that writes each value out before the next would).
        std::string buffer;
        bytes = 0;
        s = seconds([&] {
            for (const auto& v : values) {
                buffer.clear();
                contract::dump_to(buffer, v);
                bytes += buffer.size();
            }
        });
        report(round, "C++ contract::dump_to (reused buffer)", lines, bytes, s);
        // nlohmann's DOM dump of the same values (the DOM already built).
        bytes = 0;
        s = seconds([&] {
            for (const auto& j : doms) {
                std::string text = j.dump();
                bytes += text.size();
                checksum += static_cast<unsigned char>(text[text.size() / 2]);
            }
        });
        report(round, "C++ nlohmann::json::dump (DOM, reference)", lines, bytes, s);
    }
    std::cerr << "checksum " << checksum << "\n";
    return 0;
}
