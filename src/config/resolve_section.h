// The `[resolve]` section of contractgen.toml (read_config.cpp hands it over).
#pragma once

#include <filesystem>

#include <toml++/toml.h>

#include "config/project.h"

namespace contractgen::config {

// Reads the `[resolve]` table into `project.resolve`, longest prefix first;
// problems go to `sink` at their place in `file`.
void read_resolve_section(const toml::table& table, const std::filesystem::path& file, Project& project,
                          diag::Sink& sink);

}  // namespace contractgen::config
