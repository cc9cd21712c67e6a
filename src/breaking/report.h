// The findings as text (GCC style), as JSON (docs/breaking.md defines the
// format; it is stable), as GitHub workflow annotations, and as a Markdown
// changelog.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "breaking/finding.h"

namespace contractgen::breaking {

struct ReportHeader {
    std::string previous;  // as given: a folder or a git revision
    std::string current;   // the schemas folder
    Severity fail_on = Severity::Error;
    Consumers consumers = Consumers::Strict;
};

void print_text(const std::vector<Finding>& findings, const ReportHeader& header, std::ostream& out, bool colour);
void print_json(const std::vector<Finding>& findings, const ReportHeader& header, std::ostream& out);
void print_github(const std::vector<Finding>& findings, const ReportHeader& header, std::ostream& out);

// Markdown grouped by family: breaking changes (with rule and witness),
// additions, deprecations, documentation, other changes.
void print_changelog(const std::vector<Finding>& findings, const ReportHeader& header, std::ostream& out);

// "accepted by the previous version, rejected by the current one: {...}"
std::string witness_text(const Witness& w);

}  // namespace contractgen::breaking
