// The contract as OpenAPI components: every `$defs` entry of every schema
// file, and every root schema that is a type (without its `$defs`, `$schema`
// and `$id`), becomes `components/schemas/<family>.<Type>`, its JSON Schema re-emitted
// exactly as written, with each `$ref` rewritten to the component it names.
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
// only) so that renderers can show a type selector.
#pragma once

#include <string>
#include <string_view>

#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"

namespace contractgen::emit::openapi {

// The component key of `family.Type`. OpenAPI keys must match
// ^[a-zA-Z0-9.\-_]+$; each part keeps [A-Za-z0-9_] and writes every other
// byte (including '.' and '-', and each byte of a non-ASCII character) as
// '-' + two upper-case hex digits. '.' then only ever separates the family
// from the type, and '-' only ever starts an escape, so two different types
// can never get the same key: "chat_stream.StreamEvent" stays as it is,
// a type "A-B" of family "f" is "f.A-2DB".
std::string component_key(std::string_view family, std::string_view type);

// "#/components/schemas/<key>"
std::string component_ref(std::string_view family, std::string_view type);

// A JSON pointer as a URI fragment (RFC 3986 section 3.5): bytes outside the
// fragment character set are %-encoded.
std::string pointer_to_fragment(std::string_view pointer);

// Builds components.schemas for every root type and $defs entry of every
// document, in document order (sorted paths), the root first, then $defs order. Each must be a
// declaration of `model`. Problems (a $ref that names something other than a
// whole $defs entry, ...) go to `sink` with the file position.
ir::json build_component_schemas(const ir::Model& model, const load::SchemaSet& schemas, diag::Sink& sink);

}  // namespace contractgen::emit::openapi
