#include <map>
#include <set>

#include "ir/integral.h"
#include "ir/passes/passes.h"

namespace contractgen::ir {

namespace {

std::string display(const load::SchemaSet& schemas, const Origin& o) {
    const load::Document* d = schemas.find(o.file);
    return d ? d->display_path : o.file;
}

// The const string a variant's required, non-nullable field carries, if any.
std::optional<std::string> tag_of(const Model& model, const Variant& v, const std::string& property) {
    // (A variant with an assertion of its own is not the declaration alone: it is tried instead.)
    if (v.type.kind != Kind::Named || v.type.nullable || v.type.check) return std::nullopt;
    const Decl& d = model.decl(v.type.decl);
    if (!d.is<Struct>()) return std::nullopt;
    for (const auto& f : d.as<Struct>().fields) {
        if (f.wire_name != property) continue;
        if (f.required && !f.type.nullable && f.type.kind == Kind::Const && f.type.value.is_string())
            return f.type.value.get<std::string>();
        return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace

void discriminate_unions(Model& model, const load::SchemaSet& schemas, diag::Sink& sink) {
    for (auto& decl : model.decls) {
        if (!decl.is<Union>()) continue;
        Union& u = decl.as<Union>();
        if (u.variants.empty() || u.discriminator) continue;  // empty, or discriminated by the schema's `discriminator`
        const TypeExpr& first = u.variants.front().type;
        if (first.kind != Kind::Named || !model.decl(first.decl).is<Struct>()) continue;

        // Candidates in the first variant's field order, "type" first: it is
        // the convention of every event format the contract speaks.
        std::vector<std::string> candidates;
        for (const auto& f : model.decl(first.decl).as<Struct>().fields)
            if (f.wire_name == "type") candidates.insert(candidates.begin(), f.wire_name);
            else
                candidates.push_back(f.wire_name);

        std::string duplicate_message;
        for (const auto& property : candidates) {
            std::map<std::string, std::string> owner;  // tag → variant type name
            bool all_tagged = true, distinct = true;
            for (const auto& v : u.variants) {
                auto tag = tag_of(model, v, property);
                if (!tag) {
                    all_tagged = false;
                    break;
                }
                const std::string& name = model.decl(v.type.decl).name;
                auto [it, inserted] = owner.emplace(*tag, name);
                if (!inserted && distinct) {
                    distinct = false;
                    duplicate_message = "variants '" + it->second + "' and '" + name + "' of '" + decl.name +
                                        "' have the same discriminator value '" + *tag + "' for '" + property +
                                        "'; a " + (u.mode == UnionMode::OneOf ? "oneOf" : "anyOf") +
                                        " discriminated by a const property needs distinct values";
                }
            }
            if (!all_tagged) continue;
            if (!distinct) continue;
            u.discriminator = property;
            for (auto& v : u.variants) v.tag = tag_of(model, v, property);
            break;
        }
        if (!u.discriminator && !duplicate_message.empty() && u.mode == UnionMode::OneOf)
            sink.error(display(schemas, decl.origin), decl.origin.line, decl.origin.column, duplicate_message);
    }
}

unsigned accepted_kinds(const Model& model, const TypeExpr& t) {
    unsigned k = 0;
    switch (t.kind) {
        case Kind::String: k = kJsonString; break;
        case Kind::Integer: k = kJsonInteger; break;
        case Kind::Number: k = kJsonInteger | kJsonFraction; break;
        case Kind::Boolean: k = kJsonBool; break;
        case Kind::Null: k = kJsonNull; break;
        case Kind::Any: k = 127; break;
        case Kind::Array: k = kJsonArray; break;
        case Kind::Map: k = kJsonObject; break;
        case Kind::Const: {
            const json& v = t.value;
            if (v.is_null()) k = kJsonNull;
            else if (v.is_boolean())
                k = kJsonBool;
            else if (v.is_object())
                k = kJsonObject;
            else if (v.is_array())
                k = kJsonArray;
            else if (v.is_string())
                k = kJsonString;
            else if (v.is_number_float() && !is_int64_float(v.get<double>()))
                k = kJsonFraction;
            else
                k = kJsonInteger;
            break;
        }
        case Kind::Named: {
            const Decl& d = model.decl(t.decl);
            if (d.is<Struct>()) k = kJsonObject;
            else if (d.is<Tuple>())
                k = kJsonArray;
            else if (d.is<OpenEnum>())
                k = kJsonString;
            else if (d.is<Enum>()) {
                for (const auto& v : d.as<Enum>().values) {
                    TypeExpr c;
                    c.kind = Kind::Const;
                    c.value = v;
                    k |= accepted_kinds(model, c);
                }
            } else if (d.is<Alias>())
                k = accepted_kinds(model, d.as<Alias>().target);
            else if (d.is<Constant>())
                k = accepted_kinds(model, d.as<Constant>().type);
            else if (d.is<Union>())
                for (const auto& v : d.as<Union>().variants) k |= accepted_kinds(model, v.type);
            break;
        }
    }
    if (t.nullable) k |= kJsonNull;
    return k;
}

void mark_kind_disjoint_unions(Model& model) {
    for (auto& decl : model.decls) {
        if (!decl.is<Union>()) continue;
        Union& u = decl.as<Union>();
        unsigned seen = 0;
        bool disjoint = true;
        for (const auto& v : u.variants) {
            unsigned k = accepted_kinds(model, v.type);
            if (k & seen) disjoint = false;
            seen |= k;
        }
        u.kinds_disjoint = disjoint;
    }
}

}  // namespace contractgen::ir
