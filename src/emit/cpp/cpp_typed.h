// Whether a `const` or `enum` schema also states `type`. The IR keeps the
// allowed values only; the error rules (docs/semantics.md, "Errors") tell
// the two apart: with `type` a value of another JSON kind is a `type`
// error, for a bare const or enum it is a `const`/`enum` one. Read from the
// schema the declaration or member came from (its origin), following
// `$ref`s and `allOf` parts.
#pragma once

#include "emit/target.h"
#include "resolve/resolver.h"

namespace contractgen::emit::cpp {

class TypeStatements {
public:
    explicit TypeStatements(const EmitContext& ctx) : ctx_(ctx), resolver_(ctx.schemas) {}
    // False when the origin is unknown (an array's items have none).
    bool states_type(const ir::Origin& origin) const;

private:
    bool states_type(const load::Document& doc, const std::string& pointer, int hops) const;

    const EmitContext& ctx_;
    resolve::Resolver resolver_;  // one per thread: it caches what it walked
};

}  // namespace contractgen::emit::cpp
