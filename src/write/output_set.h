// Everything a run produces, in memory: output path (relative to --out,
// '/'-separated, first component = the target's folder) → exact bytes.
// Only write/ turns it into files.
#pragma once

#include <map>
#include <set>
#include <stdexcept>
#include <string>

namespace contractgen::write {

class OutputSet {
public:
    // Throws std::logic_error when two emitters claim the same path: a bug, not input.
    void add(const std::string& path, std::string content);
    // The same, for a file copied from a target's embedded runtime (runtime/
    // in the sources) rather than made from the schemas: `[project] runtime
    // = "omit"` leaves exactly these out. Each target marks what it embeds,
    // so this is the one place that knows which output files are runtime.
    void add_runtime(const std::string& path, std::string content);
    // Moves every file of `other` in (the same rule as add()), marks included.
    void merge(OutputSet&& other);
    // Removes every file added with add_runtime().
    void drop_runtime();

    const std::map<std::string, std::string>& files() const { return files_; }
    bool contains(const std::string& path) const { return files_.count(path) > 0; }
    bool is_runtime(const std::string& path) const { return runtime_.count(path) > 0; }

private:
    std::map<std::string, std::string> files_;
    std::set<std::string> runtime_;
};

// Conventions every output obeys: LF line ends and exactly one final newline.
std::string normalise_text(std::string text);

}  // namespace contractgen::write
