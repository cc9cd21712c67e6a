// Passes over the freshly built IR, each a small function with one purpose.
// They run in this order; each may rely on the ones before it.
#pragma once

#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"

namespace contractgen::ir {

// RECURSION: marks the declarations on `$ref` cycles (Decl::recursive) and
// refuses a cycle that passes through no container (no finite value).
void check_recursion(Model& model, const load::SchemaSet& schemas, diag::Sink& sink);

// UNION_DISCRIMINATE: finds the const property that tells variants apart,
// for unions without an explicit `discriminator` (checked by the builder).
// Two oneOf variants with the same value are an error.
void discriminate_unions(Model& model, const load::SchemaSet& schemas, diag::Sink& sink);

// UNION_KINDS: marks unions whose variants accept disjoint JSON kinds, so
// decoders can dispatch on the kind instead of trying each variant.
void mark_kind_disjoint_unions(Model& model);

// FAMILY_ORDER: groups declarations by family in dependency order (a type
// follows the types it uses) and records which families use which; refuses
// families that use each other (headers and modules cannot import in a cycle).
void order_families(Model& model, const load::SchemaSet& schemas, diag::Sink& sink);

inline void run_passes(Model& model, const load::SchemaSet& schemas, diag::Sink& sink) {
    check_recursion(model, schemas, sink);
    if (sink.has_errors()) return;  // the passes below follow references, which must end
    discriminate_unions(model, schemas, sink);
    mark_kind_disjoint_unions(model);
    order_families(model, schemas, sink);
}

// Which JSON kinds a type accepts, as bits (shared by passes and targets).
enum JsonKind : unsigned {
    kJsonNull = 1,
    kJsonBool = 2,
    kJsonObject = 4,
    kJsonArray = 8,
    kJsonString = 16,
    kJsonInteger = 32,   // numbers with no fraction
    kJsonFraction = 64,  // numbers with a fraction
};
unsigned accepted_kinds(const Model& model, const TypeExpr& type);

// Calls `f` on every TypeExpr directly inside a declaration (not recursing
// into other declarations); `D` is Decl (to change them) or const Decl.
template <class D, class F>
void for_each_type_in(D& decl, F&& f);

}  // namespace contractgen::ir

#include "ir/passes/visit.inl"
