#include "diag/diagnostics.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <unistd.h>

namespace contractgen::diag {

namespace {
const char* severity_word(Severity s) {
    switch (s) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Note: return "note";
    }
    return "error";
}
const char* severity_colour(Severity s) {
    switch (s) {
        case Severity::Error: return "\033[1;31m";
        case Severity::Warning: return "\033[1;35m";
        case Severity::Note: return "\033[1;36m";
    }
    return "";
}
}  // namespace

std::string format(const Diagnostic& d, bool colour) {
    std::ostringstream out;
    if (colour) out << "\033[1m";
    if (!d.file.empty()) {
        out << d.file << ':';
        if (d.line > 0) out << d.line << ':' << d.column << ':';
        out << ' ';
    } else {
        out << "contractgen: ";
    }
    if (colour) out << "\033[0m" << severity_colour(d.severity);
    out << severity_word(d.severity) << ':';
    if (colour) out << "\033[0m";
    out << ' ' << d.message;
    return out.str();
}

namespace {
// Names from schemas appear in messages; a newline or escape character in one
// must not split a diagnostic line or reach the terminal as a control code.
std::string one_line(std::string message) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned char c : message) {
        if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c == 0x7F) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}
}  // namespace

void Sink::add(Diagnostic d) {
    d.message = one_line(std::move(d.message));
    // A schema reached twice (an allOf base shared by several types) must not
    // report the same problem twice.
    if (!seen_.insert(format(d, false)).second) return;
    if (d.severity == Severity::Error) ++errors_;
    items_.push_back(std::move(d));
}
void Sink::error(std::string file, int line, int column, std::string message) {
    add({Severity::Error, std::move(file), line, column, std::move(message)});
}
void Sink::warning(std::string file, int line, int column, std::string message) {
    add({Severity::Warning, std::move(file), line, column, std::move(message)});
}
void Sink::note(std::string file, int line, int column, std::string message) {
    add({Severity::Note, std::move(file), line, column, std::move(message)});
}

std::string Sink::text() const {
    std::string out;
    for (const auto& d : items_) {
        out += format(d, false);
        out += '\n';
    }
    return out;
}

void Sink::print(std::ostream& out, bool colour) const {
    for (const auto& d : items_) out << format(d, colour) << '\n';
}

bool stderr_wants_colour() {
    const char* no_colour = std::getenv("NO_COLOR");
    if (no_colour != nullptr && *no_colour != '\0') return false;
    const char* term = std::getenv("TERM");
    if (term != nullptr && std::string(term) == "dumb") return false;
    return isatty(STDERR_FILENO) == 1;
}

namespace {
// Optimal string alignment distance: Levenshtein plus swapping two adjacent
// characters as one edit ("nmae" → "name"), the most common typo.
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], before[j - 2] + 1);
        }
        std::swap(before, prev);
        std::swap(prev, cur);
    }
    return prev[b.size()];
}
}  // namespace

std::string closest_match(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = std::string::npos;
    for (const auto& c : candidates) {
        std::size_t d = edit_distance(word, c);
        if (d < best_distance || (d == best_distance && c < best)) {
            best = c;
            best_distance = d;
        }
    }
    // A typo is at most a third of the word away; anything further is noise.
    std::size_t limit = std::max<std::size_t>(1, std::max(word.size(), best.size()) / 3);
    if (best_distance == std::string::npos || best_distance > limit) return {};
    return best;
}

}  // namespace contractgen::diag
