// Media types as HTTP compares them: what `verify --url` checks a response's Content-Type against
// and what the generated Go clients dispatch on, spelled by one rule.
#pragma once

#include <string>
#include <string_view>

namespace contractgen::text {

// A media type without parameters, trimmed, lower case ("Text/Plain; charset=utf-8" → "text/plain").
std::string media_type_essence(std::string_view content_type);

}  // namespace contractgen::text
