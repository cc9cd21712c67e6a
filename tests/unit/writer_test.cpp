// The writer: deterministic bytes, atomic writes, unchanged files left alone,
// stale files removed through the manifest (and only those), check mode.
#include <catch2/catch.hpp>

#include <sstream>

#include "render/templates.h"
#include "support.h"
#include "write/file_ops.h"
#include "write/writer.h"
#include "write_support.h"

namespace app = contractgen::app;
namespace writer = contractgen::write;
using test::Snapshot;

namespace {

const test::Files kSchemas = {
    {"alpha/a.schema.json", R"({"$defs": {"A": {"type": "object", "properties": {"id": {"type": "string"}}}}})"},
    {"beta/b.schema.json", R"({"$defs": {"B": {"type": "object", "properties": {"n": {"type": "integer"}}}}})"},
};

app::Options options_for(const test::Workspace& ws) {
    app::Options o;
    o.project.schemas = ws.schemas;
    o.project.out = ws.out;
    o.targets = {"cpp"};
    return o;
}

struct Result {
    int code;
    std::string out, err;
};
Result generate(const app::Options& o) {
    std::ostringstream out, err;
    int code = app::run_generate(o, out, err, false);
    return {code, out.str(), err.str()};
}
Result check(const app::Options& o) {
    std::ostringstream out, err;
    int code = app::run_check(o, out, err, false);
    return {code, out.str(), err.str()};
}

std::vector<std::string> temp_files(const test::fs::path& root) {
    std::vector<std::string> found;
    for (const auto& e : test::fs::recursive_directory_iterator(root))
        if (e.path().filename().string().find(".tmp") != std::string::npos) found.push_back(e.path().string());
    return found;
}

std::vector<std::string> keys(const Snapshot& s) {
    std::vector<std::string> k;
    for (const auto& [path, state] : s) k.push_back(path);
    return k;
}

}  // namespace

TEST_CASE("writer: output is deterministic and does not depend on where the schemas are", "[writer]") {
    test::Workspace one(kSchemas), two(kSchemas);
    REQUIRE(generate(options_for(one)).code == 0);
    REQUIRE(generate(options_for(two)).code == 0);
    Snapshot a = test::snapshot(one.out), b = test::snapshot(two.out);
    REQUIRE(keys(a) == keys(b));
    for (const auto& [path, state] : a) {
        INFO(path);
        CHECK(state.bytes == b.at(path).bytes);
        CHECK(state.bytes.back() == '\n');
        CHECK(state.bytes.find('\r') == std::string::npos);
    }
    CHECK(a.count(".contractgen-manifest") == 1);
    CHECK(a.at("cpp/include/contract/alpha.hpp").bytes.find(" from schemas/alpha/a.schema.json (schema set sha256:") !=
          std::string::npos);
}

TEST_CASE("writer: no temporary files are left behind", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(options_for(ws)).code == 0);
    CHECK(temp_files(ws.out).empty());
    test::write_file(ws.schemas / "alpha/a.schema.json", R"({"$defs": {"A": {"type": "string"}}})");
    REQUIRE(generate(options_for(ws)).code == 0);
    CHECK(temp_files(ws.out).empty());
}

TEST_CASE("writer: unchanged files are not rewritten, their mtime stays", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(options_for(ws)).code == 0);
    test::age_files(ws.out);
    Snapshot before = test::snapshot(ws.out);

    Result again = generate(options_for(ws));
    REQUIRE(again.code == 0);
    CHECK(test::snapshot(ws.out) == before);
    CHECK(again.out.find("0 written") != std::string::npos);

    // One output changes (here through a template override; a schema change
    // changes every file, since every header names the schema set's digest):
    // only that file is rewritten.
    test::write_file(ws.dir / "tpl/cpp/CMakeLists.txt.mustache", "# {{header}}\n# changed\n");
    app::Options with_override = options_for(ws);
    with_override.templates = ws.dir / "tpl";
    Result changed = generate(with_override);
    REQUIRE(changed.code == 0);
    Snapshot after = test::snapshot(ws.out);
    for (const auto& [path, state] : before) {
        INFO(path);
        if (path == "cpp/CMakeLists.txt") CHECK_FALSE(after.at(path) == state);
        else
            CHECK(after.at(path) == state);
    }
    CHECK(changed.out.find("wrote   " + (ws.out / "cpp/CMakeLists.txt").generic_string()) != std::string::npos);
    CHECK(changed.out.find("1 written") != std::string::npos);
}

TEST_CASE("writer: compare reads a file against content piece by piece", "[writer]") {
    namespace files = writer::files;
    using files::Comparison;
    test::TempDir dir;
    // Past the 64 KiB piece the comparison reads at a time, and not a multiple of it.
    std::string big(200'000, 'x');
    for (std::size_t i = 0; i < big.size(); i += 97) big[i] = static_cast<char>('a' + i % 26);
    test::write_file(dir.path() / "big", big);
    test::write_file(dir.path() / "piece", std::string(1 << 16, 'p'));
    test::write_file(dir.path() / "empty", "");

    CHECK(files::compare(dir.path() / "big", big) == Comparison::Same);
    CHECK(files::compare(dir.path() / "piece", std::string(1 << 16, 'p')) == Comparison::Same);
    CHECK(files::compare(dir.path() / "empty", "") == Comparison::Same);
    // The same size, one byte apart: in the first piece, in a later one, the last byte.
    for (std::size_t at : {std::size_t{0}, std::size_t{70'000}, big.size() - 1}) {
        INFO(at);
        std::string other = big;
        other[at] = '#';
        CHECK(files::compare(dir.path() / "big", other) == Comparison::Differs);
    }
    CHECK(files::compare(dir.path() / "big", big + "y") == Comparison::Differs);
    CHECK(files::compare(dir.path() / "big", big.substr(0, big.size() - 1)) == Comparison::Differs);
    CHECK(files::compare(dir.path() / "empty", "x") == Comparison::Differs);
    CHECK(files::compare(dir.path() / "piece", "") == Comparison::Differs);
    CHECK(files::compare(dir.path() / "missing", "") == Comparison::Unreadable);
    CHECK(files::compare(dir.path(), "") == Comparison::Unreadable);  // a folder
}

TEST_CASE("writer: a file edited without changing its size is rewritten, and check reports it", "[writer]") {
    test::Workspace ws(kSchemas);
    app::Options o = options_for(ws);
    REQUIRE(generate(o).code == 0);
    const test::fs::path header = ws.out / "cpp/include/contract/alpha.hpp";
    const std::string text = test::read_file(header);
    std::string edited = text;
    edited[edited.size() - 2] = edited[edited.size() - 2] == 'x' ? 'y' : 'x';
    test::write_file(header, edited);

    Result drift = check(o);
    CHECK(drift.code == 1);
    CHECK(drift.err.find("stale: " + header.generic_string()) != std::string::npos);
    Result again = generate(o);
    REQUIRE(again.code == 0);
    CHECK(again.out.find("1 written") != std::string::npos);
    CHECK(test::read_file(header) == text);
    CHECK(check(o).code == 0);
}

TEST_CASE("writer: stale files are removed via the manifest, and only those", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(options_for(ws)).code == 0);
    test::write_file(ws.out / "README.md", "the user's own\n");
    test::write_file(ws.out / "cpp/include/contract/handwritten.hpp", "// the user's own\n");
    REQUIRE(test::fs::exists(ws.out / "cpp/include/contract/beta.hpp"));

    test::fs::remove_all(ws.schemas / "beta");
    Result r = generate(options_for(ws));
    REQUIRE(r.code == 0);
    CHECK_FALSE(test::fs::exists(ws.out / "cpp/include/contract/beta.hpp"));
    CHECK(r.out.find("removed " + (ws.out / "cpp/include/contract/beta.hpp").generic_string()) != std::string::npos);
    CHECK(test::read_file(ws.out / "README.md") == "the user's own\n");
    CHECK(test::read_file(ws.out / "cpp/include/contract/handwritten.hpp") == "// the user's own\n");
    std::string manifest = test::read_file(ws.out / ".contractgen-manifest");
    CHECK(manifest.find("beta.hpp") == std::string::npos);
    CHECK(manifest.find("cpp/include/contract/alpha.hpp\n") != std::string::npos);
    CHECK(manifest.find("handwritten") == std::string::npos);
}

TEST_CASE("writer: manifest entries that climb out of the output folder are ignored", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(options_for(ws)).code == 0);
    test::write_file(ws.dir / "victim.txt", "precious\n");
    test::write_file(ws.out / "cpp/include/victim.txt", "precious too\n");
    std::string manifest = test::read_file(ws.out / ".contractgen-manifest");
    test::write_file(ws.out / ".contractgen-manifest",
                     manifest + "cpp/../../victim.txt\ncpp/./include/victim.txt\ncpp//include/victim.txt\n" +
                         (ws.dir / "victim.txt").generic_string() + "\n");
    Result r = generate(options_for(ws));
    CHECK(r.code == 0);
    CHECK(test::read_file(ws.dir / "victim.txt") == "precious\n");
    CHECK(test::read_file(ws.out / "cpp/include/victim.txt") == "precious too\n");
    CHECK(test::read_file(ws.out / ".contractgen-manifest") == manifest);
    Result c = check(options_for(ws));
    CHECK(c.err.find("../") == std::string::npos);
}

TEST_CASE("writer: folders emptied by stale files are removed", "[writer]") {
    test::TempDir dir;
    writer::OutputSet first;
    first.add("cpp/deep/nested/x.hpp", "x\n");
    first.add("cpp/keep.hpp", "k\n");
    writer::WriteReport report;
    contractgen::diag::Sink sink;
    REQUIRE(writer::write_outputs(dir.path(), first, {"cpp"}, report, sink));
    writer::OutputSet second;
    second.add("cpp/keep.hpp", "k\n");
    writer::WriteReport report2;
    REQUIRE(writer::write_outputs(dir.path(), second, {"cpp"}, report2, sink));
    CHECK(report2.removed == std::vector<std::string>{"cpp/deep/nested/x.hpp"});
    CHECK_FALSE(test::fs::exists(dir / "cpp/deep"));
    CHECK(test::fs::exists(dir / "cpp/keep.hpp"));
}

TEST_CASE("writer: a run of some targets keeps the other targets' files and manifest entries", "[writer]") {
    test::TempDir dir;
    writer::OutputSet all;
    all.add("cpp/a.hpp", "a\n");
    all.add("ts/src/a.ts", "a\n");
    writer::WriteReport report;
    contractgen::diag::Sink sink;
    REQUIRE(writer::write_outputs(dir.path(), all, {"cpp", "ts"}, report, sink));

    writer::OutputSet cpp_only;
    cpp_only.add("cpp/b.hpp", "b\n");
    writer::WriteReport report2;
    REQUIRE(writer::write_outputs(dir.path(), cpp_only, {"cpp"}, report2, sink));
    CHECK(report2.removed == std::vector<std::string>{"cpp/a.hpp"});
    CHECK(test::read_file(dir / "ts/src/a.ts") == "a\n");
    CHECK(test::read_file(dir / ".contractgen-manifest") ==
          "# generated by contractgen: the files it owns in this folder; do not edit\ncpp/b.hpp\nts/src/a.ts\n");
    // check of the cpp target alone is in sync; ts's files are not its business.
    std::vector<writer::Drift> drift;
    CHECK(writer::check_outputs(dir.path(), cpp_only, {"cpp"}, drift, sink));
    CHECK(drift.empty());
}

TEST_CASE("writer: a failed write leaves everything as it was, temporaries included", "[writer]") {
    test::TempDir dir;
    test::write_file(dir / "out/cpp/a.hpp", "old\n");
    test::write_file(dir / "out/cpp/blocked", "a file where a folder is needed\n");
    Snapshot before = test::snapshot(dir / "out");
    writer::OutputSet set;
    set.add("cpp/a.hpp", "new\n");
    set.add("cpp/blocked/b.hpp", "b\n");
    writer::WriteReport report;
    contractgen::diag::Sink sink;
    CHECK_FALSE(writer::write_outputs(dir / "out", set, {"cpp"}, report, sink));
    // The reason is the system's (strerror), the place the file in the way.
    CHECK(sink.all().at(0).message == "cannot create folder: Not a directory");
    CHECK(sink.all().at(0).file == (dir / "out/cpp/blocked").generic_string());
    CHECK(test::snapshot(dir / "out") == before);
    CHECK(test::list_tree(dir / "out") == std::vector<std::string>{"cpp/", "cpp/a.hpp", "cpp/blocked"});
}

TEST_CASE("writer: a folder where a generated file goes fails the run before anything changes", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(options_for(ws)).code == 0);
    test::fs::remove(ws.out / "cpp/include/contract/beta.hpp");
    test::write_file(ws.out / "cpp/include/contract/beta.hpp/in-the-way.txt", "x\n");
    test::write_file(ws.schemas / "alpha/a.schema.json",
                     R"({"$defs": {"A": {"type": "string"}}})");  // alpha.hpp changes
    test::age_files(ws.out);
    Snapshot before = test::snapshot(ws.out);
    Result r = generate(options_for(ws));
    CHECK(r.code == 2);
    CHECK(r.err.find("cpp/include/contract/beta.hpp: error: cannot write file") != std::string::npos);
    CHECK(test::snapshot(ws.out) == before);
    CHECK(temp_files(ws.out).empty());
}

TEST_CASE("writer: a file the user put in a target folder is neither removed nor reported", "[writer]") {
    test::Workspace ws(kSchemas);
    app::Options o = options_for(ws);
    REQUIRE(generate(o).code == 0);
    test::write_file(ws.out / "cpp/include/contract/handwritten.hpp", "// mine\n");
    REQUIRE(generate(o).code == 0);
    CHECK(test::read_file(ws.out / "cpp/include/contract/handwritten.hpp") == "// mine\n");
    Result in_sync = check(o);
    CHECK(in_sync.code == 0);
    CHECK(in_sync.err.empty());
}

TEST_CASE("writer: check reports missing, stale and extra with a diff, and writes nothing", "[writer]") {
    test::Workspace ws(kSchemas);
    app::Options o = options_for(ws);

    Result missing = check(o);
    CHECK(missing.code == 1);
    CHECK(missing.err.find("missing: " + (ws.out / "cpp/include/contract/alpha.hpp").generic_string()) !=
          std::string::npos);
    CHECK_FALSE(test::fs::exists(ws.out));

    REQUIRE(generate(o).code == 0);
    Result in_sync = check(o);
    CHECK(in_sync.code == 0);
    CHECK(in_sync.err.empty());
    CHECK(in_sync.out.find("is up to date") != std::string::npos);

    // Stale: a hand edit. Extra: a family that is gone. Missing: a deleted file.
    std::string alpha = test::read_file(ws.out / "cpp/include/contract/alpha.hpp");
    test::write_file(ws.out / "cpp/include/contract/alpha.hpp", alpha + "// a hand edit\n");
    test::fs::remove(ws.out / "cpp/include/contract/registry.hpp");
    test::fs::remove_all(ws.schemas / "beta");
    test::age_files(ws.out);
    Snapshot before = test::snapshot(ws.out);

    Result drift = check(o);
    CHECK(drift.code == 1);
    const std::string out = ws.out.generic_string();
    CHECK(drift.err.find("stale: " + out +
                         "/cpp/include/contract/alpha.hpp\n--- cpp/include/contract/alpha.hpp (on disk)\n"
                         "+++ cpp/include/contract/alpha.hpp (generated)\n@@") != std::string::npos);
    CHECK(drift.err.find("\n-// a hand edit\n") != std::string::npos);
    CHECK(drift.err.find("extra: " + out + "/cpp/include/contract/beta.hpp\n") != std::string::npos);
    CHECK(drift.err.find("missing: " + out + "/cpp/include/contract/registry.hpp\n") != std::string::npos);
    CHECK(drift.err.find("files differ from the schemas; run: contractgen generate --schemas ") != std::string::npos);
    CHECK(test::snapshot(ws.out) == before);

    // --quiet keeps the list of files but not the diffs.
    o.quiet = true;
    Result quiet = check(o);
    CHECK(quiet.code == 1);
    CHECK(quiet.err.find("stale: ") != std::string::npos);
    CHECK(quiet.err.find("+++") == std::string::npos);

    // After generate, check is clean again.
    o.quiet = false;
    REQUIRE(generate(o).code == 0);
    CHECK(check(o).code == 0);
}

TEST_CASE("writer: check of bad schemas is exit 2, not drift", "[writer]") {
    test::Workspace ws(test::Files{{"f/a.schema.json", "{"}});
    Result r = check(options_for(ws));
    CHECK(r.code == 2);
    CHECK(r.err.find("error: malformed JSON") != std::string::npos);
}

TEST_CASE("writer: unified_diff is short and says how much it left out", "[writer]") {
    std::string before, after;
    for (int i = 0; i < 100; ++i) {
        before += "line " + std::to_string(i) + "\n";
        after += "line " + std::to_string(i) + (i % 2 ? " changed" : "") + "\n";
    }
    std::string diff = writer::unified_diff(before, after, "x.hpp", 10);
    CHECK(diff.rfind("--- x.hpp (on disk)\n+++ x.hpp (generated)\n", 0) == 0);
    CHECK(std::count(diff.begin(), diff.end(), '\n') == 2 + 10 + 1);
    CHECK(diff.find(" more diff lines)\n") != std::string::npos);
    CHECK(writer::unified_diff("a\nb\n", "a\nc\n", "y", 40) ==
          "--- y (on disk)\n+++ y (generated)\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n");
}

TEST_CASE("writer: OutputSet refuses one path twice, text is normalised to LF and one final newline", "[writer]") {
    writer::OutputSet set;
    set.add("cpp/a", "x");
    CHECK_THROWS_AS(set.add("cpp/a", "y"), std::logic_error);
    CHECK(writer::normalise_text("a\r\nb\n\n\n") == "a\nb\n");
    CHECK(writer::normalise_text("") == "\n");
    CHECK(writer::normalise_text("no newline") == "no newline\n");
}

TEST_CASE("render: a user template overrides one built-in, mistakes are errors and write nothing", "[writer][render]") {
    test::Workspace ws(kSchemas);
    app::Options o = options_for(ws);
    REQUIRE(generate(o).code == 0);
    test::age_files(ws.out);
    Snapshot before = test::snapshot(ws.out);

    // A template using a variable the view model does not have.
    test::write_file(ws.dir / "tpl/cpp/CMakeLists.txt.mustache", "{{header}}\n{{no_such_thing}}\n");
    o.templates = ws.dir / "tpl";
    Result bad = generate(o);
    CHECK(bad.code == 2);
    CHECK(bad.err.find("contractgen: error: cpp target: template 'cpp/CMakeLists.txt.mustache' uses 'no_such_thing', "
                       "which the view model does not provide") != std::string::npos);
    CHECK(test::snapshot(ws.out) == before);

    // A valid override changes that file only.
    test::write_file(ws.dir / "tpl/cpp/CMakeLists.txt.mustache", "# {{header}}\n# my own\n");
    REQUIRE(generate(o).code == 0);
    std::string custom = test::read_file(ws.out / "cpp/CMakeLists.txt");
    CHECK(custom.rfind("# generated by contractgen ", 0) == 0);
    const std::string tail = "; do not edit\n# my own\n";
    CHECK((custom.size() > tail.size() && custom.compare(custom.size() - tail.size(), tail.size(), tail) == 0));
    CHECK(test::snapshot(ws.out).at("cpp/include/contract/alpha.hpp") == before.at("cpp/include/contract/alpha.hpp"));

    contractgen::render::Templates templates;
    CHECK_THROWS_WITH(templates.source("../etc/passwd"),
                      "template name '../etc/passwd' must be a relative path without '..'");
    CHECK_THROWS_WITH(templates.source("cpp/nope.mustache"), "template 'cpp/nope.mustache' not found");
    CHECK_FALSE(contractgen::render::Templates::builtin_names().empty());
}

TEST_CASE("generate: nullable named types and every construct generate without crashing", "[writer][ir]") {
    test::Workspace ws(test::Files{{"f/a.schema.json", R"({"$defs": {
      "E": {"enum": ["a", null]},
      "N": {"type": ["object", "null"], "properties": {"x": {"type": "string"}}},
      "O": {"anyOf": [{"enum": ["k"]}, {"type": "string"}, {"type": "null"}]},
      "U": {"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]},
      "Uses": {"type": "object", "properties": {"e": {"$ref": "#/$defs/E"}, "n": {"$ref": "#/$defs/N"}, "o": {"$ref": "#/$defs/O"}}}
    }})"}});
    Result r = generate(options_for(ws));
    INFO(r.err);
    CHECK(r.code == 0);
    auto built = test::build({{"f/a.schema.json", test::read_file(ws.schemas / "f/a.schema.json")}});
    // No declaration is an alias of itself.
    const auto& model = built->model();
    for (contractgen::ir::DeclId id = 0; id < model.decls.size(); ++id) {
        const auto& d = model.decl(id);
        if (!d.is<contractgen::ir::Alias>()) continue;
        const auto& t = d.as<contractgen::ir::Alias>().target;
        INFO(d.name);
        CHECK_FALSE((t.kind == contractgen::ir::Kind::Named && t.decl == id));
    }
}
