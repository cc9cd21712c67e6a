#include "ir/schema_members.h"

#include <string>
#include <unordered_map>

namespace contractgen::ir {

MemberKind member_kind(std::string_view key) {
    // Every schema-valued keyword of draft 2020-12, not only the generator's
    // subset: an unsupported one is reported elsewhere, and a walk must still
    // not mistake what it holds for data.
    static const std::unordered_map<std::string_view, MemberKind> kinds = {
        {"$ref", MemberKind::Ref},
        {"items", MemberKind::Schema},
        {"additionalProperties", MemberKind::Schema},
        {"not", MemberKind::Schema},
        {"contains", MemberKind::Schema},
        {"propertyNames", MemberKind::Schema},
        {"if", MemberKind::Schema},
        {"then", MemberKind::Schema},
        {"else", MemberKind::Schema},
        {"unevaluatedItems", MemberKind::Schema},
        {"unevaluatedProperties", MemberKind::Schema},
        {"contentSchema", MemberKind::Schema},
        {"properties", MemberKind::SchemaMap},
        {"patternProperties", MemberKind::SchemaMap},
        {"$defs", MemberKind::SchemaMap},
        {"dependentSchemas", MemberKind::SchemaMap},
        {"allOf", MemberKind::SchemaList},
        {"anyOf", MemberKind::SchemaList},
        {"oneOf", MemberKind::SchemaList},
        {"prefixItems", MemberKind::SchemaList},
        {"discriminator", MemberKind::Discriminator}};
    auto it = kinds.find(key);
    return it == kinds.end() ? MemberKind::Data : it->second;
}

}  // namespace contractgen::ir
