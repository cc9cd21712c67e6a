#include "parallel/work_pool.h"

#include <algorithm>

namespace contractgen::parallel {

WorkPool::WorkPool(std::size_t threads) {
    for (std::size_t w = 1; w < std::max<std::size_t>(1, threads); ++w) threads_.emplace_back([this, w] { work(w); });
}

WorkPool::~WorkPool() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    for (auto& t : threads_) t.join();
}

std::size_t WorkPool::default_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

void WorkPool::run_batch(std::size_t n, const Body& body) {
    if (n == 0) return;
    WorkPool(std::min(n, default_threads())).for_each(n, body);
}

bool WorkPool::run_one(std::unique_lock<std::mutex>& lock, Batch* batch, std::size_t worker) {
    if (batch == nullptr) {
        if (open_.empty()) return false;
        batch = open_.front();
    } else if (batch->next == batch->size) {
        return false;
    }
    std::size_t index = batch->next++;
    if (batch->next == batch->size) open_.erase(std::find(open_.begin(), open_.end(), batch));
    lock.unlock();
    try {
        (*batch->body)(index, worker);
    } catch (...) {
        batch->errors[index] = std::current_exception();  // this slot is only this item's
    }
    lock.lock();
    if (++batch->done == batch->size) changed_.notify_all();
    return true;
}

void WorkPool::work(std::size_t worker) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
        if (run_one(lock, nullptr, worker)) continue;
        if (stopping_) return;
        changed_.wait(lock);
    }
}

void WorkPool::for_each(std::size_t n, const Body& body, std::size_t caller) {
    if (n == 0) return;
    Batch batch{n, &body, 0, 0, std::vector<std::exception_ptr>(n)};
    std::unique_lock<std::mutex> lock(mutex_);
    open_.push_back(&batch);
    changed_.notify_all();
    // Our own items first, then anyone's while ours finish elsewhere.
    while (run_one(lock, &batch, caller)) {}
    while (batch.done < batch.size) {
        if (!run_one(lock, nullptr, caller)) changed_.wait(lock);
    }
    lock.unlock();
    for (auto& e : batch.errors)
        if (e) std::rethrow_exception(e);
}

}  // namespace contractgen::parallel
