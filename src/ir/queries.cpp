#include "ir/queries.h"

#include <algorithm>
#include <functional>

#include "ir/passes/passes.h"
#include "ir/schema_members.h"

namespace contractgen::ir {

const TypeExpr& resolve_alias(const Model& model, const TypeExpr& t) {
    const TypeExpr* s = &t;
    while (s->kind == Kind::Named && !s->nullable && model.decl(s->decl).is<Alias>())
        s = &model.decl(s->decl).as<Alias>().target;
    return *s;
}

const TypeExpr& strip_aliases(const Model& model, const TypeExpr& t, bool& nullable) {
    const TypeExpr* s = &t;
    nullable = nullable || s->nullable;
    while (s->kind == Kind::Named && model.decl(s->decl).is<Alias>()) {
        s = &model.decl(s->decl).as<Alias>().target;
        nullable = nullable || s->nullable;
    }
    return *s;
}

DeclId resolve_alias_decl(const Model& model, DeclId id) {
    while (model.decl(id).is<Alias>()) {
        const TypeExpr& target = model.decl(id).as<Alias>().target;
        if (target.kind != Kind::Named || target.nullable) break;
        id = target.decl;
    }
    return id;
}

bool accepts_null(const Model& model, const TypeExpr& t) { return (accepted_kinds(model, t) & kJsonNull) != 0; }

TypeExpr without_null(const TypeExpr& t) {
    TypeExpr out = t;
    out.nullable = false;
    return out;
}

bool adds_null(const Model& model, const TypeExpr& t) { return t.nullable && !accepts_null(model, without_null(t)); }

Presence presence(const Model& model, const Field& f) {
    if (f.required) return f.type.kind == Kind::Const && !f.type.nullable ? Presence::Constant : Presence::Required;
    return accepts_null(model, f.type) ? Presence::OptionalNullable : Presence::Optional;
}

std::optional<std::size_t> field_index(const Struct& s, const std::string& wire) {
    auto it = std::find_if(s.fields.begin(), s.fields.end(), [&](const Field& f) { return f.wire_name == wire; });
    if (it == s.fields.end()) return std::nullopt;
    return static_cast<std::size_t>(it - s.fields.begin());
}

bool is_forbidden(const Struct& s, const std::string& wire) {
    return std::find(s.forbidden.begin(), s.forbidden.end(), wire) != s.forbidden.end();
}

std::vector<ForbiddenMember> forbidden_members(const Struct& s) {
    std::vector<ForbiddenMember> out;
    for (const std::string& wire : s.forbidden) out.push_back({wire, field_index(s, wire)});
    return out;
}

json program_with_patterns(const json& program, const std::function<std::string(const std::string&)>& spell) {
    json out = program;
    std::function<void(json&)> walk = [&](json& s) {
        if (!s.is_object()) return;
        for (auto it = s.begin(); it != s.end(); ++it) {
            const std::string& key = it.key();
            if (key == "pattern" && it->is_string()) {
                *it = spell(it->get<std::string>());
                continue;
            }
            if (key == "patternProperties" && it->is_object()) {
                json translated = json::object();
                for (auto& [pattern, sub] : it->items()) {
                    json copy = sub;
                    walk(copy);
                    translated[spell(pattern)] = std::move(copy);
                }
                *it = std::move(translated);
                continue;
            }
            switch (member_kind(key)) {
                case MemberKind::Schema: walk(*it); break;
                case MemberKind::SchemaMap:
                case MemberKind::SchemaList:
                    for (auto& sub : *it) walk(sub);
                    break;
                default: break;
            }
        }
    };
    for (auto& s : out["assert"]) walk(s);
    for (auto& s : out["defs"]) walk(s);
    return out;
}

json program_in_dialect(const json& program, PatternDialect dialect) {
    return program_with_patterns(program, [dialect](const std::string& p) { return translate_pattern(p, dialect); });
}

}  // namespace contractgen::ir
