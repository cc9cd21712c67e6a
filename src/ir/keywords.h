// The supported JSON Schema subset, as a table: each keyword with the shape
// its value must have. Anything not in the table is an error that names it.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::ir {

// Every supported keyword (x-* extensions are not keywords).
enum class Keyword : unsigned char {
    Schema,
    Id,
    Comment,
    Defs,
    Ref,
    Type,
    Properties,
    Required,
    AdditionalProperties,
    Items,
    Enum,
    Const,
    OneOf,
    AnyOf,
    AllOf,
    Not,
    Format,
    Minimum,
    Maximum,
    ExclusiveMinimum,
    ExclusiveMaximum,
    MultipleOf,
    MinLength,
    MaxLength,
    Pattern,
    MinItems,
    MaxItems,
    UniqueItems,
    MinProperties,
    MaxProperties,
    Default,
    Title,
    Description,
    Deprecated,
    Examples,
    Discriminator,  // OpenAPI's, beside oneOf/anyOf: checked against the variants (ir/build/discriminator.cpp)
    // Identifiers (resolve/index.h) and the rest of draft 2020-12 (docs/semantics.md, "The whole vocabulary").
    Anchor,
    DynamicAnchor,
    DynamicRef,
    PrefixItems,
    Contains,
    MinContains,
    MaxContains,
    UnevaluatedItems,
    PatternProperties,
    PropertyNames,
    DependentRequired,
    DependentSchemas,
    UnevaluatedProperties,
    If,
    Then,
    Else,
    ContentMediaType,
    ContentEncoding,
    ContentSchema,
    ReadOnly,
    WriteOnly,  // annotations
};
inline constexpr std::size_t kKeywordCount = static_cast<std::size_t>(Keyword::WriteOnly) + 1;

// The keyword a member name spells, or nullopt (unsupported, or an extension).
std::optional<Keyword> find_keyword(std::string_view name);

// The supported keywords of one schema object, found in a single pass over
// its members. Speed: bench/README.md, "Keyword table".
class KeywordSlots {
public:
    explicit KeywordSlots(const load::json& schema);

    // The value of `k`, or nullptr when the schema does not say it.
    const load::json* operator[](Keyword k) const { return slots_[static_cast<std::size_t>(k)]; }
    bool has(Keyword k) const { return (*this)[k] != nullptr; }

private:
    std::array<const load::json*, kKeywordCount> slots_{};
};

// Checks the keywords of one schema object (not its subschemas). Returns
// false if any keyword is unknown or has a value of the wrong shape.
bool check_keywords(const load::Document& doc, const std::string& pointer, const load::json& schema,
                    bool is_document_root, diag::Sink& sink);

// Keywords that only annotate (never change what validates).
bool is_annotation_keyword(const std::string& keyword);

// Every supported keyword, sorted, for "did you mean" and the README.
const std::vector<std::string>& supported_keywords();

}  // namespace contractgen::ir
