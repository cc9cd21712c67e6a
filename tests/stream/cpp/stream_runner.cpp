// The C++ stream runner: raw bytes on stdin (or each FILE, as a stream of its
// own, after a line "stream FILE") through the runtime's reader, one output
// line per record (the protocol of tests/stream/stream_runner.py).
//
//   stream_runner_cpp --framing ndjson|sse [--chunk N] [--decode text|json]
//                     [--max-line-bytes N] [--max-event-bytes N] [FILE...]
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "contract/stream/stream.hpp"

namespace rt = contract::stream;

namespace {

[[noreturn]] void usage(const std::string& message) {
    std::cerr
        << "stream_runner_cpp: " << message
        << "\nusage: stream_runner_cpp --framing ndjson|sse [--chunk N] [--decode text|json] [--max-line-bytes N] "
           "[--max-event-bytes N] [FILE...]\n";
    std::exit(2);
}

struct Settings {
    std::string framing;
    bool decode_json = false;
    std::size_t chunk = 0;
    std::size_t max_line = rt::kDefaultMaxLineBytes;
    std::size_t max_event = rt::kDefaultMaxEventBytes;
};

std::size_t number(const std::map<std::string, std::string>& options, const std::string& name, std::size_t fallback) {
    const auto found = options.find(name);
    if (found == options.end()) return fallback;
    if (found->second.empty() || found->second.find_first_not_of("0123456789") != std::string::npos)
        usage(name + " must be a non-negative integer");
    return std::stoull(found->second);
}

std::string dump(std::string_view text) { return nlohmann::ordered_json(std::string(text)).dump(); }

std::string position(std::uint64_t offset, std::uint64_t line) {
    return std::to_string(offset) + " " + std::to_string(line);
}

// The item's text as JSON (a string, or the parsed value re-serialised); false after a decode error line.
bool value(const Settings& settings, std::string_view text, std::uint64_t offset, std::uint64_t line, std::string& into,
           std::string& out) {
    if (!settings.decode_json) {
        into = dump(text);
        return true;
    }
    const auto parsed = nlohmann::ordered_json::parse(text, nullptr, false);
    if (parsed.is_discarded()) {
        out += "error " + position(offset, line) + ": decode: not JSON\n";
        return false;
    }
    into = parsed.dump();
    return true;
}

template <class Reader, class Sink>
void feed_all(const Settings& settings, const std::string& data, Reader& reader, Sink sink) {
    const std::size_t size = settings.chunk != 0 ? settings.chunk : std::max<std::size_t>(1, data.size());
    for (std::size_t start = 0; start < data.size(); start += size)
        reader.feed(std::string_view(data).substr(start, size), sink);
    reader.end(sink);
}

void run(const Settings& settings, const std::string& data, std::string& out) {
    std::string text;
    const auto on_error = [&](const rt::StreamError& e) {
        out += "error " + position(e.offset, e.line) + ": " + e.code + ": " + e.message + "\n";
    };
    if (settings.framing == "ndjson") {
        rt::NdjsonReader reader(settings.max_line);
        feed_all(settings, data, reader,
                 rt::overloaded{[&](const rt::NdjsonLine& l) {
                                    if (value(settings, l.text, l.offset, l.line, text, out))
                                        out += "item " + text + "\n";
                                },
                                on_error});
        return;
    }
    rt::SseReaderOptions options;
    options.max_line_bytes = settings.max_line;
    options.max_event_bytes = settings.max_event;
    rt::SseReader reader(options);
    feed_all(settings, data, reader,
             rt::overloaded{[&](const rt::SseEventView& e) {
                                if (value(settings, e.data, e.offset, e.line, text, out))
                                    out += "item {\"event\":" + dump(e.type) + ",\"id\":" + dump(e.last_event_id) +
                                           ",\"data\":" + text + "}\n";
                            },
                            [&](const rt::SseRetry& r) { out += "retry " + std::to_string(r.ms) + "\n"; }, on_error});
}

}  // namespace

int main(int argc, char** argv) {
    std::map<std::string, std::string> options;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string name = argv[i];
        if (name.rfind("--", 0) != 0) {
            files.push_back(name);
            continue;
        }
        if ((name != "--framing" && name != "--chunk" && name != "--decode" && name != "--max-line-bytes" &&
             name != "--max-event-bytes") ||
            i + 1 >= argc)
            usage("unknown or incomplete option " + name);
        options[name] = argv[++i];
    }
    Settings settings;
    settings.framing = options["--framing"];
    if (settings.framing != "ndjson" && settings.framing != "sse") usage("--framing must be ndjson or sse");
    const std::string decode = options.count("--decode") ? options["--decode"] : "text";
    if (decode != "text" && decode != "json") usage("--decode must be text or json");
    settings.decode_json = decode == "json";
    settings.chunk = number(options, "--chunk", 0);
    settings.max_line = number(options, "--max-line-bytes", rt::kDefaultMaxLineBytes);
    settings.max_event = number(options, "--max-event-bytes", rt::kDefaultMaxEventBytes);

    std::ios::sync_with_stdio(false);
    std::string out;
    if (files.empty())
        run(settings, std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()), out);
    for (const std::string& path : files) {
        std::ifstream in(path, std::ios::binary);
        if (!in) usage("cannot read " + path);
        out += "stream " + path + "\n";
        run(settings, std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()), out);
    }
    std::cout << out;
    return 0;
}
