// The manifest of an output folder, `.contractgen-manifest`: the files
// contractgen owns there, one '/'-separated relative path a line. Files it
// never wrote are not listed, and so never removed or reported.
//
// A manifest is either final (exactly what the last complete `generate`
// wrote) or pending: written at the start of a `generate` that creates files
// the manifest did not list yet, it lists the old files and the new ones, so
// that whatever an interrupted run leaves behind is still listed and the
// next run can remove it (see writer.cpp for the whole protocol).
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "write/output_set.h"

namespace contractgen::write {

inline constexpr const char* kManifestName = ".contractgen-manifest";

struct Manifest {
    bool exists = false;
    bool pending = false;
    std::set<std::string> entries;  // plain relative paths only (see plain_relative_path)
};

Manifest read_manifest(const std::filesystem::path& out);
std::string format_manifest(const std::set<std::string>& entries, bool pending);

// A path contractgen could have written: relative, '/'-separated, no "." or
// ".." or empty segments. The manifest is a file anyone can edit; an entry
// like "cpp/../../x" must never make a run touch something outside --out.
bool plain_relative_path(const std::string& path);

// Whether `path` lies in one of the target folders a run manages.
bool owned(const std::string& path, const std::vector<std::string>& folders);

// The final manifest's entries after writing `outputs`: those of folders this
// run does not own are kept from `current`.
std::set<std::string> final_entries(const Manifest& current, const OutputSet& outputs,
                                    const std::vector<std::string>& owned_folders);

// The final manifest text for `outputs` over the manifest now in `out`.
std::string manifest_for(const std::filesystem::path& out, const OutputSet& outputs,
                         const std::vector<std::string>& owned_folders);

}  // namespace contractgen::write
