// `contractgen changelog`: the findings of `breaking` (and docs changes) as
// Markdown release notes, family by family.
#include <map>

#include "breaking/report.h"
#include "breaking/rules.h"

namespace contractgen::breaking {

namespace {

// Text from schemas (names, values) is data: Markdown must not read it as
// markup. It never starts a line here, so only inline markup is escaped.
std::string md(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (std::string_view("\\`*_[]<>|~&").find(c) != std::string_view::npos) out += '\\';
        out += c == '\n' || c == '\r' ? ' ' : c;
    }
    return out;
}

// A code span that no backtick inside can close.
std::string code(const std::string& s) {
    std::size_t run = 0, longest = 0;
    for (char c : s) longest = std::max(longest, run = c == '`' ? run + 1 : 0);
    std::string fence(longest + 1, '`');
    std::string body;
    for (char c : s) body += c == '\n' || c == '\r' ? ' ' : c;
    return fence + " " + body + " " + fence;
}

enum Section { kBreaking, kAdditions, kDeprecations, kDocs, kOther, kSections };
const char* kTitles[] = {"Breaking changes", "Additions", "Deprecations", "Documentation", "Other changes"};

Section section_of(const Finding& f) {
    if (f.severity != Severity::Info) return kBreaking;
    switch (rule(f.rule).kind) {
        case ChangeKind::Addition: return kAdditions;
        case ChangeKind::Deprecation: return kDeprecations;
        case ChangeKind::Docs: return kDocs;
        default: return kOther;
    }
}

}  // namespace

void print_changelog(const std::vector<Finding>& findings, const ReportHeader& header, std::ostream& out) {
    out << "# Changes since " << md(header.previous) << "\n";
    if (findings.empty()) {
        out << "\nNo changes to the contract.\n";
        return;
    }
    std::map<std::string, std::vector<const Finding*>[kSections]> families;
    for (const auto& f : findings) families[f.family][section_of(f)].push_back(&f);
    for (const auto& [family, sections] : families) {
        out << "\n## " << md(family) << "\n";
        for (int s = 0; s < kSections; ++s) {
            if (sections[s].empty()) continue;
            out << "\n### " << kTitles[s] << "\n\n";
            for (const Finding* f : sections[s]) {
                // The member the user edits (h.Tick `$.mode`, not the lifted h.TickMode).
                std::string type = f->type, path = f->path;
                if (auto space = f->member.find(' '); !f->member.empty())
                    type = f->member.substr(0, space),
                    path = space == std::string::npos ? "$" : f->member.substr(space + 1);
                out << "- **" << md(type) << "**" << (path == "$" ? "" : " " + code(path)) << ": " << md(f->message);
                if (s == kBreaking || s == kOther)
                    out << " (" << code(f->rule) << ", " << to_string(f->category) << ", " << to_string(f->direction)
                        << ")";
                if (!f->affects.empty()) {
                    out << "\n  - affects";
                    for (std::size_t i = 0; i < f->affects.size(); ++i) out << (i ? ", " : " ") << code(f->affects[i]);
                }
                for (const auto& w : f->witnesses)
                    out << "\n  - "
                        << (w.accepted_by == Side::Previous ? "accepted before, rejected now: "
                                                            : "rejected before, accepted now: ")
                        << code(w.instance.dump());
                out << "\n";
            }
        }
    }
}

}  // namespace contractgen::breaking
