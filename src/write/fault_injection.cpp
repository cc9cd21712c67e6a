#include "write/fault_injection.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <string>

namespace contractgen::write::fault {

namespace {

// A positive count from the environment, or 0 (disabled).
long count_from(const char* variable) {
    const char* text = std::getenv(variable);
    if (text == nullptr || *text == '\0') return 0;
    char* end = nullptr;
    long n = std::strtol(text, &end, 10);
    return (end != nullptr && *end == '\0' && n > 0) ? n : 0;
}

// Read once. The writer stages files on several threads: the counter is
// atomic, so the n-th change is still exactly one change.
const long kill_at = count_from("CONTRACTGEN_TEST_KILL_AT");
const long fail_at = count_from("CONTRACTGEN_TEST_FAIL_AT");
std::atomic<long> changes{0};

}  // namespace

std::error_code before_change() {
    if (kill_at == 0 && fail_at == 0) return {};
    long n = ++changes;
    if (n == kill_at) std::raise(SIGKILL);
    if (n == fail_at) return {EIO, std::generic_category()};
    return {};
}

}  // namespace contractgen::write::fault
