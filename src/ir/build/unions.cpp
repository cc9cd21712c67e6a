// oneOf/anyOf. Each alternative is converted under a name of its own
// (its title, else "Variant<n>"); `false` alternatives are dropped and a
// `{"type": "null"}` one makes the union nullable instead of being a variant.
// When the schema has `type` beside the union, each alternative only keeps
// the kinds it allows (`convert_restricted`). A union of one variant is that
// variant; `anyOf: [<string enum>, {type: string}]` is an open enum. An
// explicit `discriminator` is checked here (discriminator.cpp); without one,
// the const property that discriminates the variants is found later, by a
// pass (passes/unions.cpp).
#include <algorithm>

#include "ir/build/builder.h"
#include "ir/passes/passes.h"

namespace contractgen::ir::builder {

namespace {

bool is_null_branch(const json& alt) {
    if (!alt.is_object() || !alt.contains("type") || alt["type"] != "null") return false;
    for (const auto& [k, v] : alt.items())
        if (k != "type" && !is_annotation_keyword(k)) return false;
    return true;
}

}  // namespace

TypeExpr Builder::convert_union(const Location& loc, const Hint& hint, unsigned allowed_kinds) {
    const json& node = *loc.node;
    const char* keyword = node.contains("oneOf") ? "oneOf" : "anyOf";
    Union u;
    u.mode = node.contains("oneOf") ? UnionMode::OneOf : UnionMode::AnyOf;
    bool nullable = false;
    std::vector<std::size_t> alternative;  // of each variant: its index in `alts`
    const json& alts = node[keyword];
    for (std::size_t i = 0; i < alts.size(); ++i) {
        if (alts[i].is_boolean() && !alts[i].get<bool>()) continue;  // `false` never matches
        if (is_null_branch(alts[i])) {
            nullable = nullable || (allowed_kinds & kNull);
            continue;
        }
        Location sub = child(loc, keyword, i);
        std::string suffix = variant_suffix(alts[i], i);
        Hint variant_hint = hint.nested(suffix);
        std::optional<TypeExpr> t = allowed_kinds == kAllKinds ? convert(sub, variant_hint)
                                                               : convert_restricted(sub, variant_hint, allowed_kinds);
        if (t) {
            u.variants.push_back(Variant{*t, std::nullopt});
            alternative.push_back(i);
        }
    }
    if (u.variants.empty() && !nullable) return never(loc);  // every alternative is `false`, or none allows the type
    if (u.variants.empty()) {
        TypeExpr null_type;
        null_type.kind = Kind::Null;
        return null_type;
    }
    if (const json* d = member(node, "discriminator")) apply_discriminator(loc, keyword, *d, u, alternative, nullable);
    Docs docs = read_docs({loc});
    if (u.variants.size() == 1 && !(u.variants[0].type.nullable && nullable && u.mode == UnionMode::OneOf)) {
        TypeExpr t = u.variants[0].type;
        t.nullable = t.nullable || nullable;
        return t;
    }
    if (auto open = as_open_enum(u)) {
        TypeExpr t = put_decl(std::move(*open), loc, hint, docs);
        t.nullable = nullable;
        return t;
    }
    if (nullable) {
        TypeExpr null_type;
        null_type.kind = Kind::Null;
        u.variants.insert(u.variants.begin(), Variant{null_type, std::nullopt});
    }
    return put_decl(std::move(u), loc, hint, docs);
}

// An alternative of a union whose schema also has `type`: the alternative
// only accepts values of those kinds. A reference to a named type that
// fits stays a reference; one that never fits is dropped (nullopt).
std::optional<TypeExpr> Builder::convert_restricted(const Location& sub, const Hint& hint, unsigned allowed) {
    const json& n = *sub.node;
    if (n.is_object() && n.contains("$ref") && only_annotations_besides(n, {"$ref"})) {
        const int errors = sink_.error_count();
        TypeExpr t = convert(sub, hint);
        if (sink_.error_count() > errors)
            return TypeExpr{};  // unresolvable or recursive: reported, and no kinds to go by
        unsigned k = accepted_kinds(model_, t);
        if ((k & ~allowed) == 0) return t;
        if ((k & allowed) == 0) return std::nullopt;
    }
    std::vector<Location> parts;
    bool never_valid = false;
    if (n.is_boolean()) parts.push_back(sub);  // `true`: just the kinds
    else
        expand(sub, parts, never_valid);
    if (never_valid) return std::nullopt;  // never matches
    for (const auto& part : parts) {  // a const or enum outside the kinds never matches
        const json& p = *part.node;
        if (!p.is_object()) continue;
        if (p.contains("const") && !(value_kind(p["const"]) & allowed)) return std::nullopt;
        if (auto e = p.find("enum");
            e != p.end() && e->is_array() &&
            std::none_of(e->begin(), e->end(), [&](const json& v) { return (value_kind(v) & allowed) != 0; }))
            return std::nullopt;
    }
    // The parts are converted without going through convert(): a union that
    // reaches itself again through them is caught here.
    return guarded(sub, [&] {
        restrict_kinds_ = allowed;
        TypeExpr t = convert_parts(parts, hint, false);
        restrict_kinds_ = kAllKinds;
        return t;
    });
}

// anyOf [<string enum>, {type: string}] is an open enum: known values or any string.
std::optional<OpenEnum> Builder::as_open_enum(const Union& u) {
    if (u.mode != UnionMode::AnyOf || u.variants.size() != 2) return std::nullopt;
    const TypeExpr& a = u.variants[0].type;
    const TypeExpr& b = u.variants[1].type;
    auto is_plain_string = [](const TypeExpr& t) { return t.kind == Kind::String && !t.nullable; };
    auto string_enum = [&](const TypeExpr& t) -> const Enum* {
        if (t.kind != Kind::Named || t.nullable) return nullptr;
        const Decl& d = model_.decls[t.decl];
        if (!d.is<Enum>() || !d.as<Enum>().all_strings) return nullptr;
        return &d.as<Enum>();
    };
    const TypeExpr* enum_side = string_enum(a) && is_plain_string(b)   ? &a
                                : string_enum(b) && is_plain_string(a) ? &b
                                                                       : nullptr;
    if (!enum_side) return std::nullopt;
    OpenEnum o;
    for (const auto& v : string_enum(*enum_side)->values) o.known.push_back(v.get<std::string>());
    o.known_enum = enum_side->decl;
    o.other = (enum_side == &a ? b : a).string_bounds;
    return o;
}

}  // namespace contractgen::ir::builder
