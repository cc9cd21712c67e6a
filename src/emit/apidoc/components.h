// The contract as OpenAPI (and AsyncAPI) components: every `$defs` entry of
// every schema file, and every root schema that is a type (without its
// `$defs`, `$schema`, `$id`, `x-openapi` and `x-streams`), becomes
// `components/schemas/<family>.<Type>`, its JSON Schema re-emitted exactly as
// written, with each `$ref` rewritten to the component it names. Both documents use the same keys and `$ref` form
// (`#/components/schemas/<key>`), so one rewriter serves both.
//
// Why re-emit rather than translate the IR back: OpenAPI 3.1 schemas *are*
// JSON Schema 2020-12, so the source is already in the target language. The
// IR is deliberately lossy for code generation (anonymous objects lifted,
// allOf merged, `not` reduced to forbidden names, nullable unions folded), and
// a translation back would publish a different, merely equivalent schema that
// no test has ever validated. Re-emitting keeps every keyword, description,
// example and `x-` extension byte-for-byte the contract that
// tests/schemas validates; the IR still decides which declarations exist, and
// its discriminated unions add OpenAPI `discriminator` objects (annotations
// only) so that renderers can show a type selector, and a string member with
// `x-json-content: "family.Type"` also gets the standard
// `contentMediaType: application/json` + `contentSchema` for tools that read
// those.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"
#include "resolve/resolver.h"

namespace contractgen::emit::apidoc {

// The component key of `family.Type`. OpenAPI keys must match
// ^[a-zA-Z0-9.\-_]+$; each part keeps [A-Za-z0-9_] and writes every other
// byte (including '.' and '-', and each byte of a non-ASCII character) as
// '-' + two upper-case hex digits. '.' then only ever separates the family
// from the type, and '-' only ever starts an escape, so two different types
// can never get the same key: "events.StreamEvent" stays as it is,
// a type "A-B" of family "f" is "f.A-2DB".
std::string component_key(std::string_view family, std::string_view type);
// One part of a key under the same rule (letters, digits and `_` kept,
// every other byte `-XX`): an escaped part never contains `-` followed by
// anything but two upper-case hex digits.
std::string key_part(std::string_view part);

// "#/components/schemas/<key>"
std::string component_ref(std::string_view family, std::string_view type);

// A JSON pointer as a URI fragment (RFC 3986 section 3.5): bytes outside the
// fragment character set are %-encoded.
std::string pointer_to_fragment(std::string_view pointer);

// The declarations that become components, found by where they were written: a file's root
// schema (pointer "") or a `$defs` entry ("/$defs/<name>"). By place, not by name: two files of one
// family may both have `$defs/Item`, and the IR then gives one of them a qualified name, which is
// the name its component must carry. The first declaration written at a place wins.
class PublishedTypes {
public:
    explicit PublishedTypes(const ir::Model& model);
    std::optional<ir::DeclId> at(const std::string& file, const std::string& pointer) const;

private:
    std::map<std::pair<std::string, std::string>, ir::DeclId> by_origin_;
};

// Copies of schemas (and other schema data) with every `$ref` rewritten to
// the component it names. Problems (a $ref that names something other than
// a whole $defs entry or a schema inside one, ...) go to `sink` with the file
// position. Not shared between threads (the resolver remembers its walks).
class SchemaRewriter {
public:
    SchemaRewriter(const ir::Model& model, const load::SchemaSet& schemas, diag::Sink& sink);

    // The schema at `pointer` of `doc`: `$ref`s are followed only where a
    // keyword holds schemas (never inside examples, const, enum, x-*).
    ir::json schema(const load::Document& doc, const std::string& pointer, const ir::json& node);
    // Schema data that is not a schema (an `x-streams` declaration): every
    // `$ref` member anywhere in it names a type or constant.
    ir::json all_refs(const load::Document& doc, const std::string& pointer, const ir::json& node);
    // One `$ref` written in the object at `at`, as a component reference.
    std::string ref(const load::Document& doc, const std::string& at, const std::string& ref);

    // Adds contentMediaType/contentSchema beside `x-json-content` (on by default).
    bool json_content = true;
    // Writes a schema's own `discriminator` object as its propertyName (AsyncAPI's form);
    // off: kept, its mapping's references rewritten (OpenAPI's).
    bool discriminator_as_name = false;
    // Set when a schema's own `discriminator` was met (the two forms above differ there).
    bool met_discriminator = false;

private:
    ir::json member(const load::Document& doc, const std::string& pointer, const std::string& key,
                    const ir::json& value);
    void add_json_content(const load::Document& doc, const std::string& pointer, ir::json& out);

    const ir::Model& model_;
    resolve::Resolver resolver_;
    diag::Sink& sink_;
    PublishedTypes published_;
};

struct ComponentOptions {
    // OpenAPI: the IR's discriminated unions get a discriminator object and a schema's own one is
    // kept. Off (AsyncAPI, whose discriminator is a plain string): none is added and a schema's
    // own one becomes its propertyName.
    bool discriminators = true;
    bool json_content = true;  // see SchemaRewriter::json_content
};

// Builds components.schemas for every root type and $defs entry of every
// document, in document order (sorted paths), the root first, then $defs
// order. Each must be a declaration of `model`. `same_for_all`, when given,
// is set to whether the options changed nothing (no discriminator was added
// or met): then every ComponentOptions gives these schemas.
ir::json build_component_schemas(const ir::Model& model, const load::SchemaSet& schemas, diag::Sink& sink,
                                 const ComponentOptions& options = {}, bool* same_for_all = nullptr);

// Appends a member whose key `object` does not have yet. ordered_json's
// operator[] searches the members linearly first, which is quadratic over
// thousands of components.
void add_new_member(ir::json& object, const std::string& key, ir::json value);

}  // namespace contractgen::emit::apidoc
