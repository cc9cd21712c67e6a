#include "breaking/direction.h"

namespace contractgen::breaking {

namespace {

enum Reach : unsigned { kNone = 0, kRequest = 1, kResponse = 2 };

void mark_expr(const ir::Model& m, const ir::TypeExpr& t, unsigned reach, std::vector<unsigned>& seen);

void mark_decl(const ir::Model& m, ir::DeclId id, unsigned reach, std::vector<unsigned>& seen) {
    if ((seen[id] & reach) == reach) return;  // already reached this way
    seen[id] |= reach;
    const ir::Decl& d = m.decl(id);
    if (const auto* s = std::get_if<ir::Struct>(&d.body)) {
        for (const auto& f : s->fields) mark_expr(m, f.type, reach, seen);
        if (s->extra_type) mark_expr(m, *s->extra_type, reach, seen);
    } else if (const auto* u = std::get_if<ir::Union>(&d.body)) {
        for (const auto& v : u->variants) mark_expr(m, v.type, reach, seen);
    } else if (const auto* a = std::get_if<ir::Alias>(&d.body)) {
        mark_expr(m, a->target, reach, seen);
    } else if (const auto* o = std::get_if<ir::OpenEnum>(&d.body)) {
        if (o->known_enum) mark_decl(m, *o->known_enum, reach, seen);
    } else if (const auto* c = std::get_if<ir::Constant>(&d.body)) {
        mark_expr(m, c->type, reach, seen);
    }
}

void mark_expr(const ir::Model& m, const ir::TypeExpr& t, unsigned reach, std::vector<unsigned>& seen) {
    if (t.kind == ir::Kind::Named) mark_decl(m, t.decl, reach, seen);
    for (const auto& e : t.element) mark_expr(m, e, reach, seen);
}

}  // namespace

OperationRoots operation_roots(const ir::Model&) { return {}; }

std::vector<Direction> directions(const ir::Model& model, const OperationRoots& roots) {
    std::vector<unsigned> seen(model.decls.size(), kNone);
    for (ir::DeclId id : roots.requests) mark_decl(model, id, kRequest, seen);
    for (ir::DeclId id : roots.responses) mark_decl(model, id, kResponse, seen);
    std::vector<Direction> out(model.decls.size(), Direction::Both);
    for (std::size_t i = 0; i < seen.size(); ++i)
        out[i] = seen[i] == kRequest ? Direction::Request : seen[i] == kResponse ? Direction::Response : Direction::Both;
    return out;
}

}  // namespace contractgen::breaking
