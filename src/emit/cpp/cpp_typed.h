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
    bool states_type(const load::Document& doc, const ir::json* node, const std::string& pointer, int hops) const;
    // The node an origin names. A struct's members come one after another
    // from one `properties` object: that parent is kept, so that each member
    // is one lookup in it rather than a walk from the root through every
    // `$defs` entry (bench/README.md, "Origins looked up from their parent").
    const ir::json* origin_node(const load::Document& doc, const std::string& pointer) const;

    const EmitContext& ctx_;
    resolve::Resolver resolver_;  // one per thread: it caches what it walked
    mutable const load::Document* parent_doc_ = nullptr;
    mutable std::string parent_pointer_;
    mutable const ir::json* parent_node_ = nullptr;
};

}  // namespace contractgen::emit::cpp
