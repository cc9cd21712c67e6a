// Which files of the schemas folder are candidates to read, and what its
// symbolic links name. Internal to the loader (load_schemas uses it).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::load {

struct Listing {
    std::vector<std::string>
        files;  // regular *.json, *.yaml and *.yml files, relative to the root, '/'-separated, sorted
    std::vector<Link> links;         // links that stay inside the root, sorted by path
};

// Walks `root` without following symbolic links. Each link is resolved and
// checked instead: one that leads out of the root, or cannot be followed, is
// an error; one that stays inside is recorded as another name (a Link) for
// what it points to, which the walk reaches under its own path anyway. A
// *.json entry that is not a regular file is skipped with a warning. Messages
// come in path order, so they do not depend on the order the folder is read.
Listing list_schemas_folder(const std::filesystem::path& root, diag::Sink& sink);

// The way diagnostics show a file: the root as the user gave it, joined with
// the path relative to it.
std::string display_path(const std::filesystem::path& root, const std::string& relative);

// *.json (which includes *.schema.json), or *.yaml/*.yml (OpenAPI documents).
bool is_candidate_name(const std::string& name);

}  // namespace contractgen::load
