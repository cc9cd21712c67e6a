// The IR built in parts (src/ir/build/parts.cpp): groups of files that do
// not reference each other are built side by side and merged. The oracle is
// the builder itself: the merged model must be, field by field, the model
// one Builder gives for the whole set (build_model_whole).
#include <catch2/catch.hpp>

#include <sstream>

#include "ir/build.h"
#include "ir/build/builder.h"
#include "support.h"

namespace ir = contractgen::ir;

namespace {

const std::string kSchema = R"("$schema": "https://json-schema.org/draft/2020-12/schema")";

// Three families: alpha and gamma (gamma uses alpha) form one group, beta
// another. Each has lifted types (with a clash on the lifted name), an
// assertion (the same program in two groups, shared by one Check),
// a tuple, a key pattern, formats and a discriminated union.
test::Files independent_families() {
    const std::string event_family = R"({)" + kSchema + R"(, "$defs": {
      "Base": {"type": "object", "properties": {"kind": {"type": "string"}}, "required": ["kind"]},
      "Ping": {"allOf": [{"$ref": "#/$defs/Base"}], "type": "object",
               "properties": {"kind": {"const": "ping"}, "at": {"type": "string", "format": "date-time"},
                              "meta": {"type": "object", "properties": {"n": {"type": "integer"}}}},
               "required": ["kind"]},
      "PingMeta": {"type": "object", "properties": {"taken": {"type": "boolean"}}},
      "Pong": {"type": "object",
               "properties": {"kind": {"const": "pong"},
                              "meta": {"type": "object", "properties": {"m": {"type": "string", "format": "uuid"}}},
                              "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false}},
               "required": ["kind"], "if": {"required": ["pair"]}, "then": {"required": ["meta"]}},
      "Event": {"oneOf": [{"$ref": "#/$defs/Ping"}, {"$ref": "#/$defs/Pong"}]},
      "Level": {"type": "string", "enum": ["low", "high"]},
      "Labels": {"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false},
      "Tagged": {"anyOf": [{"$ref": "#/$defs/Level"}, {"type": "string"}]}
    }})";
    const std::string uses_alpha = R"({)" + kSchema + R"(, "title": "Uses", "type": "object",
      "properties": {"level": {"$ref": "../alpha/events.schema.json#/$defs/Level"},
                     "inner": {"type": "object", "properties": {"x": {"type": "number"}},
                               "if": {"required": ["x"]}, "then": {"required": ["x"]}},
                     "code": {"type": "string", "not": {"enum": ["a"]}}},
      "$defs": {"Guarded": {"type": "object", "properties": {"y": {"type": "string"}},
                            "if": {"required": ["y"]}, "then": {"minProperties": 2}}}})";
    const std::string beta_only = R"({)" + kSchema + R"(, "$defs": {
      "Code": {"type": "object", "properties": {"c": {"type": "string", "not": {"enum": ["b"]}}}}}})";
    return {{"alpha/events.schema.json", event_family},
            {"beta/events.schema.json", event_family},
            {"beta/extra.schema.json", beta_only},
            {"gamma/uses.schema.json", uses_alpha}};
}

void dump(std::ostream& os, const ir::TypeExpr& t) {
    os << "(" << static_cast<int>(t.kind) << (t.nullable ? "?" : "") << " decl=" << t.decl
       << " value=" << t.value.dump() << " check=" << (t.check ? std::to_string(*t.check) : "-")
       << " str=" << t.string_bounds.pattern.value_or("") << "/" << static_cast<int>(t.string_bounds.format);
    for (const auto& e : t.element) dump(os, e);
    os << ")";
}

// Every field of the model the targets read, as text.
std::string dump(const ir::Model& m) {
    std::ostringstream os;
    for (ir::DeclId id = 0; id < m.decls.size(); ++id) {
        const ir::Decl& d = m.decls[id];
        os << id << " " << d.qualified_name() << " wanted=" << d.wanted_name << (d.lifted ? " lifted" : "")
           << (d.recursive ? " recursive" : "") << " kind=" << static_cast<int>(d.kind())
           << " check=" << (d.check ? std::to_string(*d.check) : "-") << " at=" << d.origin.file << "#"
           << d.origin.pointer << ":" << d.origin.line << ":" << d.origin.column << " doc=" << d.docs.description
           << "\n";
        std::visit(
            [&](const auto& body) {
                using B = std::decay_t<decltype(body)>;
                if constexpr (std::is_same_v<B, ir::Struct>) {
                    for (const auto& f : body.fields) {
                        os << "  ." << f.wire_name << (f.required ? "!" : "") << " ";
                        dump(os, f.type);
                        os << "\n";
                    }
                    os << "  extra=" << static_cast<int>(body.extra);
                    if (body.extra_type) dump(os, *body.extra_type);
                    os << " key=" << body.extra_key_pattern.value_or("") << "\n";
                } else if constexpr (std::is_same_v<B, ir::Union>) {
                    os << "  union " << static_cast<int>(body.mode) << " on=" << body.discriminator.value_or("")
                       << (body.kinds_disjoint ? " disjoint" : "") << "\n";
                    for (const auto& v : body.variants) {
                        os << "  | " << v.tag.value_or("") << " ";
                        dump(os, v.type);
                        os << "\n";
                    }
                } else if constexpr (std::is_same_v<B, ir::Enum>) {
                    for (const auto& v : body.values) os << "  = " << v.dump() << "\n";
                } else if constexpr (std::is_same_v<B, ir::OpenEnum>) {
                    for (const auto& v : body.known) os << "  ~ " << v << "\n";
                    os << "  known_enum=" << (body.known_enum ? std::to_string(*body.known_enum) : "-") << "\n";
                } else if constexpr (std::is_same_v<B, ir::Alias>) {
                    os << "  alias ";
                    dump(os, body.target);
                    os << "\n";
                } else if constexpr (std::is_same_v<B, ir::Constant>) {
                    os << "  const " << body.value.dump() << "\n";
                } else if constexpr (std::is_same_v<B, ir::Tuple>) {
                    for (const auto& item : body.items) dump(os, item);
                    if (body.rest) dump(os, *body.rest);
                    os << "\n";
                }
            },
            d.body);
    }
    for (std::size_t i = 0; i < m.checks.size(); ++i)
        os << "check " << i << " " << m.checks[i].program.dump() << " at " << m.checks[i].origin.file << "#"
           << m.checks[i].origin.pointer << "\n";
    for (const auto& use : m.constructs)
        os << "construct " << static_cast<int>(use.construct) << "/" << static_cast<int>(use.format) << " "
           << use.detail << " at " << use.origin.file << "#" << use.origin.pointer << "\n";
    for (const auto& f : m.families) {
        os << "family " << f.name << ":";
        for (auto id : f.decls) os << " " << id;
        os << " uses";
        for (const auto& other : f.depends_on) os << " " << other;
        os << "\n";
    }
    return os.str();
}

}  // namespace

TEST_CASE("ir parts: families that do not reference each other are built side by side into the same model", "[ir]") {
    auto b = test::build(independent_families());
    contractgen::diag::Sink whole_sink, parts_sink;
    const ir::Model whole = ir::build_model_whole(b->loaded.schemas, whole_sink);
    std::optional<ir::Model> parts = ir::builder::build_in_parts(b->loaded.schemas, parts_sink, 2);
    REQUIRE(parts.has_value());
    CHECK(parts_sink.all().empty());
    CHECK(whole_sink.all().empty());
    // The case means something: lifted types, a shared check and several constructs are in it.
    const std::string expected = dump(whole);
    CHECK(std::count_if(whole.decls.begin(), whole.decls.end(), [](const ir::Decl& d) { return d.lifted; }) >= 6);
    CHECK(whole.checks.size() >= 4);
    CHECK(whole.constructs.size() >= 3);
    CHECK(expected.find("PingMeta_2") != std::string::npos);  // a lifted name that yields to a declared one
    CHECK(dump(*parts) == expected);
    // And build_model, which the command line runs, gives it too.
    contractgen::diag::Sink sink;
    CHECK(dump(ir::build_model(b->loaded.schemas, sink)) == expected);
}

TEST_CASE("ir parts: a file reference is placed as the resolver places it (%-escapes decoded)", "[ir]") {
    auto files = independent_families();
    std::string& uses = files["gamma/uses.schema.json"];
    uses.replace(uses.find("../alpha/"), 9, "../alph%61/");
    auto b = test::build(files);
    contractgen::diag::Sink whole_sink, parts_sink;
    std::optional<ir::Model> parts = ir::builder::build_in_parts(b->loaded.schemas, parts_sink, 2);
    REQUIRE(parts.has_value());  // gamma joins alpha's group; beta is built beside them
    CHECK(dump(*parts) == dump(ir::build_model_whole(b->loaded.schemas, whole_sink)));
}

TEST_CASE("ir parts: one group, a reference the scan cannot place, or a problem: the whole set is built at once",
          "[ir]") {
    SECTION("families that use each other are one group") {
        auto files = independent_families();
        files["beta/uses.schema.json"] = R"({)" + kSchema + R"(, "$ref": "../alpha/events.schema.json#/$defs/Level"})";
        auto b = test::build(files);
        contractgen::diag::Sink sink;
        CHECK_FALSE(ir::builder::build_in_parts(b->loaded.schemas, sink, 2).has_value());
    }
    SECTION("a reference by URI") {
        auto files = independent_families();
        files["beta/uses.schema.json"] = R"({)" + kSchema + R"(, "$ref": "https://example.com/x.schema.json"})";
        files["alpha/id.schema.json"] =
            R"({)" + kSchema + R"(, "$id": "https://example.com/x.schema.json", "type": "string"})";
        auto b = test::build(files);
        contractgen::diag::Sink sink;
        CHECK_FALSE(ir::builder::build_in_parts(b->loaded.schemas, sink, 2).has_value());
    }
    SECTION("a reference the scan does not see (an escaped member name) is noticed while building") {
        auto files = independent_families();
        files["beta/uses.schema.json"] =
            R"({)" + kSchema +
            R"(, "type": "object", "properties": {"l": {"\u0024ref": "../alpha/events.schema.json#/$defs/Level"}}})";
        auto b = test::build(files);
        contractgen::diag::Sink sink;
        CHECK_FALSE(ir::builder::build_in_parts(b->loaded.schemas, sink, 2).has_value());
        contractgen::diag::Sink whole_sink, model_sink;
        CHECK(dump(ir::build_model(b->loaded.schemas, model_sink)) ==
              dump(ir::build_model_whole(b->loaded.schemas, whole_sink)));
    }
    SECTION("a problem in one group: the whole build reports it, in its order") {
        auto files = independent_families();
        files["beta/bad.schema.json"] =
            R"({)" + kSchema + R"(, "$defs": {"X": {"type": "object", "minProperties": "2"}}})";
        test::Workspace ws(files);
        contractgen::diag::Sink load_sink;
        auto set = contractgen::load::load_schemas(ws.schemas, load_sink);
        REQUIRE(load_sink.all().empty());
        contractgen::diag::Sink sink, whole_sink;
        CHECK_FALSE(ir::builder::build_in_parts(set, sink, 2).has_value());
        ir::build_model(set, sink);
        ir::build_model_whole(set, whole_sink);
        REQUIRE_FALSE(whole_sink.all().empty());
        std::ostringstream a, b;
        sink.print(a, false);
        whole_sink.print(b, false);
        CHECK(a.str() == b.str());
    }
}
