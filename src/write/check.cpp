// Check mode: what `generate` would change, and what an interrupted one left.
#include <algorithm>
#include <sstream>

#include <dtl/dtl.hpp>

#include "write/file_ops.h"
#include "write/safe_paths.h"
#include "write/writer.h"

namespace contractgen::write {

namespace fs = std::filesystem;

bool check_outputs(const fs::path& out_arg, const OutputSet& outputs, const std::vector<std::string>& owned_folders,
                   std::vector<Drift>& drift, diag::Sink& sink, const OutputLock::WaitNotice& notice) {
    const fs::path out = normalised_folder(out_arg);
    // A generate in progress finishes first; a lock file nobody holds is a
    // killed run's. (Opening and locking it writes nothing.)
    auto lock = OutputLock::shared_if_present(out, notice);
    if (lock) drift.push_back({DriftKind::Leftover, kLockName, {}});

    const Manifest current = read_manifest(out);
    std::set<std::string> known = current.entries;
    for (const auto& [rel, content] : outputs.files()) known.insert(rel);
    known.insert(kManifestName);
    const auto temporaries = leftover_temporaries(out, known);
    std::set<std::string> touched = known;
    touched.insert(temporaries.begin(), temporaries.end());
    if (!no_symlink_out_of(out, touched, sink)) return false;

    for (const auto& t : temporaries) drift.push_back({DriftKind::Leftover, t, {}});
    // Only a file that differs is read whole, for its diff.
    auto report = [&](const std::string& rel, const std::string& content, files::Comparison found) {
        if (found == files::Comparison::Same) return;
        auto existing = found == files::Comparison::Differs ? files::read(out / rel) : std::nullopt;
        if (!existing) drift.push_back({DriftKind::Missing, rel, {}});
        else if (*existing != content)
            drift.push_back({DriftKind::Stale, rel, unified_diff(*existing, content, rel)});
    };
    // The manifest of an interrupted run is reported as such, not diffed.
    if (current.pending) {
        drift.push_back({DriftKind::Interrupted, kManifestName, {}});
    } else {
        const std::string manifest = format_manifest(final_entries(current, outputs, owned_folders), false);
        report(kManifestName, manifest, files::compare(out / kManifestName, manifest));
    }
    const std::vector<files::Comparison> found = compare_with_folder(out, outputs);
    std::size_t i = 0;
    for (const auto& [rel, content] : outputs.files()) report(rel, content, found[i++]);
    // Extra: what contractgen wrote (or, in a pending manifest, may have
    // written) and would now remove, if it is there. Files it never wrote
    // are the user's: `generate` keeps them, so `check` does not report
    // them either (otherwise generate-then-check could never be clean).
    for (const auto& e : current.entries) {
        std::error_code ec;
        if (owned(e, owned_folders) && !outputs.contains(e) && fs::exists(fs::symlink_status(out / e, ec)))
            drift.push_back({DriftKind::Extra, e, {}});
    }
    std::sort(drift.begin(), drift.end(), [](const Drift& a, const Drift& b) { return a.path < b.path; });
    return true;
}

namespace {
std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}
}  // namespace

std::string unified_diff(const std::string& before, const std::string& after, const std::string& path,
                         std::size_t max_lines) {
    std::vector<std::string> a = split_lines(before), b = split_lines(after);
    dtl::Diff<std::string> diff(a, b);
    diff.compose();
    diff.composeUnifiedHunks();
    std::ostringstream hunks;
    diff.printUnifiedFormat(hunks);
    std::istringstream in(hunks.str());
    std::string text = "--- " + path + " (on disk)\n+++ " + path + " (generated)\n";
    std::size_t shown = 0, total = 0;
    for (std::string line; std::getline(in, line); ++total)
        if (shown < max_lines) {
            text += line + "\n";
            ++shown;
        }
    if (total > shown) text += "... (" + std::to_string(total - shown) + " more diff lines)\n";
    return text;
}

}  // namespace contractgen::write
