// Where contractgen may write: never among the schemas it reads, and never
// outside --out through a symbolic link inside it.
#pragma once

#include <filesystem>
#include <set>
#include <string>

#include "diag/diagnostics.h"

namespace contractgen::write {

// Errors when `out` is `schemas` or lies inside it: generated files would be
// read back as schemas on the next run, and a stale-file removal could
// delete a schema. Both paths may not exist yet.
bool output_folder_allowed(const std::filesystem::path& out, const std::filesystem::path& schemas, diag::Sink& sink);

// Errors for every symbolic link on the way from `out` to one of `paths`
// (relative to `out`) that leads outside `out`: a symlinked folder would have
// contractgen create, replace and remove files elsewhere; a symlinked file
// would be silently replaced by a regular one. Links that stay inside `out`
// are fine. Each offending link is reported once.
bool no_symlink_out_of(const std::filesystem::path& out, const std::set<std::string>& paths, diag::Sink& sink);

// Removes trailing separators and "." segments, so that `out / rel` and its
// parents compare equal to `out` by text.
std::filesystem::path normalised_folder(const std::filesystem::path& path);

}  // namespace contractgen::write
