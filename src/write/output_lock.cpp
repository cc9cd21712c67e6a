#include "write/output_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <system_error>
#include <thread>

#include "write/fault_injection.h"

namespace contractgen::write {

namespace {

constexpr auto kGracePeriod = std::chrono::milliseconds(500);
constexpr auto kPollInterval = std::chrono::milliseconds(20);

std::string reason(int error) { return std::error_code(error, std::generic_category()).message(); }

// flock with a grace period before `notice`, then blocking. 0 or errno.
int lock_with_notice(int fd, int operation, const std::filesystem::path& path, const OutputLock::WaitNotice& notice,
                     bool& noticed) {
    auto deadline = std::chrono::steady_clock::now() + kGracePeriod;
    while (::flock(fd, operation | LOCK_NB) != 0) {
        if (errno == EINTR) continue;
        if (errno != EWOULDBLOCK) return errno;
        if (std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(kPollInterval);
            continue;
        }
        if (!noticed && notice) notice(path);
        noticed = true;
        while (::flock(fd, operation) != 0)
            if (errno != EINTR) return errno;
        return 0;
    }
    return 0;
}

// Whether `fd` is still the file at `path` (the holder may have removed it
// while we waited).
bool still_there(int fd, const std::filesystem::path& path) {
    struct stat held{}, now{};
    return ::fstat(fd, &held) == 0 && ::lstat(path.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
           held.st_ino == now.st_ino;
}

}  // namespace

std::optional<OutputLock> OutputLock::exclusive(const std::filesystem::path& out, const WaitNotice& notice,
                                                diag::Sink& sink) {
    std::filesystem::path path = out / kLockName;
    bool noticed = false;
    while (true) {
        struct stat st{};
        // About to create it, unless it is there.
        int injected = ::lstat(path.c_str(), &st) != 0 ? fault::before_change().value() : 0;
        int fd = injected ? -1 : ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0) {
            int error = injected ? injected : errno;
            sink.error(path.generic_string(), 0, 0,
                       error == ELOOP ? "cannot lock the output folder: the lock file is a symbolic link (remove it)"
                                      : "cannot lock the output folder: " + reason(error));
            return std::nullopt;
        }
        if (int error = lock_with_notice(fd, LOCK_EX, path, notice, noticed)) {
            ::close(fd);
            sink.error(path.generic_string(), 0, 0, "cannot lock the output folder: " + reason(error));
            return std::nullopt;
        }
        if (still_there(fd, path)) return OutputLock(fd, path, true);
        ::close(fd);  // the previous holder removed it: lock the new one
    }
}

std::optional<OutputLock> OutputLock::shared_if_present(const std::filesystem::path& out, const WaitNotice& notice) {
    std::filesystem::path path = out / kLockName;
    bool noticed = false;
    while (true) {
        int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) return std::nullopt;
        if (lock_with_notice(fd, LOCK_SH, path, notice, noticed) != 0) {
            ::close(fd);
            return std::nullopt;
        }
        if (still_there(fd, path)) return OutputLock(fd, path, false);
        ::close(fd);
        // Removed by the run we waited for; a new run may have made another.
        struct stat st{};
        if (::lstat(path.c_str(), &st) != 0) return std::nullopt;
    }
}

OutputLock::OutputLock(OutputLock&& other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)), exclusive_(other.exclusive_) {
    other.fd_ = -1;
}

OutputLock::~OutputLock() {
    if (fd_ < 0) return;
    // Removed while still locked: a waiting run then finds its file gone
    // (still_there) and starts over, instead of two runs each locking a
    // different file of the same name.
    if (exclusive_ && !fault::before_change()) ::unlink(path_.c_str());
    ::close(fd_);
}

}  // namespace contractgen::write
