// The connection lifecycle of a streaming client, with no I/O of its own:
// the one implementation of reconnection, backoff and the watchdog that the
// ChatClient and the operation clients share. The host reports what happens
// (start, response, data, dropped, done, abort; the scheduler fires the
// timers) and carries out the actions. Rules (docs/streams.md): a drop before
// any data retries only if an earlier connection delivered data; the attempt
// count restarts when data arrives; the watchdog runs from the response to
// the end and counts as a drop; a no-retry status fails at once; a 429 or 503
// waits its Retry-After (else the backoff delay) and counts as an attempt,
// with or without earlier data.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "contract/stream/timing.hpp"

namespace contract {
namespace stream {

// Filled from a stream's client rules; watchdog_timeout_ms <= 0: no
// watchdog. fail_on_status: a status other than 2xx, 429 and 503 ends the
// stream (the operation clients: it is the caller's error); false: it counts
// as a drop (the ChatClient).
struct ReconnectConfig {
    std::int64_t watchdog_timeout_ms = 0;
    BackoffConfig backoff;
    std::vector<int> no_retry_statuses;
    bool fail_on_status = false;
};

// A status that asks the client to come back later (429, 503): retried after
// its Retry-After, even before any data.
inline bool is_retry_later(int status) { return status == 429 || status == 503; }

enum class ConnectionState { idle, connecting, open, waiting, done, failed, aborted };

inline const char* to_string(ConnectionState state) {
    switch (state) {
        case ConnectionState::idle: return "idle";
        case ConnectionState::connecting: return "connecting";
        case ConnectionState::open: return "open";
        case ConnectionState::waiting: return "waiting";
        case ConnectionState::done: return "done";
        case ConnectionState::failed: return "failed";
        case ConnectionState::aborted: return "aborted";
    }
    return "?";
}

enum class ReconnectActionKind { connect, cancel, retry, failed };

// connect (attempt), cancel (reason: watchdog|aborted), retry (attempt,
// delay_ms), failed (reason: status|no_data|retries_exhausted; status: the
// refused status, or the 429 or 503 that ran out of attempts).
struct ReconnectAction {
    ReconnectActionKind kind = ReconnectActionKind::connect;
    std::int64_t attempt = 0;
    std::int64_t delay_ms = 0;
    std::string reason;
    int status = 0;
};

// Not movable: its timers call back into it.
class Reconnector {
public:
    using OnAction = std::function<void(const ReconnectAction&)>;

    Reconnector(ReconnectConfig config, Scheduler& scheduler, OnAction on_action)
        : config_(std::move(config)),
          scheduler_(scheduler),
          on_action_(std::move(on_action)),
          watchdog_(scheduler, config_.watchdog_timeout_ms, [this] { on_watchdog(); }) {}
    Reconnector(const Reconnector&) = delete;
    Reconnector& operator=(const Reconnector&) = delete;
    ~Reconnector() { stop_timers(); }

    ConnectionState state() const { return state_; }
    std::int64_t attempt() const { return attempt_; }

    // Opens the first connection (action connect 0); only once, when idle.
    void start() {
        require_idle("start");
        connect();
    }

    // The stream is open without a connection (replay); only when idle.
    void open() {
        require_idle("open");
        state_ = ConnectionState::open;
    }

    // The connection's HTTP status; retry_after_ms when the response has a Retry-After.
    void response(int status, std::optional<std::int64_t> retry_after_ms = std::nullopt) {
        if (state_ != ConnectionState::connecting) return;
        const auto& no_retry = config_.no_retry_statuses;
        const bool never_retried = std::find(no_retry.begin(), no_retry.end(), status) != no_retry.end();
        if (status >= 200 && status <= 299) {
            state_ = ConnectionState::open;
            if (config_.watchdog_timeout_ms > 0) watchdog_.start();
        } else if (is_retry_later(status) && !never_retried) {
            retry(retry_after_ms, status);
        } else if (never_retried || config_.fail_on_status) {  // a listed status ends it, even a 429
            fail("status", status);
        } else {
            dropped();
        }
    }

    // Bytes of the body arrived; tells whether the stream is open to take them.
    bool data() {
        if (state_ != ConnectionState::open) return false;
        watchdog_.reset();
        got_data_ = data_ever_ = true;
        attempt_ = 0;
        return true;
    }

    // The connection ended (end of body, network error) before the stream's end.
    void dropped() {
        if (state_ != ConnectionState::connecting && state_ != ConnectionState::open) return;
        watchdog_.stop();
        if (!got_data_ && !data_ever_) {
            fail("no_data", 0);
            return;
        }
        retry(std::nullopt, 0);
    }

    // The stream's end (a terminal item, or an end that needs none): no more connections.
    void done() {
        if (final()) return;
        stop_timers();
        state_ = ConnectionState::done;
    }

    // The user stops the stream (action cancel "aborted"): never retried.
    void abort() {
        if (final()) return;
        stop_timers();
        state_ = ConnectionState::aborted;
        emit(ReconnectActionKind::cancel, [](ReconnectAction& a) { a.reason = "aborted"; });
    }

private:
    bool final() const {
        return state_ == ConnectionState::done || state_ == ConnectionState::failed ||
               state_ == ConnectionState::aborted;
    }

    void require_idle(const char* what) const {
        if (state_ != ConnectionState::idle)
            throw std::logic_error(std::string("Reconnector::") + what + " in state " + to_string(state_));
    }

    template <class F>
    void emit(ReconnectActionKind kind, F&& fill) {
        ReconnectAction action;
        action.kind = kind;
        fill(action);
        on_action_(action);
    }

    void connect() {
        state_ = ConnectionState::connecting;
        got_data_ = false;
        emit(ReconnectActionKind::connect, [&](ReconnectAction& a) { a.attempt = attempt_; });
    }

    void on_watchdog() {
        if (state_ != ConnectionState::open) return;
        emit(ReconnectActionKind::cancel, [](ReconnectAction& a) { a.reason = "watchdog"; });
        dropped();
    }

    // The next attempt after `delay_ms` (none: the backoff's delay).
    void retry(std::optional<std::int64_t> delay_ms, int status) {
        watchdog_.stop();
        ++attempt_;
        const std::optional<std::int64_t> backoff = backoff_delay(config_.backoff, attempt_);
        if (!backoff) {
            fail("retries_exhausted", status);
            return;
        }
        const std::int64_t delay = delay_ms ? *delay_ms : *backoff;
        state_ = ConnectionState::waiting;
        emit(ReconnectActionKind::retry, [&](ReconnectAction& a) {
            a.attempt = attempt_;
            a.delay_ms = delay;
        });
        retry_timer_ = scheduler_.schedule(delay, [this] {
            retry_timer_.reset();
            if (state_ == ConnectionState::waiting) connect();
        });
    }

    void fail(const char* reason, int status) {
        stop_timers();
        state_ = ConnectionState::failed;
        emit(ReconnectActionKind::failed, [&](ReconnectAction& a) {
            a.reason = reason;
            a.status = status;
        });
    }

    void stop_timers() {
        watchdog_.stop();
        if (retry_timer_) scheduler_.cancel(*retry_timer_);
        retry_timer_.reset();
    }

    ReconnectConfig config_;
    Scheduler& scheduler_;
    OnAction on_action_;
    Watchdog watchdog_;
    ConnectionState state_ = ConnectionState::idle;
    std::int64_t attempt_ = 0;
    bool got_data_ = false;
    bool data_ever_ = false;
    std::optional<Scheduler::Handle> retry_timer_;
};

}  // namespace stream
}  // namespace contract
