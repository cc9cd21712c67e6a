// The C++ target's layout and spelling: the configured namespace in every
// file, family names that would collide with the runtime's, and literals and
// comments kept within the line width without changing their bytes.
#include <catch2/catch.hpp>

#include "emit/cpp/cpp_syntax.h"
#include "support.h"

using test::read_file;
using test::run_contractgen;
using test::Workspace;
using test::write_file;
namespace cpp = contractgen::emit::cpp;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string schema(const std::string& defs) {
    return R"({"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": )" + defs + "}";
}

const char* kObject = R"({"A": {"type": "object", "properties": {"id": {"type": "string", "minLength": 1}}}})";

// What a C++ compiler makes of a string literal (or adjacent literals) the
// generator wrote: the bytes, undoing the escapes string_literal uses.
std::string literal_bytes(const std::string& code) {
    std::string out;
    bool inside = false;
    for (std::size_t i = 0; i < code.size(); ++i) {
        char c = code[i];
        if (!inside) {
            if (c == '"') inside = true;
            continue;
        }
        if (c == '"') {
            inside = false;
        } else if (c != '\\') {
            out += c;
        } else {
            char e = code[++i];
            if (e >= '0' && e <= '7') {
                out += static_cast<char>(std::stoi(code.substr(i, 3), nullptr, 8));
                i += 2;
            } else {
                out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
            }
        }
    }
    return out;
}

}  // namespace

TEST_CASE("cpp: the configured namespace names every file, folder, namespace and the CMake project", "[cpp]") {
    Workspace ws({{"alpha/a.schema.json", schema(kObject)}});
    write_file(ws.dir / "contractgen.toml",
               "[project]\nname = \"acme-events\"\nversion = \"2.3.0-rc.1\"\n"
               "[cpp]\nnamespace = \"acme::events\"\n");
    auto r = run_contractgen({"generate", "-q", "--target", "cpp", "--out", "out"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    std::string header = read_file(ws.out / "cpp/include/acme/events/alpha.hpp");
    CHECK(has(header, "#include \"acme/events/runtime.hpp\"\n"));
    CHECK(has(header, "\nnamespace acme::events::alpha {\n"));
    std::string source = read_file(ws.out / "cpp/src/alpha.cpp");
    CHECK(has(source, "#include \"acme/events/alpha.hpp\"\n\n#include \"acme/events/rt/codec.hpp\"\n"));
    CHECK(has(source, "object.read(out.id, rt::StringRule().min_length(1));"));
    std::string runtime = read_file(ws.out / "cpp/include/acme/events/runtime.hpp");
    CHECK(has(runtime, "\nnamespace acme::events {\n"));
    CHECK(has(runtime, "\n}  // namespace acme::events\n"));
    CHECK_FALSE(has(runtime, "namespace contract"));
    CHECK(has(read_file(ws.out / "cpp/include/acme/events/rt/codec.hpp"), "#include \"acme/events/rt/unions.hpp\"\n"));
    CHECK(has(read_file(ws.out / "cpp/src/rt/scan.cpp"), "\nnamespace acme::events {\n"));
    std::string cmake = read_file(ws.out / "cpp/CMakeLists.txt");
    CHECK(has(cmake, "project(acme_events_bindings VERSION 2.3.0 LANGUAGES CXX)\n"));
    CHECK(has(cmake, "add_library(acme::events::bindings ALIAS acme_events_bindings)\n"));
    CHECK(has(cmake,
              "  src/alpha.cpp\n  src/registry.cpp\n  src/rt/check.cpp\n  src/rt/check_eval.cpp\n  src/rt/dom.cpp\n"
              "  src/rt/formats.cpp\n  src/rt/formats_more.cpp\n"));
    CHECK_FALSE(test::fs::exists(ws.out / "cpp/include/contract"));
}

TEST_CASE("cpp: a family named like the runtime's names gets its own namespace", "[cpp]") {
    Workspace ws({{"rt/a.schema.json", schema(kObject)}, {"std/b.schema.json", schema(kObject)}});
    auto r = run_contractgen({"generate", "-q", "--target", "cpp", "--out", "out"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    CHECK(has(read_file(ws.out / "cpp/include/contract/rt.hpp"), "\nnamespace contract::rt_ {\n"));
    CHECK(has(read_file(ws.out / "cpp/include/contract/std.hpp"), "\nnamespace contract::std_ {\n"));
    CHECK(has(read_file(ws.out / "cpp/src/registry.cpp"), "{\"rt.A\", &rt::round_trip<rt_::A>},"));
}

TEST_CASE("cpp: a family named like the operation clients' namespaces gets its own namespace", "[cpp]") {
    Workspace ws({{"client/a.schema.json", schema(kObject)}, {"operations/b.schema.json", schema(kObject)}});
    auto r = run_contractgen({"generate", "-q", "--target", "cpp", "--out", "out"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    CHECK(has(read_file(ws.out / "cpp/include/contract/client.hpp"), "\nnamespace contract::client_ {\n"));
    CHECK(has(read_file(ws.out / "cpp/include/contract/operations.hpp"), "\nnamespace contract::operations_ {\n"));
}

// Operations named like the client class's own members, a constant header
// and a path parameter (schemas/README.md, "Operations and streams").
const char* kOperations = R"({"$defs": {"Note": {"type": "object", "properties": {"text": {"type": "string"}}}},
  "x-openapi": {"paths": {"/notes/{note id}": {"get": {"operationId": "transport",
    "parameters": [{"name": "note id", "in": "path", "required": true, "schema": {"type": "integer"}},
                   {"name": "X-Kind", "in": "header", "schema": {"const": "plain"}},
                   {"name": "limit", "in": "query", "schema": {"type": "number"}}],
    "responses": {"200": {"description": "A note.",
                          "content": {"application/json": {"schema": {"$ref": "#/$defs/Note"}}}},
                  "404": {"description": "None."}}},
    "delete": {"operationId": "options", "parameters": [{"name": "note id", "in": "path", "required": true,
      "schema": {"type": "integer"}}], "responses": {"204": {"description": "Deleted."}}}}}}})";

TEST_CASE("cpp: operation clients in the configured namespace, named clear of the class's members", "[cpp]") {
    Workspace ws({{"notes/n.schema.json", std::string(kOperations)}});
    write_file(ws.dir / "contractgen.toml", "[project]\nname = \"acme\"\n[cpp]\nnamespace = \"acme::notes\"\n");
    auto r = run_contractgen({"generate", "-q", "--target", "cpp", "--out", "out"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    const std::string header = read_file(ws.out / "cpp/include/acme/notes/operations.hpp");
    CHECK(has(header, "#include \"acme/notes/client/client.hpp\"\n"));
    CHECK(has(header, "\nnamespace acme::notes::operations {\n"));
    // `transport` and `options` are members of Client: the methods take other names.
    CHECK(has(header, "    notes::Note transport_2(const TransportParams& params) const;\n"));
    CHECK(has(header, "    void options_2(const OptionsParams& params) const;\n"));
    // The constant header is the client's to send: no member for it.
    CHECK(has(header, "    std::int64_t note_id{};  // path note id\n"));
    CHECK(has(header, "    std::optional<double> limit{};  // query limit\n"));
    CHECK_FALSE(has(header, "x_kind"));
    const std::string source = read_file(ws.out / "cpp/client/operations.cpp");
    CHECK(
        has(source, "r.path = client::expand_path(\"/notes/{note id}\", {{\"note id\", client::text(p.note_id)}});\n"));
    CHECK(has(source, "r.headers.emplace_back(\"X-Kind\", \"plain\");\n"));
    CHECK(has(source, "cases.push_back({\"404\", \"\"});\n"));
    CHECK(has(source, "client::call_empty(transport, r, options_errors());\n"));
    CHECK(has(read_file(ws.out / "cpp/CMakeLists.txt"), "    client/operations.cpp\n"));
}

TEST_CASE("cpp: without operations, no operation client", "[cpp]") {
    Workspace ws({{"alpha/a.schema.json", schema(kObject)}});
    auto r = run_contractgen({"generate", "-q", "--target", "cpp", "--out", "out"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    CHECK_FALSE(test::fs::exists(ws.out / "cpp/include/contract/operations.hpp"));
    CHECK_FALSE(test::fs::exists(ws.out / "cpp/client/operations.cpp"));
    CHECK_FALSE(has(read_file(ws.out / "cpp/CMakeLists.txt"), "client/operations.cpp"));
}

TEST_CASE("cpp: long literals are cut between escapes, into adjacent literals of the same bytes", "[cpp]") {
    std::string text =
        "caf\xC3\xA9 \"quoted\" back\\slash new\nline ?? " + std::string(200, 'x') + "\xF0\x9F\x98\x80 end";
    std::string lines = cpp::string_literal_lines(text, 40, "    ");
    CHECK(literal_bytes(lines) == text);
    std::size_t start = 0;
    while (start < lines.size()) {
        std::size_t end = lines.find('\n', start);
        std::string line = lines.substr(start, end == std::string::npos ? std::string::npos : end - start);
        CHECK(line.size() <= 44);
        start = end == std::string::npos ? lines.size() : end + 1;
    }
    CHECK(literal_bytes(cpp::string_literal_lines(text, 40, "    ", 10)) == text);
    CHECK(cpp::string_literal_lines("short", 40, "    ") == "\"short\"");
}

TEST_CASE("cpp: doc comments and header lines stay within the line width", "[cpp]") {
    contractgen::ir::Docs docs;
    docs.description = "See " + std::string(300, 'u') + " for more.";
    std::string comment = cpp::doc_comment(docs, "    ");
    for (std::size_t start = 0, end; (end = comment.find('\n', start)) != std::string::npos; start = end + 1)
        CHECK(end - start <= cpp::kLineWidth);
    CHECK(has(comment, "    /// See\n    /// uuuu"));
    std::string header =
        cpp::comment_lines("generated from a/one.schema.json, " + std::string(100, 'b') + ".json, c.json", "// ");
    CHECK(header == "// generated from a/one.schema.json,\n// " + std::string(100, 'b') + ".json, c.json\n");
    // The last piece has no comma, so no space to drop: 121 columns wrap (they fit before the fix).
    std::string last = cpp::comment_lines("a.json, " + std::string(110, 'l'), "// ");
    CHECK(last == "// a.json,\n// " + std::string(110, 'l') + "\n");
    CHECK(cpp::comment_lines("a.json, " + std::string(109, 'l'), "// ") ==
          "// a.json, " + std::string(109, 'l') + "\n");
}

TEST_CASE("cpp: a rule too long for its line is defined once, by name, for the decoder and the encoder", "[cpp]") {
    const char* defs = R"({"Names": {"type": "object",
        "properties": {"n": {"type": "array", "items": {"type": "array", "items": {"type": "integer", "minimum": 0}}},
                       "short": {"type": "string", "minLength": 1}},
        "additionalProperties": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1,
                                 "uniqueItems": true}}})";
    Workspace ws({{"alpha/a.schema.json", schema(defs)}});
    auto r = run_contractgen({"generate", "-q", "--target", "cpp", "--out", "out"}, ws.dir.path());
    REQUIRE(r.exit_code == 0);
    std::string source = read_file(ws.out / "cpp/src/alpha.cpp");
    CHECK(has(
        source,
        "constexpr auto rule_0 =\n    rt::ArrayRule().items(rt::ArrayRule().items(rt::NumberRule().minimum(0)));\n"));
    CHECK(has(source, "case 0: object.read(out.n, rule_0); break;"));
    CHECK(has(source, "object.write(\"n\", v.n, rule_0);"));
    CHECK(has(source, "default: object.keep(out.additional_properties, rule_1);"));
    CHECK(has(source, "object.write_extra(v.additional_properties, rule_1);"));
    CHECK(has(source, "case 1: object.read(out.short_, rt::StringRule().min_length(1)); break;"));  // short: in place
    for (std::size_t start = 0, end; (end = source.find('\n', start)) != std::string::npos; start = end + 1)
        CHECK(end - start <= cpp::kLineWidth);
}

TEST_CASE("cpp: lookahead in assertions and key patterns runs on PCRE2 under its match limit", "[cpp]") {
    // A `pattern` inside an assertion's program (under `not`) and a `patternProperties` key: RE2 has no
    // lookahead, so both come in PCRE2 syntax behind the match limit the runtime recognises.
    const std::string text = schema(R"json({
  "A": {"type": "string", "not": {"pattern": "^(?=a)ab$"}},
  "B": {"type": "object", "patternProperties": {"^(?=x)": {"type": "integer"}}, "additionalProperties": false},
  "C": {"type": "string", "pattern": "^\\s$"}
})json");
    Workspace ws({{"f/a.schema.json", text}});
    auto r = run_contractgen({"generate", "-q", "--target", "cpp", "--out", "out"}, ws.dir.path(), {{"NO_COLOR", "1"}});
    REQUIRE(r.exit_code == 0);
    const std::string source = test::read_file(ws.dir.path() / "out/cpp/src/f.cpp");
    CHECK(has(source, R"x((*LIMIT_MATCH=1000000)^(\?=a)ab\\\\z)x"));  // in the program's JSON text (C++ writes ? as \?)
    CHECK(has(source, R"x("(*LIMIT_MATCH=1000000)^(\?=x)")x"));
    CHECK(has(source, R"("^[\\x{0009}-\\x{000D} \\x{00A0})"));  // \s written out for RE2
}

TEST_CASE("cpp: lookbehind of unbounded width is refused where it is written (PCRE2 10.42)", "[cpp][diag]") {
    const std::string text = schema(R"json({
  "A": {"type": "string", "pattern": "(?<=ab+)c"},
  "B": {"type": "string", "pattern": "(?<=a|bc)d"}
})json");
    Workspace ws({{"f/a.schema.json", text}});
    auto r = run_contractgen({"generate", "-q", "--target", "cpp", "--out", "out"}, ws.dir.path(), {{"NO_COLOR", "1"}});
    CHECK(r.exit_code == 2);
    CHECK(ws.shown(r.err) ==
          "schemas/f/a.schema.json:" + test::where(text, "\"pattern\"") +
              ": error: pattern '(?<=ab+)c' cannot be used by the cpp target (PCRE2 10.42): lookbehind "
              "assertion is not fixed length (lookbehind of unbounded width, such as '(?<=ab+)', needs "
              "PCRE2 10.43; the other targets match it)\n1 error; nothing was written\n");
    CHECK(!std::filesystem::exists(ws.dir / "out"));
    // The other targets take it.
    auto ts = run_contractgen(
        {"generate", "-q", "--target", "ts", "--target", "python", "--target", "go", "--out", "out"}, ws.dir.path());
    CHECK(ts.exit_code == 0);
}
