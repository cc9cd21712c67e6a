// What the loader makes of the schemas folder itself: symbolic links (kept
// inside the folder: another name for what they point to; leaving it: an
// error naming the link and where it leads), entries that are not regular
// files, and file names that would forge a diagnostic line or drive the
// terminal. Nothing is skipped without a message naming it.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include "support.h"

namespace fs = std::filesystem;
namespace app = contractgen::app;
namespace diag = contractgen::diag;
using test::Files;

namespace {

const std::string kA = R"({"$defs": {"A": {"type": "string"}}})";

// A schemas folder with links in it, next to an `outside/` folder.
struct Folder {
    test::Workspace ws;
    fs::path outside;
    explicit Folder(const Files& files, const Files& outside_files = {}) : ws(files), outside(ws.dir / "outside") {
        test::write_tree(outside, outside_files);
    }
    // A symbolic link at schemas/<rel> whose text is `target`.
    void link(const std::string& rel, const std::string& target) const {
        fs::create_directories((ws.schemas / rel).parent_path());
        fs::create_symlink(target, ws.schemas / rel);
    }
    // What the loader and the IR report (as test::diagnostics does), the
    // root shown as "schemas" and the temporary folder as "TMP".
    std::string diagnostics() const {
        diag::Sink sink;
        app::load_and_build(ws.schemas, sink);
        return tmp(ws.shown(sink.text()));
    }
    std::string tmp(std::string text) const {
        const std::string dir = fs::canonical(ws.dir.path()).generic_string();
        for (std::size_t at = text.find(dir); at != std::string::npos; at = text.find(dir, at + 3))
            text.replace(at, dir.size(), "TMP");
        return text;
    }
    std::unique_ptr<app::Loaded> load() const {
        auto loaded = std::make_unique<app::Loaded>();
        diag::Sink sink;
        *loaded = app::load_and_build(ws.schemas, sink);
        INFO(sink.text());
        REQUIRE_FALSE(sink.has_errors());
        return loaded;
    }
    test::RunResult generate() const {
        return test::run_contractgen({"generate", "--schemas", "schemas", "--out", "out", "--target", "cpp", "-q"},
                                     ws.dir.path());
    }
};

std::vector<std::string> paths(const app::Loaded& loaded) {
    std::vector<std::string> out;
    for (const auto& d : loaded.schemas.documents) out.push_back(d.path);
    return out;
}

}  // namespace

TEST_CASE("schemas folder: a link to a family folder outside the root is an error naming the link and its target",
          "[folder]") {
    Folder f({{"a/a.schema.json", kA}}, {{"shared/s.schema.json", R"({"$defs": {"S": {"type": "string"}}})"}});
    f.link("shared", "../outside/shared");
    const std::string expected =
        "schemas/shared: error: symbolic link to folder '../outside/shared' leads out of the schemas folder (to "
        "'TMP/outside/shared'); links are followed only within it: move the folder into schemas, or point --schemas "
        "at a folder that holds both\n";
    CHECK(f.diagnostics() == expected);
    auto r = f.generate();
    CHECK(r.exit_code == 2);
    CHECK(f.tmp(r.err) == expected + "1 error; nothing was written\n");
    CHECK_FALSE(fs::exists(f.ws.out));
}

TEST_CASE("schemas folder: a link to a schema file outside the root is an error, not a bad family name", "[folder]") {
    Folder f({{"a/a.schema.json", kA}}, {{"o.schema.json", R"({"$defs": {"O": {"type": "string"}}})"}});
    f.link("a/o.schema.json", "../../outside/o.schema.json");
    CHECK(f.diagnostics() ==
          "schemas/a/o.schema.json: error: symbolic link to '../../outside/o.schema.json' leads out of the schemas "
          "folder (to 'TMP/outside/o.schema.json'); links are followed only within it: move the file into schemas, or "
          "point --schemas at a folder that holds both\n");
    // Written as an absolute path, the target is named once.
    Folder g({{"a/a.schema.json", kA}}, {{"o.schema.json", "{}"}});
    g.link("a/o.schema.json", (g.outside / "o.schema.json").string());
    CHECK(g.diagnostics() ==
          "schemas/a/o.schema.json: error: symbolic link to 'TMP/outside/o.schema.json' leads out of the schemas "
          "folder; links are followed only within it: move the file into schemas, or point --schemas at a folder "
          "that holds both\n");
}

TEST_CASE("schemas folder: a link to a schema inside the root is another name for one document", "[folder]") {
    // Same family: the file is read once (no "already defined"), and a $ref
    // through the link's name reaches its types.
    Folder f({{"a/a.schema.json", kA}, {"a/user.schema.json", R"({"$defs": {"U": {"type": "object", "properties": {
                  "x": {"$ref": "alias.schema.json#/$defs/A"}}}}})"}});
    f.link("a/alias.schema.json", "a.schema.json");
    CHECK(f.diagnostics().empty());
    auto loaded = f.load();
    CHECK(paths(*loaded) == std::vector<std::string>{"a/a.schema.json", "a/user.schema.json"});
    CHECK(loaded->schemas.find("a/alias.schema.json") == loaded->schemas.find("a/a.schema.json"));
    auto u = loaded->model.find("a", "U");
    REQUIRE(u.has_value());
    const auto& x = loaded->model.decl(*u).as<contractgen::ir::Struct>().fields.at(0).type;
    REQUIRE(x.kind == contractgen::ir::Kind::Named);
    CHECK(loaded->model.decl(x.decl).name == "A");
    CHECK(f.generate().exit_code == 0);
}

TEST_CASE("schemas folder: a link into another family keeps the types in the family of the real file", "[folder]") {
    Folder f({{"a/a.schema.json", kA}, {"b/user.schema.json", R"({"$defs": {"U": {"type": "object", "properties": {
                  "x": {"$ref": "a.schema.json#/$defs/A"}}}}})"}});
    f.link("b/a.schema.json", "../a/a.schema.json");
    auto loaded = f.load();
    CHECK(paths(*loaded) == std::vector<std::string>{"a/a.schema.json", "b/user.schema.json"});
    CHECK(loaded->model.find("a", "A").has_value());
    CHECK_FALSE(loaded->model.find("b", "A").has_value());
}

TEST_CASE("schemas folder: a link to a family folder inside the root is another name for it", "[folder]") {
    Folder f({{"a/a.schema.json", kA}, {"b/user.schema.json", R"({"$defs": {"U": {"type": "object", "properties": {
                  "x": {"$ref": "../alias/a.schema.json#/$defs/A"},
                  "y": {"$ref": "../a/up/a/a.schema.json#/$defs/A"}}}}})"}});
    f.link("alias", "a");
    f.link("a/up", "..");  // a link back to the root: the walk does not loop
    CHECK(f.diagnostics().empty());
    auto loaded = f.load();
    CHECK(paths(*loaded) == std::vector<std::string>{"a/a.schema.json", "b/user.schema.json"});
    CHECK(loaded->model.find("a", "A").has_value());
    CHECK(loaded->schemas.find("alias/a.schema.json") == loaded->schemas.find("a/a.schema.json"));
    CHECK(loaded->schemas.find("alias/up/alias/a.schema.json") == loaded->schemas.find("a/a.schema.json"));
    CHECK(loaded->schemas.find("alias/nothing.schema.json") == nullptr);
}

TEST_CASE("schemas folder: the schemas root may itself be a link", "[folder]") {
    Folder f({{"a/a.schema.json", kA}});
    fs::create_directory_symlink("schemas", f.ws.dir / "linked");
    f.link("a/alias.schema.json", "a.schema.json");
    diag::Sink sink;
    auto loaded = app::load_and_build(f.ws.dir / "linked", sink);
    CHECK(sink.text().empty());
    CHECK(paths(loaded) == std::vector<std::string>{"a/a.schema.json"});
}

TEST_CASE("schemas folder: the digest counts a link to a schema as coreutils do", "[folder]") {
    Folder f({{"a/a.schema.json", kA}});
    f.link("a/alias.schema.json", "a.schema.json");
    f.link("alias", "a");  // `find` does not descend into a link to a folder
    auto loaded = f.load();
    auto digest = test::run_shell("cd schemas && sha256sum $(find * -name '*.json' | LC_ALL=C sort) | sha256sum",
                                  f.ws.dir.path());
    REQUIRE(digest.exit_code == 0);
    CHECK(loaded->schemas.digest == digest.out.substr(0, 64));
}

TEST_CASE("schemas folder: a link to a file that is not *.json is skipped with a warning naming it", "[folder]") {
    Folder f({{"a/a.schema.json", kA}, {"notes/n.txt", kA}}, {{"README.md", "# notes\n"}});
    f.link("a/n.schema.json", "../notes/n.txt");
    f.link("a/README.md", "../../outside/README.md");  // no schema by its name: not read, like any such file
    CHECK(
        f.diagnostics() ==
        "schemas/a/n.schema.json: warning: skipped: symbolic link to '../notes/n.txt', which is not a *.json, *.yaml or "
        "*.yml file; a link is another name for the file it points to, and only those files are read as schemas "
        "(YAML: OpenAPI documents)\n");
    auto r = f.generate();
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("schemas/a/n.schema.json: warning: skipped: symbolic link to '../notes/n.txt'") == 0);
}

TEST_CASE("schemas folder: a link to a *.json file that is not a schema is skipped under both names", "[folder]") {
    Folder f({{"a/a.schema.json", kA}, {"a/data.json", R"({"k": 1})"}});
    f.link("a/d.schema.json", "data.json");
    CHECK(
        f.diagnostics() ==
        "schemas/a/data.json: warning: skipped: no top-level \"$schema\", so not read as a JSON Schema (to read it, "
        "add \"$schema\": \"https://json-schema.org/draft/2020-12/schema\" or name it *.schema.json)\n"
        "schemas/a/d.schema.json: warning: skipped: symbolic link to schemas/a/data.json, which is not read as a JSON "
        "Schema\n");
}

TEST_CASE("schemas folder: a link that cannot be followed", "[folder]") {
    Folder f({{"a/a.schema.json", kA}});
    f.link("a/gone.schema.json", "missing.schema.json");
    f.link("a/loop.schema.json", "loop.schema.json");
    f.link("gone", "nowhere");  // could have been a family folder
    CHECK(
        f.diagnostics() ==
        "schemas/a/gone.schema.json: error: symbolic link to 'missing.schema.json' cannot be followed: No such file "
        "or directory\n"
        "schemas/a/loop.schema.json: error: symbolic link to 'loop.schema.json' cannot be followed: Too many levels "
        "of symbolic links\n"
        "schemas/gone: warning: skipped: symbolic link to 'nowhere' cannot be followed (No such file or directory)\n");
}

TEST_CASE("schemas folder: a *.json entry that is not a regular file is skipped with a warning", "[folder]") {
    Folder f({{"a/a.schema.json", kA}});
    REQUIRE(::mkfifo((f.ws.schemas / "a/pipe.schema.json").c_str(), 0600) == 0);
    f.link("a/to_pipe.schema.json", "pipe.schema.json");
    CHECK(
        f.diagnostics() ==
        "schemas/a/pipe.schema.json: warning: skipped: a FIFO, not a regular file\n"
        "schemas/a/to_pipe.schema.json: warning: skipped: symbolic link to 'pipe.schema.json', which is a FIFO, not a "
        "regular file\n");
}

TEST_CASE("schemas folder: a folder that cannot be listed and a file that cannot be read say why", "[folder]") {
    Folder f({{"a/a.schema.json", kA}, {"b/b.schema.json", kA}, {"locked/x.schema.json", kA}});
    // The run must not be able to read them, which root always can: as root,
    // contractgen runs as `nobody` instead (setpriv is part of util-linux).
    const auto open = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read |
                      fs::perms::others_exec;
    fs::permissions(f.ws.dir.path(), open);
    fs::permissions(f.ws.schemas / "locked", fs::perms::none);
    fs::permissions(f.ws.schemas / "b/b.schema.json", fs::perms::none);
    std::string command = test::binary_path() + " lint --schemas schemas";
    if (::geteuid() == 0) command = "setpriv --reuid=65534 --regid=65534 --clear-groups " + command;
    auto r = test::run_shell(command, f.ws.dir.path());
    fs::permissions(f.ws.schemas / "locked", open);  // so that the folder can be removed
    CHECK(r.exit_code == 2);
    CHECK(r.err ==
          "schemas/locked: error: cannot list folder: Permission denied\n"
          "schemas/b/b.schema.json: error: cannot read file: Permission denied\n"
          "2 errors\n");
}

TEST_CASE("schemas folder: a newline or ESC in a schema file name is refused, shown escaped on one line", "[folder]") {
    const std::string name = "a/x\n\x1b[31mschemas/a/b.schema.json:1:1: error: forged.schema.json";
    Folder f({{"a/a.schema.json", kA}});
    // '/' cannot be in a file name: the forged part sits in a folder name.
    test::write_file(f.ws.schemas / name, kA);
    const std::string expected =
        "schemas/a/x\\n\\x1b[31mschemas/a/b.schema.json:1:1: error: forged.schema.json: error: schema file names must "
        "be printable UTF-8 text: this one has a control character or a byte that is not UTF-8 (shown escaped); file "
        "names appear in generated code and in messages, so rename it\n";
    CHECK(f.diagnostics() == expected);
    auto r = f.generate();
    CHECK(r.exit_code == 2);
    CHECK(r.err == expected + "1 error; nothing was written\n");
    // A byte that is not UTF-8 (the generated OpenAPI document could not hold it).
    Folder g({{"a/\xff.schema.json", kA}});
    CHECK(g.diagnostics().rfind("schemas/a/\\xff.schema.json: error: schema file names must be printable", 0) == 0);
}

TEST_CASE("schemas folder: a skipped file's name and the schemas root are escaped in every diagnostic", "[folder]") {
    Folder f({{"a/a.schema.json", kA}, {"a/\x1b]0;title\x07.json", "[]"}});
    CHECK(f.diagnostics() ==
          "schemas/a/\\x1b]0;title\\x07.json: warning: skipped: not a JSON object, so not a JSON Schema\n");
    // A root given with a newline in its name: errors inside its files stay on one line.
    test::TempDir dir;
    const fs::path root = dir / "sch\nemas";
    test::write_tree(root, {{"a/a.schema.json", R"({"$defs": {"A": {"type": "strin"}}})"}});
    diag::Sink sink;
    app::load_and_build(root, sink);
    std::string text = sink.text();
    CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    CHECK(text.find("sch\\nemas/a/a.schema.json:1:") != std::string::npos);
}

TEST_CASE("diag: printable escapes controls, C1, bidirectional controls and bytes that are not UTF-8", "[diag]") {
    using diag::printable;
    CHECK(printable("plain 'text' \\d+") == "plain 'text' \\d+");
    CHECK(printable("a\nb\rc\td") == "a\\nb\\rc\\td");
    CHECK(printable(std::string("\0\x1b\x7f", 3)) == "\\x00\\x1b\\x7f");
    CHECK(printable("\xC2\x9B"
                    "2J") == "\\u009b2J");                       // C1 CSI
    CHECK(printable("abc\xE2\x80\xAE"
                    "def") == "abc\\u202edef");           // RIGHT-TO-LEFT OVERRIDE
    CHECK(printable("\xE2\x81\xA6x\xE2\x81\xA9") == "\\u2066x\\u2069");     // isolates
    CHECK(printable("caf\xC3\xA9 \xF0\x9F\x98\x80 \xE4\xB8\xAD") == "caf\xC3\xA9 \xF0\x9F\x98\x80 \xE4\xB8\xAD");
    CHECK(printable("\xFF\xC3") == "\\xff\\xc3");                           // not UTF-8, cut short
    CHECK(printable("\xC0\xAF") == "\\xc0\\xaf");                           // overlong '/'
    CHECK(printable("\xED\xA0\x80") == "\\xed\\xa0\\x80");                  // an encoded surrogate
    CHECK(printable("\xF4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");         // above U+10FFFF
    // Escaped text is printable already: escaping twice changes nothing.
    CHECK(printable(printable("\x1b\xFF\n\xC2\x9B")) == printable("\x1b\xFF\n\xC2\x9B"));
}
