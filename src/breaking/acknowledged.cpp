#include "breaking/acknowledged.h"

#include <fstream>
#include <sstream>

#include "breaking/rules.h"

namespace contractgen::breaking {

std::vector<Acknowledgement> read_acknowledgements(const std::filesystem::path& file, diag::Sink& sink) {
    std::vector<Acknowledgement> out;
    std::ifstream in(file);
    const std::string shown = file.generic_string();
    if (!in) {
        sink.error(shown, 0, 0, "cannot read the list of acknowledged breaks");
        return out;
    }
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        auto hash = line.find('#');
        std::istringstream words(line.substr(0, hash));
        Acknowledgement a;
        a.line = number;
        if (!(words >> a.rule)) continue;  // blank or comment
        std::string extra;
        words >> a.type >> a.path >> extra;
        auto column = static_cast<int>(line.find_first_not_of(" \t")) + 1;
        bool known = false;
        for (const auto& r : rules()) known |= r.id == a.rule;
        if (!known) {
            sink.error(shown, number, column,
                       "unknown rule '" + a.rule + "' (contractgen breaking --list-rules lists them)");
        } else if (a.type.find('.') == std::string::npos || !extra.empty()) {
            sink.error(shown, number, column,
                       "expected 'RULE_ID family.Type [PATH]', e.g. 'ENUM_VALUE_NO_ADD events.EventType'");
        } else {
            out.push_back(a);
        }
    }
    return out;
}

namespace {

// Whether the entry names the finding: by its type and path, by the member
// the user edits, or by any member a shared change affects.
bool names(const Acknowledgement& a, const Finding& f) {
    if (f.rule != a.rule) return false;
    auto named = [&](const std::string& type, const std::string& path) {
        return type == a.type && (a.path.empty() || a.path == path);
    };
    auto named_member = [&](const std::string& member) {  // "family.Type $.path" or "family.Type"
        auto space = member.find(' ');
        return named(member.substr(0, space), space == std::string::npos ? "$" : member.substr(space + 1));
    };
    if (named(f.type, f.path) || (!f.member.empty() && named_member(f.member))) return true;
    for (const auto& m : f.affects)
        if (named_member(m)) return true;
    return false;
}

}  // namespace

void acknowledge(std::vector<Finding>& findings, const std::vector<Acknowledgement>& entries,
                 const std::filesystem::path& file, diag::Sink& sink) {
    for (const auto& a : entries) {
        bool used = false;
        for (auto& f : findings)
            if (names(a, f)) used = f.acknowledged = true;
        if (!used)
            sink.warning(file.generic_string(), a.line, 1,
                         "'" + a.rule + " " + a.type + (a.path.empty() ? "" : " " + a.path) +
                             "' matches no finding; remove it once the change it acknowledges is released");
    }
}

}  // namespace contractgen::breaking
