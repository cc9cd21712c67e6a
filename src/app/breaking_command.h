// `contractgen breaking` and `contractgen changelog`: load the previous
// version (a folder, or a git revision read without a checkout) and the
// current one, compare them (src/breaking/), print the findings.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>

#include "breaking/finding.h"
#include "config/project.h"

namespace contractgen::app {

struct BreakingOptions {
    std::string against;             // a folder of schemas, or a git revision
    std::filesystem::path schemas;   // the current version
    config::SchemaReading reading;  // [schemas] and [resolve], for both versions
    enum class Format { Text, Json, Github } format = Format::Text;
    breaking::Severity fail_on = breaking::Severity::Error;
    bool list_rules = false;
    breaking::Consumers consumers = breaking::Consumers::Strict;  // how clients read responses and streams
    std::optional<std::filesystem::path> ignore;  // acknowledged breaks (breaking/acknowledged.h)
};

// Exit 0: nothing at or above the fail level; 1: something; 2: bad input.
int run_breaking(const BreakingOptions& options, std::ostream& out, std::ostream& err, bool colour);
// Markdown on `out`; exit 0, or 2 for bad input.
int run_changelog(const BreakingOptions& options, std::ostream& out, std::ostream& err, bool colour);

}  // namespace contractgen::app
