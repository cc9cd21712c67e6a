// What the C++ vector runner and stream runner share: the configuration read
// from the contract's schema tables (the runtime has no contract constant),
// the chunkings, and records as JSON values.
#pragma once

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "contract/stream/stream.hpp"

namespace streamtest {

namespace rt = contract::stream;
using Json = nlohmann::ordered_json;

struct Mismatch : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline void expect_equal(const Json& got, const Json& expected, const std::string& what) {
    if (got != expected) throw Mismatch(what + ": got " + got.dump() + ", expected " + expected.dump());
}

inline std::string root_dir;  // the repository (argv)

inline Json read_json(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
}

inline Json vector_file(const std::string& name) { return read_json(root_dir + "/tests/stream/vectors/" + name); }
inline Json defs(const std::string& path) { return read_json(root_dir + "/schemas/" + path)["$defs"]; }
inline Json const_of(const std::string& path, const std::string& name) { return defs(path)[name]["const"]; }
// The discriminator value of an event def (its `type` property's const).
inline std::string type_const(const std::string& path, const std::string& name) {
    return defs(path)[name]["properties"]["type"]["const"].get<std::string>();
}

// Vector input: strings are UTF-8 text, {"hex": "..."} raw bytes.
inline std::string input_bytes(const Json& segments) {
    std::string out;
    for (const Json& s : segments) {
        if (s.is_string()) {
            out += s.get<std::string>();
            continue;
        }
        std::string hex = s["hex"].get<std::string>(), digits;
        for (char c : hex)
            if (c != ' ') digits += c;
        for (std::size_t i = 0; i + 1 < digits.size(); i += 2)
            out += static_cast<char>(std::stoi(digits.substr(i, 2), nullptr, 16));
    }
    return out;
}

inline std::vector<std::vector<std::string>> chunkings(const std::string& data) {
    std::vector<std::vector<std::string>> out{{data}};
    for (std::size_t size : {1, 2, 3, 7, 64}) {
        std::vector<std::string> chunks;
        for (std::size_t i = 0; i < data.size(); i += size) chunks.push_back(data.substr(i, size));
        out.push_back(chunks);
    }
    if (data.size() <= 64)  // short inputs: also every pair of split positions
        for (std::size_t i = 0; i <= data.size(); ++i)
            for (std::size_t j = i; j <= data.size(); ++j)
                out.push_back({data.substr(0, i), data.substr(i, j - i), data.substr(j)});
    return out;
}

inline Json error_json(const rt::StreamError& e) {
    return Json{{"error", e.code}, {"offset", e.offset}, {"line", e.line}, {"message", e.message}};
}

inline Json record_json(const rt::NdjsonRecord& record) {
    if (auto* item = std::get_if<rt::NdjsonItem>(&record))
        return Json{{"item", item->text}, {"offset", item->offset}, {"line", item->line}};
    return error_json(std::get<rt::StreamError>(record));
}

inline Json record_json(const rt::SseRecord& record) {
    if (auto* e = std::get_if<rt::SseEvent>(&record))
        return Json{
            {"event", e->type}, {"data", e->data}, {"id", e->last_event_id}, {"offset", e->offset}, {"line", e->line}};
    if (auto* r = std::get_if<rt::SseRetry>(&record))
        return Json{{"retry", r->ms}, {"offset", r->offset}, {"line", r->line}};
    return error_json(std::get<rt::StreamError>(record));
}

// ---- configuration from the schema tables ----------------------------------------

inline const std::string kChat = "chat_stream/tables.schema.json";
inline const std::string kChatEvents = "chat_stream/events.schema.json";

inline rt::BackoffConfig backoff_config(const Json& overrides = Json::object()) {
    rt::BackoffConfig config;
    config.initial_delay_ms = const_of(kChat, "ReconnectInitialDelayMs").get<std::int64_t>();
    config.multiplier = const_of(kChat, "ReconnectBackoffMultiplier").get<std::int64_t>();
    config.max_delay_ms = const_of(kChat, "ReconnectMaxDelayMs").get<std::int64_t>();
    config.max_attempts = overrides.value("max_attempts", const_of(kChat, "ReconnectMaxAttempts").get<std::int64_t>());
    return config;
}

inline rt::ChatClientConfig chat_config(const Json& overrides = Json::object()) {
    rt::ChatClientConfig config;
    config.watchdog_timeout_ms = const_of(kChat, "WatchdogTimeoutMs").get<std::int64_t>();
    config.backoff = backoff_config(overrides);
    config.terminal_event_types = const_of(kChat, "TerminalEventTypes").get<std::vector<std::string>>();
    config.heartbeat_event_type = type_const(kChatEvents, "Heartbeat");
    config.stream_start_event_type = const_of(kChat, "FirstEventType").get<std::string>();
    config.message_delta_event_type = type_const(kChatEvents, "MessageDelta");
    // HTTP statuses never retried (seed 004: "404 Not Found ... no retry"): a
    // transport fact, not one of the contract's tables.
    config.no_retry_statuses = {404};
    return config;
}

inline rt::SequencerConfig sequencer_config(const Json& c) {
    rt::SequencerConfig config;
    config.terminal_ops = const_of("packets/tables.schema.json", "TerminalOpCodes").get<std::vector<std::string>>();
    config.error_op = defs("packets/stream_packet.schema.json")["ErrorPacket"]["allOf"][1]["properties"]["op"]["const"]
                          .get<std::string>();
    config.policy = c["policy"].get<std::string>();
    config.window = c.value("window", std::size_t{0});
    if (c.contains("first_seq")) config.first_seq = c["first_seq"].get<std::int64_t>();
    return config;
}

inline rt::ContentTypeRoutes content_type_routes() {
    const Json cloud = defs("cloudevents/cloudevent.schema.json");
    rt::ContentTypeRoutes config;
    const Json& type = cloud["EventContentType"];
    for (std::size_t i = 0; i < type["enum"].size(); ++i) {
        std::string name = type["x-enum-varnames"][i].get<std::string>();
        for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        config.routes[type["enum"][i].get<std::string>()] = name;
    }
    config.absent_content_type = cloud["CloudEvent"]["properties"]["datacontenttype"]["default"].get<std::string>();
    config.fallback = "generic";
    return config;
}

inline rt::GraphEventMigration graph_event_migration() {
    rt::GraphEventMigration config;
    config.content_types =
        const_of("cloudevents/legacy.schema.json", "GraphEventContentTypes").get<std::map<std::string, std::string>>();
    config.default_content_type =
        const_of("cloudevents/legacy.schema.json", "GraphEventDefaultContentType").get<std::string>();
    config.specversion = defs("cloudevents/cloudevent.schema.json")["CloudEvent"]["properties"]["specversion"]["const"]
                             .get<std::string>();
    return config;
}

inline rt::RunEventRouting run_event_routing() {
    const std::string tables = "run_events/tables.schema.json";
    rt::RunEventRouting config;
    const auto components = defs(tables)["UiComponent"]["enum"].get<std::vector<std::string>>();
    const auto normalized =
        defs("run_events/events.schema.json")["NormalizedStatus"]["enum"].get<std::vector<std::string>>();
    std::set<std::string> web_routes;
    const Json routes = const_of(tables, "WebToolRoutes");
    for (const Json& route : routes) web_routes.insert(route.get<std::string>());
    config.terminal_states = {"success", "error"};  // the NormalizedStatus values that end an operation
    const auto has = [](const std::vector<std::string>& list, const std::string& v) {
        return std::find(list.begin(), list.end(), v) != list.end();
    };
    if (web_routes.size() != 1 || !has(components, "ScratchpadStatus") || !has(normalized, "success") ||
        !has(normalized, "error"))
        throw std::runtime_error("the run-event tables changed shape");
    config.web_tools = const_of(tables, "WebToolNames").get<std::vector<std::string>>();
    config.scratchpad_tools = const_of(tables, "ScratchpadToolNames").get<std::vector<std::string>>();
    config.web_route = *web_routes.begin();
    config.scratchpad_route = "ScratchpadStatus";
    config.default_route = const_of(tables, "DefaultToolRoute").get<std::string>();
    config.strategy_prefixes = const_of(tables, "StrategyEntryPrefixes").get<std::vector<std::string>>();
    config.bleed_strings = const_of(tables, "ScratchpadBleedFilterStrings").get<std::vector<std::string>>();
    config.legacy_status_prefix = const_of(tables, "LegacyStatusEventPrefix").get<std::string>();
    config.status_normalization = const_of(tables, "StatusNormalization").get<std::map<std::string, std::string>>();
    return config;
}

}  // namespace streamtest
