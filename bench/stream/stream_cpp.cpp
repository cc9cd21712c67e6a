// Stream read throughput in C++: plain NDJSON line splitting vs the runtime's
// NDJSON and SSE readers, each item decoded with nlohmann::json::parse (the
// generated decoders will be plugged in later). Median of REPEATS rounds; one
// JSON line per measurement on stdout.
//
//   bench_stream_cpp PREFIX REPEATS
#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "contract/stream/stream.hpp"

namespace rt = contract::stream;

namespace {

constexpr std::size_t kChunk = 65536;

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::int64_t seq(std::string_view text) { return nlohmann::json::parse(text)["seq"].get<std::int64_t>(); }

std::int64_t plain(const std::string& data) {
    std::int64_t n = 0;
    std::size_t pos = 0;
    while (pos < data.size()) {
        const char* lf = static_cast<const char*>(std::memchr(data.data() + pos, '\n', data.size() - pos));
        const std::size_t end = lf == nullptr ? data.size() : static_cast<std::size_t>(lf - data.data());
        if (end > pos) n += seq(std::string_view(data).substr(pos, end - pos));
        pos = end + 1;
    }
    return n;
}

template <class Reader, class Sink>
void feed(Reader& reader, const std::string& data, Sink sink) {
    for (std::size_t start = 0; start < data.size(); start += kChunk)
        reader.feed(std::string_view(data).substr(start, kChunk), sink);
    reader.end(sink);
}

std::int64_t ndjson_reader(const std::string& data, bool decode) {
    rt::NdjsonReader reader;
    std::int64_t n = 0;
    feed(
        reader, data,
        rt::overloaded{[&](const rt::NdjsonLine& l) { n += decode ? seq(l.text) : 1; }, [](const rt::StreamError&) {}});
    return n;
}

std::int64_t sse_reader(const std::string& data, bool decode) {
    rt::SseReader reader;
    std::int64_t n = 0;
    feed(reader, data,
         rt::overloaded{[&](const rt::SseEventView& e) { n += decode ? seq(e.data) : 1; }, [](const rt::SseRetry&) {},
                        [](const rt::StreamError&) {}});
    return n;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: bench_stream_cpp PREFIX REPEATS\n";
        return 2;
    }
    const std::string prefix = argv[1];
    const int repeats = std::stoi(argv[2]);
    const std::string ndjson = read_file(prefix + ".ndjson"), sse = read_file(prefix + ".sse");
    const auto items = std::count(ndjson.begin(), ndjson.end(), '\n');
    const std::vector<std::tuple<std::string, std::function<std::int64_t()>, const std::string*>> runs = {
        {"plain NDJSON split + nlohmann parse", [&] { return plain(ndjson); }, &ndjson},
        {"NdjsonReader + nlohmann parse", [&] { return ndjson_reader(ndjson, true); }, &ndjson},
        {"SseReader + nlohmann parse", [&] { return sse_reader(sse, true); }, &sse},
        {"NdjsonReader only", [&] { return ndjson_reader(ndjson, false); }, &ndjson},
        {"SseReader only", [&] { return sse_reader(sse, false); }, &sse},
    };
    std::int64_t sink = 0;
    // Round robin, so that a change of load on a shared machine hits every measurement alike.
    std::vector<std::vector<double>> all(runs.size());
    for (int r = 0; r < repeats; ++r)
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const auto start = std::chrono::steady_clock::now();
            sink += std::get<1>(runs[i])();
            all[i].push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& [what, run, data] = runs[i];
        std::vector<double>& times = all[i];
        std::sort(times.begin(), times.end());
        const double median =
            times.size() % 2 ? times[times.size() / 2] : (times[times.size() / 2 - 1] + times[times.size() / 2]) / 2;
        std::cout << nlohmann::json{{"lang", "C++"},
                                    {"what", what},
                                    {"items", items},
                                    {"mb", static_cast<double>(data->size()) / 1e6},
                                    {"seconds", median}}
                         .dump()
                  << "\n";
    }
    std::cerr << "(checksum " << sink << ")\n";
    return 0;
}
