// One family of the TypeScript target, in the two files of the package:
//  - `<family>.js`: ESM JavaScript (typed with JSDoc) that the package runs
//    as it is: the Zod 4 schemas, the readers of the text decoder, value
//    tables, and the entry points (parseX/safeParseX for values, decodeX/
//    encodeX for JSON text);
//  - `<family>.d.ts`: a named type per declaration, with the schema docs as
//    JSDoc, and the declarations of the JavaScript's exports.
// The JavaScript's JSDoc names those declared types through an import of the
// module's own declarations (`/** @import * as types from "./<family>.js" */`),
// so that tsc --checkJs checks the code against them (tests/ts/run.sh).
// The view model is built once per declaration and rendered by
// templates/ts/<kind>.types.mustache (the types), <kind>.module.mustache
// (the code) and <kind>.declare.mustache.
#pragma once

#include <map>
#include <set>
#include <string>

#include "emit/target.h"
#include "emit/ts/ts_readers.h"
#include "emit/ts/ts_types.h"
#include "naming/namer.h"

namespace contractgen::emit::ts {

// Reserved words plus the identifiers module code itself uses (z, rt and the
// package's own module names).
const std::set<std::string>& ts_reserved();
naming::NamerConfig ts_naming();

// Whether a struct's Zod schema is wrapped in rt.ownMembers: it declares a
// member Object.prototype also has (`constructor`, `__proto__`...), or it
// keeps undeclared members (Zod never copies one named `__proto__`).
bool parses_own_members(const ir::Struct& s);

// What every family needs to know about the whole model: the reader of each
// non-constant declaration (families call each other's), and the
// declarations whose type takes the tolerant parameter.
struct ModelNames {
    std::map<ir::DeclId, std::string> readers;
    std::set<ir::DeclId> generic;
};
ModelNames model_names(const ir::Model& model, const naming::Names& names);

struct FamilyModule {
    std::string js;
    std::string dts;
};

FamilyModule render_family(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
                           const ModelNames& model_names, const ir::Family& family);

// ---- shared by the family view's parts (ts_family.cpp, ts_decls.cpp) ---------------------

class FamilyView {
public:
    FamilyView(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
               const ModelNames& model_names, const ir::Family& family);
    FamilyModule build();

private:
    render::Data decl_view(ir::DeclId id, const ir::Decl& d);
    void entry_points(ir::DeclId id, FamilyModule& out);  // ts_entries.cpp, with the one below
    // Renders the module template `name` of declaration `id` into out.js.
    void render_module(const std::string& name, render::Data& v, ir::DeclId id, FamilyModule& out);
    void wrappers(render::Data& v, ir::DeclId id, const ir::Decl& d);  // ts_decls.cpp
    void fill(render::Data& v, ir::DeclId id, const ir::Struct& s);  // ts_family.cpp
    void fill(render::Data& v, ir::DeclId id, const ir::Enum& e);    // ts_decls.cpp
    void fill(render::Data& v, ir::DeclId id, const ir::OpenEnum& o);
    void fill(render::Data& v, ir::DeclId id, const ir::Union& u);
    void fill(render::Data& v, ir::DeclId id, const ir::Alias& a);
    void fill(render::Data& v, ir::DeclId id, const ir::Constant& c);
    void fill(render::Data& v, ir::DeclId id, const ir::Tuple& t);
    void struct_schema(render::Data& v, ir::DeclId id, const ir::Struct& s);
    void struct_reader(render::Data& v, ir::DeclId id, const ir::Struct& s);
    std::string screaming(const std::string& schema_name) const;
    // The type a reader of `id` returns (with the tolerant unknown variant).
    std::string reader_type(ir::DeclId id) const;
    // ts_decls.cpp; `jsdoc`: as the JavaScript's JSDoc names it (own_type).
    std::string zod_type(ir::DeclId id, bool jsdoc = false) const;
    // A type of this module as the JavaScript's JSDoc names it (`types.X`);
    // other families' types (`family.X`) read the same in both files.
    static std::string own_type(const std::string& type) { return "types." + type; }

    const EmitContext& ctx_;
    const render::Templates& templates_;
    const naming::Names& names_;
    const ModelNames& model_;
    const ir::Family& family_;
    TsTypes types_;
    // Module-scope names besides the types: values tables, constants, lookup
    // and entry functions, helpers, with the Namer's suffix rule.
    naming::Scope scope_;
    TsReaders readers_;
    std::string max_depth_;  // the name of the module's nesting limit
};

// What follows `export type X =`: ` A | B | C` on the same line when it fits
// in 100 columns, else one member per line; ` never` for no members.
std::string type_definition(const std::string& name, const std::vector<std::string>& all);

// The width left on a line of 100 columns after `prefix` (at least 40).
inline std::size_t room(const std::string& prefix) { return prefix.size() + 40 < 100 ? 100 - prefix.size() : 40; }

}  // namespace contractgen::emit::ts
