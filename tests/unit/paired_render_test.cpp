// Paired rendering (src/render/paired.h): one rendering of a template for two
// outputs must give, byte for byte, what rendering it once per output gives.
// The oracle is kainjow itself: each case renders the template twice the
// plain way (the flag false, then true, values spelt for each) and compares.
#include <catch2/catch.hpp>

#include <functional>

#include "emit/ts/ts_family.h"
#include "render/paired.h"
#include "render/templates.h"
#include "support.h"

namespace {

using contractgen::render::Data;
using contractgen::render::flag;
using contractgen::render::List;
using contractgen::render::Object;
using contractgen::render::Templates;
namespace paired = contractgen::render::paired;

enum Lang { Js, Ts, Both };

// A value spelt per language.
std::string spelt(Lang lang, const std::string& js, const std::string& ts) {
    return lang == Js ? js : lang == Ts ? ts : paired::value(js, ts);
}

const std::set<std::string> kValues = {"param", "returns", "doc"};

// A view model: `items` list entries, whether `on` holds, and the paired values (some empty on one side).
Data view(Lang lang, int items, bool on, bool empty_doc) {
    Data d;
    d.set("ts", flag(lang == Ts));
    d.set("name", "Thing");
    d.set("on", flag(on));
    d.set("empty", flag(false));
    d.set("param", spelt(lang, "", ": Decoder"));
    d.set("returns", spelt(lang, "", ": Thing"));
    d.set("doc", spelt(lang, empty_doc ? "" : "/** js doc */\n", empty_doc ? "/** ts doc */\n" : ""));
    List list;
    for (int i = 0; i < items; ++i) list.push_back(Object{{"item", "item" + std::to_string(i)}});
    d.set("items", std::move(list));
    return d;
}

struct Outputs {
    std::string js, ts;
    bool operator==(const Outputs& o) const { return js == o.js && ts == o.ts; }
};

std::ostream& operator<<(std::ostream& os, const Outputs& o) { return os << "js:[" << o.js << "] ts:[" << o.ts << "]"; }

// A user template folder holding one template, t/page.mustache.
struct Page {
    explicit Page(const std::string& source) { test::write_file(dir.path() / "t/page.mustache", source); }
    test::TempDir dir;
    Templates templates{dir.path()};
    const std::string name = "t/page.mustache";
};

Outputs twice(const Page& page, int items, bool on, bool empty_doc) {
    Outputs out;
    page.templates.render_to(page.name, view(Js, items, on, empty_doc), out.js);
    page.templates.render_to(page.name, view(Ts, items, on, empty_doc), out.ts);
    return out;
}

Outputs once(const Page& page, int items, bool on, bool empty_doc) {
    Outputs out{"before js|", "before ts|"};  // appended after what is there
    REQUIRE(page.templates.render_pair(page.name, view(Both, items, on, empty_doc), "ts", kValues, out.js, out.ts));
    CHECK(out.js.rfind("before js|", 0) == 0);
    CHECK(out.ts.rfind("before ts|", 0) == 0);
    return Outputs{out.js.substr(10), out.ts.substr(10)};
}

}  // namespace

TEST_CASE("render pair: each output is what rendering the template for it alone gives", "[render]") {
    const char* templates[] = {
        // standalone sections of the flag, each way, and glued to the next line
        "{{^ts}}\n\n// js only {{name}}\n{{/ts}}\nboth {{name}}\n",
        "{{#ts}}\n{{doc}}{{/ts}}export const {{name}} = 1;\n",
        "{{#ts}}\nts only\n{{/ts}}\n{{^ts}}\njs only\n{{/ts}}\nend\n",
        // inline, nested, inside a loop, around sections that render nothing
        "const a{{#ts}}: T{{/ts}} = 1;{{^ts}} // js{{/ts}}\n",
        "{{#ts}}\nouter\n{{^ts}}\nnever\n{{/ts}}\n{{/ts}}\ndone\n",
        "{{#items}}\n{{#ts}}\n  {{item}}: T,\n{{/ts}}\n{{^ts}}\n  {{item}},\n{{/ts}}\n  sep\n{{/items}}\nafter\n",
        "{{#ts}}\n{{#empty}}\nx\n{{/empty}}\n{{#on}}\n  on\n{{/on}}\n{{/ts}}\nend\n",
        // paired values: in lines without sections, and with text no section can hide
        "{{{doc}}}function f(d{{param}}){{returns}} {\n  {{param}}\n}\n",
        "{{#items}}\n  {{item}}{{param}},\n{{/items}}\n",
        "{{#on}}\nx\n{{/on}}{{returns}};\n",
        "{{#items}}\n  {{item}}\n{{/items}}{{#ts}}ts{{/ts}} done\n",
        // a template that ends in the flag's closing tag
        "x\n{{#ts}}\ny\n{{/ts}}",
    };
    for (const char* source : templates) {
        INFO("template: " << source);
        Page page(source);
        REQUIRE(page.templates.pairs(page.name, "ts", kValues));
        for (int items : {0, 1, 2})
            for (bool on : {false, true})
                for (bool empty_doc : {false, true})
                    CHECK(once(page, items, on, empty_doc) == twice(page, items, on, empty_doc));
    }
}

TEST_CASE("render pair: templates where marks could change which lines Mustache drops render twice", "[render]") {
    const char* templates[] = {
        "{{=<% %>=}}<%#ts%>x<%/ts%>\n",                  // other delimiters: not followed
        "{{> part}}\n",                                   // a partial: not read
        "{{ts}}\n",                                       // the flag as a value
        "{{#param}}x{{/param}}\n",                        // a paired value as a section
        "  {{#ts}}\nx\n{{/ts}}\nend\n",  // blanks before a standalone flag tag stay when it is skipped
        "{{#items}}{{#ts}}\nx\n{{/ts}}{{/items}}\n",  // flag and other sections, no text
        "{{#items}}x{{param}};{{/items}}\n",  // the line's text is inside a section
        "{{#items}}\n{{#ts}}\nx\n{{/ts}}\n{{/items}}\n",  // a mark before a loop's end: it runs into the next item
        "{{#ts}}\nunclosed\n",
    };
    for (const char* source : templates) {
        INFO("template: " << source);
        Page page(source);
        CHECK_FALSE(page.templates.pairs(page.name, "ts", kValues));
        std::string js = "js", ts = "ts";
        CHECK_FALSE(page.templates.render_pair(page.name, view(Both, 1, true, false), "ts", kValues, js, ts));
        CHECK(js == "js");
        CHECK(ts == "ts");
    }
}

TEST_CASE("render pair: a line only a paired value shows renders once when the value is written in both", "[render]") {
    // After a section's end only `{{returns}}` stands on the line: Mustache
    // drops the line where it renders blank, which marks would prevent.
    Page page("{{#items}}\n  {{item}}\n{{/items}}  {{returns}}\nend\n");
    REQUIRE(page.templates.pairs(page.name, "ts", kValues));
    std::string js = "js", ts = "ts";
    CHECK_FALSE(page.templates.render_pair(page.name, view(Both, 1, true, false), "ts", kValues, js, ts));  // "" in js
    CHECK(js == "js");
    CHECK(ts == "ts");
    for (int items : {0, 2}) {
        Data both = view(Both, items, true, false), for_js = view(Js, items, true, false),
             for_ts = view(Ts, items, true, false);
        both.set("returns", paired::value("/* js */", ": Thing"));
        for_js.set("returns", "/* js */");
        for_ts.set("returns", ": Thing");
        Outputs once_, twice_;
        REQUIRE(page.templates.render_pair(page.name, both, "ts", kValues, once_.js, once_.ts));
        page.templates.render_to(page.name, for_js, twice_.js);
        page.templates.render_to(page.name, for_ts, twice_.ts);
        CHECK(once_ == twice_);
    }
}

TEST_CASE("render pair: data holding a mark is refused, nothing appended", "[render]") {
    Page page("a {{name}} b{{#ts}}: T{{/ts}}\n");
    Data data = view(Both, 0, false, false);
    data.set("name", std::string("x") + paired::kClose);
    std::string js = "js", ts = "ts";
    CHECK_FALSE(page.templates.render_pair(page.name, data, "ts", kValues, js, ts));
    CHECK(js == "js");
    CHECK(ts == "ts");
}

TEST_CASE("render pair: split follows nested marks and refuses others", "[render]") {
    const std::string o{paired::kOpen}, s{paired::kSeparator}, c{paired::kClose}, drop{paired::kDropLine};
    std::string js, ts;
    REQUIRE(paired::split("a" + o + "J" + o + "j" + s + "t" + c + s + "T" + c + "b" + drop + "\nc", js, ts));
    CHECK(js == "aJjbc");
    CHECK(ts == "aTbc");
    CHECK(paired::value("same", "same") == "same");
    CHECK(paired::value("j", "t") == o + "j" + s + "t" + c);
    // Marks at every place in eight-byte words; bytes next to the marks' range are text.
    const std::string near = "\x1B\x20\x9C\xFC";
    for (std::size_t offset = 0; offset < 20; ++offset) {
        std::string first, second;
        const std::string pad(offset, 'x');
        REQUIRE(paired::split(pad + near + o + "j" + s + "t" + c + std::string(9, 'y') + near, first, second));
        CHECK(first == pad + near + "j" + std::string(9, 'y') + near);
        CHECK(second == pad + near + "t" + std::string(9, 'y') + near);
    }
    for (const std::string& bad : {o + "a" + s + "b", s + "b" + c, o + "a" + c, "x" + drop + "y", "x" + drop}) {
        std::string first = "1", second = "2";
        CHECK_FALSE(paired::split(bad, first, second));
        CHECK(first == "1");
        CHECK(second == "2");
    }
}

TEST_CASE("render pair: every declaration template of the TypeScript target renders once for both", "[render]") {
    Templates builtin;
    std::size_t modules = 0;
    for (const std::string& name : Templates::builtin_names()) {
        if (name.rfind("ts/", 0) != 0 || name.find(".module.mustache") == std::string::npos) continue;
        if (name == "ts/family.module.mustache" || name == "ts/registry.module.mustache")
            continue;  // rendered once per file
        INFO(name);
        const auto& values = name == "ts/entry.module.mustache" ? contractgen::emit::ts::entry_language_values()
                                                                : contractgen::emit::ts::module_language_values();
        CHECK(builtin.pairs(name, "ts", values));
        ++modules;
    }
    CHECK(modules == 9);  // alias, constant, entry, enum, open_enum, struct, tuple, union, value_enum
}
