// The OpenAPI 3.2 document rendered for tools that only read 3.1
// (generated/openapi/openapi-3.1.json). What 3.1 cannot say moves to the
// extensions that carry it there:
//  - a media type's `itemSchema` (3.2) becomes `x-item-schema`; its `schema`
//    becomes the item schema for `text/event-stream` (3.1 tools such as
//    schemathesis read that schema per event) and a string for other
//    sequential media types (NDJSON: the body is text);
//  - an Example Object's `serializedValue` becomes `x-oai-serializedValue`
//    (the registered extension for pre-3.2 documents), `dataValue` `value`;
//  - `openapi` and `jsonSchemaDialect` name 3.1.
#pragma once

#include "ir/model.h"

namespace contractgen::emit::openapi {

// Converts `document` (OpenAPI 3.2) in place.
void make_openapi_31(ir::json& document);

}  // namespace contractgen::emit::openapi
