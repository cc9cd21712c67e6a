#include "breaking/git_revision.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <fstream>
#include <string_view>
#include <vector>

namespace contractgen::breaking {

namespace fs = std::filesystem;

namespace {

struct GitResult {
    int status = -1;  // exit code; -1 when git could not be run
    std::string out, err;
};

// Runs `git -C <cwd> args...` with `input` on its stdin, collecting stdout and stderr.
GitResult git(const fs::path& cwd, const std::vector<std::string>& args, const std::string& input = {}) {
    std::vector<std::string> argv{"git", "-C", cwd.string()};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> raw;
    for (auto& a : argv) raw.push_back(a.data());
    raw.push_back(nullptr);
    int in_pipe[2], out_pipe[2], err_pipe[2];
    GitResult r;
    if (::pipe2(in_pipe, O_CLOEXEC) != 0) return r;
    if (::pipe2(out_pipe, O_CLOEXEC) != 0 || ::pipe2(err_pipe, O_CLOEXEC) != 0) {
        ::close(in_pipe[0]), ::close(in_pipe[1]);
        return r;
    }
    pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(in_pipe[0], 0);
        ::dup2(out_pipe[1], 1);
        ::dup2(err_pipe[1], 2);
        ::execvp("git", raw.data());
        ::_exit(127);
    }
    ::close(in_pipe[0]), ::close(out_pipe[1]), ::close(err_pipe[1]);
    // All pipes at once: git must never wait on a full pipe while we wait on another.
    pollfd fds[3] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}, {in_pipe[1], POLLOUT, 0}};
    std::size_t written = 0;
    if (input.empty()) {
        ::close(in_pipe[1]);
        fds[2].fd = -1;
    }
    std::string* sinks[2] = {&r.out, &r.err};
    int open_pipes = 2;
    char buf[65536];
    while (pid > 0 && open_pipes > 0) {
        if (::poll(fds, 3, -1) < 0 && errno != EINTR) break;
        if (fds[2].fd >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
            ssize_t n = ::write(fds[2].fd, input.data() + written, input.size() - written);
            if (n > 0) written += static_cast<std::size_t>(n);
            if ((n < 0 && errno != EINTR && errno != EAGAIN) || written == input.size()) {
                ::close(fds[2].fd);
                fds[2].fd = -1;
            }
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
            ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                sinks[i]->append(buf, static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open_pipes;
            }
        }
    }
    for (auto& f : fds)
        if (f.fd >= 0) ::close(f.fd);
    if (pid <= 0) ::close(in_pipe[1]);
    int status = 0;
    if (pid > 0) {
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (r.status == 127) r.status = -1;
    }
    return r;
}

std::string first_line(const std::string& s) {
    auto nl = s.find('\n');
    return nl == std::string::npos ? s : s.substr(0, nl);
}

}  // namespace

bool is_git_revision(const fs::path& schemas, const std::string& rev) {
    if (rev.empty() || rev[0] == '-') return false;  // never an option to git
    return git(schemas, {"rev-parse", "--verify", "--quiet", "--end-of-options", rev + "^{commit}"}).status == 0;
}

bool read_schemas_at(const fs::path& schemas, const std::string& rev, const fs::path& into, std::string& shown_root,
                     diag::Sink& sink) {
    GitResult commit = git(schemas, {"rev-parse", "--verify", "--quiet", "--end-of-options", rev + "^{commit}"});
    GitResult prefix = git(schemas, {"rev-parse", "--show-prefix"});
    if (commit.status != 0 || prefix.status != 0) {
        sink.error("", 0, 0,
                   "cannot read revision '" + rev + "' with git" +
                       (commit.err.empty() ? std::string() : ": " + first_line(commit.err)));
        return false;
    }
    std::string sha = first_line(commit.out);
    std::string folder = first_line(prefix.out);
    while (!folder.empty() && folder.back() == '/') folder.pop_back();
    shown_root = rev + ":" + (folder.empty() ? "." : folder);
    // Paths relative to the schemas folder; NUL-separated, so any name is safe.
    GitResult tree = git(schemas, {"ls-tree", "-r", "-z", sha, "--", "."});
    if (tree.status != 0) {
        sink.error("", 0, 0, "cannot list '" + shown_root + "' with git: " + first_line(tree.err));
        return false;
    }
    // Every file's object, then all their contents from one `cat-file --batch`.
    std::vector<std::pair<fs::path, std::string>> files;  // path → object id
    std::size_t start = 0;
    while (start < tree.out.size()) {
        std::size_t end = tree.out.find('\0', start);
        if (end == std::string::npos) end = tree.out.size();
        std::string entry = tree.out.substr(start, end - start);  // "<mode> <type> <object>\t<path>"
        start = end + 1;
        auto tab = entry.find('\t');
        if (tab == std::string::npos) continue;
        std::string mode = entry.substr(0, entry.find(' '));
        std::size_t object_at = entry.rfind(' ', tab) + 1;
        fs::path rel = fs::path(entry.substr(tab + 1)).lexically_normal();
        if (rel.empty() || rel.is_absolute() || *rel.begin() == "..") continue;
        if (mode == "120000") {
            sink.warning(shown_root + "/" + rel.generic_string(), 0, 0,
                         "symbolic link in the previous version skipped");
            continue;
        }
        if (mode == "100644" || mode == "100755") files.emplace_back(rel, entry.substr(object_at, tab - object_at));
    }
    std::string request;
    for (const auto& [rel, object] : files) request += object + "\n";
    GitResult blobs = git(schemas, {"cat-file", "--batch"}, request);
    if (blobs.status != 0) {
        sink.error("", 0, 0, "cannot read '" + shown_root + "' with git: " + first_line(blobs.err));
        return false;
    }
    std::size_t at = 0;
    for (const auto& [rel, object] : files) {
        // "<object> blob <size>\n<bytes>\n"
        std::size_t header_end = blobs.out.find('\n', at);
        std::string header = blobs.out.substr(at, header_end == std::string::npos ? 0 : header_end - at);
        std::size_t size_at = header.rfind(' ');
        if (header_end == std::string::npos || header.find(" blob ") == std::string::npos ||
            size_at == std::string::npos) {
            sink.error(shown_root + "/" + rel.generic_string(), 0, 0, "cannot read it with git: " + header);
            return false;
        }
        std::size_t size = std::stoull(header.substr(size_at + 1));
        std::string_view bytes(blobs.out.data() + header_end + 1, std::min(size, blobs.out.size() - header_end - 1));
        at = header_end + 1 + size + 1;
        std::error_code ec;
        fs::create_directories((into / rel).parent_path(), ec);
        std::ofstream file(into / rel, std::ios::binary);
        file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (ec || !file) {
            sink.error(
                (into / rel).generic_string(), 0, 0,
                "cannot write a file of the previous version: " + (ec ? ec.message() : std::string("write failed")));
            return false;
        }
    }
    return true;
}

}  // namespace contractgen::breaking
