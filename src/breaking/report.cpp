#include "breaking/report.h"

#include <map>

#include "breaking/rules.h"
#include "diag/diagnostics.h"

namespace contractgen::breaking {

namespace {

// The member the user edits (h.Tick $.mode), which is the type and path
// of the witnesses unless that type is a lifted nested schema.
std::string where(const Finding& f) {
    if (!f.member.empty()) return f.member;
    return f.path == "$" ? f.type : f.type + " " + f.path;
}

// "affects h.A $.t, h.B $.t" for a change seen from several members.
std::string affected(const Finding& f) {
    std::string out;
    for (const auto& m : f.affects) out += (out.empty() ? "this change affects " : ", ") + m;
    return out;
}

const char* direction_words(Direction d) {
    switch (d) {
        case Direction::Request: return "request: clients write it";
        case Direction::Response: return "response: clients read it";
        case Direction::Both: return "both directions";
    }
    return "";
}

// What the bracket after a finding adds besides its rule and category.
std::string qualifiers(const Finding& f) {
    std::string out = direction_words(f.direction);
    if (f.tolerated) out += ", absorbed by tolerant consumers";
    if (f.acknowledged) out += ", acknowledged";
    return out;
}

std::size_t count(const std::vector<Finding>& findings, Severity s) {
    std::size_t n = 0;
    for (const auto& f : findings) n += f.severity == s ? 1 : 0;
    return n;
}

// GitHub's workflow-command escaping: data, and (stricter) properties.
std::string gh_data(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '%') out += "%25";
        else if (c == '\r')
            out += "%0D";
        else if (c == '\n')
            out += "%0A";
        else
            out += c;
    }
    return out;
}
std::string gh_property(const std::string& s) {
    std::string out;
    for (char c : gh_data(s)) {
        if (c == ':') out += "%3A";
        else if (c == ',')
            out += "%2C";
        else
            out += c;
    }
    return out;
}

}  // namespace

std::string witness_text(const Witness& w) {
    return std::string(w.accepted_by == Side::Previous
                           ? "accepted by the previous version, rejected by the current one: "
                           : "accepted by the current version, rejected by the previous one: ") +
           w.instance.dump();
}

void print_text(const std::vector<Finding>& findings, const ReportHeader& header, std::ostream& out, bool colour) {
    diag::Sink sink;  // for its GCC format, colours and escaping of schema text
    for (const auto& f : findings) {
        std::string message =
            where(f) + ": " + f.message + " [" + f.rule + ", " + to_string(f.category) + ", " + qualifiers(f) + "]";
        if (f.severity == Severity::Error) sink.error(f.place.file, f.place.line, f.place.column, message);
        else if (f.severity == Severity::Warn)
            sink.warning(f.place.file, f.place.line, f.place.column, message);
        else
            sink.note(f.place.file, f.place.line, f.place.column, message);
        if (!f.affects.empty()) sink.note(f.place.file, f.place.line, f.place.column, affected(f));
        for (const auto& w : f.witnesses) {
            std::string of = where(f) == (f.path == "$" ? f.type : f.type + " " + f.path) ? "" : " of " + f.type;
            sink.note(f.place.file, f.place.line, f.place.column, "witness" + of + " " + witness_text(w));
        }
    }
    sink.print(out, colour);
    auto counted = [](std::size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); };
    out << counted(count(findings, Severity::Error), "error") << ", "
        << counted(count(findings, Severity::Warn), "warning") << ", "
        << counted(count(findings, Severity::Info), "note") << " against " << header.previous << " (failing on "
        << (header.fail_on == Severity::Error ? "errors" : "warnings and errors") << ")\n";
}

void print_json(const std::vector<Finding>& findings, const ReportHeader& header, std::ostream& out) {
    json doc = json::object();
    doc["format"] = "contractgen-breaking/1";
    doc["previous"] = header.previous;
    doc["current"] = header.current;
    doc["fail_on"] = to_string(header.fail_on);
    doc["consumers"] = header.consumers == Consumers::Tolerant ? "tolerant" : "strict";
    doc["findings"] = json::array();
    for (const auto& f : findings) {
        json j = json::object();
        j["rule"] = f.rule;
        j["category"] = to_string(f.category);
        j["severity"] = to_string(f.severity);
        j["direction"] = to_string(f.direction);
        j["family"] = f.family;
        j["type"] = f.type;
        j["path"] = f.path;
        j["message"] = f.message;
        j["member"] = where(f);
        if (!f.affects.empty()) j["affects"] = f.affects;
        j["file"] = f.place.file;
        j["line"] = f.place.line;
        j["column"] = f.place.column;
        j["pointer"] = f.place.pointer;
        j["side"] = to_string(f.place.side);
        j["acknowledged"] = f.acknowledged;
        j["tolerated"] = f.tolerated;
        j["schemas"] = json::object();
        if (!f.previous_schema.empty()) j["schemas"]["previous"] = f.previous_schema;
        if (!f.current_schema.empty()) j["schemas"]["current"] = f.current_schema;
        j["witnesses"] = json::array();
        for (const auto& w : f.witnesses)
            j["witnesses"].push_back(
                json::object({{"accepted_by", to_string(w.accepted_by)}, {"instance", w.instance}}));
        doc["findings"].push_back(std::move(j));
    }
    doc["summary"] = json::object({{"error", count(findings, Severity::Error)},
                                   {"warning", count(findings, Severity::Warn)},
                                   {"info", count(findings, Severity::Info)}});
    out << doc.dump(2) << "\n";
}

void print_github(const std::vector<Finding>& findings, const ReportHeader&, std::ostream& out) {
    for (const auto& f : findings) {
        const char* command = f.acknowledged                  ? "notice"
                              : f.severity == Severity::Error ? "error"
                              : f.severity == Severity::Warn  ? "warning"
                                                              : "notice";
        std::string message = where(f) + ": " + f.message + " (" + qualifiers(f) + ")";
        if (!f.affects.empty()) message += "\n" + affected(f);
        for (const auto& w : f.witnesses) message += "\nwitness " + witness_text(w);
        out << "::" << command << " file=" << gh_property(f.place.file) << ",line=" << f.place.line
            << ",col=" << f.place.column << ",title=" << gh_property(f.rule) << "::" << gh_data(message) << "\n";
    }
}

}  // namespace contractgen::breaking
