#include "app/breaking_command.h"

#include <unistd.h>
#include <cstdlib>

#include "app/pipeline.h"
#include "breaking/acknowledged.h"
#include "breaking/compare.h"
#include "breaking/git_revision.h"
#include "breaking/report.h"
#include "breaking/rules.h"

namespace contractgen::app {

namespace fs = std::filesystem;

namespace {

// A folder of its own under the system temp folder, removed at the end.
class ScratchFolder {
public:
    ScratchFolder() {
        std::string pattern = (fs::temp_directory_path() / "contractgen-previous-XXXXXX").string();
        if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
    }
    ~ScratchFolder() {
        std::error_code ec;
        if (!path_.empty()) fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

// Diagnostics about the scratch copy name the revision instead.
void show_as(diag::Sink& from, const std::string& scratch, const std::string& shown, diag::Sink& to) {
    for (auto d : from.all()) {
        if (d.file.rfind(scratch, 0) == 0) d.file = shown + d.file.substr(scratch.size());
        to.add(d);
    }
}

struct Versions {
    Loaded previous, current;
    std::string previous_root;
};

// Loads both versions; false (with diagnostics) when either does not load.
bool load_versions(const BreakingOptions& o, ScratchFolder& scratch, Versions& v, diag::Sink& sink) {
    std::error_code ec;
    fs::path previous_folder;
    if (fs::is_directory(o.against, ec)) {
        previous_folder = o.against;
        v.previous_root = fs::path(o.against).generic_string();
        while (v.previous_root.size() > 1 && v.previous_root.back() == '/') v.previous_root.pop_back();
    } else if (fs::is_directory(o.schemas, ec) && breaking::is_git_revision(o.schemas, o.against)) {
        if (scratch.path().empty()) {
            sink.error("", 0, 0, "cannot make a temporary folder for the previous version");
            return false;
        }
        if (!breaking::read_schemas_at(o.schemas, o.against, scratch.path(), v.previous_root, sink)) return false;
        previous_folder = scratch.path();
    } else {
        sink.error("", 0, 0,
                   "--against '" + o.against +
                       "' is neither a folder nor a git revision of the repository that holds '" +
                       o.schemas.generic_string() + "'");
        return false;
    }
    diag::Sink previous_sink;
    v.previous = load_and_build(previous_folder, previous_sink, o.reading);
    show_as(previous_sink, previous_folder.string(), v.previous_root, sink);
    if (previous_sink.has_errors()) {
        sink.note("", 0, 0, "the previous version (" + o.against + ") does not load; fix or choose another");
        return false;
    }
    v.current = load_and_build(o.schemas, sink, o.reading);
    return !sink.has_errors();
}

int bad_input(const diag::Sink& sink, std::ostream& err, bool colour) {
    sink.print(err, colour);
    err << sink.error_count() << (sink.error_count() == 1 ? " error\n" : " errors\n");
    return kBadInput;
}

std::vector<breaking::Finding> findings(const Versions& v, const BreakingOptions& o, bool include_docs) {
    breaking::Version previous{&v.previous.model, v.previous_root, breaking::operation_roots(v.previous.model)};
    std::string current_root = o.schemas.generic_string();
    while (current_root.size() > 1 && current_root.back() == '/') current_root.pop_back();
    breaking::Version current{&v.current.model, current_root, breaking::operation_roots(v.current.model)};
    return breaking::compare(previous, current, include_docs, o.consumers);
}

// Findings go to stdout: colour only when that is a terminal.
bool stdout_wants_colour(bool colour) { return colour && ::isatty(1) == 1 && std::getenv("NO_COLOR") == nullptr; }

// --against is required, except to list the rules.
bool usage_ok(const BreakingOptions& o, std::ostream& err) {
    if (!o.against.empty()) return true;
    err << "contractgen: error: --against is required: a folder of schemas, or a git revision (main, v1.2.0, HEAD~1)\n";
    return false;
}

}  // namespace

int run_breaking(const BreakingOptions& o, std::ostream& out, std::ostream& err, bool colour) {
    if (o.list_rules) {
        for (const auto& r : breaking::rules())
            out << r.id << std::string(32 - std::min<std::size_t>(31, r.id.size()), ' ') << r.purpose << "\n";
        return kOk;
    }
    if (!usage_ok(o, err)) return kBadInput;
    diag::Sink sink;
    std::vector<breaking::Acknowledgement> acknowledged;
    if (o.ignore) {
        acknowledged = breaking::read_acknowledgements(*o.ignore, sink);
        if (sink.has_errors()) return bad_input(sink, err, colour);
    }
    ScratchFolder scratch;
    Versions v;
    if (!load_versions(o, scratch, v, sink)) return bad_input(sink, err, colour);
    auto found = findings(v, o, false);
    if (o.ignore) breaking::acknowledge(found, acknowledged, *o.ignore, sink);
    sink.print(err, colour);  // warnings
    breaking::ReportHeader header{o.against, o.schemas.generic_string(), o.fail_on, o.consumers};
    switch (o.format) {
        case BreakingOptions::Format::Text:
            breaking::print_text(found, header, out, stdout_wants_colour(colour));
            break;
        case BreakingOptions::Format::Json: breaking::print_json(found, header, out); break;
        case BreakingOptions::Format::Github: breaking::print_github(found, header, out); break;
    }
    for (const auto& f : found)
        if (f.severity >= o.fail_on && !f.acknowledged) return kDrift;
    return kOk;
}

int run_changelog(const BreakingOptions& o, std::ostream& out, std::ostream& err, bool colour) {
    if (!usage_ok(o, err)) return kBadInput;
    diag::Sink sink;
    ScratchFolder scratch;
    Versions v;
    if (!load_versions(o, scratch, v, sink)) return bad_input(sink, err, colour);
    sink.print(err, colour);
    breaking::print_changelog(findings(v, o, true), {o.against, o.schemas.generic_string(), o.fail_on, o.consumers},
                              out);
    return kOk;
}

}  // namespace contractgen::app
