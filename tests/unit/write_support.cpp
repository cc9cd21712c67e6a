#include "write_support.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <stdexcept>

#include "support.h"

namespace test {

std::vector<std::string> list_tree(const fs::path& root) {
    std::vector<std::string> entries;
    if (!fs::exists(root)) return entries;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        std::string rel = fs::relative(e.path(), root).generic_string();
        entries.push_back(e.is_directory() && !e.is_symlink() ? rel + "/" : rel);
    }
    std::sort(entries.begin(), entries.end());
    return entries;
}

std::map<std::string, std::string> file_contents(const fs::path& root) {
    std::map<std::string, std::string> contents;
    if (!fs::exists(root)) return contents;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file()) contents[fs::relative(e.path(), root).generic_string()] = read_file(e.path());
    return contents;
}

void copy_tree(const fs::path& from, const fs::path& to) {
    fs::create_directories(to);
    fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

HeldLock::HeldLock(const fs::path& out) : path_(out / ".contractgen-lock") {
    fs::create_directories(out);
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd_ < 0 || ::flock(fd_, LOCK_EX) != 0) throw std::runtime_error("cannot lock " + path_.string());
}

HeldLock::~HeldLock() { release(); }

void HeldLock::release() {
    if (fd_ < 0) return;
    ::unlink(path_.c_str());
    ::close(fd_);
    fd_ = -1;
}

}  // namespace test
