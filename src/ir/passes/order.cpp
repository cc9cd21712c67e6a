#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "ir/passes/passes.h"

namespace contractgen::ir {

namespace {

std::vector<DeclId> dependencies(const Model& model, const Decl& decl) {
    std::vector<DeclId> deps;
    for_each_type_in(decl, [&](const TypeExpr& t) {
        if (t.kind == Kind::Named) deps.push_back(t.decl);
    });
    if (decl.is<OpenEnum>() && decl.as<OpenEnum>().known_enum) deps.push_back(*decl.as<OpenEnum>().known_enum);
    (void)model;
    return deps;
}

}  // namespace

void order_families(Model& model, const load::SchemaSet& schemas, diag::Sink& sink) {
    std::map<std::string, Family> families;
    for (const auto& doc : schemas.documents) {
        Family& f = families[doc.family];
        f.name = doc.family;
        f.source_files.push_back(doc.path);
    }

    // Depth-first, dependencies first, starting from declaration order: a
    // stable topological order; on a recursive cycle, the declaration reached first comes last.
    std::vector<char> visited(model.decls.size(), 0);
    std::function<void(DeclId)> visit = [&](DeclId id) {
        if (visited[id]) return;
        visited[id] = 1;
        const Decl& d = model.decls[id];
        for (DeclId dep : dependencies(model, d)) {
            if (model.decls[dep].family == d.family) visit(dep);
        }
        families[d.family].decls.push_back(id);
    };
    for (DeclId id = 0; id < model.decls.size(); ++id) visit(id);

    std::map<std::string, std::set<std::string>> uses;
    std::map<std::pair<std::string, std::string>, DeclId> example_use;
    for (DeclId id = 0; id < model.decls.size(); ++id) {
        const Decl& d = model.decls[id];
        for (DeclId dep : dependencies(model, d)) {
            const std::string& other = model.decls[dep].family;
            if (other == d.family) continue;
            uses[d.family].insert(other);
            example_use.emplace(std::make_pair(d.family, other), id);
        }
    }
    for (auto& [name, f] : families) f.depends_on.assign(uses[name].begin(), uses[name].end());

    // Families that use each other, directly or through others, cannot be
    // emitted as headers/modules that import one another.
    std::map<std::string, int> colour;  // 0 new, 1 on stack, 2 done
    std::vector<std::string> stack;
    std::function<bool(const std::string&)> cyclic = [&](const std::string& name) {
        colour[name] = 1;
        stack.push_back(name);
        for (const auto& next : uses[name]) {
            if (colour[next] == 1) {
                std::string chain;
                auto from = std::find(stack.begin(), stack.end(), next);
                for (auto it = from; it != stack.end(); ++it) chain += *it + " → ";
                chain += next;
                const Decl& d = model.decls[example_use[{name, next}]];
                const load::Document* doc = schemas.find(d.origin.file);
                sink.error(
                    doc ? doc->display_path : d.origin.file, d.origin.line, d.origin.column,
                    "families reference each other in a cycle (" + chain + "); move the shared types into one family");
                return true;
            }
            if (colour[next] == 0 && cyclic(next)) return true;
        }
        stack.pop_back();
        colour[name] = 2;
        return false;
    };
    for (const auto& [name, f] : families)
        if (colour[name] == 0 && cyclic(name)) break;

    model.families.clear();
    for (auto& [name, f] : families) model.families.push_back(std::move(f));
}

}  // namespace contractgen::ir
