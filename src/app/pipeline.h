// The stages in order (load → resolve/build IR → name/emit → write), run for
// one command. main.cpp parses the command line and calls these; tests call
// them directly.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "config/project.h"
#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"
#include "write/output_set.h"

namespace contractgen::app {

enum ExitCode { kOk = 0, kDrift = 1, kBadInput = 2 };

struct Options {
    // Identity and folders: contractgen.toml, overridden by flags, with
    // derive_defaults() applied (project.schemas, project.out).
    config::Project project = defaults();
    std::optional<std::filesystem::path> templates;  // user overrides; built-ins otherwise
    std::vector<std::string> targets;  // empty: every target
    bool quiet = false;
    // The process ends when the command returns (the command line): the
    // schemas, the IR and the outputs are then left for the OS to reclaim
    // instead of being freed node by node (bench/README.md, "Leaving memory
    // to the OS at exit"). Off for callers that run several commands (tests).
    bool ends_process = false;

    static config::Project defaults() {
        config::Project p;
        p.derive_defaults();
        return p;
    }
};

// Loads and builds the IR. The model is only valid if `sink` has no errors.
struct Loaded {
    load::SchemaSet schemas;
    ir::Model model;
};
// `reading`: [schemas] and [resolve] of the project (vendored files that references reach are loaded too).
Loaded load_and_build(const std::filesystem::path& schemas, diag::Sink& sink,
                      const config::SchemaReading& reading = {});

// Runs every selected target into memory. Returns false (with diagnostics)
// on any error; `owned_folders` names the output folders of the targets run.
bool generate_outputs(const Options& options, const Loaded& loaded, write::OutputSet& out,
                      std::vector<std::string>& owned_folders, diag::Sink& sink);

// The commands. Diagnostics go to `err`, summaries (unless quiet) to `out`.
int run_lint(const Options& options, std::ostream& out, std::ostream& err, bool colour);
int run_generate(const Options& options, std::ostream& out, std::ostream& err, bool colour);
int run_check(const Options& options, std::ostream& out, std::ostream& err, bool colour);

}  // namespace contractgen::app
