// Writing the OutputSet to --out, and comparing it with --out (check mode).
//
// The output folder carries a manifest (`.contractgen-manifest`, manifest.h)
// listing every file contractgen wrote, so that files it no longer produces
// can be removed and `check` can report them, while files it never wrote are
// left alone. A run only manages the folders of the targets it ran
// (`owned_folders`). Writes are made so that a run killed at any point
// leaves a folder that `check` reports and the next `generate` repairs
// (writer.cpp describes the protocol); runs into one folder take turns
// (output_lock.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "write/file_ops.h"
#include "write/manifest.h"
#include "write/output_lock.h"
#include "write/output_set.h"

namespace contractgen::write {

struct WriteReport {
    std::vector<std::string> written;    // new or changed
    std::vector<std::string> unchanged;  // same bytes: not touched, mtime kept
    std::vector<std::string> removed;    // listed in the old manifest, no longer produced
    std::vector<std::string> recovered;  // left by an interrupted run (temporary files), removed
    bool partial = false;                // failed after some files were replaced or removed
};

// Writes atomically: every changed file goes to a temporary file next to its
// destination first; only when all of them are written are they renamed into
// place. When staging fails, what was staged is removed and nothing has
// changed; when a rename or removal fails after that, `report.partial` is
// set and the folder is left for `check` to report and the next `generate`
// to finish. Refuses (errors, nothing written) symbolic links out of `out`.
// `notice` is called if another run holds the folder for a while.
bool write_outputs(const std::filesystem::path& out, const OutputSet& outputs,
                   const std::vector<std::string>& owned_folders, WriteReport& report, diag::Sink& sink,
                   const OutputLock::WaitNotice& notice = {});

enum class DriftKind {
    Missing,      // a file this run produces is not there
    Stale,        // it is there with other bytes (with a diff)
    Extra,        // the manifest lists it in an owned folder, this run does not produce it
    Leftover,     // a temporary or lock file of a generate that did not finish
    Interrupted,  // the manifest is pending: a generate did not finish
};

struct Drift {
    DriftKind kind;
    std::string path;
    std::string diff;  // short unified diff for Stale
};

// Compares without writing (sorted by path). Files contractgen never wrote
// are not its business. False (errors in `sink`) for symbolic links out of
// `out`, which `generate` would refuse.
bool check_outputs(const std::filesystem::path& out, const OutputSet& outputs,
                   const std::vector<std::string>& owned_folders, std::vector<Drift>& drift, diag::Sink& sink,
                   const OutputLock::WaitNotice& notice = {});

// Temporary files of `names` (relative paths) that a run left in their
// folders: ".<name>.tmp<pid>", sorted.
std::vector<std::string> leftover_temporaries(const std::filesystem::path& out, const std::set<std::string>& names);

// How each output, in the order of outputs.files(), compares with the file
// of that name under `out`; the files are read side by side.
std::vector<files::Comparison> compare_with_folder(const std::filesystem::path& out, const OutputSet& outputs);

// Short unified diff (at most `max_lines` lines) from `before` to `after`.
std::string unified_diff(const std::string& before, const std::string& after, const std::string& path,
                         std::size_t max_lines = 40);

}  // namespace contractgen::write
