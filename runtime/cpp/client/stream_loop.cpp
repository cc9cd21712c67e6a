// The stream loop of the operation clients: one libcurl multi handle, one
// connection at a time, the Reconnector's timers on real time between
// transfers, the body through the stream runtime's readers and the rules.
// libcurl forbids changing the multi handle from inside its callbacks, so a
// connection the Reconnector drops there is retired and cleaned up after the
// transfer step.
#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

#include "contract/client/client.hpp"
#include "contract/client/rules.hpp"
#include "contract/stream/ndjson.hpp"
#include "contract/stream/sse.hpp"

namespace contract {
namespace client {
namespace detail {

namespace {

using Clock = std::chrono::steady_clock;

// Real time for the Reconnector: timers fire in the loop, between transfer steps.
class LoopScheduler : public stream::Scheduler {
public:
    Handle schedule(std::int64_t delay_ms, std::function<void()> callback) override {
        timers_.push_back({Clock::now() + std::chrono::milliseconds(std::max<std::int64_t>(delay_ms, 0)), ++next_,
                           std::move(callback)});
        return next_;
    }
    void cancel(Handle handle) override {
        timers_.erase(std::remove_if(timers_.begin(), timers_.end(), [&](const Timer& t) { return t.id == handle; }),
                      timers_.end());
    }
    // Fires every due timer, earliest first (ties: scheduling order).
    void fire_due() {
        for (;;) {
            auto due = std::min_element(timers_.begin(), timers_.end(), [](const Timer& a, const Timer& b) {
                return a.due < b.due || (a.due == b.due && a.id < b.id);
            });
            if (due == timers_.end() || due->due > Clock::now()) return;
            std::function<void()> callback = std::move(due->callback);
            timers_.erase(due);
            callback();
        }
    }
    // Milliseconds until the next timer, at most `cap`.
    int wait_ms(int cap) const {
        auto wait = std::chrono::milliseconds(cap);
        for (const Timer& t : timers_)
            wait = std::min(wait, std::chrono::duration_cast<std::chrono::milliseconds>(t.due - Clock::now()));
        return static_cast<int>(std::max<std::int64_t>(wait.count(), 0));
    }

private:
    struct Timer {
        Clock::time_point due;
        Handle id;
        std::function<void()> callback;
    };
    std::vector<Timer> timers_;
    Handle next_ = 0;
};

struct Connection {
    class StreamLoop* loop = nullptr;
    std::unique_ptr<CURL, void (*)(CURL*)> easy{nullptr, curl_easy_cleanup};
    std::unique_ptr<curl_slist, void (*)(curl_slist*)> headers{nullptr, curl_slist_free_all};
    std::string url;
    int status = 0;
    Headers response_headers;
    bool success = false;  // a 2xx whose body is the stream
    bool retired = false;
    std::string error_body;
    std::unique_ptr<stream::NdjsonReader> ndjson;
    std::unique_ptr<stream::SseReader> sse;
    char error[CURL_ERROR_SIZE] = {0};
};

std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user);
std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user);

class StreamLoop {
public:
    StreamLoop(const Client& client, const Request& request, const StreamShape& shape, StreamHooks& hooks)
        : client_(client),
          request_(request),
          shape_(shape),
          hooks_(hooks),
          multi_(curl_multi_init(), curl_multi_cleanup),
          checker_(shape.rules),
          connections_(failing_on_status(shape.reconnect), scheduler_,
                       [this](const stream::ReconnectAction& a) { act(a); }) {}

    // The readers' records; defined before its callers, since its type is deduced.
    auto sink() {
        return stream::overloaded{
            [this](const stream::SseEventView& e) {
                last_event_id_.assign(e.last_event_id);
                const std::string event(e.type), event_id(e.last_event_id);
                item(e.data, &event, &event_id);
            },
            [this](const stream::NdjsonLine& line) { item(line.text, nullptr, nullptr); },
            [](const stream::SseRetry&) {},  // the declared backoff rules
            [this](const stream::StreamError& e) { framing(e); },
        };
    }

    void run() {
        connections_.start();
        while (!finished_) {
            if (current_) {
                int running = 0;
                curl_multi_perform(multi_.get(), &running);
                int left = 0;
                while (CURLMsg* message = curl_multi_info_read(multi_.get(), &left))
                    if (message->msg == CURLMSG_DONE && current_ && message->easy_handle == current_->easy.get())
                        done(message->data.result);
            }
            retire_cleanup();
            if (finished_) break;
            scheduler_.fire_due();
            retire_cleanup();
            if (finished_) break;
            const int wait = scheduler_.wait_ms(1000);
            if (current_) curl_multi_poll(multi_.get(), nullptr, 0, wait, nullptr);
            else
                std::this_thread::sleep_for(std::chrono::milliseconds(wait));
        }
        retire();
        retire_cleanup();
        connections_.done();
        if (final_error_) std::rethrow_exception(final_error_);
    }

    // The response's status line and headers are in.
    void headers_in(Connection& c) {
        if (c.retired || c.status < 200) return;
        if (c.status > 299) return;  // the body is the error's: handled at the end of the transfer
        auto type = c.response_headers.find("content-type");
        const std::string content_type = type == c.response_headers.end() ? std::string() : type->second;
        const auto& media = shape_.media;
        if (!media.empty() && std::find(media.begin(), media.end(), media_type(content_type)) == media.end()) {
            finish(std::make_exception_ptr(UndeclaredError(c.status, content_type, c.response_headers, "",
                                                           "the media type is not declared for the stream")));
            return;
        }
        c.success = true;
        if (shape_.framing == Framing::sse) {
            stream::SseReaderOptions options;
            options.max_line_bytes = options.max_event_bytes = shape_.max_line_bytes;
            options.last_event_id = last_event_id_;
            c.sse = std::make_unique<stream::SseReader>(options);
        } else {
            c.ndjson = std::make_unique<stream::NdjsonReader>(shape_.max_line_bytes);
        }
        last_error_ = nullptr;
        connections_.response(c.status);
    }

    // Bytes of the body; false stops the transfer.
    bool body_in(Connection& c, std::string_view data) {
        if (c.retired || finished_) return false;
        if (!c.success) {
            if (c.error_body.size() < (1u << 20)) c.error_body.append(data);
            return true;
        }
        if (connections_.data()) {
            if (c.sse) c.sse->feed(data, sink());
            else
                c.ndjson->feed(data, sink());
        }
        return !c.retired && !finished_;
    }

    void fail(std::exception_ptr error) { finish(std::move(error)); }

private:
    static stream::ReconnectConfig failing_on_status(stream::ReconnectConfig config) {
        config.fail_on_status = true;  // a status other than 2xx, 429 and 503 is the caller's error
        return config;
    }

    void act(const stream::ReconnectAction& a) {
        switch (a.kind) {
            case stream::ReconnectActionKind::connect:
                checker_.opened();
                connect();
                break;
            case stream::ReconnectActionKind::cancel:
                retire();
                if (a.reason == "watchdog") {
                    cut_ = "watchdog";
                    last_error_ = nullptr;
                }
                break;
            case stream::ReconnectActionKind::retry:
                retire();
                checker_.reconnected();
                if (!finished_ && !hooks_.retry(a.attempt, a.delay_ms)) finish(nullptr);
                break;
            case stream::ReconnectActionKind::failed:
                if (a.reason == "status" || a.status != 0)  // refused, or a 429/503 out of attempts
                    finish(last_error_);
                else if (a.reason == "retries_exhausted" && shape_.reconnect.backoff.max_attempts > 0)
                    finish(std::make_exception_ptr(StreamFailed("retries_exhausted", last_error_)));
                else
                    finish(std::make_exception_ptr(StreamFailed(cut_, last_error_)));
                break;
        }
    }

    void connect() {
        auto c = std::make_unique<Connection>();
        c->loop = this;
        c->easy.reset(curl_easy_init());
        c->url = url_of(client_, request_);
        curl_slist* list = nullptr;
        for (const std::string& line : header_lines(client_, request_)) list = curl_slist_append(list, line.c_str());
        if (shape_.resume && !last_event_id_.empty())
            list = curl_slist_append(list, ("Last-Event-ID: " + last_event_id_).c_str());
        c->headers.reset(list);
        CURL* e = c->easy.get();
        curl_easy_setopt(e, CURLOPT_URL, c->url.c_str());
        curl_easy_setopt(e, CURLOPT_CUSTOMREQUEST, request_.method.c_str());
        curl_easy_setopt(e, CURLOPT_HTTPHEADER, list);
        if (request_.body) {
            curl_easy_setopt(e, CURLOPT_POSTFIELDS, request_.body->data());
            curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request_.body->size()));
        }
        curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
        curl_easy_setopt(e, CURLOPT_HEADERDATA, c.get());
        curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
        curl_easy_setopt(e, CURLOPT_WRITEDATA, c.get());
        curl_easy_setopt(e, CURLOPT_ERRORBUFFER, c->error);
        curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
        curl_multi_add_handle(multi_.get(), e);
        current_ = std::move(c);
    }

    // The transfer of the current connection ended.
    void done(CURLcode result) {
        Connection& c = *current_;
        if (!c.success) {
            if (c.status >= 300 || (c.status > 0 && c.status < 200)) {
                last_error_ = error_for(c.status, c.response_headers, c.error_body, shape_.errors);
                connections_.response(c.status, retry_after_ms(c.response_headers));
            } else {
                last_error_ = std::make_exception_ptr(
                    std::runtime_error(c.url + ": " + (c.error[0] ? c.error : curl_easy_strerror(result))));
                connections_.dropped();
            }
            retire();
            return;
        }
        if (c.sse) c.sse->end(sink());
        else
            c.ndjson->end(sink());
        if (finished_ || c.retired) return;
        if (result == CURLE_OK && checker_.complete()) {
            finish(nullptr);
            return;
        }
        cut_ = result == CURLE_OK ? "terminal.missing" : "dropped";
        last_error_ = result == CURLE_OK ? nullptr
                                         : std::make_exception_ptr(std::runtime_error(
                                               c.url + ": " + (c.error[0] ? c.error : curl_easy_strerror(result))));
        retire();
        connections_.dropped();
    }

    // One item's text, with its SSE event name and id when framed so.
    void item(std::string_view text, const std::string* event, const std::string* event_id) {
        if (finished_) return;
        try {
            const bool deliver = checker_.accept(text, event, event_id);
            flush();
            if (!deliver) return;
            try {
                hooks_.decode(text);
            } catch (const RuleError&) {
                throw;
            } catch (const std::exception& e) {
                checker_.finding("item", e.what());
                flush();
                return;
            }
        } catch (const RuleError&) {
            flush();
            finish(std::current_exception());
            return;
        }
        if (!finished_ && !hooks_.deliver()) finish(nullptr);
        if (checker_.done()) finish(nullptr);
    }

    // Hands the warnings on.
    void flush() {
        for (const Finding& f : checker_.take_findings())
            if (!finished_ && !hooks_.finding(f)) finish(nullptr);
    }

    void framing(const stream::StreamError& e) {
        try {
            checker_.finding("framing." + e.code,
                             std::to_string(e.offset) + "/" + std::to_string(e.line) + ": " + e.message);
            flush();
        } catch (const RuleError&) {
            finish(std::current_exception());
        }
    }

    void finish(std::exception_ptr error) {
        if (finished_) return;
        finished_ = true;
        final_error_ = std::move(error);
        retire();
    }

    void retire() {
        if (!current_) return;
        current_->retired = true;
        retired_.push_back(std::move(current_));
    }

    void retire_cleanup() {
        for (auto& c : retired_) curl_multi_remove_handle(multi_.get(), c->easy.get());
        retired_.clear();
    }

    const Client& client_;
    const Request& request_;
    const StreamShape& shape_;
    StreamHooks& hooks_;
    std::unique_ptr<CURLM, CURLMcode (*)(CURLM*)> multi_;
    LoopScheduler scheduler_;
    RuleChecker checker_;
    std::unique_ptr<Connection> current_;
    std::vector<std::unique_ptr<Connection>> retired_;
    std::string last_event_id_;
    std::exception_ptr last_error_;  // the last connection's error
    std::string cut_ = "dropped";    // how the last connection ended early: dropped, watchdog, terminal.missing
    bool finished_ = false;
    std::exception_ptr final_error_;
    stream::Reconnector connections_;  // last: its destructor cancels timers of the scheduler above
};

std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
    auto* c = static_cast<Connection*>(user);
    std::string_view line(data, size * count);
    if (c->retired) return 0;
    if (line.rfind("HTTP/", 0) == 0) {
        c->response_headers.clear();
        const auto space = line.find(' ');
        c->status = space == std::string_view::npos ? 0 : std::atoi(std::string(line.substr(space + 1, 3)).c_str());
    } else if (line == "\r\n" || line == "\n") {
        try {
            c->loop->headers_in(*c);
        } catch (...) {
            c->loop->fail(std::current_exception());
        }
    } else if (const auto colon = line.find(':'); colon != std::string_view::npos) {
        std::string name(line.substr(0, colon)), value(line.substr(colon + 1));
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return std::tolower(ch); });
        value.erase(0, value.find_first_not_of(" \t"));
        value.erase(value.find_last_not_of(" \t\r\n") + 1);
        c->response_headers[name] = value;
    }
    return c->retired ? 0 : size * count;
}

// No exception crosses libcurl: an exception of the reader's callbacks ends the stream.
std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
    auto* c = static_cast<Connection*>(user);
    try {
        return c->loop->body_in(*c, std::string_view(data, size * count)) ? size * count : 0;
    } catch (...) {
        c->loop->fail(std::current_exception());
        return 0;
    }
}

}  // namespace

void run_stream(const Client& client, const Request& request, const StreamShape& shape, StreamHooks& hooks) {
    static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
    if (!initialised) throw std::runtime_error("libcurl could not be initialised");
    StreamLoop(client, request, shape, hooks).run();
}

}  // namespace detail
}  // namespace client
}  // namespace contract
