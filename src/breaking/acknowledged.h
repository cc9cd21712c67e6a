// Intended breaks, acknowledged in a file (`contractgen breaking --ignore
// FILE`), the way buf's `ignore` and oasdiff's `--err-ignore` do: one
// finding a line, `RULE_ID family.Type [PATH]`, `#` comments. An
// acknowledged finding is still reported, marked so, and never fails the
// run. An entry that matches nothing is a warning, so that entries do not
// outlive the change they were written for.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "breaking/finding.h"
#include "diag/diagnostics.h"

namespace contractgen::breaking {

struct Acknowledgement {
    std::string rule, type, path;  // path empty: any path in the type
    int line = 0;
};

// The entries of `file`; errors (file:line:col) for lines that are not
// `RULE_ID family.Type [PATH]` with a known rule.
std::vector<Acknowledgement> read_acknowledgements(const std::filesystem::path& file, diag::Sink& sink);

// Marks the findings the entries name; warns about entries that name none.
void acknowledge(std::vector<Finding>& findings, const std::vector<Acknowledgement>& entries,
                 const std::filesystem::path& file, diag::Sink& sink);

}  // namespace contractgen::breaking
