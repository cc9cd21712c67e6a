#include "write/file_ops.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>

#include "write/fault_injection.h"

namespace contractgen::write::files {

namespace {

std::error_code last_error() { return {errno, std::generic_category()}; }

std::error_code write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return last_error();
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return {};
}

// A descriptor of the regular file at `path` and its size, or -1 (missing, a folder, ...).
int open_regular(const fs::path& path, std::size_t& size) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat st{};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return -1;
    }
    size = static_cast<std::size_t>(st.st_size);
    return fd;
}

}  // namespace

std::optional<std::string> read(const fs::path& path) {
    std::size_t size = 0;
    int fd = open_regular(path, size);
    if (fd < 0) return std::nullopt;
    std::string text(size, '\0');
    std::size_t got = 0;
    while (true) {
        if (got == text.size()) text.resize(text.size() + 4096);  // the file grew since fstat
        ssize_t n = ::read(fd, text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    ::close(fd);
    text.resize(got);
    return text;
}

Comparison compare(const fs::path& path, std::string_view content) {
    std::size_t size = 0;
    int fd = open_regular(path, size);
    if (fd < 0) return Comparison::Unreadable;
    Comparison verdict = size == content.size() ? Comparison::Same : Comparison::Differs;
    // 64 KiB per thread, reused: most outputs fit in one piece.
    thread_local std::vector<char> piece(std::size_t{1} << 16);
    std::size_t got = 0;
    while (verdict == Comparison::Same) {
        ssize_t n = ::read(fd, piece.data(), piece.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) verdict = Comparison::Unreadable;
        else if (n == 0)
            break;
        else if (static_cast<std::size_t>(n) > content.size() - got ||  // the file grew since fstat
                 std::memcmp(piece.data(), content.data() + got, static_cast<std::size_t>(n)) != 0)
            verdict = Comparison::Differs;
        else
            got += static_cast<std::size_t>(n);
    }
    ::close(fd);
    if (verdict == Comparison::Same && got != content.size()) verdict = Comparison::Differs;  // it shrank
    return verdict;
}

std::error_code make_folders(const fs::path& dir, std::vector<fs::path>& created, fs::path& failed_at) {
    // Walk down from the first component, creating what is missing.
    fs::path current;
    for (const auto& part : dir) {
        current /= part;
        if (part == "/" || part.empty()) continue;
        struct stat st{};
        if (::stat(current.c_str(), &st) == 0) {
            if (S_ISDIR(st.st_mode)) continue;
            failed_at = current;
            return {ENOTDIR, std::generic_category()};
        }
        std::error_code ec = fault::before_change();
        if (!ec && ::mkdir(current.c_str(), 0777) != 0 && errno != EEXIST) ec = last_error();
        if (ec) {
            failed_at = current;
            return ec;
        }
        created.push_back(current);
    }
    return {};
}

std::error_code create_file(const fs::path& path, std::string_view content, bool sync) {
    if (auto ec = fault::before_change()) return ec;
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) return last_error();
    // Two writes, so that the crash tests can stop the process with half a
    // file on disk.
    std::string_view first = content.substr(0, content.size() / 2), rest = content.substr(content.size() / 2);
    std::error_code ec = fault::before_change();
    if (!ec) ec = write_all(fd, first);
    if (!ec) ec = fault::before_change();
    if (!ec) ec = write_all(fd, rest);
    if (!ec && sync && ::fsync(fd) != 0) ec = last_error();
    if (::close(fd) != 0 && !ec) ec = last_error();
    if (ec) ::unlink(path.c_str());
    return ec;
}

std::error_code replace(const fs::path& from, const fs::path& to) {
    if (auto ec = fault::before_change()) return ec;
    if (::rename(from.c_str(), to.c_str()) != 0) return last_error();
    return {};
}

std::error_code remove_file(const fs::path& path, bool& removed) {
    removed = false;
    struct stat st{};
    if (::lstat(path.c_str(), &st) != 0) return errno == ENOENT || errno == ENOTDIR ? std::error_code{} : last_error();
    if (auto ec = fault::before_change()) return ec;
    if (::unlink(path.c_str()) != 0) return errno == ENOENT ? std::error_code{} : last_error();
    removed = true;
    return {};
}

void remove_empty_folders(fs::path dir, const fs::path& stop) {
    // Only strictly below `stop`, compared as text: `dir` is always built as
    // stop / relative path, so this never climbs past it.
    auto below_stop = [&stop](const fs::path& p) {
        const std::string& s = stop.native();
        return p.native().size() > s.size() + 1 && p.native().compare(0, s.size(), s) == 0 &&
               p.native()[s.size()] == '/';
    };
    while (below_stop(dir)) {
        struct stat st{};
        if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
            dir = dir.parent_path();  // already gone: its parent may be empty now
            continue;
        }
        std::error_code ec;
        if (!fs::is_empty(dir, ec) || ec) return;
        if (fault::before_change() || ::rmdir(dir.c_str()) != 0) return;
        dir = dir.parent_path();
    }
}

void remove_folder(const fs::path& dir) {
    if (!fault::before_change()) ::rmdir(dir.c_str());
}

std::error_code sync_folder(const fs::path& dir) {
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return last_error();
    std::error_code ec;
    if (::fsync(fd) != 0) ec = last_error();
    ::close(fd);
    return ec;
}

fs::path temporary_for(const fs::path& dest) {
    return dest.parent_path() / ("." + dest.filename().string() + ".tmp" + std::to_string(::getpid()));
}

bool is_temporary_of(std::string_view file_name, std::string_view base) {
    if (file_name.size() <= base.size() + 5 || file_name[0] != '.') return false;
    if (file_name.substr(1, base.size()) != base) return false;
    std::string_view tail = file_name.substr(1 + base.size());
    if (tail.substr(0, 4) != ".tmp" || tail.size() == 4) return false;
    for (char c : tail.substr(4))
        if (c < '0' || c > '9') return false;
    return true;
}

}  // namespace contractgen::write::files
