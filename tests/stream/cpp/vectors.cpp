// The shared stream vectors (tests/stream/vectors/) through the C++ runtime,
// exactly as the TypeScript and Python runners check them: readers at every
// chunking, state machines step by step (transcripts.cpp).
//
//   stream_vectors <repository root>
// prints each failing case and "N passed, N failed"; exits 1 on a failure.
#include <functional>
#include <iostream>

#include "support.hpp"
#include "transcripts.hpp"

namespace streamtest {
namespace {

std::string sizes(const std::vector<std::string>& chunks) {
    std::string out;
    for (const auto& chunk : chunks) out += (out.empty() ? "" : ",") + std::to_string(chunk.size());
    return out;
}

template <class Reader>
Json read(Reader& reader, const std::vector<std::string>& chunks) {
    Json out = Json::array();
    for (const auto& chunk : chunks)
        for (const auto& record : reader.feed(chunk)) out.push_back(record_json(record));
    for (const auto& record : reader.end()) out.push_back(record_json(record));
    return out;
}

void ndjson_case(const Json& c) {
    const Json options = c.value("options", Json::object());
    for (const auto& chunks : chunkings(input_bytes(c["input"]))) {
        rt::NdjsonReader reader(options.value("max_line_bytes", rt::kDefaultMaxLineBytes));
        expect_equal(read(reader, chunks), c["expect"], "chunks " + sizes(chunks));
    }
}

void sse_case(const Json& c) {
    const Json options = c.value("options", Json::object());
    const Json final_state = c.value("final", Json::object());
    for (const auto& chunks : chunkings(input_bytes(c["input"]))) {
        rt::SseReaderOptions o;
        o.max_line_bytes = options.value("max_line_bytes", rt::kDefaultMaxLineBytes);
        o.max_event_bytes = options.value("max_event_bytes", rt::kDefaultMaxEventBytes);
        o.last_event_id = options.value("last_event_id", std::string());
        rt::SseReader reader(o);
        expect_equal(read(reader, chunks), c["expect"], "chunks " + sizes(chunks));
        if (final_state.contains("last_event_id"))
            expect_equal(reader.last_event_id(), final_state["last_event_id"], "last_event_id");
        if (final_state.contains("reconnection_time"))
            expect_equal(reader.reconnection_time() ? Json(*reader.reconnection_time()) : Json(),
                         final_state["reconnection_time"], "reconnection_time");
    }
}

void writer_case(const Json& c) {
    const auto write = [&]() -> std::string {
        if (c.contains("ndjson")) return rt::ndjson_line(c["ndjson"].get<std::string>());
        if (c.contains("sse")) {
            const Json& sse = c["sse"];
            rt::SseFields fields;
            if (sse.contains("event")) fields.event = sse["event"].get<std::string>();
            if (sse.contains("id")) fields.id = sse["id"].get<std::string>();
            if (sse.contains("retry")) fields.retry = sse["retry"].get<std::int64_t>();
            return rt::sse_event(sse["data"].get<std::string>(), fields);
        }
        return rt::sse_comment(c["sse_comment"].get<std::string>());
    };
    if (c.contains("error")) {
        try {
            write();
        } catch (const std::invalid_argument& e) {
            expect_equal(e.what(), c["error"], "error");
            return;
        }
        throw Mismatch("no error");
    }
    const std::string text = write();
    expect_equal(text, c["expect"], "text");
    if (c.contains("ndjson")) {
        rt::NdjsonReader reader;
        expect_equal(read(reader, {text}), c["read_back"], "read back");
    } else {
        rt::SseReader reader;
        expect_equal(read(reader, {text}), c["read_back"], "read back");
    }
}

Json sequencer_json(const rt::SequencerOutput<Json>& output) {
    if (auto* d = std::get_if<rt::Delivery<Json>>(&output)) {
        expect_equal(d->packet, Json::array({d->stream_id, d->seq}), "packet");
        return Json{{"deliver", Json::array({d->stream_id, d->seq})}};
    }
    const auto& f = std::get<rt::Finding>(output);
    return Json{{"finding", f.kind},
                {"stream", f.stream_id},
                {"seq", f.seq},
                {"expected", f.expected ? Json(*f.expected) : Json()},
                {"message", f.message}};
}

void sequencer_case(const Json& c) {
    rt::PacketSequencer<Json> sequencer(sequencer_config(c));
    Json got = Json::array();
    for (const Json& p : c["packets"])
        for (auto& o : sequencer.push(p[0].get<std::string>(), p[1].get<std::int64_t>(), p[2].get<std::string>(),
                                      Json::array({p[0], p[1]})))
            got.push_back(sequencer_json(o));
    expect_equal(got, c["expect"], "push");
    Json finished = Json::array();
    for (auto& o : sequencer.finish()) finished.push_back(sequencer_json(o));
    expect_equal(finished, c["finish"], "finish");
}

void citation_case(const Json& c) {
    rt::CitationBuffer buffer;
    Json ready = Json::array(), changed = Json::array();
    for (const Json& chunk : c["chunks"]) {
        changed.push_back(buffer.feed(chunk.get<std::string>()));
        ready.push_back(std::string(buffer.ready()));
    }
    expect_equal(ready, c["ready"], "ready");
    expect_equal(changed, c["changed"], "changed");
    expect_equal(buffer.full(), c["full"], "full");
}

void backoff_case(const Json& c) {
    const rt::BackoffConfig config = backoff_config(c.value("config", Json::object()));
    Json got = Json::array();
    for (const Json& n : c["attempts"]) {
        const auto delay = rt::backoff_delay(config, n.get<std::int64_t>());
        got.push_back(delay ? Json(*delay) : Json());
    }
    expect_equal(got, c["expect"], "delays");
    if (c.contains("equals_table")) {
        const Json table = const_of(kChat, c["equals_table"].get<std::string>());
        Json delays = Json::array();
        for (std::int64_t n = 1; n <= config.max_attempts; ++n) delays.push_back(*rt::backoff_delay(config, n));
        expect_equal(delays, table, "the table");
    }
}

}  // namespace
}  // namespace streamtest

int main(int argc, char** argv) {
    using namespace streamtest;
    if (argc != 2) {
        std::cerr << "usage: stream_vectors <repository root>\n";
        return 2;
    }
    root_dir = argv[1];
    const std::vector<std::pair<std::string, std::function<void(const Json&)>>> files = {
        {"ndjson.json", ndjson_case},       {"sse.json", sse_case},           {"writers.json", writer_case},
        {"sequencer.json", sequencer_case}, {"citation.json", citation_case}, {"backoff.json", backoff_case},
        {"chat_client.json", run_chat},     {"timers.json", run_timer},       {"replay.json", run_replay},
        {"routing.json", run_routing},
    };
    int passed = 0, failed = 0;
    for (const auto& [file, run] : files) {
        const Json vectors = vector_file(file);
        for (const Json& c : vectors["cases"]) {
            try {
                run(c);
                ++passed;
            } catch (const std::exception& e) {
                ++failed;
                std::cout << "FAIL " << file << ": " << c["name"].get<std::string>() << ": " << e.what() << "\n";
            }
        }
    }
    try {
        api_checks(Json());
        ++passed;
    } catch (const std::exception& e) {
        ++failed;
        std::cout << "FAIL api checks: " << e.what() << "\n";
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}
