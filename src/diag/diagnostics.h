// Diagnostics in GCC style (`file:line:col: error: message`), collected by a
// Sink so that one run reports every problem it can find, not only the first.
#pragma once

#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace contractgen::diag {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
    Severity severity = Severity::Error;
    std::string file;  // empty for diagnostics that concern no file
    int line = 0;      // 0 when unknown
    int column = 0;
    std::string message;
};

// Formats one diagnostic; `colour` adds ANSI bold/red the way GCC does.
std::string format(const Diagnostic& d, bool colour);

class Sink {
public:
    void error(std::string file, int line, int column, std::string message);
    void warning(std::string file, int line, int column, std::string message);
    void note(std::string file, int line, int column, std::string message);
    void add(Diagnostic d);  // an exact repeat of an earlier diagnostic is dropped

    bool has_errors() const { return errors_ > 0; }
    int error_count() const { return errors_; }
    const std::vector<Diagnostic>& all() const { return items_; }

    // Messages of all errors joined by newlines (tests assert on this).
    std::string text() const;
    void print(std::ostream& out, bool colour) const;

private:
    std::vector<Diagnostic> items_;
    std::set<std::string> seen_;  // formatted, to drop exact repeats
    int errors_ = 0;
};

// `text` safe to print on one line of a terminal: newline, carriage return
// and tab as \n \r \t, other control characters and bytes that are not
// UTF-8 as \xNN, C1 controls and bidirectional formatting characters as
// \uNNNN; everything else as it is. Every diagnostic's file name and message
// go through it (Sink::add), so callers pass text from schemas and file names
// as they are.
std::string printable(std::string_view text);

// Colour only on a terminal, never when NO_COLOR is set (https://no-color.org).
bool stderr_wants_colour();

// "did you mean 'X'?" support: the candidate closest to `word` by edit
// distance, or empty when nothing is close enough to be a plausible typo.
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace contractgen::diag
