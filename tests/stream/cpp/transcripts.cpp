// The state-machine and table vectors through the C++ runtime (see
// transcripts.hpp); the same steps as tests/stream/transcripts.py.
#include "transcripts.hpp"

#include <functional>

namespace streamtest {
namespace {

using Event = rt::ChatEvent<Json>;

Event chat_event(const Json& value, const rt::ChatClientConfig& config) {
    if (!value.is_object() || !value.contains("type") || !value["type"].is_string())
        throw std::runtime_error("no data.type");
    Event event;
    event.type = value["type"].get<std::string>();
    if (event.type == config.message_delta_event_type && value.contains("delta") && value["delta"].is_string())
        event.delta = value["delta"].get<std::string>();
    event.value = value;
    return event;
}

Json parse(std::string_view text) {
    Json value = Json::parse(text, nullptr, false);
    if (value.is_discarded()) throw std::runtime_error("not JSON");
    return value;
}

// A live line: a StreamEnvelope {"data": event, "timestamp": ...} (the bindings' job, in tests).
Event decode_envelope(const rt::ChatClientConfig& config, std::string_view text) {
    const Json value = parse(text);
    return chat_event(value.is_object() && value.contains("data") ? value["data"] : Json(), config);
}

Json action_json(const rt::ChatAction<Json>& a) {
    using K = rt::ChatActionKind;
    switch (a.kind) {
        case K::connect: return Json{{"connect", a.attempt}};
        case K::retry: return Json{{"retry", Json{{"attempt", a.attempt}, {"delay_ms", a.delay_ms}}}};
        case K::event: return Json{{"event", a.event->type}};
        case K::terminal: return Json{{"terminal", a.event->type}};
        case K::invalid: {
            const auto& e = *a.error;
            return Json{
                {"invalid", Json{{"code", e.code}, {"offset", e.offset}, {"line", e.line}, {"message", e.message}}}};
        }
        case K::text: return Json{{"text", a.text}};
        case K::cancel: return Json{{"cancel", a.reason}};
        case K::failed: return Json{{"failed", a.reason}};
    }
    throw Mismatch("unknown action");
}

// The one member of a step's input: its verb and argument.
std::pair<std::string, Json> only(const Json& input) {
    if (!input.is_object() || input.size() != 1) throw Mismatch("a step's input has one member: " + input.dump());
    return {input.begin().key(), input.begin().value()};
}

}  // namespace

void run_chat(const Json& c) {
    const rt::ChatClientConfig config = chat_config(c.value("config", Json::object()));
    rt::ManualScheduler scheduler;
    Json got = Json::array();
    rt::ChatClient<Json> client(
        config, scheduler, [&](std::string_view text) { return decode_envelope(config, text); },
        [&](const rt::ChatAction<Json>& a) { got.push_back(action_json(a)); });
    std::size_t index = 0;
    for (const Json& step : c["steps"]) {
        got = Json::array();
        const auto [verb, arg] = only(step["in"]);
        if (verb == "start") client.start();
        else if (verb == "response")
            client.response(arg.get<int>());
        else if (verb == "chunk")
            client.chunk(input_bytes(arg.is_array() ? arg : Json::array({arg})));
        else if (verb == "closed")
            client.closed();
        else if (verb == "abort")
            client.abort();
        else if (verb == "advance")
            scheduler.advance(arg.get<std::int64_t>());
        else if (verb == "play") {
            const auto replay =
                rt::replay_events(arg["log"].get<std::string>(), arg["final_message"].get<std::string>(),
                                  config.heartbeat_event_type, type_const(kChatEvents, "DoneEvent"));
            if (!replay.errors.empty()) throw Mismatch("replay errors");
            std::vector<Event> events;
            for (const auto& text : replay.events) events.push_back(chat_event(parse(text), config));
            client.play(std::move(events), arg["spacing_ms"].get<std::int64_t>());
        } else
            throw Mismatch("unknown input " + verb);
        const std::string where = "step " + std::to_string(index++) + " " + step["in"].dump();
        expect_equal(got, step["out"], where);
        if (step.contains("state")) expect_equal(rt::to_string(client.state()), step["state"], where + " state");
    }
}

void run_timer(const Json& c) {
    rt::ManualScheduler scheduler;
    Json got = Json::array();
    const std::int64_t interval = const_of(kChat, c["interval"].get<std::string>()).get<std::int64_t>();
    const bool heartbeat = c["timer"] == "heartbeat";
    rt::HeartbeatEmitter emitter(scheduler, interval, [&] { got.push_back("beat"); });
    rt::Watchdog watchdog(scheduler, interval, [&] { got.push_back("timeout"); });
    std::size_t index = 0;
    for (const Json& step : c["steps"]) {
        got = Json::array();
        const auto [verb, arg] = only(step["in"]);
        if (verb == "advance") scheduler.advance(arg.get<std::int64_t>());
        else if (verb == "start")
            heartbeat ? emitter.start() : watchdog.start();
        else if (verb == "stop")
            heartbeat ? emitter.stop() : watchdog.stop();
        else if (verb == "sent" && heartbeat)
            emitter.sent();
        else if (verb == "reset" && !heartbeat)
            watchdog.reset();
        else
            throw Mismatch("unknown input " + verb);
        expect_equal(got, step["out"], "step " + std::to_string(index++) + " " + step["in"].dump());
    }
}

void run_replay(const Json& c) {
    const std::string heartbeat = type_const(kChatEvents, "Heartbeat");
    const std::string done = type_const(kChatEvents, "DoneEvent");
    const std::string log = c["log"].get<std::string>(), final_message = c["final_message"].get<std::string>();
    if (c.value("error", false)) {
        try {
            rt::replay_events(log, final_message, heartbeat, done);
        } catch (const nlohmann::json::parse_error&) {
            return;
        }
        throw Mismatch("the final message was accepted");
    }
    const rt::Replay replay = rt::replay_events(log, final_message, heartbeat, done);
    expect_equal(Json(replay.events), c["events"], "events");
    Json errors = Json::array();
    for (const auto& e : replay.errors) errors.push_back(error_json(e));
    expect_equal(errors, c["errors"], "errors");
}

void api_checks(const Json&) {
    const auto refused = [](const std::function<void()>& f, const std::string& message) {
        try {
            f();
        } catch (const std::exception& e) {
            expect_equal(e.what(), message, "message");
            return;
        }
        throw Mismatch("not refused: " + message);
    };
    rt::NdjsonReader ndjson;
    rt::SseReader sse;
    expect_equal(ndjson.end().size() + ndjson.end().size() + sse.end().size() + sse.end().size(), 0, "end() twice");
    refused([&] { ndjson.feed("x"); }, "NdjsonReader::feed after end()");
    refused([&] { sse.feed("x"); }, "SseReader::feed after end()");
    rt::ManualScheduler scheduler;
    rt::ChatClient<Json> client(
        chat_config(), scheduler, [](std::string_view) { return Event{}; }, [](const rt::ChatAction<Json>&) {});
    client.start();
    refused([&] { client.start(); }, "ChatClient::start in state connecting");
    refused([&] { client.play({}, 0); }, "ChatClient::play in state connecting");
    rt::SequencerConfig config;
    config.policy = "buffer";
    refused([&] { rt::PacketSequencer<Json> sequencer(config); }, "unknown sequencer policy 'buffer'");
}

void run_routing(const Json& c) {
    const Json expect = c.contains("expect") ? c["expect"] : Json();  // absent where an error is expected
    const auto optional_string = [](const Json& v) {
        return v.is_string() ? std::optional<std::string>(v.get<std::string>()) : std::nullopt;
    };
    if (c.contains("content_type")) {
        expect_equal(rt::route_content_type(content_type_routes(), optional_string(c["content_type"])), expect,
                     "route");
    } else if (c.contains("cloudevent")) {
        const Json& event = c["cloudevent"];
        const auto type = event.contains("datacontenttype") ? optional_string(event["datacontenttype"]) : std::nullopt;
        expect_equal(rt::route_content_type(content_type_routes(), type), expect, "route");
    } else if (c.contains("graph_event_type")) {
        expect_equal(rt::graph_event_content_type(graph_event_migration(), c["graph_event_type"].get<std::string>()),
                     expect, "content type");
    } else if (c.contains("migrate")) {
        const Json& m = c["migrate"];
        rt::GraphEventFields fields;
        fields.type = m["type"].get<std::string>();
        fields.source = m["source"].get<std::string>();
        if (m.contains("data")) fields.data = m["data"];
        fields.id = m["id"].get<std::string>();
        if (c.contains("expect_error")) {
            try {
                rt::migrate_graph_event(graph_event_migration(), m["graph_event_type"].get<std::string>(), fields);
            } catch (const std::invalid_argument& e) {
                if (std::string(e.what()).find(c["expect_error"].get<std::string>()) == std::string::npos)
                    throw std::runtime_error(std::string("unexpected error: ") + e.what());
                return;
            }
            throw std::runtime_error("migrate_graph_event accepted an empty id");
        }
        expect_equal(rt::migrate_graph_event(graph_event_migration(), m["graph_event_type"].get<std::string>(), fields),
                     expect, "event");
    } else if (c.contains("tool_call_start")) {
        expect_equal(rt::route_tool_call_start(run_event_routing(), c["tool_call_start"].get<std::string>()), expect,
                     "route");
    } else if (c.contains("web_status")) {
        expect_equal(rt::route_web_status(run_event_routing(), c["web_status"].get<std::string>()), expect, "route");
    } else if (c.contains("research_status")) {
        const Json& args = c["research_status"];
        expect_equal(
            rt::route_research_status(run_event_routing(), args[0].get<std::string>(), args[1].get<std::string>()),
            expect, "route");
    } else if (c.contains("normalize")) {
        const auto normalized = rt::normalize_status(run_event_routing(), c["normalize"].get<std::string>());
        expect_equal(normalized ? Json(*normalized) : Json(), expect, "normalized");
    } else {
        rt::ContentRouter router(run_event_routing());
        Json got = Json::array();
        for (const Json& step : c["content"]) {
            if (step.contains("flush")) {
                const auto entry = router.flush();
                got.push_back(Json{{"flushed", entry ? Json(*entry) : Json()}});
                continue;
            }
            const rt::ContentDecision decision = router.route(step["text"].get<std::string>());
            Json out{{"route", decision.route}};
            if (decision.route == "scratchpad_start")
                out["closed_entry"] = decision.closed_entry ? Json(*decision.closed_entry) : Json();
            got.push_back(out);
        }
        expect_equal(got, expect, "decisions");
    }
}

}  // namespace streamtest
