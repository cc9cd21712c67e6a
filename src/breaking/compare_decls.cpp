// Declaration bodies: objects (fields, unknown members, forbidden members,
// member counts), enums, open enums, unions, aliases, constants; and docs.
#include <algorithm>

#include "breaking/comparer.h"
#include "breaking/samples.h"
#include "validate/accepts.h"

namespace contractgen::breaking {

using validate::accepts_decl;
using validate::json_equal;

namespace {

const char* kind_name(ir::DeclKind k) {
    static const char* names[] = {"object", "enum", "open enum", "union", "alias", "constant", "tuple"};
    return names[static_cast<int>(k)];
}

std::vector<Candidate> as_candidates(const std::vector<json>& values) {
    return std::vector<Candidate>(values.begin(), values.end());
}

const ir::Field* find_field(const ir::Struct& s, const std::string& name) {
    for (const auto& f : s.fields)
        if (f.wire_name == name) return &f;
    return nullptr;
}

// Same type by shape (kinds, bounds, referenced names): used to recognise a
// property renamed on the wire, not to judge accepted values.
bool same_shape(const ir::Model& pm, const ir::TypeExpr& a, const ir::Model& cm, const ir::TypeExpr& b) {
    if (a.kind != b.kind || a.nullable != b.nullable || a.element.size() != b.element.size()) return false;
    if (a.kind == ir::Kind::Named && pm.decl(a.decl).qualified_name() != cm.decl(b.decl).qualified_name()) return false;
    if (a.kind == ir::Kind::Const && !json_equal(a.value, b.value)) return false;
    if (a.string_bounds.min_length != b.string_bounds.min_length ||
        a.string_bounds.max_length != b.string_bounds.max_length ||
        a.string_bounds.pattern != b.string_bounds.pattern || a.string_bounds.format != b.string_bounds.format)
        return false;
    for (std::size_t i = 0; i < a.element.size(); ++i)
        if (!same_shape(pm, a.element[i], cm, b.element[i])) return false;
    return true;
}

}  // namespace

void Comparer::compare_bodies(const Site& site, const ir::Decl& a, const ir::Decl& b) {
    compare_docs(site, a.docs, b.docs, "type");
    // One side a union, the other a single type (a oneOf of one variant is
    // an alias): the single type is a union of one.
    if (a.kind() != b.kind() && (a.is<ir::Union>() || b.is<ir::Union>())) {
        // Variants only: the discriminator of the one real union does not
        // apply to a single type, and tags are not compared.
        auto variants_of = [](const ir::Decl& d, ir::DeclId id, ir::Union& out) {
            if (const auto* u = std::get_if<ir::Union>(&d.body)) {
                out.mode = u->mode;
                out.variants = u->variants;
            } else {
                ir::Variant v;
                if (const auto* al = std::get_if<ir::Alias>(&d.body)) {
                    v.type = al->target;
                } else {
                    v.type.kind = ir::Kind::Named;
                    v.type.decl = id;
                }
                out.variants.push_back(std::move(v));
            }
            for (auto& v : out.variants) v.tag.reset();
        };
        ir::Union ua, ub;
        variants_of(a, site.prev, ua);
        variants_of(b, site.cur, ub);
        // A variant that is the declaration itself is compared as a variant, not again as the declaration.
        compare_union(site, ua, ub);
        return;
    }
    if (a.kind() != b.kind()) {
        std::vector<Candidate> c = as_candidates(instances(pm_, [&] {
            ir::TypeExpr t;
            t.kind = ir::Kind::Named;
            t.decl = site.prev;
            return t;
        }()));
        ir::TypeExpr cur_t;
        cur_t.kind = ir::Kind::Named;
        cur_t.decl = site.cur;
        for (auto& v : instances(cm_, cur_t)) c.push_back(std::move(v));
        for (auto& v : probe_values()) c.push_back(std::move(v));
        report(site,
               {"TYPE_SAME_KIND", "TYPE_SAME_KIND", "TYPE_SAME_KIND",
                std::string("changed from ") + kind_name(a.kind()) + " to " + kind_name(b.kind())},
               c);
        return;
    }
    if (const auto* s = std::get_if<ir::Struct>(&a.body)) {
        compare_struct(site, *s, b.as<ir::Struct>());
    } else if (const auto* e = std::get_if<ir::Enum>(&a.body)) {
        compare_enum(site, e->values, b.as<ir::Enum>().values);
    } else if (const auto* o = std::get_if<ir::OpenEnum>(&a.body)) {
        const auto& o2 = b.as<ir::OpenEnum>();
        compare_enum(site, std::vector<json>(o->known.begin(), o->known.end()),
                     std::vector<json>(o2.known.begin(), o2.known.end()));
        compare_string(site, o->other, o2.other);
    } else if (const auto* u = std::get_if<ir::Union>(&a.body)) {
        compare_union(site, *u, b.as<ir::Union>());
    } else if (const auto* al = std::get_if<ir::Alias>(&a.body)) {
        compare_expr(site, al->target, b.as<ir::Alias>().target);
    } else if (const auto* c = std::get_if<ir::Constant>(&a.body)) {
        const auto& c2 = b.as<ir::Constant>();
        if (!json_equal(c->value, c2.value))
            report(site,
                   {"CONST_SAME_VALUE", "CONST_SAME_VALUE", "CONST_SAME_VALUE",
                    "the constant's value changed from " + c->value.dump() + " to " + c2.value.dump()},
                   {c->value, c2.value});
    }
}

std::optional<json> Comparer::base_instance(ir::DeclId prev, ir::DeclId cur, Side side) const {
    auto key = std::make_tuple(prev, cur, side);
    if (auto it = base_cache_.find(key); it != base_cache_.end()) return it->second;
    auto p = minimal_decl_instance(pm_, prev);
    auto c = minimal_decl_instance(cm_, cur);
    std::vector<json> tries;
    if (p) tries.push_back(*p);
    if (c) tries.push_back(*c);
    if (p && c && p->is_object() && c->is_object()) {
        json merged = *p;
        for (const auto& [k, v] : c->items()) merged[k] = v;
        tries.push_back(merged);
        merged = *c;
        for (const auto& [k, v] : p->items()) merged[k] = v;
        tries.push_back(merged);
    }
    std::optional<json> found;
    for (const auto& t : tries)
        if (accepts_decl(pm_, prev, t) && accepts_decl(cm_, cur, t)) {
            found = t;
            break;
        }
    if (!found) found = side == Side::Previous ? p : c;
    base_cache_[key] = found;
    return found;
}

Comparer::Site Comparer::member_site(const Site& parent, const std::string& name, const std::string& shown) const {
    Site s = parent;
    s.path = parent.path + shown;
    auto embed = parent.embed;
    const ir::DeclId prev = parent.prev, cur = parent.cur;
    s.embed = [this, embed, prev, cur, name](const Candidate& v, Side side) -> std::optional<json> {
        auto base = base_instance(prev, cur, side);
        if (!base || !base->is_object()) return std::nullopt;
        if (v) (*base)[name] = *v;
        else
            base->erase(name);
        return embed(*base, side);
    };
    return s;
}

Comparer::Site Comparer::field_site(const Site& parent, const std::string& name, const ir::Field* a,
                                    const ir::Field* b) const {
    Site s = member_site(parent, name, member_path(name));
    s.prev_origin = a ? &a->origin : parent.prev_origin;
    s.cur_origin = b ? &b->origin : parent.cur_origin;
    return s;
}

void Comparer::compare_struct(const Site& site, const ir::Struct& a, const ir::Struct& b) {
    compare_fields(site, a, b);
    compare_extra(site, a, b);
    for (const auto& name : b.forbidden)
        if (std::find(a.forbidden.begin(), a.forbidden.end(), name) == a.forbidden.end())
            report(member_site(site, name, member_path(name)),
                   {"FORBIDDEN_PROPERTY_NO_ADD", "FORBIDDEN_PROPERTY_NO_ADD", "",
                    "property '" + name + "' became forbidden"},
                   as_candidates(probe_values()));
    for (const auto& name : a.forbidden)
        if (std::find(b.forbidden.begin(), b.forbidden.end(), name) == b.forbidden.end())
            report(member_site(site, name, member_path(name)),
                   {"FORBIDDEN_PROPERTY_NO_REMOVE", "FORBIDDEN_PROPERTY_NO_REMOVE", "",
                    "property '" + name + "' is no longer forbidden"},
                   as_candidates(probe_values()));
    if (a.bounds.min_properties != b.bounds.min_properties || a.bounds.max_properties != b.bounds.max_properties) {
        // Instances of each version with as many members as each bound, and one more or fewer.
        std::vector<Candidate> c;
        for (const auto* bounds : {&a.bounds, &b.bounds})
            for (auto n : {bounds->min_properties, bounds->max_properties}) {
                if (!n) continue;
                for (std::uint64_t k : {*n == 0 ? 0 : *n - 1, *n, *n + 1}) {
                    for (Side side : {Side::Previous, Side::Current}) {
                        const ir::Struct& s = side == Side::Previous ? a : b;
                        auto base = base_instance(site.prev, site.cur, side);
                        if (!base) continue;
                        for (const auto& f : s.fields)
                            if (base->size() < k && !base->contains(f.wire_name))
                                if (auto v = minimal_instance(side == Side::Previous ? pm_ : cm_, f.type))
                                    (*base)[f.wire_name] = *v;
                        for (int i = 0; base->size() < k && i < 64; ++i) (*base)["extra" + std::to_string(i)] = nullptr;
                        c.push_back(*base);
                    }
                }
            }
        auto show = [](const std::optional<std::uint64_t>& v) { return v ? std::to_string(*v) : std::string("none"); };
        report(site,
               {"PROPERTY_COUNT_NO_NARROW", "PROPERTY_COUNT_NO_WIDEN", "",
                "minProperties " + show(a.bounds.min_properties) + " → " + show(b.bounds.min_properties) +
                    ", maxProperties " + show(a.bounds.max_properties) + " → " + show(b.bounds.max_properties)},
               c);
    }
}

void Comparer::compare_fields(const Site& site, const ir::Struct& a, const ir::Struct& b) {
    std::vector<const ir::Field*> removed, added;
    for (const auto& fa : a.fields) {
        const ir::Field* fb = find_field(b, fa.wire_name);
        if (!fb) {
            removed.push_back(&fa);
            continue;
        }
        Site fs = field_site(site, fa.wire_name, &fa, fb);
        compare_docs(fs, fa.docs, fb->docs, "property '" + fa.wire_name + "'");
        if (fa.required && !fb->required)
            report(fs,
                   {"REQUIRED_NO_REMOVE", "REQUIRED_NO_REMOVE", "REQUIRED_NO_REMOVE",
                    "property '" + fa.wire_name + "' became optional"},
                   {std::nullopt});
        if (!fa.required && fb->required)
            report(fs,
                   {"REQUIRED_NO_ADD", "REQUIRED_NO_ADD", "REQUIRED_NO_ADD",
                    "property '" + fa.wire_name + "' became required"},
                   {std::nullopt});
        compare_expr(fs, fa.type, fb->type);
    }
    for (const auto& fb : b.fields)
        if (!find_field(a, fb.wire_name)) added.push_back(&fb);
    // A property renamed on the wire: one removed and one added of the same shape.
    for (auto r = removed.begin(); r != removed.end();) {
        auto match = std::find_if(added.begin(), added.end(), [&](const ir::Field* f) {
            return f->required == (*r)->required && same_shape(pm_, (*r)->type, cm_, f->type);
        });
        if (match == added.end()) {
            ++r;
            continue;
        }
        const ir::Field* old_field = *r;
        const ir::Field* new_field = *match;
        Site fs = field_site(site, new_field->wire_name, old_field, new_field);
        const std::string old_name = old_field->wire_name, new_name = new_field->wire_name;
        auto embed = site.embed;
        const ir::DeclId prev = site.prev, cur = site.cur;
        // The whole object, with the member under its old or its new name.
        fs.embed = [this, embed, prev, cur, old_name, new_name](const Candidate& v, Side side) -> std::optional<json> {
            auto base = base_instance(prev, cur, side);
            if (!base || !v) return std::nullopt;
            base->erase(old_name), base->erase(new_name);
            (*base)[side == Side::Previous ? old_name : new_name] = *v;
            return embed(*base, side);
        };
        std::vector<Candidate> c = as_candidates(instances(pm_, old_field->type));
        report(fs,
               {"FIELD_SAME_WIRE_NAME", "FIELD_SAME_WIRE_NAME", "FIELD_SAME_WIRE_NAME",
                "property '" + old_name + "' was renamed to '" + new_name + "' on the wire"},
               c);
        added.erase(match);
        r = removed.erase(r);
    }
    for (const ir::Field* f : removed) {
        Site fs = field_site(site, f->wire_name, f, nullptr);
        std::vector<Candidate> c = as_candidates(instances(pm_, f->type));
        for (auto& v : probe_values()) c.push_back(std::move(v));
        report(fs,
               {"FIELD_NO_DELETE", "FIELD_NO_DELETE", "FIELD_NO_DELETE", "property '" + f->wire_name + "' was removed"},
               c);
    }
    for (const ir::Field* f : added) {
        Site fs = field_site(site, f->wire_name, nullptr, f);
        std::vector<Candidate> c{std::nullopt};
        for (auto& v : instances(cm_, f->type)) c.push_back(std::move(v));
        for (auto& v : probe_values()) c.push_back(std::move(v));
        report(fs,
               {"FIELD_NO_ADD", "FIELD_NO_ADD", "FIELD_NO_ADD",
                "property '" + f->wire_name + "' was added" + (f->required ? " (required)" : " (optional)"),
                a.extra == ir::Extra::Forbid},
               c);
    }
}

// Members an object does not declare: forbidden, kept, or of a given type.
void Comparer::compare_extra(const Site& site, const ir::Struct& a, const ir::Struct& b) {
    std::string name = "unknown_member";
    while (find_field(a, name) || find_field(b, name)) name += "_";
    Site ms = member_site(site, name, ".*");
    auto typed = [](const ir::Struct& s) {
        if (s.extra == ir::Extra::Typed) return *s.extra_type;
        ir::TypeExpr any;  // Extra::Keep: any value
        return any;
    };
    if (a.extra == ir::Extra::Forbid && b.extra != ir::Extra::Forbid) {
        std::vector<Candidate> c = as_candidates(instances(cm_, typed(b)));
        for (auto& v : probe_values()) c.push_back(std::move(v));
        report(ms,
               {"ADDITIONAL_PROPERTIES_NO_OPEN", "ADDITIONAL_PROPERTIES_NO_OPEN", "",
                "properties it does not declare are now accepted", true},
               c);
    } else if (a.extra != ir::Extra::Forbid && b.extra == ir::Extra::Forbid) {
        std::vector<Candidate> c = as_candidates(instances(pm_, typed(a)));
        for (auto& v : probe_values()) c.push_back(std::move(v));
        report(ms,
               {"ADDITIONAL_PROPERTIES_NO_CLOSE", "ADDITIONAL_PROPERTIES_NO_CLOSE", "",
                "properties it does not declare are no longer accepted"},
               c);
    } else if (a.extra != ir::Extra::Forbid) {
        compare_expr(ms, typed(a), typed(b));
    }
}

void Comparer::compare_enum(const Site& site, const std::vector<json>& a, const std::vector<json>& b) {
    auto contains = [](const std::vector<json>& values, const json& v) {
        return std::any_of(values.begin(), values.end(), [&](const json& x) { return json_equal(x, v); });
    };
    for (const auto& v : a)
        if (!contains(b, v))
            report(site,
                   {"ENUM_VALUE_NO_DELETE", "ENUM_VALUE_NO_DELETE", "ENUM_VALUE_NO_DELETE",
                    "value " + v.dump() + " was removed"},
                   {v});
    for (const auto& v : b)
        if (!contains(a, v))
            report(site,
                   {"ENUM_VALUE_NO_ADD", "ENUM_VALUE_NO_ADD", "ENUM_VALUE_NO_ADD", "value " + v.dump() + " was added"},
                   {v});
}

void Comparer::compare_union(const Site& site, const ir::Union& a, const ir::Union& b) {
    auto all_instances = [](const ir::Model& m, const ir::Union& u) {
        std::vector<Candidate> c;
        for (const auto& v : u.variants)
            for (auto& x : instances(m, v.type, 3)) c.push_back(std::move(x));
        return c;
    };
    if (a.discriminator != b.discriminator) {
        auto c = all_instances(pm_, a);
        for (auto& x : all_instances(cm_, b)) c.push_back(std::move(x));
        report(site,
               {"DISCRIMINATOR_SAME", "DISCRIMINATOR_SAME", "DISCRIMINATOR_SAME",
                "the discriminator changed from '" + a.discriminator.value_or("") + "' to '" +
                    b.discriminator.value_or("") + "'"},
               c);
        return;
    }
    // Variants are the same variant when they have the same tag, or else
    // when they are the same named type (or the same kind of value).
    auto key = [](const ir::Model& m, const ir::Variant& v) {
        if (v.tag) return "tag " + json(*v.tag).dump();
        ir::TypeExpr t = unaliased(m, v.type);
        return t.kind == ir::Kind::Named ? m.decl(t.decl).qualified_name()
                                         : "kind " + std::to_string(static_cast<int>(t.kind));
    };
    auto shown = [&](const ir::Model& m, const ir::Variant& v) {
        return v.tag ? "variant " + json(*v.tag).dump() + " (" + describe(m, v.type) + ")"
                     : "variant " + describe(m, v.type);
    };
    for (const auto& va : a.variants) {
        auto vb = std::find_if(b.variants.begin(), b.variants.end(),
                               [&](const ir::Variant& x) { return key(cm_, x) == key(pm_, va); });
        if (vb != b.variants.end()) {
            compare_expr(site, va.type, vb->type);
            continue;
        }
        report(site,
               {"UNION_VARIANT_NO_DELETE", "UNION_VARIANT_NO_DELETE", "UNION_VARIANT_NO_DELETE",
                shown(pm_, va) + " was removed"},
               as_candidates(instances(pm_, va.type)));
    }
    for (const auto& vb : b.variants) {
        bool known = std::any_of(a.variants.begin(), a.variants.end(),
                                 [&](const ir::Variant& x) { return key(pm_, x) == key(cm_, vb); });
        if (!known)
            report(site,
                   {"UNION_VARIANT_NO_ADD", "UNION_VARIANT_NO_ADD", "UNION_VARIANT_NO_ADD",
                    shown(cm_, vb) + " was added", a.discriminator.has_value() && vb.tag.has_value()},
                   as_candidates(instances(cm_, vb.type)));
    }
}

void Comparer::compare_docs(const Site& site, const ir::Docs& a, const ir::Docs& b, const std::string& what) {
    if (!a.deprecated && b.deprecated)
        report_plain(site, "DEPRECATION_ADDED", Category::Source, what + " is now deprecated");
    if (a.title != b.title || a.description != b.description)
        report_plain(
            site, "DOCS_CHANGED", Category::Docs,
            "the " + std::string(a.title != b.title ? "title" : "description") + " of the " + what + " changed");
}

}  // namespace contractgen::breaking
