#include "support.h"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "write/writer.h"

extern char** environ;

namespace test {

namespace ir = contractgen::ir;
namespace app = contractgen::app;
namespace diag = contractgen::diag;

TempDir::TempDir() {
    std::string pattern = (fs::temp_directory_path() / "contractgen-unit-XXXXXX").string();
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (::mkdtemp(buf.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = buf.data();
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
}

void write_file(const fs::path& path, std::string_view text) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream buf;
    buf << in.rdbuf();
    return buf.str();
}

void write_tree(const fs::path& root, const Files& files) {
    fs::create_directories(root);
    for (const auto& [rel, text] : files) write_file(root / rel, text);
}

Workspace::Workspace(const Files& files) : schemas(dir / "schemas"), out(dir / "out") { write_tree(schemas, files); }

std::string Workspace::shown(std::string text) const {
    const std::string from = schemas.generic_string();
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + 7))
        text.replace(at, from.size(), "schemas");
    return text;
}

std::string diagnostics(const Files& files) { return diagnostics_for(files, "cpp"); }

std::string diagnostics_for(const Files& files, const std::string& target) {
    Workspace ws(files);
    diag::Sink sink;
    app::Loaded loaded = app::load_and_build(ws.schemas, sink);
    if (!sink.has_errors()) {
        app::Options options;
        options.project.schemas = ws.schemas;
        options.targets = {target};
        contractgen::write::OutputSet outputs;
        std::vector<std::string> owned;
        app::generate_outputs(options, loaded, outputs, owned, sink);
    }
    return ws.shown(sink.text());
}

const ir::Decl& Built::decl(const std::string& family, const std::string& name) const {
    auto id = loaded.model.find(family, name);
    INFO("declaration " << family << "." << name);
    REQUIRE(id.has_value());
    return loaded.model.decl(*id);
}

const ir::Field& Built::field(const std::string& family, const std::string& type, const std::string& wire_name) const {
    const ir::Decl& d = decl(family, type);
    INFO(family << "." << type << " must be a struct with field '" << wire_name << "'");
    REQUIRE(d.is<ir::Struct>());
    for (const auto& f : d.as<ir::Struct>().fields)
        if (f.wire_name == wire_name) return f;
    FAIL("no such field");
    throw std::logic_error("unreachable");
}

std::vector<std::string> Built::names(const std::string& family) const {
    std::vector<std::string> out;
    for (const auto& d : loaded.model.decls)
        if (d.family == family) out.push_back(d.name);
    return out;
}

std::unique_ptr<Built> build(const Files& files) {
    auto b = std::make_unique<Built>(files);
    diag::Sink sink;
    b->loaded = app::load_and_build(b->ws.schemas, sink);
    INFO(b->ws.shown(sink.text()));
    REQUIRE_FALSE(sink.has_errors());
    return b;
}

std::string where(std::string_view text, std::string_view needle, int occurrence) {
    std::size_t at = std::string_view::npos;
    for (int i = 0; i < occurrence; ++i) {
        at = text.find(needle, at == std::string_view::npos ? 0 : at + 1);
        if (at == std::string_view::npos) throw std::logic_error("where(): needle not found: " + std::string(needle));
    }
    int line = 1, column = 1;
    for (std::size_t i = 0; i < at; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

Snapshot snapshot(const fs::path& root) {
    Snapshot s;
    if (!fs::exists(root)) return s;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file())
            s[fs::relative(e.path(), root).generic_string()] =
                FileState{read_file(e.path()), fs::last_write_time(e.path())};
    return s;
}

void age_files(const fs::path& root) {
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file()) fs::last_write_time(e.path(), fs::last_write_time(e.path()) - std::chrono::hours(1));
}

std::string binary_path() { return CONTRACTGEN_BINARY; }

namespace {

RunResult run(const std::vector<std::string>& argv, const fs::path& cwd,
              const std::map<std::string, std::optional<std::string>>& env) {
    TempDir io;
    fs::path out_file = io / "stdout", err_file = io / "stderr";

    std::map<std::string, std::string> vars;
    for (char** e = environ; *e != nullptr; ++e) {
        std::string kv = *e;
        auto eq = kv.find('=');
        if (eq != std::string::npos) vars[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    vars["TERM"] = "xterm";
    vars.erase("NO_COLOR");
    for (const auto& [k, v] : env) {
        if (v) vars[k] = *v;
        else
            vars.erase(k);
    }
    std::vector<std::string> env_strings;
    for (const auto& [k, v] : vars) env_strings.push_back(k + "=" + v);
    std::vector<char*> envp, args;
    for (auto& s : env_strings) envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<std::string> argv_copy = argv;
    for (auto& s : argv_copy) args.push_back(s.data());
    args.push_back(nullptr);

    pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        int in = ::open("/dev/null", O_RDONLY);
        int o = ::open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || o < 0 || e < 0 || ::chdir(cwd.c_str()) != 0) ::_exit(126);
        ::dup2(in, 0);
        ::dup2(o, 1);
        ::dup2(e, 2);
        ::execve(args[0], args.data(), envp.data());
        ::_exit(127);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    RunResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = read_file(out_file);
    r.err = read_file(err_file);
    return r;
}

}  // namespace

RunResult run_contractgen(const std::vector<std::string>& args, const fs::path& cwd,
                          const std::map<std::string, std::optional<std::string>>& env) {
    std::vector<std::string> argv{binary_path()};
    argv.insert(argv.end(), args.begin(), args.end());
    return run(argv, cwd, env);
}

RunResult run_shell(const std::string& command, const fs::path& cwd,
                    const std::map<std::string, std::optional<std::string>>& env) {
    return run({"/bin/sh", "-c", command}, cwd, env);
}

void check_generate_refuses(const Files& files, const std::string& expected) {
    Workspace ws(test::Files{
        {"prev/ok.schema.json", R"({"$defs": {"Ok": {"type": "object", "properties": {"id": {"type": "string"}}}}})"}});
    // An output folder from an earlier, successful run, plus a file of the user's.
    app::Options options;
    options.project.schemas = ws.schemas;
    options.project.out = ws.out;
    options.targets = {"cpp"};
    std::ostringstream out, err;
    REQUIRE(app::run_generate(options, out, err, false) == app::kOk);
    write_file(ws.out / "notes.txt", "mine\n");
    age_files(ws.out);
    Snapshot before = snapshot(ws.out);
    REQUIRE(before.count(contractgen::write::kManifestName) == 1);

    fs::remove_all(ws.schemas);
    write_tree(ws.schemas, files);
    RunResult r =
        run_contractgen({"generate", "--schemas", "schemas", "--out", "out", "--target", "cpp"}, ws.dir.path());
    INFO("stderr:\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(expected) != std::string::npos);
    CHECK(r.err.find("nothing was written") != std::string::npos);
    CHECK(snapshot(ws.out) == before);
}

}  // namespace test
