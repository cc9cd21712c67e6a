#include "emit/openapi/components.h"

#include <cctype>
#include <cstdio>
#include <set>

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

// Keywords whose value is a schema, a map of schemas or a list of schemas.
// Everything else (const, enum, default, examples, x-*, ...) is data and is
// never entered, so a `$ref` inside an example stays an example.
const std::set<std::string>& schema_keywords() {
    static const std::set<std::string> k = {"items", "additionalProperties", "not", "contains", "propertyNames",
                                            "if", "then", "else", "unevaluatedItems", "unevaluatedProperties",
                                            "contentSchema"};
    return k;
}
const std::set<std::string>& schema_map_keywords() {
    static const std::set<std::string> k = {"properties", "patternProperties", "$defs", "dependentSchemas"};
    return k;
}
const std::set<std::string>& schema_list_keywords() {
    static const std::set<std::string> k = {"allOf", "anyOf", "oneOf", "prefixItems"};
    return k;
}

class Builder {
public:
    Builder(const ir::Model& model, const load::SchemaSet& schemas, diag::Sink& sink)
        : model_(model), schemas_(schemas), resolver_(schemas), sink_(sink) {}

    ir::json build() {
        ir::json out = ir::json::object();
        std::set<ir::DeclId> seen;
        for (const auto& doc : schemas_.documents) {
            auto defs = doc.root.find("$defs");
            if (defs == doc.root.end() || !defs->is_object()) continue;
            for (auto it = defs->begin(); it != defs->end(); ++it) {
                std::string pointer = load::pointer_append(load::pointer_append("", "$defs"), it.key());
                auto id = model_.find(doc.family, it.key());
                if (!id || model_.decl(*id).lifted) {
                    error(doc, pointer, "openapi target: '" + doc.family + "." + it.key() +
                                            "' has no declaration in the model; cannot publish it as a component");
                    continue;
                }
                seen.insert(*id);
                ir::json schema = rewrite(doc, pointer, *it);
                add_discriminator(*id, schema);
                out[component_key(doc.family, it.key())] = std::move(schema);
            }
        }
        // Every declared (not lifted) type must have become a component.
        for (ir::DeclId id = 0; id < model_.decls.size(); ++id) {
            const ir::Decl& d = model_.decl(id);
            if (!d.lifted && !seen.count(id))
                sink_.error(d.origin.file, d.origin.line, d.origin.column,
                            "openapi target: type '" + d.qualified_name() + "' is not a $defs entry of its file");
        }
        return out;
    }

private:
    void error(const load::Document& doc, const std::string& pointer, const std::string& message) {
        load::Position p = doc.position_of(pointer);
        sink_.error(doc.display_path, p.line, p.column, message);
    }

    // A copy of `node` (the schema at `pointer` in `doc`) with every $ref rewritten.
    ir::json rewrite(const load::Document& doc, const std::string& pointer, const ir::json& node) {
        if (!node.is_object()) return node;
        ir::json out = ir::json::object();
        for (auto it = node.begin(); it != node.end(); ++it) {
            const std::string& key = it.key();
            std::string at = load::pointer_append(pointer, key);
            if (key == "$ref" && it->is_string()) {
                out[key] = rewrite_ref(doc, pointer, it->get<std::string>());
            } else if (schema_keywords().count(key)) {
                out[key] = rewrite(doc, at, *it);
            } else if (schema_map_keywords().count(key) && it->is_object()) {
                ir::json m = ir::json::object();
                for (auto sub = it->begin(); sub != it->end(); ++sub)
                    m[sub.key()] = rewrite(doc, load::pointer_append(at, sub.key()), *sub);
                out[key] = std::move(m);
            } else if (schema_list_keywords().count(key) && it->is_array()) {
                ir::json list = ir::json::array();
                for (std::size_t i = 0; i < it->size(); ++i)
                    list.push_back(rewrite(doc, load::pointer_append(at, i), (*it)[i]));
                out[key] = std::move(list);
            } else {
                out[key] = *it;
            }
        }
        return out;
    }

    std::string rewrite_ref(const load::Document& doc, const std::string& at, const std::string& ref) {
        auto loc = resolver_.resolve(doc, at, ref, sink_);
        if (!loc) return ref;
        const std::string prefix = "/$defs/";
        const std::string& p = loc->pointer;
        if (p.compare(0, prefix.size(), prefix) != 0 || p.size() == prefix.size()) {
            error(doc, load::pointer_append(at, "$ref"),
                  "openapi target: $ref '" + ref + "' names '" + loc->key() +
                      "', which is not inside a $defs entry; only types (and schemas inside them) can be "
                      "published as OpenAPI components");
            return ref;
        }
        std::size_t end = p.find('/', prefix.size());
        std::string name = load::unescape_pointer_token(p.substr(prefix.size(), end == std::string::npos ? std::string::npos : end - prefix.size()));
        std::string rest = end == std::string::npos ? std::string() : p.substr(end);
        return component_ref(loc->doc->family, name) + pointer_to_fragment(rest);
    }

    // OpenAPI's `discriminator` for the IR's discriminated unions whose
    // variants are all published types: an annotation that lets renderers
    // offer a type selector. Validation stays with oneOf/anyOf.
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
