// Time for the stream state machines: a scheduler interface, a virtual-time
// scheduler, the reconnection backoff, the client watchdog and the server's
// heartbeat emitter (schemas/README.md: `chat_stream`). Nothing here reads a clock: every timer goes
// through a Scheduler, which the host implements on its event loop (and tests
// and simulations use ManualScheduler's virtual milliseconds). Intervals and
// backoff parameters are arguments: their values are the contract's tables
// (HeartbeatIntervalMs, WatchdogTimeoutMs, Reconnect*).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <utility>

namespace contract {
namespace stream {

class Scheduler {
public:
    using Handle = std::uint64_t;
    virtual ~Scheduler() = default;
    // Runs `callback` once after `delay_ms`; returns a handle for cancel().
    virtual Handle schedule(std::int64_t delay_ms, std::function<void()> callback) = 0;
    // Cancels a pending timer (a fired or unknown handle is ignored).
    virtual void cancel(Handle handle) = 0;
};

// Virtual time: timers fire only inside advance(), in due order (ties: scheduling order).
class ManualScheduler : public Scheduler {
public:
    Handle schedule(std::int64_t delay_ms, std::function<void()> callback) override {
        const Handle id = ++next_id_;
        queue_.emplace(std::make_pair(now_ms_ + (delay_ms > 0 ? delay_ms : 0), id), std::move(callback));
        return id;
    }

    void cancel(Handle handle) override {
        for (auto it = queue_.begin(); it != queue_.end(); ++it)
            if (it->first.second == handle) {
                queue_.erase(it);
                return;
            }
    }

    // Moves time forward by `ms`, firing every timer that falls due (also ones scheduled meanwhile).
    void advance(std::int64_t ms) {
        const std::int64_t target = now_ms_ + ms;
        while (!queue_.empty() && queue_.begin()->first.first <= target) {
            auto node = queue_.extract(queue_.begin());
            now_ms_ = node.key().first;
            node.mapped()();
        }
        now_ms_ = target;
    }

    std::int64_t now_ms() const { return now_ms_; }

private:
    std::int64_t now_ms_ = 0;
    Handle next_id_ = 0;
    std::map<std::pair<std::int64_t, Handle>, std::function<void()>> queue_;  // (due, id) -> callback
};

// delay(attempt) = min(initial_delay_ms * multiplier^(attempt-1), max_delay_ms), attempts 1..max_attempts.
struct BackoffConfig {
    std::int64_t initial_delay_ms = 0;
    std::int64_t multiplier = 0;
    std::int64_t max_delay_ms = 0;
    std::int64_t max_attempts = 0;
};

// The delay before reconnection `attempt` (1-based), or nothing: no such attempt.
inline std::optional<std::int64_t> backoff_delay(const BackoffConfig& config, std::int64_t attempt) {
    if (attempt < 1 || attempt > config.max_attempts) return std::nullopt;
    std::int64_t delay = config.initial_delay_ms;
    for (std::int64_t n = 1; n < attempt && delay < config.max_delay_ms; ++n) delay *= config.multiplier;
    return delay < config.max_delay_ms ? delay : config.max_delay_ms;
}

namespace detail {

// One re-armable timer on a scheduler.
class Timer {
public:
    Timer(Scheduler& scheduler, std::int64_t delay_ms, std::function<void()> fire)
        : scheduler_(scheduler), delay_ms_(delay_ms), fire_(std::move(fire)) {}
    Timer(const Timer&) = delete;
    Timer& operator=(const Timer&) = delete;
    ~Timer() { stop(); }

    bool running() const { return armed_; }

    void arm() {
        stop();
        armed_ = true;
        handle_ = scheduler_.schedule(delay_ms_, [this] {
            armed_ = false;
            fire_();
        });
    }

    void stop() {
        if (armed_) scheduler_.cancel(handle_);
        armed_ = false;
    }

private:
    Scheduler& scheduler_;
    std::int64_t delay_ms_;
    std::function<void()> fire_;
    Scheduler::Handle handle_ = 0;
    bool armed_ = false;
};

}  // namespace detail

// Client side: on_timeout when no chunk arrived for timeout_ms (reset on each chunk, not each event).
class Watchdog {
public:
    Watchdog(Scheduler& scheduler, std::int64_t timeout_ms, std::function<void()> on_timeout)
        : timer_(scheduler, timeout_ms, std::move(on_timeout)) {}

    bool running() const { return timer_.running(); }
    void start() { timer_.arm(); }
    // A chunk arrived: the timeout starts again (only while running).
    void reset() {
        if (timer_.running()) timer_.arm();
    }
    void stop() { timer_.stop(); }

private:
    detail::Timer timer_;
};

// Server side: emit() after interval_ms without another event sent, then
// again every interval. Call sent() whenever the stream writes an event.
class HeartbeatEmitter {
public:
    HeartbeatEmitter(Scheduler& scheduler, std::int64_t interval_ms, std::function<void()> emit)
        : emit_(std::move(emit)), timer_(scheduler, interval_ms, [this] {
              timer_.arm();  // re-armed first: emit() may stop the emitter
              emit_();
          }) {}

    bool running() const { return timer_.running(); }
    void start() { timer_.arm(); }
    void sent() {
        if (timer_.running()) timer_.arm();
    }
    void stop() { timer_.stop(); }

private:
    std::function<void()> emit_;
    detail::Timer timer_;
};

}  // namespace stream
}  // namespace contract
