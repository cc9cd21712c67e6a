// One family of the python target: the module contract/<family>.py, its
// view model built declaration by declaration (python/decl.py.mustache) and
// placed by python/family.py.mustache.
#pragma once

#include <map>
#include <string>

#include "emit/target.h"
#include "naming/namer.h"

namespace contractgen::emit::python {

naming::NamerConfig python_naming();

// A family's module file name: a family may not take a name the package
// itself uses (registry, dump, dump_json); such a family gets a `_` suffix.
std::string module_name(const std::string& family_id);

// How a family module is imported by the others ("_" + module).
std::string module_alias(const std::string& module);

struct FamilyModule {
    std::string text;
    // Non-model types with an adapter, for the registry: DeclId → adapter name.
    std::map<ir::DeclId, std::string> adapters;
};

// `aliases`: family → the name its module is imported as.
FamilyModule render_family(const EmitContext& ctx, const render::Templates& templates, const naming::Names& names,
                           const ir::Family& family, const std::map<std::string, std::string>& aliases);

}  // namespace contractgen::emit::python
