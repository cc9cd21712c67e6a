// A code printer for text built in C++, in the manner of protoc's
// Printer::Emit: the shape of the output stays visible where it is printed.
//
//   p.emit({{"name", type}, {"body", [&] { print_body(p); }}}, R"(
//     func decode$name$(d *Decoder) {
//       $body$
//     }
//   )");
//
// - The text's first newline and the indentation common to its lines are
//   removed; what is left of a line's indentation counts in levels of two
//   spaces (or one tab), written as the style's indent unit ("\t" for Go).
// - `$name$` is replaced by the substitution's text; `$$` is a dollar sign.
//   A text of several lines continues at the indentation of the line it
//   lands on, so no caller counts tabs or columns.
// - A callback substitution prints through the same printer, at the
//   indentation of the line it stands on. A line holding nothing but one
//   substitution that prints nothing is left out.
// - A list substitution (Sub::list) is written on one line when the line
//   stays within the style's width, else one item per line, one level
//   deeper, each followed by the separator, with the rest of the line after.
//   Sub::braced is the same list inside braces, as an object literal or a
//   destructuring pattern lays it out: `{ a, b }` on one line, `{}` when
//   empty, else `{`, the items one a line, and `}` at the line's
//   indentation. Sub::hanging keeps its first item on the line and puts each
//   other one on a line of its own, one level deeper (`let a,\n  b;`). An
//   item of several lines, so placed, continues at its first line's
//   indentation.
// - table() aligns columns as gofmt does: over each run of rows that have a
//   cell after the column; a row with comment lines before it starts a run.
// Lines never end in spaces or tabs; an empty line has no indentation.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace contractgen::emit {

struct PrinterStyle {
    std::string indent = "    ";  // one level of the output's indentation
    std::size_t width = 120;       // lines a list may fill before it wraps
    std::size_t tab_width = 4;     // columns a tab counts for when measuring
};

class Printer {
public:
    class Sub {
    public:
        Sub(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {}
        Sub(std::string name, const char* text) : name_(std::move(name)), text_(text) {}
        Sub(std::string name, std::function<void()> print) : name_(std::move(name)), print_(std::move(print)) {}
        // Items joined by `separator` (", "), wrapped one a line when the line
        // would pass the width; `trailing`: the last item keeps its separator
        // when wrapped (Go requires it; C++ argument lists forbid it).
        static Sub list(std::string name, std::vector<std::string> items, std::string separator = ", ",
                        bool trailing = true);
        // The same inside braces (`{ a, b }`); `trailing` as above.
        static Sub braced(std::string name, std::vector<std::string> items, std::string separator = ", ",
                          bool trailing = true);
        // The first item stays on the line, the others go one a line, one level
        // deeper, when the line would pass the width; never a trailing separator.
        static Sub hanging(std::string name, std::vector<std::string> items, std::string separator = ", ");

    private:
        friend class Printer;
        std::string name_;
        std::string text_;
        std::function<void()> print_;
        enum class Shape { Text, List, Braced, Hanging };
        Shape shape_ = Shape::Text;
        std::vector<std::string> items_;
        std::string separator_;
        bool trailing_ = true;
    };

    struct Row {
        std::vector<std::string> comment;  // whole lines printed before the row (without indentation)
        std::vector<std::string> cells;
    };

    explicit Printer(PrinterStyle style = {}) : style_(std::move(style)) {}

    void emit(const std::vector<Sub>& subs, std::string_view text);
    void emit(std::string_view text) { emit({}, text); }

    // Rows of cells at the current indentation, columns aligned (see above).
    void table(const std::vector<Row>& rows);

    // Everything printed until outdent() is one level deeper.
    void indent() { ++level_; }
    void outdent() { --level_; }

    const std::string& text() const { return out_; }
    std::string take() { return std::move(out_); }

    // The width a line takes on screen: code points, a tab counting tab_width.
    std::size_t columns(std::string_view line) const;

private:
    // One line of an emitted text, its own indentation already read as `indent`.
    void print_line(const std::string& indent, std::string_view body, const std::vector<Sub>& subs);
    std::string expand(const Sub& sub, const std::string& indent, std::size_t column, std::string_view rest);

    PrinterStyle style_;
    std::string out_;
    std::size_t level_ = 0;
};

}  // namespace contractgen::emit
