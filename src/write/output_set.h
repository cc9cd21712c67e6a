// Everything a run produces, in memory: output path (relative to --out,
// '/'-separated, first component = the target's folder) → exact bytes.
// Only write/ turns it into files.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

namespace contractgen::write {

class OutputSet {
public:
    // Throws std::logic_error when two emitters claim the same path: a bug, not input.
    void add(const std::string& path, std::string content);
    // Moves every file of `other` in (the same rule as add()).
    void merge(OutputSet&& other);

    const std::map<std::string, std::string>& files() const { return files_; }
    bool contains(const std::string& path) const { return files_.count(path) > 0; }

private:
    std::map<std::string, std::string> files_;
};

// Conventions every output obeys: LF line ends and exactly one final newline.
std::string normalise_text(std::string text);

}  // namespace contractgen::write
