#include "emit/openapi/components.h"

#include <cctype>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "resolve/resolver.h"

namespace contractgen::emit::openapi {

namespace {

void escape_part(std::string_view part, std::string& out) {
    for (char c : part) {
        auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || u == '_') {
            out += c;
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "-%02X", static_cast<unsigned>(u));
            out += buf;
        }
    }
}

// What a keyword's value is. Everything not listed (const, enum, default,
// examples, x-*, ...) is data and is never entered, so a `$ref` inside an
// example stays an example.
enum class MemberKind { Data, Ref, Schema, SchemaMap, SchemaList, Discriminator };

MemberKind member_kind(const std::string& key) {
    static const std::unordered_map<std::string, MemberKind> kinds = {
        {"$ref", MemberKind::Ref},
        {"items", MemberKind::Schema}, {"additionalProperties", MemberKind::Schema}, {"not", MemberKind::Schema},
        {"contains", MemberKind::Schema}, {"propertyNames", MemberKind::Schema}, {"if", MemberKind::Schema},
        {"then", MemberKind::Schema}, {"else", MemberKind::Schema}, {"unevaluatedItems", MemberKind::Schema},
        {"unevaluatedProperties", MemberKind::Schema}, {"contentSchema", MemberKind::Schema},
        {"properties", MemberKind::SchemaMap}, {"patternProperties", MemberKind::SchemaMap},
        {"$defs", MemberKind::SchemaMap}, {"dependentSchemas", MemberKind::SchemaMap},
        {"allOf", MemberKind::SchemaList}, {"anyOf", MemberKind::SchemaList}, {"oneOf", MemberKind::SchemaList},
        {"prefixItems", MemberKind::SchemaList}, {"discriminator", MemberKind::Discriminator}};
    auto it = kinds.find(key);
    return it == kinds.end() ? MemberKind::Data : it->second;
}

// Appends a member whose key `object` does not have yet. ordered_json's
// operator[] searches the members linearly first, which is quadratic over
// thousands of components; every caller here copies the keys of an object
// (unique: the loader rejects duplicate keys) or adds distinct component keys.
void add_new_member(ir::json& object, const std::string& key, ir::json value) {
    object.get_ref<ir::json::object_t&>().emplace_back(key, std::move(value));
}

// An empty object with room for `members` members.
ir::json object_of_size(std::size_t members) {
    ir::json out = ir::json::object();
    out.get_ref<ir::json::object_t&>().reserve(members);
    return out;
}

class Builder {
public:
    Builder(const ir::Model& model, const load::SchemaSet& schemas, diag::Sink& sink)
        : model_(model), schemas_(schemas), resolver_(schemas), sink_(sink) {
        // Model::find scans every declaration; once per component that would
        // be quadratic. The first declaration of a name wins, as there.
        for (ir::DeclId id = 0; id < model_.decls.size(); ++id) {
            decl_ids_.try_emplace({model_.decls[id].family, model_.decls[id].name}, id);
            const ir::Decl& d = model_.decls[id];
            if (!d.lifted && d.origin.pointer.empty()) root_types_.emplace(d.origin.file, id);
        }
    }

    ir::json build() {
        // Room for every component up front (each is a declaration): growing
        // would copy the members, as their const keys make them not nothrow-movable.
        ir::json out = object_of_size(model_.decls.size());
        std::set<ir::DeclId> seen;
        for (const auto& doc : schemas_.documents) {
            // A file's root schema, when it is a type, is a component like its $defs entries.
            if (auto root = root_types_.find(doc.path); root != root_types_.end()) {
                ir::json type = object_of_size(doc.root.size());
                for (auto it = doc.root.begin(); it != doc.root.end(); ++it)
                    if (it.key() != "$defs" && it.key() != "$schema" && it.key() != "$id") add_new_member(type, it.key(), *it);
                seen.insert(root->second);
                ir::json schema = rewrite(doc, "", type);
                add_discriminator(root->second, schema);
                const ir::Decl& d = model_.decl(root->second);
                add_new_member(out, component_key(d.family, d.name), std::move(schema));
            }
            auto defs = doc.root.find("$defs");
            if (defs == doc.root.end() || !defs->is_object()) continue;
            for (auto it = defs->begin(); it != defs->end(); ++it) {
                std::string pointer = load::pointer_append("", "$defs", it.key());
                auto id = find_decl(doc.family, it.key());
                if (!id || model_.decl(*id).lifted) {
                    error(doc, pointer, "openapi target: '" + doc.family + "." + it.key() +
                                            "' has no declaration in the model; cannot publish it as a component");
                    continue;
                }
                seen.insert(*id);
                ir::json schema = rewrite(doc, pointer, *it);
                add_discriminator(*id, schema);
                // (family, type) names one declaration, so the key is new.
                add_new_member(out, component_key(doc.family, it.key()), std::move(schema));
            }
        }
        // Every declared (not lifted) type must have become a component.
        for (ir::DeclId id = 0; id < model_.decls.size(); ++id) {
            const ir::Decl& d = model_.decl(id);
            if (!d.lifted && !seen.count(id))
                sink_.error(d.origin.file, d.origin.line, d.origin.column,
                            "openapi target: type '" + d.qualified_name() + "' is neither a $defs entry nor the root of its file");
        }
        return out;
    }

private:
    std::optional<ir::DeclId> find_decl(std::string_view family, std::string_view name) const {
        auto it = decl_ids_.find({family, name});
        if (it == decl_ids_.end()) return std::nullopt;
        return it->second;
    }

    void error(const load::Document& doc, const std::string& pointer, const std::string& message) {
        load::Position p = doc.position_of(pointer);
        sink_.error(doc.display_path, p.line, p.column, message);
    }

    // A copy of `node` (the schema at `pointer` in `doc`) with every $ref rewritten.
    ir::json rewrite(const load::Document& doc, const std::string& pointer, const ir::json& node) {
        if (!node.is_object()) return node;
        ir::json out = object_of_size(node.size());
        for (auto it = node.begin(); it != node.end(); ++it)
            add_new_member(out, it.key(), rewrite_member(doc, pointer, it.key(), *it));
        return out;
    }

    // The value of member `key` of the schema at `pointer`, rewritten. The
    // member's own pointer is only built for keywords that hold schemas.
    ir::json rewrite_member(const load::Document& doc, const std::string& pointer, const std::string& key,
                            const ir::json& value) {
        switch (member_kind(key)) {
            case MemberKind::Ref:
                if (value.is_string()) return rewrite_ref(doc, pointer, value.get_ref<const std::string&>());
                break;
            case MemberKind::Schema: return rewrite(doc, load::pointer_append(pointer, key), value);
            case MemberKind::SchemaMap:
                if (value.is_object()) {
                    std::string at = load::pointer_append(pointer, key);
                    ir::json map = object_of_size(value.size());
                    for (auto sub = value.begin(); sub != value.end(); ++sub)
                        add_new_member(map, sub.key(), rewrite(doc, load::pointer_append(at, sub.key()), *sub));
                    return map;
                }
                break;
            case MemberKind::SchemaList:
                if (value.is_array()) {
                    std::string at = load::pointer_append(pointer, key);
                    ir::json list = ir::json::array();
                    list.get_ref<ir::json::array_t&>().reserve(value.size());
                    for (std::size_t i = 0; i < value.size(); ++i)
                        list.push_back(rewrite(doc, load::pointer_append(at, i), value[i]));
                    return list;
                }
                break;
            case MemberKind::Discriminator:  // its mapping's values are $refs (checked by the IR)
                if (value.is_object() && value.contains("mapping") && value["mapping"].is_object()) {
                    std::string at = load::pointer_append(pointer, key);
                    ir::json out = value;
                    for (auto entry = out["mapping"].begin(); entry != out["mapping"].end(); ++entry)
                        if (entry->is_string())
                            *entry = rewrite_ref(doc, load::pointer_append(at, "mapping", entry.key()),
                                                 entry->get_ref<const std::string&>());
                    return out;
                }
                break;
            case MemberKind::Data: break;
        }
        return value;
    }

    std::string rewrite_ref(const load::Document& doc, const std::string& at, const std::string& ref) {
        auto loc = resolver_.resolve(doc, at, ref, sink_);
        if (!loc) return ref;
        const std::string prefix = "/$defs/";
        const std::string& p = loc->pointer;
        if (p.compare(0, prefix.size(), prefix) != 0 || p.size() == prefix.size()) {
            // Into a file whose root schema is a type: that type's component.
            if (auto root = root_types_.find(loc->doc->path); root != root_types_.end() && p != "/$defs") {
                const ir::Decl& d = model_.decl(root->second);
                return component_ref(d.family, d.name) + pointer_to_fragment(p);
            }
            error(doc, load::pointer_append(at, "$ref"),
                  "openapi target: $ref '" + ref + "' names '" + loc->key() +
                      "', which is not inside a $defs entry or a root schema that is a type; only types (and "
                      "schemas inside them) can be published as OpenAPI components");
            return ref;
        }
        std::size_t end = p.find('/', prefix.size());
        std::string name = load::unescape_pointer_token(p.substr(prefix.size(), end == std::string::npos ? std::string::npos : end - prefix.size()));
        std::string rest = end == std::string::npos ? std::string() : p.substr(end);
        return component_ref(loc->doc->family, name) + pointer_to_fragment(rest);
    }

    // OpenAPI's `discriminator` for the IR's discriminated unions whose
    // variants are all published types: an annotation that lets renderers
    // offer a type selector. Validation stays with oneOf/anyOf. A schema's
    // own `discriminator` is kept as written (its mapping rewritten).
    void add_discriminator(ir::DeclId id, ir::json& schema) {
        const ir::Decl& d = model_.decl(id);
        if (!d.is<ir::Union>()) return;
        const ir::Union& u = d.as<ir::Union>();
        const char* keyword = u.mode == ir::UnionMode::OneOf ? "oneOf" : "anyOf";
        if (!u.discriminator || !schema.contains(keyword) || schema.contains("discriminator")) return;
        ir::json mapping = ir::json::object();
        for (const auto& v : u.variants) {
            if (!v.tag || v.type.kind != ir::Kind::Named || model_.decl(v.type.decl).lifted) return;
            const ir::Decl& target = model_.decl(v.type.decl);
            mapping[*v.tag] = component_ref(target.family, target.name);
        }
        ir::json disc = {{"propertyName", *u.discriminator}, {"mapping", std::move(mapping)}};
        ir::json out = ir::json::object();
        for (auto it = schema.begin(); it != schema.end(); ++it) {
            out[it.key()] = *it;
            if (it.key() == keyword) out["discriminator"] = disc;
        }
        schema = std::move(out);
    }

    const ir::Model& model_;
    const load::SchemaSet& schemas_;
    resolve::Resolver resolver_;
    diag::Sink& sink_;
    std::map<std::pair<std::string_view, std::string_view>, ir::DeclId> decl_ids_;
    std::map<std::string, ir::DeclId> root_types_;  // file path → its root type
};

}  // namespace

std::string component_key(std::string_view family, std::string_view type) {
    std::string out;
    escape_part(family, out);
    out += '.';
    escape_part(type, out);
    return out;
}

std::string component_ref(std::string_view family, std::string_view type) {
    return "#/components/schemas/" + component_key(family, type);
}

std::string pointer_to_fragment(std::string_view pointer) {
    std::string out;
    for (char c : pointer) {
        auto u = static_cast<unsigned char>(c);
        bool keep = std::isalnum(u) || std::string_view("-._~!$&'()*+,;=:@/?").find(c) != std::string_view::npos;
        if (keep) {
            out += c;
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", static_cast<unsigned>(u));
            out += buf;
        }
    }
    return out;
}

ir::json build_component_schemas(const ir::Model& model, const load::SchemaSet& schemas, diag::Sink& sink) {
    return Builder(model, schemas, sink).build();
}

}  // namespace contractgen::emit::openapi
