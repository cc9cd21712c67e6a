// Where the writer refuses to write (the schemas folder, through symbolic
// links out of --out), why a write failed (the system's reason), what an
// interrupted run leaves (check reports it, generate removes it), and the
// lock that makes runs into one folder take turns.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <future>
#include <thread>

#include "support.h"
#include "write/writer.h"
#include "write_support.h"

using test::run_contractgen;

namespace {

const test::Files kSchemas = {
    {"alpha/a.schema.json", R"({"$defs": {"A": {"type": "object", "properties": {"id": {"type": "string"}}}}})"},
    {"beta/b.schema.json", R"({"$defs": {"B": {"type": "object", "properties": {"n": {"type": "integer"}}}}})"},
};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

test::RunResult generate(const test::Workspace& ws, const std::string& out = "out") {
    return run_contractgen({"generate", "--schemas", "schemas", "--out", out, "--target", "cpp"}, ws.dir.path());
}
test::RunResult check(const test::Workspace& ws, const std::string& out = "out") {
    return run_contractgen({"check", "--schemas", "schemas", "--out", out, "--target", "cpp"}, ws.dir.path());
}

}  // namespace

TEST_CASE("writer: --out equal to or inside --schemas is refused, for generate and check", "[writer]") {
    test::Workspace ws(kSchemas);
    for (const char* command : {"generate", "check"}) {
        INFO(command);
        auto same =
            run_contractgen({command, "--schemas", "schemas", "--out", "schemas", "--target", "cpp"}, ws.dir.path());
        CHECK(same.exit_code == 2);
        CHECK(has(same.err,
                  "contractgen: error: --out 'schemas' is the schemas folder: generated files must not be "
                  "written among the schemas; choose another output folder\n"));
        // Spelled differently, through a symbolic link, or not there yet: still inside.
        test::fs::create_directory_symlink("schemas", ws.dir / "link");
        for (std::string out : {"schemas/generated", "./schemas/alpha/../gen", "link/gen"}) {
            INFO(out);
            auto inside =
                run_contractgen({command, "--schemas", "schemas", "--out", out, "--target", "cpp"}, ws.dir.path());
            CHECK(inside.exit_code == 2);
            CHECK(
                has(inside.err,
                    "contractgen: error: --out '" + out +
                        "' is inside the schemas folder 'schemas': "
                        "generated files must not be written among the schemas; choose an output folder outside it\n"));
        }
        test::fs::remove(ws.dir / "link");
    }
    CHECK(test::list_tree(ws.schemas) ==
          std::vector<std::string>{"alpha/", "alpha/a.schema.json", "beta/", "beta/b.schema.json"});
    // A sibling whose name starts the same is not inside.
    CHECK(
        run_contractgen({"generate", "--schemas", "schemas", "--out", "schemas-out", "--target", "cpp"}, ws.dir.path())
            .exit_code == 0);
}

TEST_CASE("writer: an empty --out is refused, for generate and check, even inside the schemas folder", "[writer]") {
    test::Workspace ws(kSchemas);
    for (const char* command : {"generate", "check"}) {
        INFO(command);
        // Run inside the schemas folder: "" used to be written as the working folder, among the schemas.
        auto inside = run_contractgen({command, "--schemas", ".", "--out", "", "--target", "cpp"}, ws.schemas);
        CHECK(inside.exit_code == 2);
        CHECK(has(inside.err,
                  "contractgen: error: --out is empty: name the output folder (for the working folder, '.')\n"));
        auto beside = run_contractgen({command, "--schemas", "schemas", "--out", "", "--target", "cpp"}, ws.dir.path());
        CHECK(beside.exit_code == 2);
        CHECK(has(beside.err, "--out is empty"));
    }
    CHECK(test::list_tree(ws.schemas) ==
          std::vector<std::string>{"alpha/", "alpha/a.schema.json", "beta/", "beta/b.schema.json"});
    CHECK(!test::fs::exists(ws.dir / "cpp"));
}

TEST_CASE("writer: a symbolic link out of --out is refused, by generate and check, one inside is followed",
          "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(ws).exit_code == 0);
    test::write_file(ws.dir / "elsewhere/keep.txt", "not contractgen's\n");

    SECTION("a symlinked folder") {
        test::copy_tree(ws.out / "cpp/include", ws.dir / "elsewhere/include");
        test::fs::remove_all(ws.out / "cpp/include");
        test::fs::create_directory_symlink(ws.dir / "elsewhere/include", ws.out / "cpp/include");
        test::fs::remove_all(ws.schemas / "beta");  // would remove beta.hpp there
        test::age_files(ws.dir / "elsewhere");
        auto before = test::snapshot(ws.dir / "elsewhere");
        auto out_before = test::snapshot(ws.out);
        for (auto* run : {&generate, &check}) {
            auto r = (*run)(ws, "out");
            CHECK(r.exit_code == 2);
            CHECK(has(r.err,
                      "out/cpp/include: error: symbolic link to '" + (ws.dir / "elsewhere/include").generic_string() +
                          "' leads out of the output folder 'out'; contractgen does not write through it (remove "
                          "the link, or make it point inside)\n"));
        }
        CHECK(test::snapshot(ws.dir / "elsewhere") == before);
        CHECK(test::snapshot(ws.out) == out_before);
    }
    SECTION("a symlinked file, also when it dangles") {
        test::write_file(ws.schemas / "alpha/a.schema.json", R"({"$defs": {"A": {"type": "string"}}})");
        test::fs::remove(ws.out / "cpp/include/contract/alpha.hpp");
        test::fs::create_symlink("../../../../elsewhere/alpha.hpp", ws.out / "cpp/include/contract/alpha.hpp");
        auto r = generate(ws);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err,
                  "out/cpp/include/contract/alpha.hpp: error: symbolic link to '../../../../elsewhere/alpha.hpp' "
                  "leads out of the output folder 'out'"));
        CHECK_FALSE(test::fs::exists(ws.dir / "elsewhere/alpha.hpp"));
        CHECK(test::fs::is_symlink(ws.out / "cpp/include/contract/alpha.hpp"));
    }
    SECTION("a link that stays inside --out") {
        test::fs::rename(ws.out / "cpp/include", ws.out / "real-include");
        test::fs::create_directory_symlink("../real-include", ws.out / "cpp/include");
        test::write_file(ws.schemas / "alpha/a.schema.json", R"({"$defs": {"A": {"type": "string"}}})");
        auto r = generate(ws);
        CHECK(r.exit_code == 0);
        CHECK(has(test::read_file(ws.out / "real-include/contract/alpha.hpp"), "using A = std::string;"));
        CHECK(check(ws).exit_code == 0);
    }
}

TEST_CASE("writer: a write error says why (the system's reason)", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(ws).exit_code == 0);
    test::write_file(ws.schemas / "alpha/a.schema.json", R"({"$defs": {"A": {"type": "string"}}})");
    // Permission denied needs an unprivileged process: as root, the same
    // binary runs as "nobody" (setpriv, util-linux).
    const bool root = ::geteuid() == 0;
    auto unprivileged = [&](const std::string& args) {
        std::string prefix = root ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
        return test::run_shell(prefix + test::binary_path() + " " + args, ws.dir.path());
    };
    ::chmod(ws.dir.path().c_str(), 0755);
    const std::string args = "generate --schemas schemas --out out --target cpp";

    SECTION("a file in a folder it may not write") {
        // Every folder writable but the one alpha.hpp is in: cpp/CMakeLists.txt,
        // which comes first, is staged, then rolled back.
        for (const auto& e : test::fs::recursive_directory_iterator(ws.out))
            if (e.is_directory()) ::chmod(e.path().c_str(), 0777);
        ::chmod(ws.out.c_str(), 0777);
        ::chmod((ws.out / "cpp/include/contract").c_str(), 0555);
        test::age_files(ws.out);
        auto before = test::snapshot(ws.out);
        auto r = unprivileged(args);
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "out/cpp/include/contract/alpha.hpp: error: cannot write file: Permission denied\n"));
        CHECK(has(r.err, "nothing was written"));
        CHECK(test::snapshot(ws.out) == before);
    }
    SECTION("an output folder it may not lock") {
        ::chmod(ws.out.c_str(), 0555);
        auto r = unprivileged(args);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "out/.contractgen-lock: error: cannot lock the output folder: Permission denied\n"));
    }
    SECTION("a name the file system cannot hold") {
        contractgen::write::OutputSet set;
        set.add("cpp/" + std::string(300, 'x') + ".hpp", "x\n");
        contractgen::write::WriteReport report;
        contractgen::diag::Sink sink;
        CHECK_FALSE(contractgen::write::write_outputs(ws.dir / "other", set, {"cpp"}, report, sink));
        CHECK(sink.all().at(0).message == "cannot write file: File name too long");
        CHECK(test::list_tree(ws.dir / "other").empty());  // the folder made for it is gone again
    }
    ::chmod((ws.out / "cpp/include/contract").c_str(), 0755);
    ::chmod(ws.out.c_str(), 0755);
}

TEST_CASE("writer: check reports what an interrupted run left, generate removes it and nothing else", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(ws).exit_code == 0);
    auto clean = test::file_contents(ws.out);
    // Temporaries of a listed file and of the manifest; a lock file nobody
    // holds. Files of the user's that merely look alike stay.
    test::write_file(ws.out / "cpp/include/contract/.alpha.hpp.tmp4242", "half a hea");
    test::write_file(ws.out / "..contractgen-manifest.tmp77", "# generated by");  // the manifest's temporary
    test::write_file(ws.out / ".contractgen-lock", "");
    const test::Files users = {{".contractgen-manifest.tmp78", "mine\n"},  // not how the manifest's temporary is named
                               {"cpp/include/contract/.alpha.hpp.tmpX", "mine\n"},
                               {"cpp/include/contract/.mine.hpp.tmp1", "mine\n"},
                               {"cpp/include/contract/alpha.hpp.tmp1", "mine\n"}};
    test::write_tree(ws.out, users);

    auto c = check(ws);
    CHECK(c.exit_code == 1);
    CHECK(has(c.err, "leftover: out/.contractgen-lock (left by a generate that did not finish)\n"));
    CHECK(has(c.err, "leftover: out/..contractgen-manifest.tmp77 (left by a generate that did not finish)\n"));
    CHECK(
        has(c.err, "leftover: out/cpp/include/contract/.alpha.hpp.tmp4242 (left by a generate that did not finish)\n"));
    CHECK(has(c.err,
              "3 files differ from the schemas, some left by an interrupted generate; run: contractgen generate "
              "--out out\n"));
    CHECK_FALSE(has(c.err, "tmpX"));
    CHECK_FALSE(has(c.err, "tmp1"));

    auto g = generate(ws);
    CHECK(g.exit_code == 0);
    CHECK(has(g.out, "removed out/cpp/include/contract/.alpha.hpp.tmp4242 (left by an interrupted run)\n"));
    CHECK(has(g.out, "0 written, "));
    CHECK(has(g.out, ", 2 left by an interrupted run removed\n"));
    auto expected = clean;
    for (const auto& [path, text] : users) expected[path] = text;
    CHECK(test::file_contents(ws.out) == expected);  // the lock file is gone too
    CHECK(check(ws).exit_code == 0);
}

TEST_CASE("writer: a pending manifest is reported and finished, what it lists and is not produced goes", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(ws).exit_code == 0);
    auto clean = test::file_contents(ws.out);
    // What a run killed after creating gamma.hpp, before its final manifest, leaves.
    std::string manifest = test::read_file(ws.out / ".contractgen-manifest");
    auto first_line = manifest.find('\n') + 1;
    test::write_file(ws.out / ".contractgen-manifest",
                     manifest.substr(0, first_line) +
                         "# pending: a contractgen generate is writing this folder or was interrupted; run it again to "
                         "finish\n" +
                         manifest.substr(first_line) + "cpp/include/contract/gamma.hpp\n");
    test::write_file(ws.out / "cpp/include/contract/gamma.hpp", "// gamma\n");
    auto c = check(ws);
    CHECK(c.exit_code == 1);
    CHECK(has(c.err, "interrupted: out/.contractgen-manifest (lists the files of a generate that did not finish)\n"));
    CHECK(has(c.err, "extra: out/cpp/include/contract/gamma.hpp\n"));
    auto g = generate(ws);
    CHECK(g.exit_code == 0);
    CHECK(has(g.out, "removed out/cpp/include/contract/gamma.hpp\n"));
    CHECK(test::file_contents(ws.out) == clean);
}

TEST_CASE("writer: a second run waits for the one holding the folder, and says so", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(ws).exit_code == 0);
    test::write_file(ws.schemas / "alpha/a.schema.json", R"({"$defs": {"A": {"type": "string"}}})");
    // generate, then check (which then finds the folder up to date).
    for (auto* run : {&generate, &check}) {
        test::HeldLock lock(ws.out);
        auto waiting = std::async(std::launch::async, [&] { return (*run)(ws, "out"); });
        // Longer than the grace period before the note.
        CHECK(waiting.wait_for(std::chrono::milliseconds(1500)) == std::future_status::timeout);
        if (run == &generate)
            CHECK_FALSE(has(test::read_file(ws.out / "cpp/include/contract/alpha.hpp"), "using A = std::string;"));
        lock.release();  // as a finishing run does: the file goes first
        auto r = waiting.get();
        CHECK(has(r.err,
                  "contractgen: waiting for another contractgen run to finish with 'out' (it holds "
                  "out/.contractgen-lock)\n"));
        CHECK(r.exit_code == 0);
        CHECK(has(test::read_file(ws.out / "cpp/include/contract/alpha.hpp"), "using A = std::string;"));
        CHECK_FALSE(test::fs::exists(ws.out / ".contractgen-lock"));
    }
}

TEST_CASE("writer: a lock file that is a symbolic link is refused, not followed", "[writer]") {
    test::Workspace ws(kSchemas);
    REQUIRE(generate(ws).exit_code == 0);
    test::fs::create_symlink("../elsewhere", ws.out / ".contractgen-lock");
    auto r = generate(ws);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err,
              "out/.contractgen-lock: error: cannot lock the output folder: the lock file is a symbolic link "
              "(remove it)\n"));
    CHECK_FALSE(test::fs::exists(ws.dir / "elsewhere"));
}
