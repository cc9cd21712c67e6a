// The transport of the generated operation clients (library contract::client,
// libcurl; the bindings themselves need no curl): requests, the declared
// responses picked by status and media type, typed errors, and streams read
// through the stream runtime's readers with the stream's rules and the one
// Reconnector (stream/reconnect.hpp). It holds no contract constant: the
// generated methods pass the request, the declared responses and the
// stream's rules, all taken from the contract's `x-openapi` and `x-streams`.
#pragma once

#include <any>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "contract/stream/reconnect.hpp"
#include "contract/stream/text.hpp"

namespace contract {
namespace client {

// Header names in lower case.
using Headers = std::map<std::string, std::string>;

// One call as a generated method builds it: `path` has its parameters in
// place, escaped; `body` is JSON text.
struct Request {
    std::string method = "GET";
    std::string path;
    std::vector<std::pair<std::string, std::string>> query;
    std::vector<std::pair<std::string, std::string>> headers;
    std::optional<std::string> body;
    std::string accept;
};

// A whole response, as a non-streaming call reads it.
struct Response {
    int status = 0;
    Headers headers;
    std::string body;
};

// A declared response other than the success one: a status ("404", "4XX",
// "default"), a media type, the decoder of its body (empty: no content).
struct ErrorCase {
    std::string status;
    std::string media;
    std::function<std::any(std::string_view)> decode;
};

// A declared error response: the status, the headers, the decoded body (the declared type) and its text.
class ResponseError : public std::runtime_error {
public:
    ResponseError(int status, Headers headers, std::any body, std::string text);
    int status;
    Headers headers;
    std::any body;
    std::string text;
    template <class B>
    const B* body_as() const {
        return std::any_cast<B>(&body);
    }
};

// A response the operation does not declare: `text` is the start of its body (at most kMaxQuotedBytes).
class UndeclaredError : public std::runtime_error {
public:
    UndeclaredError(int status, std::string content_type, Headers headers, std::string text, std::string reason);
    int status;
    std::string content_type;
    Headers headers;
    std::string text;
    std::string reason;
};

// A stream that could not be read to its end. kind: dropped (a connection
// was cut), watchdog (a connection went silent), terminal.missing (a response
// ended before its terminal item), retries_exhausted (reconnections were
// declared and all failed); `cause` the last connection's error, if any.
class StreamFailed : public std::runtime_error {
public:
    StreamFailed(std::string kind, std::exception_ptr cause);
    std::string kind;
    std::exception_ptr cause;
};

// An item broke a rule of the stream whose severity is error (`rule`: verify's rule id).
class RuleError : public std::runtime_error {
public:
    RuleError(std::string rule, std::string message);
    std::string rule;
    std::string message;
};

constexpr std::size_t kMaxQuotedBytes = 200;

// A Content-Type's media type without parameters, lower case.
std::string media_type(std::string_view content_type);
// Retry-After in delta-seconds as milliseconds; none when absent or not
// delta-seconds (an HTTP date is not honoured: the clocks of client and
// server differ; every language's client agrees).
std::optional<std::int64_t> retry_after_ms(const Headers& headers);
// The error of a response other than the success one: a ResponseError when a
// declared case matches it and its body decodes, else an UndeclaredError.
std::exception_ptr error_for(int status, const Headers& headers, const std::string& body,
                             const std::vector<ErrorCase>& errors);

// What every call shares: where the engine is, and headers sent with every
// request (authorisation, a session cookie).
class Client {
public:
    explicit Client(std::string base_url, std::vector<std::pair<std::string, std::string>> headers = {})
        : base_url_(std::move(base_url)), headers_(std::move(headers)) {}
    // The whole response, whatever its status; throws std::runtime_error when there is none.
    Response send(const Request& request) const;
    const std::string& base_url() const { return base_url_; }
    const std::vector<std::pair<std::string, std::string>>& headers() const { return headers_; }

private:
    std::string base_url_;
    std::vector<std::pair<std::string, std::string>> headers_;
};

// Sends `request` and decodes the success response (a 2xx of media type
// `media`); any other response is thrown as error_for's error.
template <class T, class Decode>
T call_json(const Client& client, const Request& request, const std::string& media, Decode&& decode,
            const std::vector<ErrorCase>& errors) {
    Response response = client.send(request);
    auto type = response.headers.find("content-type");
    const bool declared = type != response.headers.end() && media_type(type->second) == media;
    if (response.status >= 200 && response.status <= 299 && declared) {
        try {
            return decode(std::string_view(response.body));
        } catch (const std::exception& e) {
            throw UndeclaredError(response.status, type->second, response.headers,
                                  response.body.substr(0, kMaxQuotedBytes),
                                  std::string("the body is not the declared type: ") + e.what());
        }
    }
    std::rethrow_exception(error_for(response.status, response.headers, response.body, errors));
}

// Sends `request` for an operation whose success has no content: returns
// for any 2xx; any other response is thrown as error_for's error.
void call_empty(const Client& client, const Request& request, const std::vector<ErrorCase>& errors);

// ---- what the generated methods build requests with ----------------------------------------------

// A path template ("/orders/{id}") with each `{name}` replaced by its value, escaped as one segment.
std::string expand_path(std::string path_template, const std::vector<std::pair<std::string, std::string>>& values);
// A parameter's value as the wire carries it: a string as itself, any other
// value as its JSON text, an integral number without ".0" (as the Go and
// TypeScript clients write it).
inline std::string text(const std::string& value) { return value; }
inline std::string text(std::int64_t value) { return std::to_string(value); }
inline std::string text(bool value) { return value ? "true" : "false"; }
std::string text(double value);
// A contract type's JSON text as the wire carries it: a JSON string without its quotes, any other as it is.
std::string json_text(const std::string& json);

// ---- streams ----------------------------------------------------------------------------------------

enum class Framing { sse, ndjson };

// A stream's rules (the client model of the generator's src/ir/clients.h,
// from `x-streams`), read from each item's JSON through RFC 6901 pointers
// into the item; an absent pointer: the stream has no such field.
struct Rules {
    std::string tag_pointer;
    std::optional<std::string> tag_default;
    std::vector<std::string> first;     // tags the first item may have (empty: any)
    std::vector<std::string> terminal;  // tags that end a logical stream
    bool terminal_required = false;
    std::optional<std::string> key_pointer;  // items with different keys are separate logical streams
    std::optional<std::string> sequence_pointer;
    bool gapless = false;
    std::vector<std::string> sse_events;             // accepted `event:` names (empty: any) ...
    std::optional<std::string> sse_event_pointer;    // ... or the item field the name must equal
    std::optional<std::string> sse_id_pointer;       // the item field sent as `id:`
    std::optional<std::string> heartbeat_tag;        // such items are not delivered
    std::vector<std::string> warnings;               // rule ids weighed as warnings; the others end the stream
};

// A broken rule the stream weighs as a warning (verify's rule id); the item is delivered all the same.
struct Finding {
    std::string rule;
    std::string message;
};

// A streaming response without its item type: what the transport needs.
struct StreamShape {
    Framing framing = Framing::ndjson;
    std::vector<std::string> media;
    Rules rules;
    stream::ReconnectConfig reconnect;  // fail_on_status is set by read_stream
    bool resume = false;  // reconnect with Last-Event-ID (an SSE stream whose items carry ids)
    std::vector<ErrorCase> errors;
    std::size_t max_line_bytes = stream::kDefaultMaxLineBytes;
};

// Overrides of a stream's declared client rules (docs/clients.md, `options`:
// watchdogMs, maxAttempts, initialDelayMs, multiplier, maxDelayMs); an empty one: as declared.
struct StreamOptions {
    std::optional<std::int64_t> watchdog_ms;
    std::optional<std::int64_t> max_attempts;
    std::optional<std::int64_t> initial_delay_ms;
    std::optional<std::int64_t> multiplier;
    std::optional<std::int64_t> max_delay_ms;
    // The declared configuration with the overrides.
    stream::ReconnectConfig apply(stream::ReconnectConfig config) const {
        if (watchdog_ms) config.watchdog_timeout_ms = *watchdog_ms;
        if (max_attempts) config.backoff.max_attempts = *max_attempts;
        if (initial_delay_ms) config.backoff.initial_delay_ms = *initial_delay_ms;
        if (multiplier) config.backoff.multiplier = *multiplier;
        if (max_delay_ms) config.backoff.max_delay_ms = *max_delay_ms;
        return config;
    }
};

enum class StreamEventKind { item, finding, retry };

// One thing a stream tells its reader; the pointers are valid during the callback.
template <class T>
struct StreamEvent {
    StreamEventKind kind = StreamEventKind::item;
    const T* item = nullptr;
    const Finding* finding = nullptr;
    std::int64_t attempt = 0;
    std::int64_t delay_ms = 0;
};

namespace detail {
// The request's URL (base, path, encoded query) and its header lines ("Name: value").
std::string url_of(const Client& client, const Request& request);
std::vector<std::string> header_lines(const Client& client, const Request& request);
// The stream loop, without the item type: `decode(text)` decodes one item
// the rules let through and keeps it (throws std::exception when it cannot),
// `deliver()` passes it on; each callback returns false to stop.
struct StreamHooks {
    std::function<void(std::string_view)> decode;
    std::function<bool()> deliver;
    std::function<bool(const Finding&)> finding;
    std::function<bool(std::int64_t attempt, std::int64_t delay_ms)> retry;
};
void run_stream(const Client& client, const Request& request, const StreamShape& shape, StreamHooks& hooks);
}  // namespace detail

// Reads a streaming call to its end, calling on_event(const StreamEvent<T>&)
// (return false to stop early). Returns at the stream's declared end; throws
// ResponseError, UndeclaredError, RuleError or StreamFailed when it cannot get there.
template <class T, class Decode, class OnEvent>
void read_stream(const Client& client, const Request& request, const StreamShape& shape, Decode&& decode,
                 OnEvent&& on_event) {
    std::optional<T> current;
    detail::StreamHooks hooks;
    hooks.decode = [&](std::string_view text) {
        current.reset();
        current.emplace(decode(text));
    };
    hooks.deliver = [&] {
        StreamEvent<T> event;
        event.item = &*current;
        return static_cast<bool>(on_event(event));
    };
    hooks.finding = [&](const Finding& finding) {
        StreamEvent<T> event;
        event.kind = StreamEventKind::finding;
        event.finding = &finding;
        return static_cast<bool>(on_event(event));
    };
    hooks.retry = [&](std::int64_t attempt, std::int64_t delay_ms) {
        StreamEvent<T> event;
        event.kind = StreamEventKind::retry;
        event.attempt = attempt;
        event.delay_ms = delay_ms;
        return static_cast<bool>(on_event(event));
    };
    detail::run_stream(client, request, shape, hooks);
}

}  // namespace client
}  // namespace contract
