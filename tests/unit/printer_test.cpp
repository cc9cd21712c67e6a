// The code printer (src/emit/common/printer.h). Each expected text is
// written out by hand from the rules in the header.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "emit/common/printer.h"

using contractgen::emit::Printer;
using contractgen::emit::PrinterStyle;

namespace {

PrinterStyle go_style(std::size_t width = 120) { return PrinterStyle{"\t", width, 4}; }

}  // namespace

TEST_CASE("printer: the raw string's first newline and common indentation are removed, levels become the unit") {
    Printer p(go_style());
    p.emit(R"(
        func f() {
          return 1
        }
    )");
    CHECK(p.text() == "func f() {\n\treturn 1\n}\n");

    Printer spaces;  // four spaces a level by default; an odd space stays
    spaces.emit("a\n    b\n     c\n");
    CHECK(spaces.text() == "a\n        b\n         c\n");
}

TEST_CASE("printer: $var$ substitution, $$ is a dollar sign, unknown names are a programming error") {
    Printer p(go_style());
    p.emit({{"name", "Entity"}, {"n", "2"}}, "type $name$ [$n$]int // costs $$$n$\n");
    CHECK(p.text() == "type Entity [2]int // costs $2\n");
    CHECK_THROWS_AS(p.emit({{"name", "x"}}, "$other$\n"), std::logic_error);
    CHECK_THROWS_AS(p.emit("a $ b\n"), std::logic_error);
}

TEST_CASE("printer: a multi-line value continues at the indentation of the line it lands on") {
    Printer p(go_style());
    p.emit({{"body", "x := 1\n\nreturn x"}}, R"(
      func f() int {
        $body$
      }
    )");
    // The empty line of the value stays empty: no trailing tab.
    CHECK(p.text() == "func f() int {\n\tx := 1\n\n\treturn x\n}\n");
}

TEST_CASE("printer: a callback prints at the indentation of its line, and one that prints nothing leaves no line") {
    Printer p(go_style());
    auto statements = [&] {
        p.emit("if ok {\n  return\n}\n");
        p.emit({{"x", "y"}}, "use($x$)\n");
    };
    p.emit({{"body", statements}, {"nothing", [] {}}, {"empty", ""}}, R"(
      switch {
      case a:
          $body$
          $nothing$
          $empty$
      }
    )");
    CHECK(p.text() == "switch {\ncase a:\n\t\tif ok {\n\t\t\treturn\n\t\t}\n\t\tuse(y)\n}\n");
}

TEST_CASE("printer: indent() and outdent() shift everything printed between them") {
    Printer p(go_style());
    p.emit("{\n");
    p.indent();
    p.emit({{"v", "a\nb"}}, "$v$\n");
    p.outdent();
    p.emit("}\n");
    CHECK(p.text() == "{\n\ta\n\tb\n}\n");
}

TEST_CASE("printer: a list stays on one line within the width, else one item a line with the rest after") {
    // "call(" is 5 columns, the items 3 + 2 + 3 + 2 + 3, ")" 1: 19 in all.
    Printer fits(go_style(19));
    fits.emit({Printer::Sub::list("args", {"aaa", "bbb", "ccc"})}, "call($args$)\n");
    CHECK(fits.text() == "call(aaa, bbb, ccc)\n");

    Printer wraps(go_style(18));
    wraps.emit({Printer::Sub::list("args", {"aaa", "bbb", "ccc"})}, "{\n\tx = call($args$)\n}\n");
    CHECK(wraps.text() == "{\n\tx = call(\n\t\taaa,\n\t\tbbb,\n\t\tccc,\n\t)\n}\n");

    Printer cpp(PrinterStyle{"    ", 10, 4});  // C++ argument lists take no trailing comma
    cpp.emit({Printer::Sub::list("args", {"first", "second"}, ", ", false)}, "f($args$);\n");
    CHECK(cpp.text() == "f(\n    first,\n    second\n);\n");
}

TEST_CASE("printer: a braced list is an object literal: braces with spaces on one line, else one item a line") {
    using Sub = Printer::Sub;
    PrinterStyle ts{"  ", 24, 2};
    // "v = (" is 5 columns, "{ a: 1, b: 2 }" 14, ");" 2: 21 in all.
    Printer fits(ts);
    fits.emit({Sub::braced("members", {"a: 1", "b: 2"})}, "v = ($members$);\n");
    CHECK(fits.text() == "v = ({ a: 1, b: 2 });\n");

    Printer empty(ts);
    empty.emit({Sub::braced("members", {})}, "v = ($members$);\n");
    CHECK(empty.text() == "v = ({});\n");

    Printer wraps(PrinterStyle{"  ", 20, 2});  // the closing brace at the line's indentation, the rest after it
    wraps.emit({Sub::braced("members", {"a: 1", "b: 2"})}, "{\n  v = ($members$);\n}\n");
    CHECK(wraps.text() == "{\n  v = ({\n    a: 1,\n    b: 2,\n  });\n}\n");

    Printer nested(PrinterStyle{"  ", 20, 2});  // an item of several lines continues at its own indentation
    nested.emit({Sub::braced("members", {"p: f(\n  x,\n)", "q: 1"})}, "v = $members$;\n");
    CHECK(nested.text() == "v = {\n  p: f(\n    x,\n  ),\n  q: 1,\n};\n");
}

TEST_CASE("printer: a hanging list keeps its first item on the line and the others one a line deeper") {
    using Sub = Printer::Sub;
    // "let " is 4 columns, "$a, $b, $c" 10, ";" 1: 15 in all.
    Printer fits(PrinterStyle{"  ", 15, 2});
    fits.emit({Sub::hanging("locals", {"$a", "$b", "$c"})}, "let $locals$;\n");
    CHECK(fits.text() == "let $a, $b, $c;\n");

    Printer wraps(PrinterStyle{"  ", 16, 2});  // two levels deep: 4 more columns
    wraps.emit({Sub::hanging("locals", {"$a", "$b", "$c"})}, "f() {\n  let $locals$;\n}\n");
    CHECK(wraps.text() == "f() {\n  let $a,\n    $b,\n    $c;\n}\n");
}

TEST_CASE("printer: a list inside a callback wraps at the width its line's indentation leaves") {
    Printer p(go_style(20));
    auto call = [&] { p.emit({Printer::Sub::list("a", {"abcd", "efgh"})}, "g($a$)\n"); };
    // Alone: "g(abcd, efgh)" is 13 columns. Two tabs deep (8 columns) it passes 20.
    p.emit({{"call", call}}, "{\n\t\t$call$\n}\n");
    CHECK(p.text() == "{\n\t\tg(\n\t\t\tabcd,\n\t\t\tefgh,\n\t\t)\n}\n");
}

TEST_CASE("printer: table aligns each column over runs of rows that have a cell after it") {
    Printer p(go_style());
    p.indent();
    p.table({
        {{}, {"ID", "string", "`json:\"id\"`"}},
        {{}, {"Name", "*string", "`json:\"name,omitempty\"`"}},
        {{"// Kind is the kind."}, {"Kind", "int"}},
        {{}, {"Extra", "contract.Object", "`json:\"-\"`"}},
        {{}, {"Tail", "x", "`json:\"tail\"`"}},
    });
    CHECK(p.text() ==
          "\tID   string  `json:\"id\"`\n"
          "\tName *string `json:\"name,omitempty\"`\n"
          "\t// Kind is the kind.\n"
          "\tKind  int\n"  // the name column runs on to Tail (three rows have a cell after it)
          "\tExtra contract.Object `json:\"-\"`\n"
          "\tTail  x               `json:\"tail\"`\n");
}

TEST_CASE("printer: columns count code points, a tab as the style's tab width") {
    Printer p(go_style());
    CHECK(p.columns("\tä€😀") == 7);
}
