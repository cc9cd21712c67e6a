// The chat-stream client (schemas/README.md: `chat_stream`): citation buffer, reconnection with
// backoff, watchdog, terminal events, replay. ChatClient is a state machine
// with no I/O of its own: the host reports what happens (start, response,
// chunk, closed, abort; the scheduler fires the timers) and carries out the
// actions it gets (connect, cancel, retry, ...) and shows `text`. Lines are
// decoded by the host's `decode` (the generated bindings); event names, the
// terminal events, the no-retry statuses, the watchdog and the backoff are
// configuration filled from the contract's tables. Connections, backoff and
// the watchdog are a Reconnector's (reconnect.hpp: its rules are the
// client's); on top of it: stream_start resets the message; a terminal event
// releases held text; heartbeats are not passed on.
#pragma once

#include <algorithm>
#include <exception>
#include <functional>
#include <memory>

#include <nlohmann/json.hpp>

#include "contract/stream/ndjson.hpp"
#include "contract/stream/reconnect.hpp"
#include "contract/stream/timing.hpp"

namespace contract {
namespace stream {

// Holds back text from a '[' until the ']' or line break that closes it.
// Scanning resumes where the last feed stopped (the seed rescans from the
// ready pointer; the result is the same, without quadratic time).
class CitationBuffer {
public:
    // Appends `chunk`; tells whether the ready text grew.
    bool feed(std::string_view chunk) {
        if (chunk.empty()) return false;
        buffer_.append(chunk);
        const std::size_t before = ready_;
        for (std::size_t i = scanned_; i < buffer_.size(); ++i) {
            const char c = buffer_[i];
            if (c == '[') in_citation_ = true;
            else if (c == ']' || c == '\n')
                in_citation_ = false;
            if (!in_citation_) ready_ = i + 1;
        }
        scanned_ = buffer_.size();
        return ready_ != before;
    }
    std::string_view ready() const { return std::string_view(buffer_).substr(0, ready_); }
    const std::string& full() const { return buffer_; }
    void reset() {
        buffer_.clear();
        ready_ = scanned_ = 0;
        in_citation_ = false;
    }

private:
    std::string buffer_;
    std::size_t ready_ = 0;  // length of the ready prefix
    std::size_t scanned_ = 0;
    bool in_citation_ = false;
};

// A decoded event as the client needs it: its type, the text of a delta, the decoded value.
template <class V>
struct ChatEvent {
    std::string type;
    std::optional<std::string> delta;
    V value{};
};

enum class ChatActionKind { connect, text, event, terminal, invalid, cancel, retry, failed };

// What the host does or shows; the pointers are valid during the callback only.
template <class V>
struct ChatAction {
    ChatActionKind kind = ChatActionKind::connect;
    std::int64_t attempt = 0;          // connect, retry
    std::int64_t delay_ms = 0;         // retry
    std::string text;                  // text
    std::string reason;                // cancel: watchdog|aborted; failed: status|no_data|retries_exhausted
    const ChatEvent<V>* event = nullptr;  // event, terminal
    const StreamError* error = nullptr;   // invalid
};

struct ChatClientConfig {
    std::int64_t watchdog_timeout_ms = 0;
    BackoffConfig backoff;
    std::vector<std::string> terminal_event_types;
    std::string heartbeat_event_type;
    std::string stream_start_event_type;
    std::string message_delta_event_type;
    std::vector<int> no_retry_statuses;
    std::size_t max_line_bytes = kDefaultMaxLineBytes;
};

using ChatState = ConnectionState;

// Not movable: its timers call back into it.
template <class V>
class ChatClient {
public:
    using Decode = std::function<ChatEvent<V>(std::string_view)>;
    using OnAction = std::function<void(const ChatAction<V>&)>;

    ChatClient(ChatClientConfig config, Scheduler& scheduler, Decode decode, OnAction on_action)
        : config_(std::move(config)),
          scheduler_(scheduler),
          decode_(std::move(decode)),
          on_action_(std::move(on_action)),
          connections_(ReconnectConfig{config_.watchdog_timeout_ms, config_.backoff, config_.no_retry_statuses},
                       scheduler, [this](const ReconnectAction& a) { on_connection(a); }) {}
    ChatClient(const ChatClient&) = delete;
    ChatClient& operator=(const ChatClient&) = delete;
    ~ChatClient() { cancel_replay(); }

    ChatState state() const { return connections_.state(); }
    // The text shown now.
    const std::string& text() const { return shown_; }

    void start() {
        if (state() != ChatState::idle)
            throw std::logic_error(std::string("ChatClient::start in state ") + to_string(state()));
        connections_.start();
    }

    // The connection's HTTP status arrived (2xx: the body follows as chunks).
    void response(int status) { connections_.response(status); }

    // Bytes of the response body.
    void chunk(std::string_view data) {
        if (data.empty() || !connection_ || !connections_.data()) return;
        auto reader = connection_;  // kept alive if a terminal event drops the connection
        reader->reader.feed(data, sink());
    }

    // The connection ended (end of body or network error) without the client asking.
    void closed() {
        if ((state() != ChatState::connecting && state() != ChatState::open) || !connection_) return;
        auto reader = connection_;
        reader->reader.end(sink());
        connections_.dropped();
    }

    // The user stops the stream: never retried.
    void abort() {
        cancel_replay();
        connection_.reset();
        connections_.abort();
    }

    // Replay mode: `events` (see replay_events) one every `spacing_ms`, through the same handling.
    void play(std::vector<ChatEvent<V>> events, std::int64_t spacing_ms) {
        if (state() != ChatState::idle)
            throw std::logic_error(std::string("ChatClient::play in state ") + to_string(state()));
        connections_.open();
        replay_ = std::move(events);
        for (std::size_t i = 0; i < replay_.size(); ++i)
            replay_timers_.push_back(scheduler_.schedule(static_cast<std::int64_t>(i) * spacing_ms, [this, i] {
                if (state() == ChatState::open) handle(replay_[i]);
            }));
    }

private:
    struct Connection {
        explicit Connection(std::size_t max_line_bytes) : reader(max_line_bytes) {}
        NdjsonReader reader;
    };

    template <class F>
    void emit(ChatActionKind kind, F&& fill) {
        ChatAction<V> action;
        action.kind = kind;
        fill(action);
        on_action_(action);
    }

    void on_connection(const ReconnectAction& a) {
        static constexpr ChatActionKind kinds[] = {ChatActionKind::connect, ChatActionKind::cancel,
                                                   ChatActionKind::retry, ChatActionKind::failed};
        if (a.kind == ReconnectActionKind::connect) connection_ = std::make_shared<Connection>(config_.max_line_bytes);
        else if (a.kind != ReconnectActionKind::cancel)
            connection_.reset();
        emit(kinds[static_cast<int>(a.kind)], [&](ChatAction<V>& out) {
            out.attempt = a.attempt;
            out.delay_ms = a.delay_ms;
            out.reason = a.reason;
        });
    }

    auto sink() {
        return overloaded{
            [this](const NdjsonLine& line) {
                if (state() == ChatState::open) this->line(line);  // not after a terminal event in the same chunk
            },
            [this](const StreamError& error) {
                if (state() == ChatState::open || state() == ChatState::connecting)
                    emit(ChatActionKind::invalid, [&](ChatAction<V>& a) { a.error = &error; });
            },
        };
    }

    void line(const NdjsonLine& line) {
        ChatEvent<V> event;
        try {
            event = decode_(line.text);
        } catch (const std::exception& e) {
            const StreamError error{"decode", line.offset, line.line, e.what()};
            emit(ChatActionKind::invalid, [&](ChatAction<V>& a) { a.error = &error; });
            return;
        }
        handle(event);
    }

    void handle(const ChatEvent<V>& event) {
        if (event.type == config_.heartbeat_event_type) return;
        if (event.type == config_.stream_start_event_type) {
            citations_.reset();
            show("");
        } else if (event.type == config_.message_delta_event_type) {
            if (event.delta && citations_.feed(*event.delta)) show(citations_.ready());
            return;
        }
        const auto& terminal = config_.terminal_event_types;
        if (std::find(terminal.begin(), terminal.end(), event.type) != terminal.end()) {
            show(citations_.full());
            cancel_replay();
            connections_.done();
            connection_.reset();
            emit(ChatActionKind::terminal, [&](ChatAction<V>& a) { a.event = &event; });
            return;
        }
        emit(ChatActionKind::event, [&](ChatAction<V>& a) { a.event = &event; });
    }

    void show(std::string_view text) {
        if (text == shown_) return;
        shown_.assign(text);
        emit(ChatActionKind::text, [&](ChatAction<V>& a) { a.text = shown_; });
    }

    void cancel_replay() {
        for (Scheduler::Handle handle : replay_timers_) scheduler_.cancel(handle);
        replay_timers_.clear();
    }

    ChatClientConfig config_;
    Scheduler& scheduler_;
    Decode decode_;
    OnAction on_action_;
    Reconnector connections_;
    CitationBuffer citations_;
    std::string shown_;
    std::shared_ptr<Connection> connection_;
    std::vector<ChatEvent<V>> replay_;
    std::vector<Scheduler::Handle> replay_timers_;
};

// The events to replay (JSON texts, in order, the synthesised terminal event last) and the log's unreadable lines.
struct Replay {
    std::vector<std::string> events;
    std::vector<StreamError> errors;
};

// The `chat_stream` family's replay: the NDJSON log's events (one JSON event object a line)
// without heartbeats, then {"type": <done>, "message": <final_message>}. Event
// texts are kept as they are; final_message must be a JSON text
// (nlohmann::json::parse_error otherwise).
inline Replay replay_events(std::string_view log, std::string_view final_message,
                            const std::string& heartbeat_event_type, const std::string& done_event_type,
                            std::size_t max_line_bytes = kDefaultMaxLineBytes) {
    // Must be a JSON text: it is spliced in verbatim.
    [[maybe_unused]] const nlohmann::json final_value = nlohmann::json::parse(final_message);
    Replay result;
    const auto event_type = [](std::string_view text) -> std::optional<std::string> {
        if (text.substr(0, 3) == "\xEF\xBB\xBF") return std::nullopt;  // nlohmann skips a BOM; JSON does not allow one
        const nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
        if (!value.is_object()) return std::nullopt;
        const auto type = value.find("type");
        if (type == value.end() || !type->is_string()) return std::nullopt;
        return type->get<std::string>();
    };
    NdjsonReader reader(max_line_bytes);
    const auto sink = overloaded{
        [&](const NdjsonLine& line) {
            const std::optional<std::string> type = event_type(line.text);
            if (!type)
                result.errors.push_back(
                    {"decode", line.offset, line.line, "not a JSON object with a string member \"type\""});
            else if (*type != heartbeat_event_type)
                result.events.emplace_back(line.text);
        },
        [&](const StreamError& error) { result.errors.push_back(error); },
    };
    reader.feed(log, sink);
    reader.end(sink);
    result.events.push_back("{\"type\":" + nlohmann::json(done_event_type).dump() +
                            ",\"message\":" + std::string(final_message) + "}");
    return result;
}

}  // namespace stream
}  // namespace contract
