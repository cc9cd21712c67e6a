// The command line, run as a user runs it: the built binary, its exit codes,
// stdout and stderr.
#include <catch2/catch.hpp>

#include <algorithm>

#include "emit/target.h"
#include "support.h"

using test::run_contractgen;
using test::Workspace;

namespace {

const test::Files kGood = {
    {"alpha/a.schema.json", R"({"$defs": {"A": {"type": "object", "properties": {"id": {"type": "string"}}}}})"}};
const test::Files kBad = {{"alpha/a.schema.json", "{\n  \"$defs\": {\"A\": {\"type\": \"strng\"}}\n}"}};
const std::string kBadDiagnostic =
    "schemas/alpha/a.schema.json:2:19: error: 'type' must be a type name or an array of distinct type names (did you "
    "mean 'string'?)\n";

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("cli: --help shows the commands, examples and every target", "[cli]") {
    Workspace ws;
    auto r = run_contractgen({"--help"}, ws.dir.path());
    CHECK(r.exit_code == 0);
    for (const char* part :
         {"generate", "check", "lint", "Examples:", "contractgen check ", "--target cpp", "Exit codes"})
        CHECK(has(r.out, part));
    // The first line says what the tool makes: every language and document of the default targets.
    const std::string tagline = r.out.substr(0, r.out.find('\n'));
    for (const char* made : {"C++", "TypeScript", "Pydantic", "Go", "OpenAPI", "AsyncAPI"}) {
        INFO(tagline);
        CHECK(has(tagline, made));
    }
    for (const auto& t : contractgen::emit::targets()) {
        INFO(t.name);
        CHECK(has(r.out, std::string("  ") + t.name + " "));
        CHECK(has(r.out, t.description));
    }
    auto sub = run_contractgen({"generate", "--help"}, ws.dir.path());
    CHECK(sub.exit_code == 0);
    CHECK(has(sub.out, "--schemas"));
    CHECK(has(sub.out, "--templates"));
    CHECK(has(sub.out, "--out"));
    CHECK(has(sub.out, "--target"));
}

TEST_CASE("cli: --version", "[cli]") {
    Workspace ws;
    auto r = run_contractgen({"--version"}, ws.dir.path());
    CHECK(r.exit_code == 0);
    CHECK(r.out.rfind("contractgen ", 0) == 0);
    CHECK(r.out.find_first_of("0123456789") != std::string::npos);
}

TEST_CASE("cli: the generator's allocator keeps freed pages and asks for huge pages", "[cli]") {
    // jemalloc prints the settings it runs with at exit when asked to
    // (stats_print); glibc's allocator ignores the variable.
    Workspace ws;
    auto r = run_contractgen({"--version"}, ws.dir.path(), {{"MALLOC_CONF", "stats_print:true"}});
    CHECK(r.exit_code == 0);
    INFO(r.err.substr(0, 2000));
    if (CONTRACTGEN_LINKS_JEMALLOC) {
        CHECK(has(r.err, "opt.dirty_decay_ms: -1"));
        CHECK(has(r.err, "opt.muzzy_decay_ms: -1"));
        CHECK(has(r.err, "opt.thp: \"always\""));
    } else {
        CHECK_FALSE(has(r.err, "opt.thp"));
    }
}

TEST_CASE("cli: usage errors exit 2", "[cli]") {
    Workspace ws(kGood);
    auto unknown_option = run_contractgen({"generate", "--bogus"}, ws.dir.path());
    CHECK(unknown_option.exit_code == 2);
    CHECK(has(unknown_option.err, "--bogus"));
    CHECK(run_contractgen({}, ws.dir.path()).exit_code == 2);
    CHECK(run_contractgen({"frobnicate"}, ws.dir.path()).exit_code == 2);
    CHECK(run_contractgen({"generate", "--out"}, ws.dir.path()).exit_code == 2);
    CHECK_FALSE(test::fs::exists(ws.dir / "generated"));
}

TEST_CASE("cli: an unknown --target exits 2 and lists the targets", "[cli]") {
    Workspace ws(kGood);
    auto r = run_contractgen({"generate", "--target", "klingon", "--out", "out"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    std::string list;
    for (const auto& t : contractgen::emit::targets()) list += (list.empty() ? "" : ", ") + std::string(t.name);
    CHECK(has(r.err, "contractgen: error: unknown target 'klingon' (targets: " + list + ")\n"));
    CHECK_FALSE(test::fs::exists(ws.out));
    CHECK(run_contractgen({"check", "--target", "klingon", "--out", "out"}, ws.dir.path()).exit_code == 2);
}

TEST_CASE("cli: generate, check and lint with the default folders", "[cli]") {
    Workspace ws(kGood);
    auto gen = run_contractgen({"generate", "--target", "cpp"}, ws.dir.path());
    CHECK(gen.exit_code == 0);
    CHECK(gen.err.empty());
    CHECK(has(gen.out, "wrote   generated/cpp/include/contract/alpha.hpp\n"));
    CHECK(has(gen.out, " written, 0 unchanged, 0 removed\n"));
    CHECK(test::fs::exists(ws.dir / "generated/.contractgen-manifest"));

    auto check = run_contractgen({"check", "--target", "cpp"}, ws.dir.path());
    CHECK(check.exit_code == 0);
    CHECK(has(check.out, "generated is up to date"));

    test::write_file(ws.dir / "generated/cpp/include/contract/alpha.hpp", "// edited\n");
    auto drift = run_contractgen({"check", "--target", "cpp"}, ws.dir.path());
    CHECK(drift.exit_code == 1);
    CHECK(has(drift.err,
              "stale: generated/cpp/include/contract/alpha.hpp\n--- cpp/include/contract/alpha.hpp (on disk)\n"));
    CHECK(has(drift.err, "-// edited\n"));
    CHECK(has(drift.err, "1 file differs from the schemas; run: contractgen generate\n"));
    CHECK(test::read_file(ws.dir / "generated/cpp/include/contract/alpha.hpp") == "// edited\n");

    auto lint = run_contractgen({"lint"}, ws.dir.path());
    CHECK(lint.exit_code == 0);
    CHECK(lint.out == "schemas: 1 files, 1 families, 1 types: ok\n");
}

TEST_CASE("cli: --quiet prints only diagnostics", "[cli]") {
    Workspace ws(kGood);
    auto gen = run_contractgen({"generate", "--quiet", "--target", "cpp"}, ws.dir.path());
    CHECK(gen.exit_code == 0);
    CHECK(gen.out.empty());
    CHECK(gen.err.empty());
    auto top_level = run_contractgen({"-q", "check", "--target", "cpp"}, ws.dir.path());
    CHECK(top_level.exit_code == 0);
    CHECK(top_level.out.empty());
    CHECK(run_contractgen({"lint", "-q"}, ws.dir.path()).out.empty());

    test::write_tree(ws.schemas, kBad);
    auto bad = run_contractgen({"lint", "-q"}, ws.dir.path());
    CHECK(bad.exit_code == 2);
    CHECK(has(bad.err, kBadDiagnostic));
}

TEST_CASE("cli: diagnostics are GCC style on stderr, nothing on stdout", "[cli]") {
    Workspace ws(kBad);
    for (const char* command : {"generate", "check", "lint"}) {
        INFO(command);
        auto r = run_contractgen({command}, ws.dir.path());
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(r.err.rfind(kBadDiagnostic, 0) == 0);
        CHECK(r.err.find('\033') == std::string::npos);
    }
    CHECK_FALSE(test::fs::exists(ws.dir / "generated"));
}

TEST_CASE("cli: colour only on a terminal, and never with NO_COLOR", "[cli]") {
    Workspace ws(kBad);
    // Not a terminal: plain.
    CHECK(run_contractgen({"lint"}, ws.dir.path()).err.find('\033') == std::string::npos);

    // A terminal (a pty from `script`): colour, unless NO_COLOR is set or TERM is dumb.
    const std::string command = "script -qec '" + test::binary_path() + " lint' /dev/null";
    auto tty = test::run_shell(command, ws.dir.path());
    if (tty.exit_code == 127 || tty.out.empty()) {
        WARN("`script` (util-linux) is not available; colour on a terminal not tested");
        return;
    }
    CHECK(tty.exit_code == 2);
    CHECK(has(tty.out, "\033[1;31merror:\033[0m"));
    auto no_color = test::run_shell(command, ws.dir.path(), {{"NO_COLOR", "1"}});
    CHECK(has(no_color.out, "error: 'type' must be"));
    CHECK(no_color.out.find('\033') == std::string::npos);
    auto dumb = test::run_shell(command, ws.dir.path(), {{"TERM", "dumb"}});
    CHECK(has(dumb.out, "error: 'type' must be"));
    CHECK(dumb.out.find('\033') == std::string::npos);
}

TEST_CASE("cli: --templates overrides one template from the command line", "[cli]") {
    Workspace ws(kGood);
    test::write_file(ws.dir / "my-tpl/cpp/CMakeLists.txt.mustache", "# {{header}} (custom)\n");
    auto r = run_contractgen({"generate", "--templates", "my-tpl", "--target", "cpp", "--out", "out"}, ws.dir.path());
    CHECK(r.exit_code == 0);
    std::string custom = test::read_file(ws.out / "cpp/CMakeLists.txt");
    CHECK(custom.rfind("# generated by contractgen ", 0) == 0);
    const std::string tail = "; do not edit (custom)\n";
    CHECK((custom.size() > tail.size() && custom.compare(custom.size() - tail.size(), tail.size(), tail) == 0));
}

TEST_CASE("cli: a template override that writes more on a line still keeps the C++ lines within 120 columns", "[cli]") {
    // The rule of this alias fits where the built-in alias.cpp.mustache writes it.
    Workspace ws(
        test::Files{{"alpha/a.schema.json", R"({"$defs": {"Code": {"type": "string", "pattern": "^[A-Z]+$"}}})"}});
    auto built_in = run_contractgen({"generate", "--target", "cpp", "--out", "out"}, ws.dir.path());
    REQUIRE(built_in.exit_code == 0);
    CHECK(has(test::read_file(ws.out / "cpp/src/alpha.cpp"),
              "    rt::read(c, out, rt::StringRule().pattern(pattern_0));\n"));
    // The override writes a comment before `out`: written out, the rule would end at column 129,
    // so the rule is named instead (defined once at the top of the file).
    const std::string comment = "/* a user's template writes more on this line than the built-in one */";
    test::write_file(ws.dir / "my-tpl/cpp/alias.cpp.mustache",
                     "\n{{decode_head}}_{{name}}(rt::Cursor& c, {{name}}& out) {\n"
                     "    rt::read(c, " +
                         comment +
                         " out{{#rule}}, {{rule}}{{/rule}});\n}\n\n"
                         "{{encode_head}}_{{name}}(rt::Writer& w, const {{name}}& v) {\n"
                         "    rt::write(w, v{{#rule}}, {{rule}}{{/rule}});\n}\n");
    auto custom =
        run_contractgen({"generate", "--templates", "my-tpl", "--target", "cpp", "--out", "out"}, ws.dir.path());
    REQUIRE(custom.exit_code == 0);
    const std::string source = test::read_file(ws.out / "cpp/src/alpha.cpp");
    CHECK(has(source, "constexpr auto rule_0 =\n    rt::StringRule().pattern(pattern_0);\n"));
    CHECK(has(source, "    rt::read(c, " + comment + " out, rule_0);\n"));
    CHECK(has(source, "    rt::write(w, v, rule_0);\n"));  // one spelling a rule: named on every line
    std::size_t longest = 0;
    for (std::size_t at = 0, end; at < source.size(); at = end + 1) {
        end = source.find('\n', at);
        if (end == std::string::npos) end = source.size();
        longest = std::max(longest, end - at);
    }
    CHECK(longest <= 120);
}

TEST_CASE("cli: lint refuses what generate would refuse, identifier collisions included", "[cli]") {
    const std::string text =
        "{\"$defs\": {\n  \"fooBar\": {\"type\": \"string\"},\n  \"FooBar\": {\"type\": \"string\"}\n}}";
    Workspace ws(test::Files{{"f/a.schema.json", text}});
    auto lint = run_contractgen({"lint"}, ws.dir.path());
    CHECK(lint.exit_code == 2);
    CHECK(lint.out.empty());
    CHECK(has(lint.err,
              "schemas/f/a.schema.json:3:3: error: type names 'fooBar' and 'FooBar' in family 'f' both become "
              "the identifier 'FooBar'; rename one of them\n"));
}

TEST_CASE("cli: a target named twice runs once", "[cli]") {
    Workspace ws(kGood);
    auto gen = run_contractgen({"generate", "--target", "cpp", "--target", "cpp", "--out", "out"}, ws.dir.path());
    CHECK(gen.exit_code == 0);
    CHECK(gen.err.empty());
    CHECK(test::fs::exists(ws.out / "cpp/include/contract/alpha.hpp"));
    auto check = run_contractgen({"check", "--target", "cpp", "--target", "cpp", "--out", "out"}, ws.dir.path());
    CHECK(check.exit_code == 0);
}

TEST_CASE("cli: a --templates folder that does not exist is a usage error", "[cli]") {
    Workspace ws(kGood);
    auto r = run_contractgen({"generate", "--templates", "my-tp1", "--target", "cpp", "--out", "out"}, ws.dir.path());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "my-tp1"));
    CHECK_FALSE(test::fs::exists(ws.out));
}
