#include "emit/apidoc/components.h"

#include <cctype>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "ir/schema_members.h"

namespace contractgen::emit::apidoc {

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

// An empty object with room for `members` members.
ir::json object_of_size(std::size_t members) {
    ir::json out = ir::json::object();
    out.get_ref<ir::json::object_t&>().reserve(members);
    return out;
}

void error_at(diag::Sink& sink, const load::Document& doc, const std::string& pointer, const std::string& message) {
    load::Position p = doc.position_of(pointer);
    sink.error(doc.display_path, p.line, p.column, message);
}

class ComponentBuilder {
public:
    ComponentBuilder(const ir::Model& model, const load::SchemaSet& schemas, diag::Sink& sink,
                     const ComponentOptions& options)
        : model_(model),
          schemas_(schemas),
          rewriter_(model, schemas, sink),
          sink_(sink),
          options_(options),
          published_(model) {
        rewriter_.json_content = options.json_content;
        rewriter_.discriminator_as_name = !options.discriminators;
    }

    ir::json build() {
        // Room for every component up front (each is a declaration): growing
        // would copy the members, as their const keys make them not nothrow-movable.
        ir::json out = object_of_size(model_.decls.size());
        std::set<ir::DeclId> seen;
        for (const auto& doc : schemas_.documents) {
            // A file's root schema, when it is a type, is a component like its $defs entries.
            if (auto root = published_.at(doc.path, "")) {
                static const std::set<std::string> file_only = {"$defs", "$schema", "$id", "x-openapi", "x-streams"};
                // A file may be a boolean schema (`true`): the component is that value.
                ir::json type = doc.root.is_object() ? object_of_size(doc.root.size()) : doc.root;
                if (doc.root.is_object())
                    for (auto it = doc.root.begin(); it != doc.root.end(); ++it)
                        if (!file_only.count(it.key())) add_new_member(type, it.key(), *it);
                seen.insert(*root);
                ir::json schema = rewriter_.schema(doc, "", type);
                if (options_.discriminators) add_discriminator(*root, schema);
                const ir::Decl& d = model_.decl(*root);
                add_new_member(out, component_key(d.family, d.name), std::move(schema));
            }
            auto defs = doc.root.find("$defs");
            if (defs == doc.root.end() || !defs->is_object()) continue;
            for (auto it = defs->begin(); it != defs->end(); ++it) {
                std::string pointer = load::pointer_append("", "$defs", it.key());
                auto id = published_.at(doc.path, pointer);
                if (!id) {
                    error_at(sink_, doc, pointer,
                             "'" + doc.family + "." + it.key() +
                                 "' has no declaration in the model; cannot publish it as a component");
                    continue;
                }
                seen.insert(*id);
                ir::json schema = rewriter_.schema(doc, pointer, *it);
                if (options_.discriminators) add_discriminator(*id, schema);
                // (family, type) names one declaration, so the key is new.
                const ir::Decl& d = model_.decl(*id);
                add_new_member(out, component_key(d.family, d.name), std::move(schema));
            }
        }
        // Every declared (not lifted) type must have become a component.
        for (ir::DeclId id = 0; id < model_.decls.size(); ++id) {
            const ir::Decl& d = model_.decl(id);
            if (!d.lifted && !seen.count(id))
                sink_.error(d.origin.file, d.origin.line, d.origin.column,
                            "type '" + d.qualified_name() +
                                "' is neither a $defs entry nor the root of its file; only "
                                "those can be published as components");
        }
        return out;
    }

private:
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
        added_discriminator_ = true;
        ir::json disc = {{"propertyName", *u.discriminator}, {"mapping", std::move(mapping)}};
        ir::json out = ir::json::object();
        for (auto it = schema.begin(); it != schema.end(); ++it) {
            out[it.key()] = *it;
            if (it.key() == keyword) out["discriminator"] = disc;
        }
        schema = std::move(out);
    }

public:
    // No option changed anything: json_content is on in both documents; discriminators are the difference.
    bool same_for_all() const { return !added_discriminator_ && !rewriter_.met_discriminator && options_.json_content; }

private:
    bool added_discriminator_ = false;
    const ir::Model& model_;
    const load::SchemaSet& schemas_;
    SchemaRewriter rewriter_;
    diag::Sink& sink_;
    ComponentOptions options_;
    PublishedTypes published_;
};

}  // namespace

std::string component_key(std::string_view family, std::string_view type) {
    std::string out;
    escape_part(family, out);
    out += '.';
    escape_part(type, out);
    return out;
}

std::string key_part(std::string_view part) {
    std::string out;
    escape_part(part, out);
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

void add_new_member(ir::json& object, const std::string& key, ir::json value) {
    object.get_ref<ir::json::object_t&>().emplace_back(key, std::move(value));
}

SchemaRewriter::SchemaRewriter(const ir::Model& model, const load::SchemaSet& schemas, diag::Sink& sink)
    : model_(model), resolver_(schemas), sink_(sink), published_(model) {}

PublishedTypes::PublishedTypes(const ir::Model& model) {
    for (ir::DeclId id = 0; id < model.decls.size(); ++id) {
        const ir::Decl& d = model.decls[id];
        if (!d.lifted) by_origin_.try_emplace({d.origin.file, d.origin.pointer}, id);
    }
}

std::optional<ir::DeclId> PublishedTypes::at(const std::string& file, const std::string& pointer) const {
    auto it = by_origin_.find({file, pointer});
    if (it == by_origin_.end()) return std::nullopt;
    return it->second;
}

ir::json SchemaRewriter::schema(const load::Document& doc, const std::string& pointer, const ir::json& node) {
    if (!node.is_object()) return node;
    ir::json out = object_of_size(node.size() + 2);
    for (auto it = node.begin(); it != node.end(); ++it) {
        // The conventions `contractgen lint` checks (lint/conventions.h) name
        // $defs in file terms, which mean nothing in an API document.
        if (it.key() == "x-tag-enum" || it.key() == "x-keys-of") continue;
        add_new_member(out, it.key(), member(doc, pointer, it.key(), *it));
    }
    if (json_content && node.contains("x-json-content")) add_json_content(doc, pointer, out);
    return out;
}

// The value of member `key` of the schema at `pointer`, rewritten. The
// member's own pointer is only built for keywords that hold schemas.
ir::json SchemaRewriter::member(const load::Document& doc, const std::string& pointer, const std::string& key,
                                const ir::json& value) {
    switch (ir::member_kind(key)) {
        case ir::MemberKind::Ref:
            if (value.is_string()) return ref(doc, pointer, value.get_ref<const std::string&>());
            break;
        case ir::MemberKind::Schema: return schema(doc, load::pointer_append(pointer, key), value);
        case ir::MemberKind::SchemaMap:
            if (value.is_object()) {
                std::string at = load::pointer_append(pointer, key);
                ir::json map = object_of_size(value.size());
                for (auto sub = value.begin(); sub != value.end(); ++sub)
                    add_new_member(map, sub.key(), schema(doc, load::pointer_append(at, sub.key()), *sub));
                return map;
            }
            break;
        case ir::MemberKind::SchemaList:
            if (value.is_array()) {
                std::string at = load::pointer_append(pointer, key);
                ir::json list = ir::json::array();
                list.get_ref<ir::json::array_t&>().reserve(value.size());
                for (std::size_t i = 0; i < value.size(); ++i)
                    list.push_back(schema(doc, load::pointer_append(at, i), value[i]));
                return list;
            }
            break;
        case ir::MemberKind::Discriminator:  // its mapping's values are references (checked by the IR)
            met_discriminator = true;
            if (value.is_object() && discriminator_as_name && value.contains("propertyName"))
                return value["propertyName"];
            if (value.is_object() && value.contains("mapping") && value["mapping"].is_object()) {
                std::string at = load::pointer_append(pointer, key);
                ir::json out = value;
                for (auto entry = out["mapping"].begin(); entry != out["mapping"].end(); ++entry)
                    if (entry->is_string())
                        *entry = ref(doc, load::pointer_append(at, "mapping", entry.key()),
                                     entry->get_ref<const std::string&>());
                return out;
            }
            break;
        case ir::MemberKind::Data: break;
    }
    return value;
}

// `x-json-content: "family.Type"` on a string: the standard annotations for
// a string holding JSON, placed right after it unless the schema has them.
void SchemaRewriter::add_json_content(const load::Document& doc, const std::string& pointer, ir::json& out) {
    const ir::json& named = out["x-json-content"];
    if (!named.is_string() || out.contains("contentMediaType") || out.contains("contentSchema")) return;
    const std::string& qualified = named.get_ref<const std::string&>();
    auto dot = qualified.find('.');
    auto id =
        dot == std::string::npos ? std::nullopt : model_.find(qualified.substr(0, dot), qualified.substr(dot + 1));
    if (!id || model_.decl(*id).lifted) {
        error_at(sink_, doc, load::pointer_append(pointer, "x-json-content"),
                 "x-json-content '" + qualified + "' names no contract type (write 'family.Type')");
        return;
    }
    ir::json with = object_of_size(out.size() + 2);
    for (auto it = out.begin(); it != out.end(); ++it) {
        add_new_member(with, it.key(), std::move(*it));
        if (it.key() == "x-json-content") {
            add_new_member(with, "contentMediaType", "application/json");
            add_new_member(with, "contentSchema",
                           ir::json{{"$ref", component_ref(model_.decl(*id).family, model_.decl(*id).name)}});
        }
    }
    out = std::move(with);
}

ir::json SchemaRewriter::all_refs(const load::Document& doc, const std::string& pointer, const ir::json& node) {
    if (node.is_array()) {
        ir::json list = ir::json::array();
        for (std::size_t i = 0; i < node.size(); ++i)
            list.push_back(all_refs(doc, load::pointer_append(pointer, i), node[i]));
        return list;
    }
    if (!node.is_object()) return node;
    ir::json out = object_of_size(node.size());
    for (auto it = node.begin(); it != node.end(); ++it) {
        if (it.key() == "$ref" && it->is_string())
            add_new_member(out, it.key(), ref(doc, pointer, it->get<std::string>()));
        else
            add_new_member(out, it.key(), all_refs(doc, load::pointer_append(pointer, it.key()), *it));
    }
    return out;
}

std::string SchemaRewriter::ref(const load::Document& doc, const std::string& at, const std::string& ref) {
    auto loc = resolver_.resolve(doc, at, ref, sink_);
    if (!loc) return ref;
    const std::string prefix = "/$defs/";
    const std::string& p = loc->pointer;
    if (p.compare(0, prefix.size(), prefix) != 0 || p.size() == prefix.size()) {
        // Into a file whose root schema is a type: that type's component.
        if (auto root = published_.at(loc->doc->path, ""); root && p != "/$defs") {
            const ir::Decl& d = model_.decl(*root);
            return component_ref(d.family, d.name) + pointer_to_fragment(p);
        }
        error_at(sink_, doc, load::pointer_append(at, "$ref"),
                 "$ref '" + ref + "' names '" + loc->key() +
                     "', which is not inside a $defs entry or a root schema that is a type; only types (and "
                     "schemas inside them) can be published as components");
        return ref;
    }
    std::size_t end = p.find('/', prefix.size());
    std::string name = load::unescape_pointer_token(
        p.substr(prefix.size(), end == std::string::npos ? std::string::npos : end - prefix.size()));
    std::string rest = end == std::string::npos ? std::string() : p.substr(end);
    // The entry's declaration carries its component's name (qualified when two files share it).
    if (auto entry = published_.at(loc->doc->path, p.substr(0, end))) {
        const ir::Decl& d = model_.decl(*entry);
        return component_ref(d.family, d.name) + pointer_to_fragment(rest);
    }
    return component_ref(loc->doc->family, name) + pointer_to_fragment(rest);
}

ir::json build_component_schemas(const ir::Model& model, const load::SchemaSet& schemas, diag::Sink& sink,
                                 const ComponentOptions& options, bool* same_for_all) {
    ComponentBuilder builder(model, schemas, sink, options);
    ir::json out = builder.build();
    if (same_for_all != nullptr) *same_for_all = builder.same_for_all();
    return out;
}

}  // namespace contractgen::emit::apidoc
