// The breaking checker beyond its rule folders (tests/breaking/): direction
// and severity, the output formats and their escaping, exit codes, the
// previous version from a git revision, and its building blocks.
#include <catch2/catch.hpp>

#include "breaking/compare.h"
#include "breaking/string_sets.h"
#include "support.h"
#include "validate/accepts.h"
#include "validate/json_text.h"
#include "validate/rules.h"
#include "write_support.h"

namespace bk = contractgen::breaking;
namespace cv = contractgen::validate;
using test::run_contractgen;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

contractgen::ir::DeclId id_of(const test::Built& b, const std::string& name) {
    auto id = b.model().find("f", name);
    REQUIRE(id);
    return *id;
}

std::string schema(const std::string& defs) { return "{\"$defs\": {" + defs + "}}"; }

// An object type with one property of `type`, closed.
std::string object(const std::string& name, const std::string& property, const std::string& type) {
    return "\"" + name + "\": {\"type\": \"object\", \"additionalProperties\": false, \"required\": [\"" + property +
           "\"], \"properties\": {\"" + property + "\": " + type + "}}";
}

}  // namespace

TEST_CASE("breaking: a type's direction follows references from the operations that use it", "[breaking]") {
    auto b =
        test::build({{"f/s.schema.json", schema(object("Req", "shared", R"({"$ref": "#/$defs/Shared"})") + "," +
                                                object("Resp", "both", R"({"$ref": "#/$defs/Shared"})") + "," +
                                                object("Shared", "mine", R"({"$ref": "#/$defs/OnlyReq"})") + "," +
                                                R"("OnlyReq": {"type": "string"}, "Lonely": {"type": "string"})")}});
    bk::OperationRoots roots{{id_of(*b, "Req")}, {id_of(*b, "Resp")}};
    auto dirs = bk::directions(b->model(), roots);
    CHECK(dirs[id_of(*b, "Req")] == bk::Direction::Request);
    CHECK(dirs[id_of(*b, "Resp")] == bk::Direction::Response);
    CHECK(dirs[id_of(*b, "Shared")] == bk::Direction::Both);   // reached from both
    CHECK(dirs[id_of(*b, "OnlyReq")] == bk::Direction::Both);  // through Shared
    CHECK(dirs[id_of(*b, "Lonely")] == bk::Direction::Both);   // from no operation: the strictest
    // Without operations every type is both.
    for (auto d : bk::directions(b->model(), bk::operation_roots(b->model()))) CHECK(d == bk::Direction::Both);
}

TEST_CASE("breaking: directions come from the operations and streams the schemas declare", "[breaking]") {
    // The operations golden case: POST /orders takes a NewOrder and answers
    // an Order (or a Problem); GET /orders/{id}/events streams EventLines.
    const std::filesystem::path input = std::filesystem::path(CONTRACTGEN_SOURCE_DIR) / "tests/golden/operations/input";
    test::Files files;
    for (const char* file : {"orders/orders.schema.json", "events/events.schema.json"})
        files[file] = test::read_file(input / file);
    auto b = test::build(files);
    const auto& m = b->model();
    auto dirs = bk::directions(m, bk::operation_roots(m));
    auto direction = [&](const char* family, const char* name) {
        auto id = m.find(family, name);
        REQUIRE(id);
        return dirs[*id];
    };
    CHECK(direction("orders", "NewOrder") == bk::Direction::Request);     // a request body
    CHECK(direction("orders", "Order") == bk::Direction::Response);       // a response body
    CHECK(direction("orders", "Problem") == bk::Direction::Response);     // an error response
    CHECK(direction("orders", "OrderStatus") == bk::Direction::Response); // through Order
    CHECK(direction("events", "EventLine") == bk::Direction::Response);   // a stream's items
    CHECK(direction("events", "Created") == bk::Direction::Response);     // a variant of the stream's union
}

TEST_CASE("breaking: a type used only in a response header is read by clients", "[breaking]") {
    // Level appears only as the schema of a response header, Query only as a
    // request parameter's. Adding a value to Level gives clients a header
    // value they reject: an error, as for a response body.
    auto version = [](bool current) {
        std::string levels = current ? R"(["low", "high"])" : R"(["low"])";
        return test::Files{{"f/s.schema.json",
                            R"({"$defs": {"Level": {"enum": )" + levels + R"(}, "Query": {"enum": )" + levels + R"(}},
                                "x-openapi": {"paths": {"/things": {"get": {
                                  "operationId": "getThings",
                                  "parameters": [{"name": "q", "in": "query", "schema": {"$ref": "#/$defs/Query"}}],
                                  "responses": {"200": {"description": "the things' level, in a header",
                                    "headers": {"X-Level": {"schema": {"$ref": "#/$defs/Level"}}}}}}}}}})"}};
    };
    auto prev = test::build(version(false));
    auto cur = test::build(version(true));
    auto dirs = bk::directions(cur->model(), bk::operation_roots(cur->model()));
    CHECK(dirs[id_of(*cur, "Level")] == bk::Direction::Response);
    CHECK(dirs[id_of(*cur, "Query")] == bk::Direction::Request);
    auto found = bk::compare({&prev->model(), "previous", bk::operation_roots(prev->model())},
                             {&cur->model(), "current", bk::operation_roots(cur->model())}, false);
    std::map<std::string, bk::Finding> by_type;
    for (const auto& f : found) by_type[f.type + " " + f.rule] = f;
    REQUIRE(by_type.count("f.Level ENUM_VALUE_NO_ADD") == 1);
    CHECK(by_type.at("f.Level ENUM_VALUE_NO_ADD").severity == bk::Severity::Error);
    CHECK(by_type.at("f.Level ENUM_VALUE_NO_ADD").direction == bk::Direction::Response);
    REQUIRE(by_type.count("f.Query ENUM_VALUE_NO_ADD") == 1);
    CHECK(by_type.at("f.Query ENUM_VALUE_NO_ADD").severity == bk::Severity::Info);

    // The command line: the added header value fails the gate (exit 1).
    test::TempDir dir;
    for (const auto& [side, files] :
         {std::pair<const char*, test::Files>{"previous", version(false)}, {"current", version(true)}})
        for (const auto& [path, text] : files) test::write_file(dir.path() / side / path, text);
    auto run = run_contractgen({"breaking", "--against", "previous", "--schemas", "current"}, dir.path());
    CHECK(run.exit_code == 1);
    CHECK(has(run.out, "value \"high\" was added"));
}

TEST_CASE("breaking: narrowing breaks whoever writes a type, widening whoever reads it", "[breaking]") {
    // Req is written by clients, Resp by the server; each gets a narrower
    // and a wider change.
    auto version = [](const std::string& req_name, const std::string& req_status, const std::string& resp_name,
                      const std::string& resp_status) {
        return test::Files{
            {"f/s.schema.json", schema(object("Req", "name", req_name) + "," + object("Resp", "name", resp_name) + "," +
                                       "\"ReqStatus\": " + req_status + ", \"RespStatus\": " + resp_status + "," +
                                       object("ReqHolder", "s", R"({"$ref": "#/$defs/ReqStatus"})") + "," +
                                       object("RespHolder", "s", R"({"$ref": "#/$defs/RespStatus"})"))}};
    };
    auto prev = test::build(
        version(R"({"type": "string"})", R"({"enum": ["a"]})", R"({"type": "string"})", R"({"enum": ["a"]})"));
    auto cur = test::build(version(R"({"type": "string", "minLength": 1})", R"({"enum": ["a", "b"]})",
                                   R"({"type": "string", "minLength": 1})", R"({"enum": ["a", "b"]})"));
    auto roots = [](const test::Built& b) {
        return bk::OperationRoots{{id_of(b, "Req"), id_of(b, "ReqHolder")}, {id_of(b, "Resp"), id_of(b, "RespHolder")}};
    };
    auto found =
        bk::compare({&prev->model(), "previous", roots(*prev)}, {&cur->model(), "current", roots(*cur)}, false);
    std::map<std::string, bk::Finding> by_type;
    for (const auto& f : found) by_type[f.type + " " + f.rule] = f;
    REQUIRE(by_type.size() == 4);
    auto severity = [&](const std::string& key) { return by_type.at(key).severity; };
    CHECK(severity("f.Req STRING_LENGTH_NO_NARROW") == bk::Severity::Error);  // clients' empty names now rejected
    CHECK(severity("f.Resp STRING_LENGTH_NO_NARROW") == bk::Severity::Info);  // clients read less: fine
    CHECK(severity("f.ReqStatus ENUM_VALUE_NO_ADD") == bk::Severity::Info);  // the server reads one more value: fine
    CHECK(severity("f.RespStatus ENUM_VALUE_NO_ADD") == bk::Severity::Error);  // clients get a value they reject
    CHECK(by_type.at("f.Req STRING_LENGTH_NO_NARROW").direction == bk::Direction::Request);
    CHECK(by_type.at("f.RespStatus ENUM_VALUE_NO_ADD").direction == bk::Direction::Response);
}

TEST_CASE("breaking: --consumers tolerant absorbs new members and new tagged variants of what clients read",
          "[breaking]") {
    // Event (a discriminated union) and Note (a closed object) are read by
    // clients (a response); Mirror is the same closed object read by both
    // sides. The current version adds a variant, a member to each object
    // and an enum value.
    auto version = [](bool current) {
        std::string extra_member = current ? R"(, "added": {"type": "string"})" : "";
        std::string variants = R"({"$ref": "#/$defs/Started"}, {"$ref": "#/$defs/Stopped"})" +
                               std::string(current ? R"(, {"$ref": "#/$defs/Paused"})" : "");
        auto tagged = [](const std::string& name, const std::string& tag) {
            return "\"" + name +
                   "\": {\"type\": \"object\", \"additionalProperties\": false, \"required\": [\"type\"], "
                   "\"properties\": {\"type\": {\"const\": \"" +
                   tag + "\"}}}";
        };
        return test::Files{
            {"f/s.schema.json",
             schema(
                 "\"Event\": {\"oneOf\": [" + variants + "], \"discriminator\": {\"propertyName\": \"type\"}}, " +
                 tagged("Started", "started") + ", " + tagged("Stopped", "stopped") + ", " +
                 tagged("Paused", "paused") + ", " +
                 "\"Note\": {\"type\": \"object\", \"additionalProperties\": false, \"properties\": {\"text\": {\"type\": \"string\"}" +
                 extra_member + "}}, " +
                 "\"Mirror\": {\"type\": \"object\", \"additionalProperties\": false, \"properties\": {\"text\": {\"type\": \"string\"}" +
                 extra_member + "}}, " + "\"Level\": {\"enum\": [\"low\"" + std::string(current ? ", \"high\"" : "") +
                 "]}, " + object("Holder", "level", R"({"$ref": "#/$defs/Level"})"))}};
    };
    auto prev = test::build(version(false));
    auto cur = test::build(version(true));
    auto roots = [](const test::Built& b) {
        return bk::OperationRoots{{id_of(b, "Mirror")},
                                  {id_of(b, "Event"), id_of(b, "Note"), id_of(b, "Mirror"), id_of(b, "Holder")}};
    };
    auto judged = [&](bk::Consumers consumers) {
        std::map<std::string, bk::Finding> by;
        for (auto& f : bk::compare({&prev->model(), "previous", roots(*prev)}, {&cur->model(), "current", roots(*cur)},
                                   false, consumers))
            if (f.category == bk::Category::Wire) by[f.type + " " + f.rule] = f;
        return by;
    };
    auto strict = judged(bk::Consumers::Strict);
    auto tolerant = judged(bk::Consumers::Tolerant);
    for (const char* key : {"f.Event UNION_VARIANT_NO_ADD", "f.Note FIELD_NO_ADD", "f.Mirror FIELD_NO_ADD",
                            "f.Level ENUM_VALUE_NO_ADD"}) {
        INFO(key);
        REQUIRE(strict.count(key));
        REQUIRE(tolerant.count(key));
        CHECK(strict.at(key).severity == bk::Severity::Error);
        CHECK_FALSE(strict.at(key).tolerated);
    }
    // A tolerant client decodes the new event as an unknown variant and keeps the new member.
    CHECK(tolerant.at("f.Event UNION_VARIANT_NO_ADD").severity == bk::Severity::Info);
    CHECK(tolerant.at("f.Event UNION_VARIANT_NO_ADD").tolerated);
    CHECK(tolerant.at("f.Note FIELD_NO_ADD").severity == bk::Severity::Info);
    // The server reads Mirror too, and stays strict; an unknown enum value
    // is not absorbed by the tolerant mode.
    CHECK(tolerant.at("f.Mirror FIELD_NO_ADD").severity == bk::Severity::Error);
    CHECK(tolerant.at("f.Level ENUM_VALUE_NO_ADD").severity == bk::Severity::Error);
    CHECK_FALSE(tolerant.at("f.Level ENUM_VALUE_NO_ADD").tolerated);
}

TEST_CASE("breaking: --consumers tolerant on the command line, with the operations of the schemas", "[breaking]") {
    test::TempDir dir;
    auto file = [](bool current) {
        return std::string(
                   R"({"$defs": {"Note": {"type": "object", "additionalProperties": false, "properties": {"text": {"type": "string"})") +
               (current ? R"(, "added": {"type": "string"})" : "") +
               R"(}}}, "x-openapi": {"paths": {"/notes": {"get": {"operationId": "getNote", "responses": {"200": {"description": "A note.",
                 "content": {"application/json": {"schema": {"$ref": "#/$defs/Note"}}}}}}}}}})";
    };
    test::write_tree(dir / "previous", {{"f/s.schema.json", file(false)}});
    test::write_tree(dir / "current", {{"f/s.schema.json", file(true)}});
    const std::string at = test::where(file(true), "\"added\"");
    auto strict = run_contractgen({"breaking", "--against", "previous", "--schemas", "current"}, dir.path());
    CHECK(strict.exit_code == 1);
    CHECK(has(strict.out, "current/f/s.schema.json:" + at +
                              ": error: f.Note $.added: property 'added' was added (optional) "
                              "[FIELD_NO_ADD, WIRE, response: clients read it]\n"));
    auto tolerant = run_contractgen(
        {"breaking", "--against", "previous", "--schemas", "current", "--consumers", "tolerant"}, dir.path());
    CHECK(tolerant.exit_code == 0);
    CHECK(has(tolerant.out, "current/f/s.schema.json:" + at +
                                ": note: f.Note $.added: property 'added' was added (optional) "
                                "[FIELD_NO_ADD, WIRE, response: clients read it, absorbed by tolerant consumers]\n"));
    auto json = run_contractgen(
        {"breaking", "--against", "previous", "--schemas", "current", "--consumers", "tolerant", "--format", "json"},
        dir.path());
    auto doc = bk::json::parse(json.out);
    CHECK(doc["consumers"] == "tolerant");
    CHECK(doc["findings"][0]["tolerated"] == true);
    CHECK(doc["findings"][0]["severity"] == "info");
    auto bad = run_contractgen({"breaking", "--against", "previous", "--schemas", "current", "--consumers", "lenient"},
                               dir.path());
    CHECK(bad.exit_code == 2);
    CHECK(has(bad.err, "--consumers"));
}

TEST_CASE("breaking: text, github and json output, --fail-on, exit codes", "[breaking]") {
    test::TempDir dir;
    const std::string previous = schema(object("A", "id", R"({"type": "string"})") + ", \"B\": {\"type\": \"string\"}");
    const std::string current = schema(object("A", "id", R"({"type": "string", "maxLength": 3})"));
    test::write_tree(dir / "previous", {{"f/s.schema.json", previous}});
    test::write_tree(dir / "current", {{"f/s.schema.json", current}});
    const std::string id_at = test::where(current, "\"id\": {"), b_at = test::where(previous, "\"B\"");
    auto text = run_contractgen({"breaking", "--against", "previous", "--schemas", "current"}, dir.path());
    CHECK(text.exit_code == 1);
    CHECK(text.out ==
          "current/f/s.schema.json:" + id_at +
              ": error: f.A $.id: maxLength none → 3 [STRING_LENGTH_NO_NARROW, WIRE, both directions]\n"
              "current/f/s.schema.json:" +
              id_at +
              ": note: witness accepted by the previous version, rejected by the current one: {\"id\":\"aaaa\"}\n"
              "previous/f/s.schema.json:" +
              b_at +
              ": warning: f.B: type f.B was removed [TYPE_NO_DELETE, SOURCE, both directions]\n"
              "1 error, 1 warning, 0 notes against previous (failing on errors)\n");
    auto line_col = [](const std::string& at) {
        return "line=" + at.substr(0, at.find(':')) + ",col=" + at.substr(at.find(':') + 1);
    };
    auto gh = run_contractgen({"breaking", "--against", "previous", "--schemas", "current", "--format", "github"},
                              dir.path());
    CHECK(
        gh.out ==
        "::error file=current/f/s.schema.json," + line_col(id_at) +
            ",title=STRING_LENGTH_NO_NARROW::f.A $.id: maxLength none → 3 "
            "(both directions)%0Awitness accepted by the previous version, rejected by the current one: {\"id\":\"aaaa\"}\n"
            "::warning file=previous/f/s.schema.json," +
            line_col(b_at) + ",title=TYPE_NO_DELETE::f.B: type f.B was removed (both directions)\n");
    auto json =
        run_contractgen({"breaking", "--against", "previous", "--schemas", "current", "--format", "json"}, dir.path());
    auto doc = bk::json::parse(json.out);
    CHECK(doc["format"] == "contractgen-breaking/1");
    CHECK(doc["summary"] == bk::json::parse(R"({"error": 1, "warning": 1, "info": 0})"));

    // Only the warning left: exit 0 by default, 1 when failing on warnings.
    test::write_file(dir / "current/f/s.schema.json", schema(object("A", "id", R"({"type": "string"})")));
    CHECK(run_contractgen({"breaking", "--against", "previous", "--schemas", "current"}, dir.path()).exit_code == 0);
    CHECK(
        run_contractgen({"breaking", "--against", "previous", "--schemas", "current", "--fail-on", "warn"}, dir.path())
            .exit_code == 1);

    auto bad_level = run_contractgen({"breaking", "--against", "previous", "--fail-on", "info"}, dir.path());
    CHECK(bad_level.exit_code == 2);
    auto no_against = run_contractgen({"breaking", "--schemas", "current"}, dir.path());
    CHECK(no_against.exit_code == 2);
    CHECK(no_against.err ==
          "contractgen: error: --against is required: a folder of schemas, or a git revision (main, v1.2.0, HEAD~1)\n");
    auto nowhere = run_contractgen({"breaking", "--against", "no-such-thing", "--schemas", "current"}, dir.path());
    CHECK(nowhere.exit_code == 2);
    CHECK(has(nowhere.err,
              "contractgen: error: --against 'no-such-thing' is neither a folder nor a git revision of the "
              "repository that holds 'current'\n"));
    test::write_file(dir / "broken/f/s.schema.json", "{");
    auto broken = run_contractgen({"changelog", "--against", "broken", "--schemas", "current"}, dir.path());
    CHECK(broken.exit_code == 2);
    CHECK(has(broken.err, "broken/f/s.schema.json:1:2: error: "));
    CHECK(has(broken.err, "contractgen: note: the previous version (broken) does not load; fix or choose another\n"));
}

TEST_CASE("breaking: names from schemas are escaped in every output", "[breaking]") {
    test::TempDir dir;
    // A property name with a newline, a percent sign, a comma and Markdown.
    const std::string name = R"(a\nb%2C*x*`)";
    test::write_tree(dir / "previous", {{"f/s.schema.json", schema(object("A", "id", R"({"type": "string"})"))}});
    test::write_tree(
        dir / "current",
        {{"f/s.schema.json", schema("\"A\": {\"type\": \"object\", \"additionalProperties\": false, "
                                    "\"required\": [\"id\"], \"properties\": {\"id\": {\"type\": \"string\"}, \"" +
                                    name + "\": {\"type\": \"string\"}}}")}});
    auto text = run_contractgen({"breaking", "--against", "previous", "--schemas", "current"}, dir.path());
    CHECK(has(text.out, "property 'a\\nb%2C*x*`' was added"));  // one line: the newline shown as \n
    auto gh = run_contractgen({"breaking", "--against", "previous", "--schemas", "current", "--format", "github"},
                              dir.path());
    CHECK(has(gh.out, "property 'a%0Ab%252C*x*`' was added"));
    CHECK(std::count(gh.out.begin(), gh.out.end(), '\n') == 1);
    auto md = run_contractgen({"changelog", "--against", "previous", "--schemas", "current"}, dir.path());
    CHECK(has(md.out, "property 'a b%2C\\*x\\*\\`' was added"));
    CHECK(has(md.out, "`` {\"id\":\"\",\"a\\nb%2C*x*`\":\"\"} ``"));  // a code span no backtick inside closes
}

TEST_CASE("breaking: the previous version from a git revision, without a checkout", "[breaking]") {
    test::TempDir dir;
    test::write_tree(
        dir / "repo/contract",
        {{"f/s.schema.json", schema(object("A", "id", R"({"type": "string"})") + ", \"B\": {\"type\": \"string\"}")}});
    auto git = [&](const std::string& args) {
        auto r = test::run_shell("git -c user.name=t -c user.email=t@example.com " + args, dir / "repo");
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        return r.out;
    };
    git("init -q");
    git("add -A");
    git("commit -q -m first");
    const std::string previous = test::read_file(dir / "repo/contract/f/s.schema.json");
    const std::string current = schema(object("A", "id", R"({"type": "integer"})"));
    test::write_file(dir / "repo/contract/f/s.schema.json", current);
    auto before = test::file_contents(dir / "repo/contract");
    auto r = run_contractgen({"breaking", "--against", "HEAD", "--schemas", "contract"}, dir / "repo");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    // Removals point into the revision, everything else into the working tree.
    CHECK(has(r.out, "HEAD:contract/f/s.schema.json:" + test::where(previous, "\"B\"") +
                         ": warning: f.B: type f.B was removed [TYPE_NO_DELETE"));
    CHECK(r.out.rfind("contract/f/s.schema.json:" + test::where(current, "\"id\": {") +
                          ": error: f.A $.id: the type changed from string to integer [FIELD_SAME_TYPE",
                      0) == 0);
    // Nothing in the working tree or the index changed.
    CHECK(test::file_contents(dir / "repo/contract") == before);
    CHECK(git("status --porcelain") == " M contract/f/s.schema.json\n");
    auto bad = run_contractgen({"breaking", "--against", "--output=x", "--schemas", "contract"}, dir / "repo");
    CHECK(bad.exit_code == 2);
}

TEST_CASE("breaking: strings of a pattern match it shortest first, and JSON Schema equality", "[breaking]") {
    auto of = [](const std::string& p, std::size_t n) {
        contractgen::ir::StringBounds b;
        b.pattern = p;
        return bk::strings_of(b, std::nullopt, n);
    };
    for (const std::string p : {"^[A-Z]{3}$", "^(/|$)", "(Z|z|\\+00:00)$", "^\\{", "^a+b*c?$", "[^0-9]"}) {
        INFO(p);
        auto samples = of(p, 4);
        CHECK_FALSE(samples.empty());
        for (const auto& s : samples) CHECK(cv::pattern_matches(p, s));
    }
    CHECK(of("^[A-Z]{2,3}$", 2) == std::vector<std::string>{"AA", "AAA"});  // one class: one string per length
    CHECK(of("^(/|$)", 2) == std::vector<std::string>{"", "/"});
    CHECK(cv::json_equal(bk::json::parse("1"), bk::json::parse("1.0")));
    CHECK(cv::json_equal(bk::json::parse(R"({"a": 1, "b": 2})"), bk::json::parse(R"({"b": 2, "a": 1})")));
    CHECK_FALSE(cv::json_equal(bk::json::parse("false"), bk::json::parse("0")));
    CHECK(cv::code_points("💩a") == 2);
}

TEST_CASE("breaking: acknowledged breaks are reported but do not fail, stale or bad entries are said", "[breaking]") {
    test::TempDir dir;
    test::write_tree(dir / "previous", {{"f/s.schema.json", schema("\"Status\": {\"enum\": [\"a\"]}")}});
    test::write_tree(dir / "current", {{"f/s.schema.json", schema("\"Status\": {\"enum\": [\"a\", \"b\"]}")}});
    const std::vector<std::string> args{"breaking", "--against", "previous", "--schemas",
                                        "current",  "--ignore",  "ack.txt"};
    test::write_file(dir / "ack.txt",
                     "# intended: a new status\nENUM_VALUE_NO_ADD f.Status\nFIELD_NO_DELETE f.Gone $.x\n");
    auto r = run_contractgen(args, dir.path());
    CHECK(r.exit_code == 0);
    CHECK(has(r.out,
              ": error: f.Status: value \"b\" was added [ENUM_VALUE_NO_ADD, WIRE, both directions, acknowledged]\n"));
    CHECK(r.err ==
          "ack.txt:3:1: warning: 'FIELD_NO_DELETE f.Gone $.x' matches no finding; remove it once the change it "
          "acknowledges is released\n");
    auto json = bk::json::parse(run_contractgen({"breaking", "--against", "previous", "--schemas", "current",
                                                 "--format", "json", "--ignore", "ack.txt"},
                                                dir.path())
                                    .out);
    CHECK(json["findings"][0]["acknowledged"] == true);
    // Without it, the same run fails.
    CHECK(run_contractgen({"breaking", "--against", "previous", "--schemas", "current"}, dir.path()).exit_code == 1);

    test::write_file(dir / "ack.txt", "ENUM_VALUE_NO_ADDED f.Status\n  ENUM_VALUE_NO_ADD Status\n");
    auto bad = run_contractgen(args, dir.path());
    CHECK(bad.exit_code == 2);
    CHECK(
        has(bad.err,
            "ack.txt:1:1: error: unknown rule 'ENUM_VALUE_NO_ADDED' (contractgen breaking --list-rules lists them)\n"));
    CHECK(has(bad.err,
              "ack.txt:2:3: error: expected 'RULE_ID family.Type [PATH]', e.g. 'ENUM_VALUE_NO_ADD "
              "events.EventType'\n"));
}
