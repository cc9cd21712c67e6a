#include "diag/diagnostics.h"

#include <unistd.h>
#include <algorithm>
#include <cstdlib>
#include <sstream>

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
// The length of the well-formed UTF-8 sequence at s[i] (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF), 0 if there is none.
std::size_t utf8_sequence(std::string_view s, std::size_t i, char32_t& code_point) {
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char lead = byte(i);
    std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
    if (length == 0 || lead > 0xF4 || i + length > s.size()) return 0;
    char32_t cp = lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kSmallest[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    code_point = cp;
    return length;
}

// Code points that change how the rest of a line looks without being
// visible themselves: C1 controls (U+009B is CSI on some terminals) and the
// bidirectional formatting characters (which can make a line read in another
// order than it is written).
bool invisible_control(char32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}
}  // namespace

std::string printable(std::string_view text) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        char32_t cp = 0;
        std::size_t length = c >= 0x80 ? utf8_sequence(text, i, cp) : 0;
        if (c >= 0x20 && c < 0x7F) {
            out += static_cast<char>(c);
            ++i;
        } else if (c == '\n' || c == '\r' || c == '\t') {
            out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
            ++i;
        } else if (length != 0) {
            if (invisible_control(cp)) {
                out += "\\u";
                for (int shift = 12; shift >= 0; shift -= 4) out += hex[(cp >> shift) & 15];
            } else {
                out.append(text, i, length);
            }
            i += length;
        } else {  // C0 controls, DEL, and bytes that are not UTF-8
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
            ++i;
        }
    }
    return out;
}

void Sink::add(Diagnostic d) {
    // File names are as hostile as names from schemas: a newline or escape in
    // one must not forge a diagnostic line or drive the terminal either.
    d.file = printable(d.file);
    d.message = printable(d.message);
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
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = std::min(cur[j], before[j - 2] + 1);
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
