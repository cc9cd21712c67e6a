// JSON Schema dialects (docs/dialects.md). Each schema resource is written in
// one: the one its `$schema` names, else the project's default. The loader
// rewrites every resource of an older dialect into its draft 2020-12
// equivalent before anything resolves it, so the resolver, the IR and every
// target see one dialect; what differs between dialects is decided here only.
//
// The same step reads keywords and formats as the specification does: one
// that means nothing in the resource's dialect is an annotation, taken out of
// the schema and reported once per name (or refused, by the project's policy).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::load {

// Where the loader sets aside the object and array values of unknown keywords
// (annotations, below) in their schema: no keyword reads them, and a `$ref`
// whose JSON pointer goes through the keyword still reaches them
// (resolve/resolver.cpp), as catalogues that keep shared schemas under a
// keyword of their own expect ("#/$defs/list/specific/a").
inline constexpr const char* kUnknownKeywords = "x-contractgen-unknown";

// `[schemas]` of contractgen.toml, as the loader needs it.
struct SchemaPolicy {
    Dialect dialect = Dialect::Draft2020_12;  // of a resource that names none
    bool unknown_formats_error = false;       // unknown-formats = "error"
    bool unknown_keywords_error = false;      // unknown-keywords = "error"
};

// The dialect a `$schema` URI names: http or https, with or without the
// empty fragment ("http://json-schema.org/draft-07/schema#").
std::optional<Dialect> dialect_of_uri(std::string_view uri);
// A dialect as the config names it: "draft-07", "2020-12", ... or its URI.
std::optional<Dialect> dialect_of_name(std::string_view name);
std::string_view dialect_name(Dialect d);  // "draft-07"
std::string_view dialect_uri(Dialect d);   // the URI its meta-schema is published under
// "draft-04 (http://json-schema.org/draft-04/schema#), ..." for messages.
std::string supported_dialects();

// Whether `keyword` means something in dialect `d` (x- extensions do not;
// OpenAPI's `discriminator` does in every dialect).
bool is_dialect_keyword(Dialect d, std::string_view keyword);

// A keyword or format name a schema uses that its dialect does not define.
struct Unknown {
    enum class Kind { Keyword, Format } kind;
    std::string name;
    Dialect dialect;
    std::string file;  // display path
    Position at;
};

// Rewrites `doc` into draft 2020-12 (see above). Positions of moved members
// are kept for diagnostics. What is not a keyword (or a known format) is
// appended to `unknowns`, for report_unknowns. Returns false, with an error,
// on a `$schema` that names no supported dialect.
bool to_draft_2020_12(Document& doc, const SchemaPolicy& policy, std::vector<Unknown>& unknowns, diag::Sink& sink);

// load_schemas (load/document.h) with a policy: each file read is rewritten
// with to_draft_2020_12, and the unknowns of all are reported together.
SchemaSet load_schemas(const std::filesystem::path& root, diag::Sink& sink, const SchemaPolicy& policy);

// Every unknown keyword or format once per name, as a warning, at its first
// place; under the policy's "error", every place as an error.
void report_unknowns(const std::vector<Unknown>& unknowns, const SchemaPolicy& policy, diag::Sink& sink);

}  // namespace contractgen::load
