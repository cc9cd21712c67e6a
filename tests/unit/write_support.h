// Helpers for the writer's tests: the whole shape of an output folder
// (folders included), and a lock held on it the way a running generate holds
// it.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace test {

// Every file and folder under `root`, relative, sorted; folders end in '/'.
std::vector<std::string> list_tree(const std::filesystem::path& root);
// Every file under `root` → its bytes.
std::map<std::string, std::string> file_contents(const std::filesystem::path& root);
// Copies a folder tree (files and folders).
void copy_tree(const std::filesystem::path& from, const std::filesystem::path& to);

// Holds `<out>/.contractgen-lock` exclusively, as a running generate does,
// until release() or destruction (which, like generate, removes the file
// before unlocking).
class HeldLock {
public:
    explicit HeldLock(const std::filesystem::path& out);
    ~HeldLock();
    void release();
    HeldLock(const HeldLock&) = delete;
    HeldLock& operator=(const HeldLock&) = delete;

private:
    std::filesystem::path path_;
    int fd_ = -1;
};

}  // namespace test
