// Writing the OutputSet to --out, and comparing it with --out (check mode).
//
// The output folder carries a manifest (`.contractgen-manifest`) listing every
// file contractgen wrote, so that files it no longer produces can be removed
// and `check` can report them, while files it never wrote are left alone.
// A run only manages the folders of the targets it ran (`owned_folders`).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "write/output_set.h"

namespace contractgen::write {

inline constexpr const char* kManifestName = ".contractgen-manifest";

struct WriteReport {
    std::vector<std::string> written;    // new or changed
    std::vector<std::string> unchanged;  // same bytes: not touched, mtime kept
    std::vector<std::string> removed;    // listed in the old manifest, no longer produced
};

// Writes atomically: every changed file goes to a temporary file next to its
// destination first; only when all of them are written are they renamed into
// place. On failure the temporaries are removed and nothing has changed.
bool write_outputs(const std::filesystem::path& out, const OutputSet& outputs,
                   const std::vector<std::string>& owned_folders, WriteReport& report, diag::Sink& sink);

enum class DriftKind { Missing, Stale, Extra };

struct Drift {
    DriftKind kind;
    std::string path;
    std::string diff;  // short unified diff for Stale
};

// Compares without writing. Extra = files the manifest lists in the owned
// folders that this run would not produce (what `generate` would remove);
// files contractgen never wrote are not its business.
std::vector<Drift> check_outputs(const std::filesystem::path& out, const OutputSet& outputs,
                                 const std::vector<std::string>& owned_folders);

// The manifest contents for `outputs`, keeping entries of folders this run
// does not own from the existing manifest.
std::string manifest_for(const std::filesystem::path& out, const OutputSet& outputs,
                         const std::vector<std::string>& owned_folders);

// Short unified diff (at most `max_lines` lines) from `before` to `after`.
std::string unified_diff(const std::string& before, const std::string& after, const std::string& path,
                         std::size_t max_lines = 40);

}  // namespace contractgen::write
