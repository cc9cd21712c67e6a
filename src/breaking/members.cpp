#include "breaking/members.h"

#include "breaking/comparer.h"

namespace contractgen::breaking {

namespace {

class Walker {
public:
    explicit Walker(const ir::Model& m) : m_(m), places_(m.decls.size()), done_(m.decls.size()) {}

    std::vector<MemberPlace> run() {
        for (ir::DeclId id = 0; id < m_.decls.size(); ++id)
            if (!m_.decl(id).lifted) place(id, {m_.decl(id).qualified_name(), "$"});
        for (ir::DeclId id = 0; id < m_.decls.size(); ++id)  // lifted, reached from no named type
            if (!done_[id]) place(id, {m_.decl(id).qualified_name(), "$"});
        return std::move(places_);
    }

private:
    void place(ir::DeclId id, MemberPlace at) {
        if (done_[id]) return;
        done_[id] = true;
        places_[id] = at;
        const ir::Decl& d = m_.decl(id);
        if (const auto* s = std::get_if<ir::Struct>(&d.body)) {
            for (const auto& f : s->fields) expr(f.type, inside(at, "$" + member_path(f.wire_name)));
            if (s->extra_type) expr(*s->extra_type, inside(at, "$.*"));
        } else if (const auto* u = std::get_if<ir::Union>(&d.body)) {
            for (const auto& v : u->variants) expr(v.type, at);
        } else if (const auto* a = std::get_if<ir::Alias>(&d.body)) {
            expr(a->target, at);
        } else if (const auto* t = std::get_if<ir::Tuple>(&d.body)) {
            for (std::size_t i = 0; i < t->items.size(); ++i)
                expr(t->items[i], inside(at, "$[" + std::to_string(i) + "]"));
            if (t->rest) expr(*t->rest, inside(at, "$[*]"));
        } else if (const auto* c = std::get_if<ir::Constant>(&d.body)) {
            expr(c->type, at);
        }
    }

    void expr(const ir::TypeExpr& t, const MemberPlace& at) {
        switch (t.kind) {
            case ir::Kind::Named:
                if (m_.decl(t.decl).lifted) place(t.decl, at);
                break;
            case ir::Kind::Array: expr(t.item(), inside(at, "$[*]")); break;
            case ir::Kind::Map: expr(t.item(), inside(at, "$.*")); break;
            default: break;
        }
    }

    const ir::Model& m_;
    std::vector<MemberPlace> places_;
    std::vector<bool> done_;
};

}  // namespace

std::vector<MemberPlace> member_places(const ir::Model& model) { return Walker(model).run(); }

MemberPlace inside(const MemberPlace& place, const std::string& path) {
    return {place.type, place.path + (path.empty() ? "" : path.substr(1))};
}

}  // namespace contractgen::breaking
