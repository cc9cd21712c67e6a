// A few threads that run the independent parts of a generation run: the
// targets, and the families inside a target.
//
// Work comes in batches (`for_each`), which may nest: a target that runs as
// one item of the targets' batch starts a batch of its families. The thread
// that starts a batch works on it too, and while it waits for items other
// threads are still running it helps with any other open batch, so a nested
// batch never leaves a core idle or waits for itself. Results must not
// depend on which thread ran what: callers write each item's result to its
// own slot and combine them in index order.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace contractgen::parallel {

class WorkPool {
public:
    // `threads` counts the calling thread: 1 runs everything on the caller.
    explicit WorkPool(std::size_t threads = default_threads());
    ~WorkPool();
    WorkPool(const WorkPool&) = delete;
    WorkPool& operator=(const WorkPool&) = delete;

    // Threads in the pool, the caller's included; workers are numbered 0..size()-1.
    std::size_t size() const { return threads_.size() + 1; }

    // The items of a batch: `index` < n, `worker` is the number of the thread
    // running it (for per-thread state such as template caches).
    using Body = std::function<void(std::size_t index, std::size_t worker)>;

    // Runs body(i, worker) for every i < n and returns when all are done.
    // `caller` is the worker number of the calling thread (0 outside any
    // batch). If items throw, the exception of the lowest index is rethrown,
    // as a sequential loop would have.
    void for_each(std::size_t n, const Body& body, std::size_t caller = 0);

    // One thread per core.
    static std::size_t default_threads();

    // One short batch outside a run's pool (the writer's files): a pool of
    // its own with no more threads than items, so a single item runs on the
    // caller and no thread is started for it.
    static void run_batch(std::size_t n, const Body& body);

private:
    struct Batch {
        std::size_t size;
        const Body* body;
        std::size_t next = 0;  // next unclaimed index
        std::size_t done = 0;
        std::vector<std::exception_ptr> errors;
    };

    void work(std::size_t worker);
    // Claims an item of `batch`, or of the oldest open batch when `batch` is
    // null, and runs it with the lock released. False when there is none.
    bool run_one(std::unique_lock<std::mutex>& lock, Batch* batch, std::size_t worker);

    std::mutex mutex_;
    std::condition_variable changed_;  // a batch opened, or an item finished
    std::deque<Batch*> open_;          // batches with unclaimed items, oldest first
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace contractgen::parallel
