// The resolver: relative file paths (also across families), normalisation,
// percent-decoding, and JSON-pointer escaping (RFC 6901 inside RFC 3986).
#include <catch2/catch.hpp>

#include "resolve/resolver.h"
#include "support.h"

namespace load = contractgen::load;
namespace resolve = contractgen::resolve;
namespace ir = contractgen::ir;

namespace {

// A loaded schemas folder and a resolver over it.
struct Fixture {
    test::Workspace ws;
    contractgen::diag::Sink sink;
    load::SchemaSet set;
    explicit Fixture(const test::Files& files) : ws(files), set(load::load_schemas(ws.schemas, sink)) {
        INFO(sink.text());
        REQUIRE_FALSE(sink.has_errors());
    }
    // Resolves `ref` as if written at the root of `from`; "<file>#<pointer>" or the error text.
    std::string resolve(const std::string& from, const std::string& ref) {
        contractgen::diag::Sink errors;
        resolve::Resolver r(set);
        auto loc = r.resolve(*set.find(from), "", ref, errors);
        if (!loc) return ws.shown(errors.text());
        return loc->key();
    }
    const load::json* node(const std::string& from, const std::string& ref) {
        contractgen::diag::Sink errors;
        auto loc = resolve::Resolver(set).resolve(*set.find(from), "", ref, errors);
        return loc ? loc->node : nullptr;
    }
};

}  // namespace

TEST_CASE("resolver: normalise_relative_path", "[resolver]") {
    std::string out;
    REQUIRE(resolve::normalise_relative_path("a/./b/../c.schema.json", out));
    CHECK(out == "a/c.schema.json");
    REQUIRE(resolve::normalise_relative_path("./x.schema.json", out));
    CHECK(out == "x.schema.json");
    REQUIRE(resolve::normalise_relative_path("a//b/./", out));
    CHECK(out == "a/b");
    REQUIRE(resolve::normalise_relative_path("a/b/../../c", out));
    CHECK(out == "c");
    CHECK_FALSE(resolve::normalise_relative_path("a/../../c", out));
    CHECK_FALSE(resolve::normalise_relative_path("../c", out));
    CHECK_FALSE(resolve::normalise_relative_path("/etc/c", out));
}

TEST_CASE("resolver: percent_decode", "[resolver]") {
    std::string out;
    REQUIRE(resolve::percent_decode("a%25b%2Fc%7e", out));
    CHECK(out == "a%b/c~");
    REQUIRE(resolve::percent_decode("%C3%A9", out));
    CHECK(out == "\xC3\xA9");
    CHECK_FALSE(resolve::percent_decode("a%2", out));
    CHECK_FALSE(resolve::percent_decode("a%zz", out));
    CHECK_FALSE(resolve::percent_decode("%", out));
}

TEST_CASE("resolver: JSON-pointer escaping ~0, ~1 and %-escapes in the fragment", "[resolver]") {
    Fixture f(test::Files{{"f/a.schema.json", R"({"$defs": {
      "a/b": {"title": "slash"},
      "c~d": {"title": "tilde"},
      "e%f": {"title": "percent"},
      "sp ace": {"title": "space"},
      "~1": {"title": "literal tilde one"},
      "caf\u00e9": {"title": "unicode"}
    }})"}});
    CHECK(f.resolve("f/a.schema.json", "#/$defs/a~1b") == "f/a.schema.json#/$defs/a~1b");
    CHECK((*f.node("f/a.schema.json", "#/$defs/a~1b"))["title"] == "slash");
    CHECK((*f.node("f/a.schema.json", "#/$defs/c~0d"))["title"] == "tilde");
    CHECK((*f.node("f/a.schema.json", "#/$defs/e%25f"))["title"] == "percent");
    CHECK((*f.node("f/a.schema.json", "#/$defs/sp%20ace"))["title"] == "space");
    // ~01 is "~1" (unescape ~0 first would be wrong: it must not become "/").
    CHECK((*f.node("f/a.schema.json", "#/$defs/~01"))["title"] == "literal tilde one");
    CHECK((*f.node("f/a.schema.json", "#/$defs/caf%C3%A9"))["title"] == "unicode");
    CHECK(f.resolve("f/a.schema.json", "#/$defs/e%f") ==
          "schemas/f/a.schema.json:1:1: error: $ref '#/$defs/e%f' has a malformed %-escape\n");
    CHECK(f.resolve("f/a.schema.json", "#") == "f/a.schema.json#");
    CHECK(f.resolve("f/a.schema.json", "") == "f/a.schema.json#");
}

TEST_CASE("resolver: array indexes", "[resolver]") {
    Fixture f(
        test::Files{{"f/a.schema.json", R"({"$defs": {"U": {"oneOf": [{"title": "zero"}, {"title": "one"}]}}})"}});
    CHECK((*f.node("f/a.schema.json", "#/$defs/U/oneOf/1"))["title"] == "one");
    CHECK(f.resolve("f/a.schema.json", "#/$defs/U/oneOf/01") ==
          "schemas/f/a.schema.json:1:1: error: $ref '#/$defs/U/oneOf/01' does not resolve: no item '01' in "
          "'#/$defs/U/oneOf'\n");
    CHECK(f.resolve("f/a.schema.json", "#/$defs/U/oneOf/2") ==
          "schemas/f/a.schema.json:1:1: error: $ref '#/$defs/U/oneOf/2' does not resolve: no item '2' in "
          "'#/$defs/U/oneOf'\n");
    CHECK(f.resolve("f/a.schema.json", "#/$defs/U/oneOf/-") ==
          "schemas/f/a.schema.json:1:1: error: $ref '#/$defs/U/oneOf/-' does not resolve: no item '-' in "
          "'#/$defs/U/oneOf'\n");
}

TEST_CASE("resolver: relative files, across families, normalised", "[resolver]") {
    Fixture f(test::Files{{"a/x.schema.json", "{}"},
                          {"a/sub/z.schema.json", "{}"},
                          {"b/y.schema.json", R"({"$defs": {"Y": {"type": "string"}}})"},
                          {"b/my file.schema.json", R"({"$defs": {"S": {"type": "string"}}})"}});
    CHECK(f.resolve("a/x.schema.json", "../b/y.schema.json#/$defs/Y") == "b/y.schema.json#/$defs/Y");
    CHECK(f.resolve("a/x.schema.json", "./../b/./y.schema.json#/$defs/Y") == "b/y.schema.json#/$defs/Y");
    CHECK(f.resolve("a/x.schema.json", "sub/../../b/y.schema.json") == "b/y.schema.json#");
    CHECK(f.resolve("a/sub/z.schema.json", "../x.schema.json") == "a/x.schema.json#");
    CHECK(f.resolve("a/sub/z.schema.json", "../../b/y.schema.json#/$defs/Y") == "b/y.schema.json#/$defs/Y");
    CHECK(f.resolve("a/x.schema.json", "../b/my%20file.schema.json#/$defs/S") == "b/my file.schema.json#/$defs/S");
    CHECK(f.resolve("a/sub/z.schema.json", "../../../b/y.schema.json") ==
          "schemas/a/sub/z.schema.json:1:1: error: $ref '../../../b/y.schema.json' leaves the schemas root; references "
          "must stay inside the schemas folder\n");
    CHECK(f.resolve("a/x.schema.json", "HTTP://x/y.schema.json") ==
          "schemas/a/x.schema.json:1:1: error: $ref 'HTTP://x/y.schema.json' points at the network "
          "('HTTP://x/y.schema.json'), which contractgen never reads; vendor the file and map its URL prefix to that "
          "folder in contractgen.toml: [resolve] \"http://x/\" = \"vendor/<folder>\" (docs/references.md)\n");
    CHECK(f.resolve("a/x.schema.json", "urn:uuid:1234") ==
          "schemas/a/x.schema.json:1:1: error: $ref 'urn:uuid:1234' is an absolute URI that no schema of the set has "
          "as its $id; references to other files are relative paths like 'other.schema.json#/$defs/Name'\n");
}

TEST_CASE("resolver: a cross-family $ref becomes a reference to the other family's type", "[resolver][ir]") {
    auto b = test::build(
        {{"a/x.schema.json", R"({"$defs": {"X": {"type": "object", "properties": {
                              "y": {"$ref": "../b/y.schema.json#/$defs/Y"},
                              "same": {"$ref": "./sub/../x.schema.json#/$defs/Z"}}},
                            "Z": {"type": "object", "properties": {"n": {"type": "integer"}}}}})"},
         {"b/y.schema.json", R"({"$defs": {"Y": {"type": "object", "properties": {"s": {"type": "string"}}}}})"}});
    const ir::Field& y = b->field("a", "X", "y");
    REQUIRE(y.type.kind == ir::Kind::Named);
    CHECK(b->model().decl(y.type.decl).qualified_name() == "b.Y");
    const ir::Field& same = b->field("a", "X", "same");
    REQUIRE(same.type.kind == ir::Kind::Named);
    CHECK(b->model().decl(same.type.decl).qualified_name() == "a.Z");
    const ir::Family* a = b->model().find_family("a");
    REQUIRE(a != nullptr);
    CHECK(a->depends_on == std::vector<std::string>{"b"});
}
