// The schemas folder as it was at a git revision, read with git itself
// (`rev-parse`, `ls-tree`, `cat-file`), without a checkout: the working
// tree and the index are never touched.
#pragma once

#include <filesystem>
#include <string>

#include "diag/diagnostics.h"

namespace contractgen::breaking {

// Whether `rev` names a commit of the repository that holds `schemas`.
bool is_git_revision(const std::filesystem::path& schemas, const std::string& rev);

// Writes every file below `schemas` as it was at `rev` into `into` (an
// empty folder). `shown_root` becomes how diagnostics and findings name
// that folder: "REV:path/from/the/repository/root". False, with an error,
// when git fails; symbolic links are skipped with a warning.
bool read_schemas_at(const std::filesystem::path& schemas, const std::string& rev, const std::filesystem::path& into,
                     std::string& shown_root, diag::Sink& sink);

}  // namespace contractgen::breaking
