// Helpers shared by the unit tests: temporary schema folders written from a
// map of path → text, the diagnostics a folder gets (GCC style, the way the
// CLI prints them), snapshots of an output folder (bytes and mtimes), and
// running the built `contractgen` binary.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/pipeline.h"

namespace test {

namespace fs = std::filesystem;

// Relative path ('/'-separated) → file contents.
using Files = std::map<std::string, std::string>;

// A fresh folder under the system temp folder, removed with everything in it
// when the object goes away.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const fs::path& path() const { return path_; }
    fs::path operator/(const std::string& rel) const { return path_ / rel; }

private:
    fs::path path_;
};

void write_file(const fs::path& path, std::string_view text);  // creates parent folders
std::string read_file(const fs::path& path);
void write_tree(const fs::path& root, const Files& files);

// A temporary folder holding `schemas/` (from `files`) and an `out/` folder
// that does not exist yet.
struct Workspace {
    TempDir dir;
    fs::path schemas;
    fs::path out;
    explicit Workspace(const Files& files = {});
    // Replaces the absolute schemas path in `text` by "schemas", so that
    // expected diagnostics read like the ones a user sees.
    std::string shown(std::string text) const;
};

// Every diagnostic `contractgen generate --target cpp` reports for these
// schema files (load, resolve, IR, naming; nothing is written), one per line,
// GCC style, without colour, the root shown as "schemas". Empty when the
// files are fine.
std::string diagnostics(const Files& files);
// The same, generating `target` instead of cpp (targets implement different constructs).
std::string diagnostics_for(const Files& files, const std::string& target);

// Loads and builds the IR of schema files that must be valid (REQUIREs it).
struct Built {
    explicit Built(const Files& files) : ws(files) {}
    Workspace ws;
    contractgen::app::Loaded loaded;
    const contractgen::ir::Model& model() const { return loaded.model; }
    const contractgen::ir::Decl& decl(const std::string& family, const std::string& name) const;
    // The struct field with this wire name (REQUIREs that it exists).
    const contractgen::ir::Field& field(const std::string& family, const std::string& type,
                                        const std::string& wire_name) const;
    // Names of all declarations of a family, in declaration (id) order.
    std::vector<std::string> names(const std::string& family) const;
};
std::unique_ptr<Built> build(const Files& files);

// "line:column" of the first code point of the `occurrence`-th match of
// `needle` in `text` (1-based, columns in code points, as diagnostics count).
std::string where(std::string_view text, std::string_view needle, int occurrence = 1);

// Bytes and modification time of every file under `root` (by relative path).
struct FileState {
    std::string bytes;
    fs::file_time_type mtime;
    bool operator==(const FileState& o) const { return bytes == o.bytes && mtime == o.mtime; }
};
using Snapshot = std::map<std::string, FileState>;
Snapshot snapshot(const fs::path& root);
// Moves the mtime of every file under `root` an hour into the past, so that
// a rewrite in the same second is still visible.
void age_files(const fs::path& root);

// Runs the built contractgen binary in `cwd` with stdout and stderr captured.
// `env` sets (or, with nullopt, removes) variables; TERM is "xterm" and
// NO_COLOR unset unless given.
struct RunResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};
RunResult run_contractgen(const std::vector<std::string>& args, const fs::path& cwd,
                          const std::map<std::string, std::optional<std::string>>& env = {});
// Runs a shell command line (for `script`, to give the binary a terminal).
RunResult run_shell(const std::string& command, const fs::path& cwd,
                    const std::map<std::string, std::optional<std::string>>& env = {});
std::string binary_path();

// For a schema folder that must be refused: runs `contractgen generate` on it
// over an output folder from an earlier run and checks that it exits 2, that
// stderr has `expected` (the diagnostics, as `diagnostics()` gives them), and
// that not a byte or mtime of the output folder changed.
void check_generate_refuses(const Files& files, const std::string& expected);

}  // namespace test
