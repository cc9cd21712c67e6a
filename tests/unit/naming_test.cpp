// Naming: words, cases, reserved words per language, deterministic suffixes,
// and wire names that never change.
#include <catch2/catch.hpp>

#include "naming/keywords.h"
#include "naming/namer.h"
#include "naming/words.h"
#include "support.h"

namespace naming = contractgen::naming;
namespace ir = contractgen::ir;
using naming::Case;
using naming::Scope;
using Words = std::vector<std::string>;

TEST_CASE("naming: split_words on case changes, acronyms, digits and separators", "[naming]") {
    CHECK(naming::split_words("userChatMessage_id") == Words{"user", "chat", "message", "id"});
    CHECK(naming::split_words("HTTPServer") == Words{"http", "server"});
    CHECK(naming::split_words("HTTPServer2") == Words{"http", "server2"});
    CHECK(naming::split_words("getHTTPResponseCode") == Words{"get", "http", "response", "code"});
    CHECK(naming::split_words("userID") == Words{"user", "id"});
    CHECK(naming::split_words("ABC") == Words{"abc"});
    CHECK(naming::split_words("v2Beta") == Words{"v2", "beta"});
    CHECK(naming::split_words("A1B2") == Words{"a1", "b2"});
    CHECK(naming::split_words("2fa") == Words{"2fa"});
    CHECK(naming::split_words("--a--b--") == Words{"a", "b"});
    CHECK(naming::split_words("message-file.v1") == Words{"message", "file", "v1"});
    CHECK(naming::split_words("").empty());
    CHECK(naming::split_words("$").empty());
}

TEST_CASE("naming: non-ASCII code points become uXXXX words, so distinct names stay distinct", "[naming]") {
    CHECK(naming::split_words("caf\xC3\xA9") == Words{"caf", "u00e9"});
    CHECK(naming::split_words("\xE6\x97\xA5\xE6\x9C\xAC") == Words{"u65e5", "u672c"});
    CHECK(naming::split_words("\xF0\x9F\x98\x80x") == Words{"u1f600", "x"});
    CHECK(naming::to_case("caf\xC3\xA9", Case::Pascal) == "CafU00e9");
    CHECK(naming::to_case("caf\xC3\xA9", Case::Snake) != naming::to_case("cafe", Case::Snake));
}

TEST_CASE("naming: to_case joins words in each style", "[naming]") {
    CHECK(naming::to_case("user_chat_message", Case::Pascal) == "UserChatMessage");
    CHECK(naming::to_case("user_chat_message", Case::Camel) == "userChatMessage");
    CHECK(naming::to_case("UserChatMessage", Case::Snake) == "user_chat_message");
    CHECK(naming::to_case("userChatMessage", Case::ScreamingSnake) == "USER_CHAT_MESSAGE");
    CHECK(naming::to_case("HTTPServer", Case::Camel) == "httpServer");
    CHECK(naming::to_case("plan_v2", Case::Pascal) == "PlanV2");
    CHECK(naming::to_case("already_snake", Case::Snake) == "already_snake");
}

namespace {

naming::NamerConfig config_for(const std::set<std::string>& keywords, Case field_case) {
    naming::NamerConfig c;
    c.keywords = &keywords;
    c.field_case = field_case;
    return c;
}

std::string field_id(const std::string& wire, const naming::NamerConfig& c) {
    return naming::make_identifier(wire, c.field_case, c.reserved_fields, c, c.field_prefix);
}

}  // namespace

TEST_CASE("naming: reserved words are escaped per language", "[naming]") {
    auto cpp = config_for(naming::cpp_keywords(), Case::Snake);
    CHECK(field_id("class", cpp) == "class_");
    CHECK(field_id("Class", cpp) == "class_");  // the check is on the identifier, after casing
    CHECK(field_id("namespace", cpp) == "namespace_");
    CHECK(field_id("errno", cpp) == "errno_");  // a macro in C++
    CHECK(field_id("type", cpp) == "type");     // fine in C++

    auto ts = config_for(naming::typescript_keywords(), Case::Camel);
    CHECK(field_id("type", ts) == "type_");
    CHECK(field_id("delete", ts) == "delete_");
    CHECK(field_id("class", ts) == "class_");
    CHECK(field_id("errno", ts) == "errno");

    auto py = config_for(naming::python_keywords(), Case::Snake);
    CHECK(field_id("from", py) == "from_");
    CHECK(field_id("lambda", py) == "lambda_");
    CHECK(field_id("type", py) == "type_");
    CHECK(naming::make_identifier("none", Case::Pascal, {}, py, "T") == "None_");
    CHECK(field_id("class", py) == "class_");

    // Per-target reserved names (the runtime's own types, framework attributes).
    cpp.reserved_fields = {"additional_properties"};
    CHECK(field_id("additionalProperties", cpp) == "additional_properties_");
}

TEST_CASE("naming: names starting with a digit or empty get a prefix", "[naming]") {
    naming::NamerConfig c;
    CHECK(field_id("2fa", c) == "field_2fa");
    CHECK(field_id("", c) == "field_empty");
    CHECK(field_id("$", c) == "field_empty");
    CHECK(naming::make_identifier("3d", Case::Pascal, {}, c, c.type_prefix) == "T3d");
    CHECK(naming::make_identifier("1", Case::ScreamingSnake, {}, c, c.value_prefix) == "V_1");
}

TEST_CASE("naming: a target's initialisms are spelt in capitals in Pascal case only", "[naming]") {
    naming::NamerConfig go;
    go.initialisms = {"api", "id", "json", "url"};
    CHECK(naming::make_identifier("EXTERNAL_API_DATA", Case::Pascal, {}, go, "V") == "ExternalAPIData");
    CHECK(naming::make_identifier("run_id", Case::Pascal, {}, go, "F") == "RunID");
    CHECK(naming::make_identifier("JsonValue", Case::Pascal, {}, go, "T") == "JSONValue");
    CHECK(naming::make_identifier("image_url", Case::Pascal, {}, go, "F") == "ImageURL");
    // Only whole words: "identifier" and "apiary" are words of their own.
    CHECK(naming::make_identifier("identifier", Case::Pascal, {}, go, "F") == "Identifier");
    CHECK(naming::make_identifier("apiary_ids", Case::Pascal, {}, go, "F") == "ApiaryIds");
    CHECK(naming::make_identifier("run_id", Case::Camel, {}, go, "f") == "runId");  // Pascal only
    naming::NamerConfig plain;  // no initialisms: as before
    CHECK(naming::make_identifier("run_id", Case::Pascal, {}, plain, "F") == "RunId");
}

TEST_CASE("naming: collisions get _2, _3 in declaration order, wire names untouched", "[naming]") {
    auto b = test::build({{"f/a.schema.json", R"({"$defs": {
      "planOwner": {"type": "string"},
      "Plan": {"type": "object", "properties": {
        "user_id": {"type": "string"},
        "userId": {"type": "string"},
        "user-id": {"type": "string"},
        "class": {"type": "string"},
        "owner": {"type": "object", "properties": {"x": {}}}
      }},
      "Mode": {"enum": ["a-b", "a_b", "A B", "2"]}
    }})"}});
    naming::NamerConfig c;
    c.keywords = &naming::cpp_keywords();
    c.reserved_types = {"Json"};
    contractgen::diag::Sink sink;
    naming::Names names = naming::resolve_names(b->model(), c, b->loaded.schemas, sink);
    INFO(sink.text());
    REQUIRE_FALSE(sink.has_errors());

    auto id_of = [&](const std::string& type) { return names.of(*b->model().find("f", type)); };
    // The declared "planOwner" keeps "PlanOwner"; the lifted Plan.owner yields.
    CHECK(id_of("planOwner") == "PlanOwner");
    CHECK(id_of("PlanOwner") == "PlanOwner_2");
    CHECK(id_of("Plan") == "Plan");

    ir::DeclId plan = *b->model().find("f", "Plan");
    CHECK(names.fields[plan] == std::vector<std::string>{"user_id", "user_id_2", "user_id_3", "class_", "owner"});
    std::vector<std::string> wire;
    for (const auto& f : b->model().decl(plan).as<ir::Struct>().fields) wire.push_back(f.wire_name);
    CHECK(wire == std::vector<std::string>{"user_id", "userId", "user-id", "class", "owner"});

    ir::DeclId mode = *b->model().find("f", "Mode");
    CHECK(names.values[mode] == std::vector<std::string>{"A_B", "A_B_2", "A_B_3", "V_2"});
    CHECK(b->model().decl(mode).as<ir::Enum>().values.front() == "a-b");

    CHECK(names.family.at("f") == "f");

    // Resolving again gives the same names: nothing depends on iteration order.
    contractgen::diag::Sink again_sink;
    CHECK(naming::resolve_names(b->model(), c, b->loaded.schemas, again_sink).decl == names.decl);
}

TEST_CASE("naming: a lifted type clashing exactly or after case folding gets the same _2 suffix", "[naming]") {
    // "PlanOwner" clashes with Plan.owner in the IR already (same name); "planStatus" only
    // once both are identifiers. Either way the lifted type yields with "_2", in the IR
    // name too, rather than "PlanOwner2" in one case and "PlanStatus_2" in the other.
    auto b = test::build({{"f/a.schema.json", R"({"$defs": {
      "PlanOwner": {"type": "string"},
      "planStatus": {"type": "string"},
      "Plan": {"type": "object", "properties": {
        "owner": {"type": "object", "properties": {"x": {}}},
        "status": {"enum": ["a", "b"]}
      }}
    }})"}});
    contractgen::diag::Sink sink;
    naming::Names names = naming::resolve_names(b->model(), naming::NamerConfig{}, b->loaded.schemas, sink);
    REQUIRE_FALSE(sink.has_errors());
    const auto& plan = b->model().decl(*b->model().find("f", "Plan")).as<ir::Struct>();
    ir::DeclId owner = plan.fields[0].type.decl, status = plan.fields[1].type.decl;
    CHECK(b->model().decl(owner).name == "PlanOwner_2");
    CHECK(names.of(owner) == "PlanOwner_2");
    CHECK(b->model().decl(status).name == "PlanStatus");
    CHECK(names.of(status) == "PlanStatus_2");
}

TEST_CASE("naming: a declared type named like a runtime type is escaped, not an error", "[naming]") {
    auto b = test::build(
        {{"class/a.schema.json", R"({"$defs": {"Json": {"type": "string"}, "Codec": {"type": "integer"}}})"}});
    naming::NamerConfig c;
    c.keywords = &naming::cpp_keywords();
    c.reserved_types = {"Json", "Codec"};
    contractgen::diag::Sink sink;
    naming::Names names = naming::resolve_names(b->model(), c, b->loaded.schemas, sink);
    CHECK_FALSE(sink.has_errors());
    CHECK(names.of(*b->model().find("class", "Json")) == "Json_");
    CHECK(names.of(*b->model().find("class", "Codec")) == "Codec_");
    CHECK(names.family.at("class") == "class_");
}

TEST_CASE("naming: a scope keeps every name it handed out, however many", "[naming]") {
    // A scope holds its first few names in a list and the rest in a hash
    // set; across that change no name may be forgotten or handed out twice.
    for (std::size_t count : {1u, 31u, 32u, 33u, 80u}) {
        Scope scope;
        std::set<std::string> handed;
        for (std::size_t i = 0; i < count; ++i) {
            REQUIRE(scope.claim("name") == (i == 0 ? std::string("name") : "name_" + std::to_string(i + 1)));
            REQUIRE(handed.insert("name" + (i == 0 ? std::string() : "_" + std::to_string(i + 1))).second);
            REQUIRE(scope.claim("other" + std::to_string(i)) == "other" + std::to_string(i));
        }
        for (const auto& name : handed) CHECK(scope.taken(name));
        for (std::size_t i = 0; i < count; ++i) CHECK(scope.taken("other" + std::to_string(i)));
        CHECK_FALSE(scope.taken("name_" + std::to_string(count + 1)));
        CHECK(scope.claim("other0") == "other0_2");
    }
    SECTION("names taken from the start, more than a few") {
        std::set<std::string> taken;
        for (int i = 0; i < 40; ++i) taken.insert("t" + std::to_string(i));
        Scope scope(taken);
        for (const auto& name : taken) CHECK(scope.claim(name) == name + "_2");
        CHECK(scope.claim("fresh") == "fresh");
    }
    SECTION("reserved names are taken without being copied in") {
        const std::set<std::string> reserved = {"model_config", "copy"};
        Scope scope(&reserved);
        CHECK(scope.taken("copy"));
        CHECK(scope.claim("copy") == "copy_2");
        for (int i = 0; i < 40; ++i) scope.claim("f" + std::to_string(i));
        CHECK(scope.claim("model_config") == "model_config_2");
        CHECK(scope.claim("f3") == "f3_2");
    }
}
