// A file's root schema as a type: when it is one, what it is named, how
// other schemas refer to it, and the diagnostics for names that clash and for
// references to a root that is not a type.
#include <catch2/catch.hpp>

#include "support.h"

using test::diagnostics;
using test::Files;
using test::where;
namespace ir = contractgen::ir;

namespace {

std::string error_at(const std::string& file, const std::string& line_col, const std::string& message) {
    return "schemas/" + file + ":" + line_col + ": error: " + message + "\n";
}

}  // namespace

TEST_CASE("roots: a root with type keywords is a type named by its title, else by its file name", "[roots]") {
    auto b = test::build(
        {{"f/chat_stream.schema.json",
          R"({"title": "Chat stream", "type": "object", "properties": {"id": {"type": "string"}}})"},
         {"f/stream_envelope.schema.json", R"({"oneOf": [{"type": "string"}, {"type": "integer"}]})"},
         {"f/run_event.json", R"({"$schema": "https://json-schema.org/draft/2020-12/schema", "enum": ["a", "b"]})"},
         {"f/tagged.schema.json", R"({"title": "!!!", "$ref": "#/$defs/T", "$defs": {"T": {"type": "string"}}})"},
        // Only $defs and annotations: a library of types, not a type.
         {"f/library.schema.json", R"({"title": "Library", "description": "d", "$comment": "c", "x-note": 1,
                                      "$defs": {"L": {"type": "string"}}})"}});
    CHECK(b->decl("f", "ChatStream").is<ir::Struct>());
    CHECK(b->decl("f", "ChatStream").docs.title == "Chat stream");
    CHECK(b->decl("f", "StreamEnvelope").is<ir::Union>());
    CHECK(b->decl("f", "RunEvent").is<ir::Enum>());
    // A title with nothing to make a name of falls back to the file name.
    CHECK(b->decl("f", "Tagged").is<ir::Alias>());
    CHECK_FALSE(b->model().find("f", "Library").has_value());
    // File order (sorted paths), a root before its own $defs.
    CHECK(b->names("f") == std::vector<std::string>{"ChatStream", "L", "RunEvent", "StreamEnvelope", "Tagged", "T"});
}

TEST_CASE("roots: 'file', 'file#' and '#' refer to a root type", "[roots]") {
    auto b = test::build(
        {{"f/chat.schema.json", R"({"title": "Chat stream", "type": "object", "properties": {"id": {"type": "string"}},
                                   "$defs": {"Self": {"type": "array", "items": {"$ref": "#"}}}})"},
         {"f/user.schema.json", R"({"$defs": {"U": {"type": "object", "properties": {
                                   "a": {"$ref": "chat.schema.json"}, "b": {"$ref": "chat.schema.json#"}}}}})"}});
    ir::DeclId root = *b->model().find("f", "ChatStream");
    for (const char* property : {"a", "b"}) {
        INFO(property);
        const ir::TypeExpr& t = b->field("f", "U", property).type;
        CHECK(t.kind == ir::Kind::Named);
        CHECK(t.decl == root);
    }
    const ir::TypeExpr& self = b->decl("f", "Self").as<ir::Alias>().target;
    REQUIRE(self.kind == ir::Kind::Array);
    CHECK(self.item().kind == ir::Kind::Named);
    CHECK(self.item().decl == root);
}

TEST_CASE("roots: a root type whose name a $defs entry of the family has is an error", "[roots]") {
    // In one file: the root, named by its title, comes first; the $defs entry clashes.
    const std::string one = R"({
  "title": "Chat stream",
  "type": "object",
  "$defs": {"ChatStream": {"type": "string"}}
})";
    CHECK(diagnostics({{"f/a.schema.json", one}}) ==
          error_at("f/a.schema.json", where(one, "\"ChatStream\""),
                   "type 'ChatStream' is already defined in family 'f' as the root schema of schemas/f/a.schema.json:" +
                       where(one, "\"title\"") +
                       " (named after its title); type names must be unique within a family"));

    // Across files: a $defs entry of the name another file's root has is qualified by its file's name
    // (docs/references.md, "Names across files"); the root keeps its name.
    const std::string defs = R"({"$defs": {"Events": {"type": "string"}}})";
    const std::string root = R"({"type": "string"})";
    CHECK(diagnostics({{"f/a.schema.json", defs}, {"f/events.schema.json", root}}) ==
          "schemas/f/a.schema.json:" + where(defs, "\"Events\"") +
              ": warning: type name 'Events' is declared in 2 files of family 'f' (a.schema.json, events.schema.json); "
              "each $defs entry of that name is qualified by its file's name\n");
    auto qualified = test::build({{"f/a.schema.json", defs}, {"f/events.schema.json", root}});
    CHECK(qualified->names("f") == std::vector<std::string>{"AEvents", "Events"});

    // Two roots: the second is pointed at by its title.
    const std::string titled = R"({"title": "events", "type": "integer"})";
    CHECK(diagnostics({{"f/events.schema.json", root}, {"f/z.schema.json", titled}}) ==
          error_at("f/z.schema.json", where(titled, "\"title\""),
                   "the root schema of this file is the type 'Events' (named after its title), which family 'f' "
                   "already has as the root schema of schemas/f/events.schema.json:1:1 (named after the file name); "
                   "type names must be unique within a family (change the title)"));
}

TEST_CASE("roots: a $ref to a root that is not a type is an error at the reference", "[roots]") {
    const std::string text = R"({"$defs": {
  "A": {"$ref": "lib.schema.json"},
  "B": {"allOf": [{"$ref": "#"}]}
}})";
    const std::string lib = R"({"title": "Library", "$defs": {"L": {"type": "string"}}})";
    CHECK(
        diagnostics({{"f/a.schema.json", text}, {"f/lib.schema.json", lib}}) ==
        error_at("f/a.schema.json", where(text, "\"lib.schema.json\""),
                 "$ref 'lib.schema.json' names the root schema of 'f/lib.schema.json', which is not a type (it has "
                 "only $defs and annotations); refer to one of its $defs entries ('lib.schema.json#/$defs/Name') or "
                 "give the root schema a type") +
            error_at("f/a.schema.json", where(text, "\"#\""),
                     "$ref '#' names the root schema of 'f/a.schema.json', which is not a type (it has only $defs and "
                     "annotations); refer to one of its $defs entries ('#/$defs/Name') or give the root schema a "
                     "type"));
}

TEST_CASE("roots: a file that is a boolean schema is a type in every target, a component in the API documents",
          "[roots]") {
    // The API documents copied a root's members and assumed an object; a
    // file holding `true` made the openapi and asyncapi targets fail
    // ("cannot use key() for non-object iterators").
    test::Workspace ws({{"f/yes.schema.json", "true\n"}, {"f/no.schema.json", "false\n"}});
    auto r = test::run_contractgen({"generate", "--quiet", "--schemas", ws.schemas.string(), "--out", ws.out.string()},
                                   ws.dir.path());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.empty());
    const std::string openapi = test::read_file(ws.out / "openapi" / "openapi.json");
    CHECK(openapi.find("\"f.No\": false,\n      \"f.Yes\": true\n") != std::string::npos);
    const std::string asyncapi = test::read_file(ws.out / "asyncapi" / "asyncapi.yaml");
    CHECK(asyncapi.find("    f.No: false\n    f.Yes: true\n") != std::string::npos);
}
