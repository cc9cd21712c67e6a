// OpenAPI Schema Objects as JSON Schema 2020-12. OpenAPI 3.1's are 2020-12
// already, but for OpenAPI's own keywords; 3.0's are a dialect of their own:
//   nullable: true            → "null" added to `type` (only: 3.0.3 says so)
//   exclusiveMinimum: true    → exclusiveMinimum: <minimum> (boolean bounds)
//   $ref with siblings        → the siblings are ignored (3.0 says so), but
//                               for the annotations `description` and `title`
//   readOnly/writeOnly in `required` → not required (3.0: `required` holds
//                               for responses only or requests only, and one
//                               type serves both directions)
// and, in both versions,
//   example                   → examples: [example]
//   discriminator.mapping     → its values as `$ref`s into `$defs` (a bare
//                               component name too)
//   xml, externalDocs         → dropped: renderers' annotations that no
//                               target reads.
#include <algorithm>

#include "ir/schema_members.h"
#include "load/openapi/converter.h"

namespace contractgen::load::openapi {

namespace {

const std::string kComponentsSchemas = "/components/schemas/";

bool flag(const json& schema, const char* key) {
    auto it = schema.find(key);
    return it != schema.end() && it->is_boolean() && it->get<bool>();
}

}  // namespace

std::string Converter::schema_ref(const std::string& ref) {
    auto hash = ref.find('#');
    if (hash == std::string::npos || ref.compare(hash + 1, kComponentsSchemas.size(), kComponentsSchemas) != 0)
        return ref;
    return ref.substr(0, hash + 1) + "/$defs/" + ref.substr(hash + 1 + kComponentsSchemas.size());
}

json Converter::schema(const json& from, const std::string& pointer) {
    origins.note(pointer, from);
    if (!from.is_object()) return from;
    if (version == Version::V30 && from.contains("$ref")) {
        if (flag(from, "nullable"))
            warning(from["nullable"],
                    "\"nullable\" beside \"$ref\" has no effect (OpenAPI 3.0 ignores the siblings of "
                    "\"$ref\"); to accept null, write {\"anyOf\": [{\"$ref\": ...}, {\"enum\": [null]}]}");
        json out = json::object();
        for (const auto& [k, v] : from.items())
            if (k == "$ref" && v.is_string()) out[k] = schema_ref(v.get<std::string>());
            else if (k == "description" || k == "title" || k == "$ref")
                out[k] = v;
        return out;
    }
    json out = json::object();
    for (const auto& [k, v] : from.items()) {
        const std::string at = pointer_append(pointer, k);
        if (k == "xml" || k == "externalDocs") continue;
        if (k == "example") {
            if (!from.contains("examples")) out["examples"] = json::array({v});
            continue;
        }
        if (version == Version::V30 && (k == "nullable" || k == "exclusiveMinimum" || k == "exclusiveMaximum") &&
            v.is_boolean())
            continue;  // below
        if (k.rfind("x-", 0) == 0) {
            out[k] = v;
            continue;
        }
        switch (ir::member_kind(k)) {
            case ir::MemberKind::Ref: out[k] = v.is_string() ? json(schema_ref(v.get<std::string>())) : v; break;
            case ir::MemberKind::Schema: out[k] = schema(v, at); break;
            case ir::MemberKind::SchemaMap:
                if (!v.is_object()) {
                    out[k] = v;
                    break;
                }
                out[k] = json::object();
                for (const auto& [name, s] : v.items()) out[k][name] = schema(s, pointer_append(at, name));
                break;
            case ir::MemberKind::SchemaList:
                if (!v.is_array()) {
                    out[k] = v;
                    break;
                }
                out[k] = json::array();
                for (std::size_t i = 0; i < v.size(); ++i) out[k].push_back(schema(v[i], pointer_append(at, i)));
                break;
            case ir::MemberKind::Discriminator: {
                out[k] = v;
                if (!v.is_object() || !v.contains("mapping") || !v["mapping"].is_object()) break;
                for (auto& [tag, target] : out[k]["mapping"].items())
                    if (target.is_string()) {
                        const std::string& t = target.get_ref<const std::string&>();
                        // A bare name is a component's (OpenAPI: "mapping values MAY be schema names").
                        target = t.find('#') == std::string::npos && t.find('/') == std::string::npos &&
                                         t.find('.') == std::string::npos
                                     ? "#/$defs/" + escape_pointer_token(t)
                                     : schema_ref(t);
                    }
                break;
            }
            case ir::MemberKind::Data: out[k] = v; break;
        }
    }
    if (version != Version::V30) return out;

    for (const char* bound : {"Minimum", "Maximum"}) {
        const std::string exclusive = std::string("exclusive") + bound;
        const std::string inclusive = bound[1] == 'i' ? "minimum" : "maximum";
        auto it = from.find(exclusive);
        if (it == from.end() || !it->is_boolean()) continue;
        if (!it->get<bool>()) continue;
        if (!from.contains(inclusive)) {
            error(*it, "\"" + exclusive + "\": true needs \"" + inclusive +
                           "\" beside it (OpenAPI 3.0 makes the bound exclusive)");
            continue;
        }
        out[exclusive] = out[inclusive];
        out.erase(inclusive);
    }

    if (out.contains("required") && out["required"].is_array() && out.contains("properties") &&
        out["properties"].is_object()) {
        json& required = out["required"];
        const json& properties = out["properties"];
        required.erase(std::remove_if(required.begin(), required.end(),
                                      [&](const json& name) {
                                          if (!name.is_string() || !properties.contains(name.get<std::string>()))
                                              return false;
                                          const json& p = properties[name.get<std::string>()];
                                          return p.is_object() && (flag(p, "readOnly") || flag(p, "writeOnly"));
                                      }),
                       required.end());
        if (required.empty()) out.erase("required");
    }

    // OpenAPI 3.0.3: nullable "adds "null" to the allowed types specified by
    // the type keyword, only if type is explicitly defined within the same
    // Schema Object. Other Schema Object constraints retain their defined
    // behavior" (an `enum` without null still refuses null).
    if (!flag(from, "nullable")) return out;
    if (out.contains("type") && out["type"].is_string()) out["type"] = json::array({out["type"], "null"});
    else
        warning(from["nullable"],
                "\"nullable\": true has no effect without \"type\" beside it (OpenAPI 3.0.3); "
                "to accept null, write \"type\" here or use anyOf with {\"type\": \"null\"}");
    return out;
}

namespace {

// "#/$defs/X" → "X" (the local components only).
std::string local_def(const json& ref) {
    static const std::string prefix = "#/$defs/";
    if (!ref.is_string()) return "";
    const std::string& r = ref.get_ref<const std::string&>();
    if (r.compare(0, prefix.size(), prefix) != 0 || r.find('/', prefix.size()) != std::string::npos) return "";
    return unescape_pointer_token(r.substr(prefix.size()));
}

// The `$ref`s to each local component: in schemas (`in_schema`, by the
// keywords that hold schemas) and in the operations (anything but examples).
void count_refs(const json& node, std::map<std::string, int>& counts, bool in_schema) {
    if (node.is_object()) {
        for (const auto& [k, v] : node.items()) {
            if (k == "$ref") ++counts[local_def(v)];
            else if (in_schema ? k.rfind("x-", 0) != 0 && ir::member_kind(k) != ir::MemberKind::Data &&
                                     ir::member_kind(k) != ir::MemberKind::Discriminator
                               : k != "example" && k != "examples")
                count_refs(v, counts, in_schema || k == "schema" || k == "itemSchema");
        }
    } else if (node.is_array()) {
        for (const auto& v : node) count_refs(v, counts, in_schema);
    }
}

}  // namespace

// OpenAPI lets a discriminated union's variants leave their tag implicit: a
// variant's `propertyName` is any string, and the mapping (or, without one,
// the variant's component name) says which value selects it. The IR wants
// each variant to state its value as a const. A variant component that is
// used nowhere but as a variant of discriminated unions gets its value as a
// const: every payload that reaches it through the union has that value,
// so the union accepts what the source's union accepts. A variant used on its
// own as well keeps its schema, and the IR says what is missing.
void Converter::tag_discriminated_variants(json& root) {
    if (!root.contains("$defs") || !root["$defs"].is_object()) return;
    json& defs = root["$defs"];
    std::map<std::string, int> refs;
    for (const auto& [name, s] : defs.items()) count_refs(s, refs, true);
    if (root.contains("x-openapi")) count_refs(root["x-openapi"], refs, false);
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> wanted;  // variant → (property, value)
    std::map<std::string, int> as_variant;
    for (const auto& [name, s] : defs.items()) {
        if (!s.is_object() || !s.contains("discriminator") || !s["discriminator"].is_object()) continue;
        const json& d = s["discriminator"];
        if (!d.contains("propertyName") || !d["propertyName"].is_string()) continue;
        const std::string property = d["propertyName"].get<std::string>();
        for (const char* key : {"oneOf", "anyOf"}) {
            if (!s.contains(key) || !s[key].is_array()) continue;
            for (const json& variant : s[key]) {
                std::string target =
                    variant.is_object() && variant.size() == 1 ? local_def(variant.value("$ref", json())) : "";
                if (target.empty()) continue;
                ++as_variant[target];
                std::string value = target;
                if (d.contains("mapping") && d["mapping"].is_object())
                    for (const auto& [tag, to] : d["mapping"].items())
                        if (local_def(to) == target) value = tag;
                wanted[target].emplace_back(property, value);
            }
        }
    }
    for (const auto& [target, tags] : wanted) {
        if (refs[target] != as_variant[target] || !defs.contains(target)) continue;
        json& variant = defs[target];
        const auto& first = tags.front();  // clang 14 cannot capture a structured binding
        bool one_value = std::all_of(tags.begin(), tags.end(), [&first](const auto& t) { return t == first; });
        if (!one_value || !variant.is_object() || !variant.contains("properties")) continue;
        json& properties = variant["properties"];
        const auto& [property, value] = tags.front();
        if (!properties.is_object() || !properties.contains(property)) continue;
        json& p = properties[property];
        if (!p.is_object() || p.contains("const") || p.contains("enum") || p.value("type", json()) != "string")
            continue;
        p["const"] = value;
    }
}

}  // namespace contractgen::load::openapi
