// RECURSION: which declarations are recursive, and whether each cycle can
// hold a finite value. References form a graph whose edges either pass
// through a container (a struct member, a kept member's type, an array,
// tuple or map item) or do not (an alias's target, a union's variant). A
// cycle with a container edge is a recursive type: every declaration on it
// is marked `recursive`, so that targets can box what closes it. A cycle
// without one (`A = B`, `B = oneOf [A, ...]`) would be infinite: an error
// that prints it.
#include <algorithm>
#include <functional>

#include "ir/passes/passes.h"

namespace contractgen::ir {

namespace {

struct Edge {
    DeclId to;
    bool direct;  // not through a container
};

void edges_of(const TypeExpr& t, bool direct, std::vector<Edge>& out) {
    if (t.kind == Kind::Named) out.push_back({t.decl, direct});
    for (const auto& e : t.element) edges_of(e, false, out);
}

std::vector<Edge> edges_of(const Decl& d) {
    std::vector<Edge> out;
    std::visit(
        [&](const auto& body) {
            using B = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<B, Alias>) {
                edges_of(body.target, true, out);
            } else if constexpr (std::is_same_v<B, Union>) {
                for (const auto& v : body.variants) edges_of(v.type, true, out);
            } else if constexpr (std::is_same_v<B, Struct>) {
                for (const auto& f : body.fields) edges_of(f.type, false, out);
                if (body.extra_type) edges_of(*body.extra_type, false, out);
            } else if constexpr (std::is_same_v<B, Tuple>) {
                for (const auto& item : body.items) edges_of(item, false, out);
                if (body.rest) edges_of(*body.rest, false, out);
            } else if constexpr (std::is_same_v<B, Constant>) {
                edges_of(body.type, true, out);
            }
        },
        d.body);
    return out;
}

}  // namespace

void check_recursion(Model& model, const load::SchemaSet& schemas, diag::Sink& sink) {
    const std::size_t n = model.decls.size();
    std::vector<std::vector<Edge>> graph(n);
    for (DeclId id = 0; id < n; ++id) graph[id] = edges_of(model.decls[id]);

    // Strongly connected components (Tarjan), iteratively: declarations may
    // reference each other in long chains.
    std::vector<int> index(n, -1), low(n, 0), component(n, -1);
    std::vector<bool> on_stack(n, false);
    std::vector<DeclId> stack;
    int counter = 0, components = 0;
    for (DeclId root = 0; root < n; ++root) {
        if (index[root] >= 0) continue;
        std::vector<std::pair<DeclId, std::size_t>> work = {{root, 0}};
        while (!work.empty()) {
            auto& [v, next] = work.back();
            if (next == 0 && index[v] < 0) {
                index[v] = low[v] = counter++;
                stack.push_back(v);
                on_stack[v] = true;
            }
            if (next < graph[v].size()) {
                DeclId w = graph[v][next++].to;
                if (index[w] < 0) work.push_back({w, 0});
                else if (on_stack[w])
                    low[v] = std::min(low[v], index[w]);
                continue;
            }
            if (low[v] == index[v]) {
                DeclId w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    on_stack[w] = false;
                    component[w] = components;
                } while (w != v);
                ++components;
            }
            DeclId done = v;
            work.pop_back();
            if (!work.empty()) low[work.back().first] = std::min(low[work.back().first], low[done]);
        }
    }

    std::vector<int> size(components, 0);
    for (DeclId id = 0; id < n; ++id) ++size[component[id]];
    for (DeclId id = 0; id < n; ++id) {
        bool self = std::any_of(graph[id].begin(), graph[id].end(), [&](const Edge& e) { return e.to == id; });
        model.decls[id].recursive = size[component[id]] > 1 || self;
    }

    // A cycle of direct edges within a component: no finite value.
    std::vector<int> colour(n, 0);
    std::vector<DeclId> path;
    std::function<bool(DeclId)> infinite = [&](DeclId v) {
        colour[v] = 1;
        path.push_back(v);
        for (const Edge& e : graph[v]) {
            if (!e.direct || component[e.to] != component[v]) continue;
            if (colour[e.to] == 1) {
                std::string chain;
                for (auto it = std::find(path.begin(), path.end(), e.to); it != path.end(); ++it)
                    chain += model.decls[*it].qualified_name() + " → ";
                chain += model.decls[e.to].qualified_name();
                const Decl& d = model.decls[e.to];
                const load::Document* doc = schemas.find(d.origin.file);
                sink.error(doc ? doc->display_path : d.origin.file, d.origin.line, d.origin.column,
                           chain +
                               " refers to itself without passing through a property, an item or a map value, so "
                               "no value of it could be finite");
                return true;
            }
            if (colour[e.to] == 0 && infinite(e.to)) return true;
        }
        path.pop_back();
        colour[v] = 2;
        return false;
    };
    for (DeclId id = 0; id < n; ++id)
        if (model.decls[id].recursive && colour[id] == 0 && infinite(id)) return;

    for (DeclId id = 0; id < n; ++id) {
        if (!model.decls[id].recursive) continue;
        const Decl& d = model.decls[id];
        model.constructs.push_back(
            ConstructUse{Construct::Recursion, StringFormat::None, d.qualified_name(), d.origin});
        break;
    }
}

}  // namespace contractgen::ir
