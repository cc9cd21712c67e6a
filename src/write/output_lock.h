// The lock that keeps two runs from writing one output folder at once.
//
// `generate` holds an exclusive flock(2) on `<out>/.contractgen-lock` for the
// whole write: reading the manifest, staging, renaming, removing. A second
// `generate` into the same folder waits for it (printing a note when the
// wait lasts more than half a second) and then starts from what the first
// one left, so the folder always ends as one run's complete result, never a
// mix. `check` takes a shared lock when the file exists, so that it never
// compares a half-written folder.
//
// The lock file exists only while a run holds it: the holder removes it
// before unlocking, so a generated folder that is committed to version
// control does not carry it. A run that opened the file and then got the
// lock finds, by comparing inodes, when the holder removed it in the
// meantime, and starts over with a new file. A file left by a killed run is
// harmless (flock locks die with their process); `check` reports it and the
// next `generate` removes it.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>

#include "diag/diagnostics.h"

namespace contractgen::write {

inline constexpr const char* kLockName = ".contractgen-lock";

class OutputLock {
public:
    // Called once when the lock is not free within the grace period.
    using WaitNotice = std::function<void(const std::filesystem::path& lock_file)>;

    // Creates the lock file if needed and waits for the exclusive lock.
    // nullopt (with an error in `sink`) when the file cannot be made or locked.
    static std::optional<OutputLock> exclusive(const std::filesystem::path& out, const WaitNotice& notice,
                                               diag::Sink& sink);
    // A shared lock on the lock file if it exists; nullopt when there is
    // none (no run holds the folder) or it cannot be opened.
    static std::optional<OutputLock> shared_if_present(const std::filesystem::path& out, const WaitNotice& notice);

    OutputLock(OutputLock&& other) noexcept;
    OutputLock& operator=(OutputLock&&) = delete;
    OutputLock(const OutputLock&) = delete;
    ~OutputLock();

private:
    OutputLock(int fd, std::filesystem::path path, bool exclusive)
        : fd_(fd), path_(std::move(path)), exclusive_(exclusive) {}
    int fd_ = -1;
    std::filesystem::path path_;
    bool exclusive_ = false;
};

}  // namespace contractgen::write
