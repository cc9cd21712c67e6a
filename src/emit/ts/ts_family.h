// One family of the TypeScript target as the two files of an npm package
// module: `<family>.js` (ESM: the Zod 4 schemas, value tables and parse
// functions, runnable as is) and `<family>.d.ts` (a named type per
// declaration, with the schema docs as JSDoc, and the declarations of the
// JavaScript's exports). The view model is built once per declaration and
// rendered by both templates/ts/<kind>.js.mustache and <kind>.d.ts.mustache.
#pragma once

#include <set>
#include <string>

#include "emit/target.h"
#include "naming/namer.h"

namespace contractgen::emit::ts {

// Reserved words plus the identifiers module code itself uses (z, rt and the
// package's own module names).
const std::set<std::string>& ts_reserved();
naming::NamerConfig ts_naming();

struct FamilyModule {
    std::string js;
    std::string dts;
};

FamilyModule render_family(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
                           const ir::Family& family);

}  // namespace contractgen::emit::ts
