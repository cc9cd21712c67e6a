// OpenAPI's `discriminator` beside a oneOf/anyOf:
//   {"propertyName": "type", "mapping": {"start": "#/$defs/Start", ...}}
// names the property whose value tells the variants apart and, optionally,
// which variant each value selects. JSON Schema validators ignore it, while
// the bindings dispatch on it: a discriminator that disagreed with the
// variants would make them accept other payloads than the schema does. So it
// is checked, not trusted: every variant must have the property as a
// required string const (or an enum of one string), the values must be
// distinct, and each mapping entry must be a `$ref` to one of the variants
// whose value is the entry's key. Every problem is reported where it is (the
// variant in the oneOf/anyOf list, the mapping entry). Without the keyword,
// passes/unions.cpp infers the discriminator from the variants' consts.
#include <map>

#include "ir/build/builder.h"

namespace contractgen::ir::builder {

namespace {

// Follows named aliases (`{"$ref": "#/$defs/Other"}` as a whole $defs entry) to what they name.
// For a property's type: `"type": {"$ref": "#/$defs/StartTag"}` with StartTag an enum of one string.
const TypeExpr& unaliased(const Model& model, const TypeExpr& t) {
    const TypeExpr* at = &t;
    while (at->kind == Kind::Named && !at->nullable && model.decls[at->decl].is<Alias>())
        at = &model.decls[at->decl].as<Alias>().target;
    return *at;
}

}  // namespace

std::optional<std::string> Builder::variant_tag(const Variant& v, const std::string& property, std::string& why) const {
    // The variant itself is not unaliased: decoders dispatch to the object type directly.
    const TypeExpr& t = v.type;
    if (t.kind == Kind::Named && model_.decls[t.decl].is<Alias>()) {
        why = "it is an alias of another type; refer to the object type itself";
        return std::nullopt;
    }
    if (t.nullable) {
        why = "it also accepts null";
        return std::nullopt;
    }
    if (t.kind != Kind::Named || !model_.decls[t.decl].is<Struct>()) {
        why = "it is not an object";
        return std::nullopt;
    }
    for (const Field& f : model_.decls[t.decl].as<Struct>().fields) {
        if (f.wire_name != property) continue;
        const TypeExpr& ft = unaliased(model_, f.type);
        if (!f.required) {
            why = "'" + property + "' is optional there";
        } else if (ft.nullable) {
            why = "'" + property + "' may be null there";
        } else if (ft.kind == Kind::Const && ft.value.is_string()) {
            return ft.value.get<std::string>();
        } else if (const Decl* d = ft.kind == Kind::Named ? &model_.decls[ft.decl] : nullptr;
                   d && d->is<Enum>() && d->as<Enum>().values.size() == 1 && d->as<Enum>().values[0].is_string()) {
            return d->as<Enum>().values[0].get<std::string>();
        } else {
            why = "'" + property + "' is not a string const or an enum of one string there";
        }
        return std::nullopt;
    }
    why = "it has no property '" + property + "'";
    return std::nullopt;
}

void Builder::apply_discriminator(const Location& union_loc, const char* keyword, const json& discriminator, Union& u,
                                  const std::vector<std::size_t>& alternative, bool nullable) {
    const Location at = child(union_loc, "discriminator", discriminator);
    bool ok = true;  // counted here: the sink drops a message it has seen, from a schema converted twice
    auto problem = [&](const Location& where, const std::string& message, const std::string& member_key = {}) {
        error_at(where, message, member_key);
        ok = false;
    };
    const json* property_name = nullptr;
    const json* mapping = nullptr;
    for (const auto& [key, value] : discriminator.items()) {
        if (key == "propertyName") property_name = &value;
        else if (key == "mapping")
            mapping = &value;
        else if (key.rfind("x-", 0) != 0)
            problem(at,
                    "'discriminator' has no member '" + key + "' (it has 'propertyName', 'mapping' and x- extensions)",
                    key);
    }
    if (!property_name) {
        problem(at, "'discriminator' needs 'propertyName', the property whose value tells the variants apart");
        return;
    }
    if (!property_name->is_string() || property_name->get_ref<const std::string&>().empty()) {
        problem(at, "'propertyName' must be the name of a property (a non-empty string)", "propertyName");
        return;
    }
    const std::string& property = property_name->get_ref<const std::string&>();
    if (mapping && !mapping->is_object()) {
        problem(at, "'mapping' must be an object from values of '" + property + "' to $refs of variants", "mapping");
        mapping = nullptr;
    }
    if (nullable)
        problem(at, std::string("a ") + keyword +
                        " with a 'discriminator' cannot have a null alternative, which has no '" + property +
                        "'; make the property that holds the union nullable instead");

    const json& alternatives = (*union_loc.node)[keyword];
    auto label = [&](std::size_t i) {
        const TypeExpr& t = u.variants[i].type;
        return t.kind == Kind::Named ? "'" + model_.decls[t.decl].name + "'"
                                     : std::string(keyword) + "[" + std::to_string(alternative[i]) + "]";
    };
    // Each variant's value, distinct.
    std::vector<std::optional<std::string>> tags(u.variants.size());
    std::map<std::string, std::size_t> owner;  // value → variant
    for (std::size_t i = 0; i < u.variants.size(); ++i) {
        Location item = child(union_loc, keyword, alternative[i]);
        std::string why;
        tags[i] = variant_tag(u.variants[i], property, why);
        if (!tags[i]) {
            problem(item, "variant " + label(i) + " cannot be told apart by '" + property + "': " + why +
                              "; with a 'discriminator' every variant needs '" + property +
                              "' as a required string const (or an enum of one string)");
            continue;
        }
        auto [first, fresh] = owner.emplace(*tags[i], i);
        if (!fresh)
            problem(item, "variants " + label(first->second) + " and " + label(i) + " both have '" + property +
                              "' = '" + *tags[i] + "'; the values of a discriminator must be distinct");
    }
    // Each mapping entry: a $ref to a variant whose value is the entry's key.
    if (mapping) {
        for (const auto& [value, ref] : mapping->items()) {
            Location entry = child(at, "mapping", value, ref);
            if (!ref.is_string()) {
                problem(entry, "mapping values must be $refs to variants ('#/$defs/Name')");
                continue;
            }
            std::optional<Location> target =
                within_part(resolver_.resolve(*at.doc, entry.pointer, ref.get<std::string>(), sink_));
            if (!target) {
                ok = false;
                continue;
            }
            auto named = named_by_location_.find(target->node);
            std::optional<std::size_t> variant;
            for (std::size_t i = 0; i < u.variants.size() && !variant; ++i) {
                const json& alt = alternatives[alternative[i]];
                const TypeExpr& t = u.variants[i].type;
                bool same_schema = &alt == target->node;
                bool same_type = named != named_by_location_.end() && t.kind == Kind::Named && t.decl == named->second;
                if (!same_schema && !same_type && member(alt, "$ref") && alt["$ref"].is_string()) {
                    diag::Sink reported_already;  // the variant's own $ref was resolved when it was converted
                    auto alt_target = within_part(resolver_.resolve(
                        *union_loc.doc,
                        load::pointer_append(load::pointer_append(union_loc.pointer, keyword), alternative[i]),
                        alt["$ref"].get<std::string>(), reported_already));
                    same_schema = alt_target && alt_target->node == target->node;
                }
                if (same_schema || same_type) variant = i;
            }
            if (!variant) {
                problem(entry, "mapping '" + value + "' names '" + target->key() +
                                   "', which is not a variant of this " + keyword);
            } else if (tags[*variant] && *tags[*variant] != value) {
                problem(entry, "mapping '" + value + "' names variant " + label(*variant) + ", whose '" + property +
                                   "' is '" + *tags[*variant] + "'");
            }
        }
    }
    if (!ok) return;
    u.discriminator = property;
    for (std::size_t i = 0; i < u.variants.size(); ++i) u.variants[i].tag = tags[i];
}

}  // namespace contractgen::ir::builder
