// The work pool: every item runs once, nested batches finish (the waiting
// thread helps instead of blocking a core), worker numbers stay in range,
// and a failing item is reported as a sequential loop would have.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "parallel/work_pool.h"

using contractgen::parallel::WorkPool;

TEST_CASE("work pool runs every item exactly once, with a worker number in range", "[parallel]") {
    WorkPool pool(3);
    REQUIRE(pool.size() == 3);
    std::vector<std::atomic<int>> runs(1000);
    std::atomic<bool> bad_worker{false};
    pool.for_each(runs.size(), [&](std::size_t i, std::size_t worker) {
        if (worker >= pool.size()) bad_worker = true;
        ++runs[i];
    });
    for (auto& r : runs) REQUIRE(r == 1);
    REQUIRE_FALSE(bad_worker);
}

TEST_CASE("work pool finishes nested batches, more of them than it has threads", "[parallel]") {
    WorkPool pool(2);
    std::vector<std::vector<int>> results(8);
    pool.for_each(results.size(), [&](std::size_t outer, std::size_t worker) {
        std::vector<int> slots(50);
        pool.for_each(
            slots.size(), [&](std::size_t inner, std::size_t) { slots[inner] = static_cast<int>(outer * 100 + inner); },
            worker);
        results[outer] = slots;
    });
    for (std::size_t outer = 0; outer < results.size(); ++outer) {
        REQUIRE(results[outer].size() == 50);
        for (std::size_t inner = 0; inner < 50; ++inner) REQUIRE(results[outer][inner] == int(outer * 100 + inner));
    }
}

TEST_CASE("work pool never runs two items on one worker number at once", "[parallel]") {
    // Per-worker state (template caches) relies on this.
    WorkPool pool(2);
    std::vector<std::atomic<int>> busy(pool.size());
    std::atomic<bool> overlap{false};
    pool.for_each(200, [&](std::size_t, std::size_t worker) {
        if (++busy[worker] != 1) overlap = true;
        std::this_thread::yield();
        --busy[worker];
    });
    REQUIRE_FALSE(overlap);
}

TEST_CASE("work pool rethrows the failure of the lowest index, after every item ran", "[parallel]") {
    WorkPool pool(2);
    std::atomic<int> ran{0};
    try {
        pool.for_each(20, [&](std::size_t i, std::size_t) {
            ++ran;
            if (i == 7 || i == 13) throw std::runtime_error("item " + std::to_string(i));
        });
        FAIL("no exception");
    } catch (const std::runtime_error& e) {
        REQUIRE(std::string(e.what()) == "item 7");
    }
    REQUIRE(ran == 20);
}

TEST_CASE("work pool of one thread runs everything on the caller", "[parallel]") {
    WorkPool pool(1);
    REQUIRE(pool.size() == 1);
    const auto caller = std::this_thread::get_id();
    bool elsewhere = false;
    pool.for_each(10, [&](std::size_t, std::size_t worker) {
        if (std::this_thread::get_id() != caller || worker != 0) elsewhere = true;
    });
    REQUIRE_FALSE(elsewhere);
}

TEST_CASE("work pool's short batch runs each item once, a single one on the caller", "[parallel]") {
    const auto caller = std::this_thread::get_id();
    bool elsewhere = false, ran_empty = false;
    WorkPool::run_batch(0, [&](std::size_t, std::size_t) { ran_empty = true; });
    REQUIRE_FALSE(ran_empty);
    int single = 0;
    WorkPool::run_batch(1, [&](std::size_t i, std::size_t worker) {
        if (std::this_thread::get_id() != caller || worker != 0 || i != 0) elsewhere = true;
        ++single;
    });
    REQUIRE(single == 1);
    REQUIRE_FALSE(elsewhere);
    std::vector<std::atomic<int>> runs(50);
    std::atomic<bool> bad_worker{false};
    WorkPool::run_batch(runs.size(), [&](std::size_t i, std::size_t worker) {
        if (worker >= std::min<std::size_t>(runs.size(), WorkPool::default_threads())) bad_worker = true;
        ++runs[i];
    });
    for (auto& r : runs) REQUIRE(r == 1);
    REQUIRE_FALSE(bad_worker);
}
