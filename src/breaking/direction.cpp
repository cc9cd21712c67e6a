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
    } else if (const auto* t = std::get_if<ir::Tuple>(&d.body)) {
        for (const auto& item : t->items) mark_expr(m, item, reach, seen);
        if (t->rest) mark_expr(m, *t->rest, reach, seen);
    }
}

void mark_expr(const ir::Model& m, const ir::TypeExpr& t, unsigned reach, std::vector<unsigned>& seen) {
    if (t.kind == ir::Kind::Named) mark_decl(m, t.decl, reach, seen);
    for (const auto& e : t.element) mark_expr(m, e, reach, seen);
}

void add_media(const ir::Model& model, const ir::ApiMediaType& media, std::vector<ir::DeclId>& to,
               std::vector<bool>& stream_used) {
    if (media.schema) to.push_back(*media.schema);
    if (media.item_schema) to.push_back(*media.item_schema);
    if (media.stream) {
        const ir::Stream& s = model.streams.at(*media.stream);
        to.push_back(s.item);
        if (s.sse) to.push_back(s.sse->event_schema);
        stream_used.at(*media.stream) = true;
    }
}

void add_parameters(const std::vector<ir::ApiParameter>& parameters, std::vector<ir::DeclId>& to) {
    for (const auto& p : parameters)
        if (p.type) to.push_back(*p.type);
}

}  // namespace

// Request bodies and parameters are written by clients; response bodies,
// response headers and stream items by the server. A stream that no
// operation carries is still the server's (`x-streams` describes what a
// server emits), so its items count as responses.
OperationRoots operation_roots(const ir::Model& model) {
    OperationRoots roots;
    std::vector<bool> stream_used(model.streams.size(), false);
    for (const auto& op : model.operations) {
        add_parameters(op.parameters, roots.requests);
        for (const auto& media : op.request) add_media(model, media, roots.requests, stream_used);
        for (const auto& response : op.responses) {
            add_parameters(response.headers, roots.responses);
            for (const auto& media : response.content) add_media(model, media, roots.responses, stream_used);
        }
    }
    for (std::size_t i = 0; i < model.streams.size(); ++i) {
        if (stream_used[i]) continue;
        roots.responses.push_back(model.streams[i].item);
        if (model.streams[i].sse) roots.responses.push_back(model.streams[i].sse->event_schema);
    }
    return roots;
}

std::vector<Direction> directions(const ir::Model& model, const OperationRoots& roots) {
    std::vector<unsigned> seen(model.decls.size(), kNone);
    for (ir::DeclId id : roots.requests) mark_decl(model, id, kRequest, seen);
    for (ir::DeclId id : roots.responses) mark_decl(model, id, kResponse, seen);
    std::vector<Direction> out(model.decls.size(), Direction::Both);
    for (std::size_t i = 0; i < seen.size(); ++i)
        out[i] = seen[i] == kRequest    ? Direction::Request
                 : seen[i] == kResponse ? Direction::Response
                                        : Direction::Both;
    return out;
}

}  // namespace contractgen::breaking
