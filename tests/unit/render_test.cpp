// The renderer (src/render/): long text values are spliced into the output
// instead of passing through kainjow, and view-model members are set in
// place. Both must render exactly what Mustache's rules give, whatever the
// template does with the value; the expected strings below follow those
// rules by hand.
#include <catch2/catch.hpp>

#include "render/templates.h"
#include "support.h"

namespace {

using contractgen::render::Data;
using contractgen::render::flag;
using contractgen::render::Object;
using contractgen::render::Templates;

// Long enough to be spliced (the renderer's threshold is 16 KiB).
std::string long_text(char fill = 'x') {
    std::string text;
    for (int line = 0; line < 2000; ++line) text += std::string(20, fill) + std::to_string(line) + "\n";
    return text;
}

// Renders `source` as a user template with `data`.
std::string render(const std::string& source, const Data& data, const std::string& before = "") {
    test::TempDir dir;
    test::write_file(dir.path() / "t/page.mustache", source);
    Templates templates(dir.path());
    std::string out = before;
    templates.render_to("t/page.mustache", data, out);
    return out;
}

}  // namespace

TEST_CASE("render: a long value is placed whole, where the template puts it", "[render]") {
    const std::string body = long_text();
    Data data;
    data.set("header", "head");
    data.set("body", std::string(body));
    CHECK(render("{{header}}\n{{{body}}}\nend\n", data) == "head\n" + body + "\nend\n");
    CHECK(render("{{body}}|{{body}}", data) == body + "|" + body);
    // Appended after what the output held already.
    CHECK(render("[{{body}}]", data, "before:") == "before:[" + body + "]");
}

TEST_CASE("render: a long value tested as a section renders as Mustache says", "[render]") {
    const std::string body = long_text();
    Data data;
    data.set("body", std::string(body));
    CHECK(render("{{#body}}<{{.}}>{{/body}}", data) == "<" + body + ">");
    CHECK(render("{{#body}}yes{{/body}}", data) == "yes");
    CHECK(render("{{^body}}none{{/body}}ok", data) == "ok");
}

TEST_CASE("render: a line of a section tag and a long value of blanks is still dropped", "[render]") {
    // Mustache drops a line that holds a section tag and only blanks; a
    // stand-in for the value must not make the line look written.
    Data data;
    data.set("on", flag(true));
    data.set("blank", std::string(20000, ' '));
    CHECK(render("{{#on}}{{blank}}{{/on}}\nnext\n", data) == "next\n");
}

TEST_CASE("render: text that looks like the splice marker is printed as it is", "[render]") {
    const std::string body = long_text();
    const std::string lookalike = "\x01\x02splice:0\x03";
    Data data;
    data.set("other", std::string(lookalike));
    data.set("body", std::string(body));
    CHECK(render("{{other}}/{{body}}", data) == lookalike + "/" + body);
    CHECK(render("{{other}}", data) == lookalike);
}

TEST_CASE("render: setting a member again replaces it, in objects written as lists too", "[render]") {
    Data data;
    data.set("a", "first");
    data.set("a", "second");
    data.set("o", Object{{"k", "one"}, {"k", "two"}, {"n", flag(false)}});
    CHECK(render("{{a}} {{#o}}{{k}}{{^n}}!{{/n}}{{/o}}", data) == "second two!");
}
