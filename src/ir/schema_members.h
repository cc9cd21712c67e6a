// What each member of a JSON Schema object holds: a schema, a map or a list
// of schemas, a `$ref`, or plain data. Whatever walks schemas for their
// `$ref`s (the operations' inline schemas here, the OpenAPI and AsyncAPI
// components when they rewrite references) uses this one table, so a `$ref`
// inside `examples`, `const`, `default`, `enum` or an `x-` extension is
// always data and never followed.
#pragma once

#include <string_view>

namespace contractgen::ir {

// Discriminator: OpenAPI's `discriminator` object, whose `mapping` values are references.
enum class MemberKind { Data, Ref, Schema, SchemaMap, SchemaList, Discriminator };

MemberKind member_kind(std::string_view key);

}  // namespace contractgen::ir
