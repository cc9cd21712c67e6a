// Internal to src/load/openapi: the conversion state both halves share (the
// document level in document.cpp, Schema Objects in schema_object.cpp), and
// where each converted node came from.
#pragma once

#include <map>
#include <set>
#include <string>

#include "diag/diagnostics.h"
#include "load/document.h"

namespace contractgen::load::openapi {

enum class Version { V30, V31 };

// Which source node each converted node stands for. Converted nodes are noted
// by their JSON pointer (addresses move while the result is built); a node
// not noted takes the source node under the same key of its parent's source,
// and failing that its parent's position.
class Origins {
public:
    void note(const std::string& pointer, const json& source) { noted_[pointer] = &source; }
    // Once `out.root` is final: fills `out.offsets` from `source`'s.
    void apply(const Document& source, Document& out) const;

private:
    void walk(const Document& source, Document& out, const json& node, const std::string& pointer, const json* from,
              std::size_t fallback) const;
    std::map<std::string, const json*> noted_;
};

struct Converter {
    const Document& source;
    diag::Sink& sink;
    Version version;
    Origins origins;
    bool failed = false;

    void error(const json& at, const std::string& message);
    void warning(const json& at, const std::string& message);

    // A Schema Object (`from`) as a JSON Schema 2020-12 schema written at `pointer`.
    json schema(const json& from, const std::string& pointer);
    // A `$ref` of a schema: "#/components/schemas/X…" → "#/$defs/X…" (also in other files).
    static std::string schema_ref(const std::string& ref);
    // Gives the variants of discriminated unions their tag as a const where
    // the source leaves it implicit (see schema_object.cpp).
    void tag_discriminated_variants(json& root);
};

}  // namespace contractgen::load::openapi
