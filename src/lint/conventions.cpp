#include "lint/conventions.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace contractgen::lint {
namespace {

using load::Document;
using json = load::json;

// A $defs entry that a convention names.
struct Def {
    const Document* doc = nullptr;
    std::string pointer;  // "/$defs/Name"
    std::string name;
    const json* schema = nullptr;
};

std::string quote(const std::string& text) { return "\"" + text + "\""; }

class Checker {
public:
    Checker(const load::SchemaSet& schemas, diag::Sink& sink) : schemas_(schemas), sink_(sink) {}

    void run() {
        for (const Document& doc : schemas_.documents) {
            const json* defs = doc.node_at("/$defs");
            if (defs == nullptr || !defs->is_object()) continue;
            for (auto it = defs->begin(); it != defs->end(); ++it) {
                if (!it->is_object()) continue;
                Def def{&doc, load::pointer_append("/$defs", it.key()), it.key(), &*it};
                if (it->contains("x-tag-enum")) check_tag_enum(def);
                if (it->contains("x-keys-of")) check_keys_of(def);
            }
        }
    }

private:
    void error_at(const Document& doc, const std::string& pointer, const std::string& message, bool value = false) {
        load::Position p = value ? doc.value_position_of(pointer) : doc.position_of(pointer);
        sink_.error(doc.display_path, p.line, p.column, message);
    }

    // The $defs entry `ref` names, written in `from`; nullopt when it names none.
    std::optional<Def> resolve(const Document& from, const std::string& ref) const {
        const std::size_t hash = ref.find('#');
        if (hash == std::string::npos) return std::nullopt;
        const std::string file = ref.substr(0, hash);
        const std::string fragment = ref.substr(hash + 1);
        const std::string prefix = "/$defs/";
        if (fragment.compare(0, prefix.size(), prefix) != 0 || fragment.find('/', prefix.size()) != std::string::npos)
            return std::nullopt;
        const Document* doc = &from;
        if (!file.empty()) {
            // Relative to the referring file's folder, normalised ("a/../b" → "b").
            std::vector<std::string> parts;
            std::string base = from.path.substr(0, from.path.rfind('/') + 1) + file;
            std::size_t start = 0;
            while (start <= base.size()) {
                std::size_t slash = base.find('/', start);
                if (slash == std::string::npos) slash = base.size();
                std::string part = base.substr(start, slash - start);
                if (part == "..") {
                    if (parts.empty()) return std::nullopt;
                    parts.pop_back();
                } else if (!part.empty() && part != ".") {
                    parts.push_back(part);
                }
                start = slash + 1;
            }
            std::string path;
            for (const auto& part : parts) path += (path.empty() ? "" : "/") + part;
            doc = schemas_.find(path);
            if (doc == nullptr) return std::nullopt;
        }
        const std::string name = load::unescape_pointer_token(fragment.substr(prefix.size()));
        const std::string pointer = load::pointer_append("/$defs", name);
        const json* schema = doc->node_at(pointer);
        if (schema == nullptr || !schema->is_object()) return std::nullopt;
        return Def{doc, pointer, name, schema};
    }

    // The enum a convention keyword names, or nullopt after reporting why not.
    std::optional<Def> named_enum(const Def& def, const char* keyword) {
        const std::string at = load::pointer_append(def.pointer, keyword);
        const json& ref = (*def.schema)[keyword];
        if (!ref.is_string()) {
            error_at(*def.doc, at, std::string(keyword) + " must be a string naming an enum, like \"#/$defs/MyEnum\"",
                     true);
            return std::nullopt;
        }
        auto target = resolve(*def.doc, ref.get<std::string>());
        if (!target) {
            error_at(*def.doc, at,
                     std::string(keyword) + " " + quote(ref.get<std::string>()) +
                         " names no $defs entry (write it as a $ref: \"#/$defs/X\" or "
                         "\"file.schema.json#/$defs/X\")",
                     true);
            return std::nullopt;
        }
        const json* values = target->schema->contains("enum") ? &(*target->schema)["enum"] : nullptr;
        if (values == nullptr || !values->is_array() ||
            !std::all_of(values->begin(), values->end(), [](const json& v) { return v.is_string(); })) {
            error_at(*def.doc, at,
                     std::string(keyword) + " names '" + target->name + "', which is not an enum of strings", true);
            return std::nullopt;
        }
        return target;
    }

    static std::vector<std::string> strings_of(const json& array) {
        std::vector<std::string> out;
        for (const auto& v : array) out.push_back(v.get<std::string>());
        return out;
    }

    // The tag property of a union: x-discriminator, else OpenAPI's discriminator.propertyName.
    static std::string tag_property(const json& union_schema) {
        if (auto it = union_schema.find("x-discriminator"); it != union_schema.end() && it->is_string())
            return it->get<std::string>();
        if (auto it = union_schema.find("discriminator"); it != union_schema.end() && it->is_object())
            if (auto p = it->find("propertyName"); p != it->end() && p->is_string()) return p->get<std::string>();
        return "";
    }

    // The schema of member `property` of the object at `pointer`: among its
    // properties, else in its allOf members (inline or $ref), where a
    // variant narrows a shared base. Sets where it was found.
    const json* find_property(const Document& doc, const std::string& pointer, const std::string& property,
                              const Document*& found_doc, std::string& found_at, int depth) const {
        const json* schema = doc.node_at(pointer);
        if (schema == nullptr || !schema->is_object() || depth > 8) return nullptr;
        if (auto ref = schema->find("$ref"); ref != schema->end() && ref->is_string()) {
            auto target = resolve(doc, ref->get<std::string>());
            return target ? find_property(*target->doc, target->pointer, property, found_doc, found_at, depth + 1)
                          : nullptr;
        }
        const std::string at = load::pointer_append(pointer, "properties", property);
        if (const json* prop = doc.node_at(at); prop != nullptr) {
            found_doc = &doc;
            found_at = at;
            return prop;
        }
        if (auto all = schema->find("allOf"); all != schema->end() && all->is_array()) {
            // The last member that has it: a variant's own members follow its base.
            for (std::size_t i = all->size(); i-- > 0;) {
                const json* prop = find_property(doc, load::pointer_append(load::pointer_append(pointer, "allOf"), i),
                                                 property, found_doc, found_at, depth + 1);
                if (prop != nullptr && prop->is_object() && prop->contains("const")) return prop;
            }
        }
        return nullptr;
    }

    void check_tag_enum(const Def& def) {
        auto target = named_enum(def, "x-tag-enum");
        if (!target) return;
        const json* variants = def.schema->contains("oneOf") ? &(*def.schema)["oneOf"] : nullptr;
        if (variants == nullptr || !variants->is_array()) {
            error_at(*def.doc, load::pointer_append(def.pointer, "x-tag-enum"),
                     "x-tag-enum belongs on a discriminated union: '" + def.name + "' has no oneOf");
            return;
        }
        const std::string property = tag_property(*def.schema);
        if (property.empty()) {
            error_at(*def.doc, load::pointer_append(def.pointer, "x-tag-enum"),
                     "x-tag-enum on '" + def.name +
                         "' needs the union's tag property: add \"x-discriminator\": "
                         "\"<property>\" beside it");
            return;
        }
        // The tags in the union's order, each with the variant that carries it.
        std::vector<std::pair<std::string, std::string>> tags;
        for (std::size_t i = 0; i < variants->size(); ++i) {
            const json& branch = (*variants)[i];
            if (!branch.is_object() || !branch.contains("$ref") || !branch["$ref"].is_string()) continue;
            auto variant = resolve(*def.doc, branch["$ref"].get<std::string>());
            if (!variant) continue;  // the loader reports unresolvable $refs
            const Document* prop_doc = variant->doc;
            std::string prop_at;
            const json* prop = find_property(*variant->doc, variant->pointer, property, prop_doc, prop_at, 0);
            if (prop == nullptr || !prop->is_object() || !prop->contains("const") || !(*prop)["const"].is_string()) {
                error_at(*variant->doc, variant->pointer,
                         "'" + variant->name + "', a variant of union '" + def.name + "', has no tag: add \"" +
                             property +
                             "\": {\"type\": \"string\", \"const\": \"<wire value>\"} to its properties and required");
                continue;
            }
            if (!prop->contains("type")) {
                error_at(*prop_doc, prop_at,
                         "the tag '" + property + "' of '" + variant->name + "' (a variant of union '" + def.name +
                             "') gives no type: add \"type\": \"string\" beside its \"const\"");
            }
            tags.emplace_back((*prop)["const"].get<std::string>(), variant->name);
        }
        const std::vector<std::string> values = strings_of((*target->schema)["enum"]);
        const std::string enum_at = load::pointer_append(target->pointer, "enum");
        bool complete = true;
        for (std::size_t i = 0; i < tags.size(); ++i) {
            if (std::find(values.begin(), values.end(), tags[i].first) != values.end()) continue;
            complete = false;
            std::string where = i == 0 ? "first" : "after " + quote(tags[i - 1].first);
            error_at(*target->doc, enum_at,
                     "enum '" + target->name + "' lacks " + quote(tags[i].first) + ", the tag of '" + tags[i].second +
                         "' in union '" + def.name + "' (x-tag-enum): add it to the enum, " + where,
                     true);
        }
        for (const auto& value : values) {
            if (std::any_of(tags.begin(), tags.end(), [&](const auto& t) { return t.first == value; })) continue;
            complete = false;
            error_at(*target->doc, enum_at,
                     "enum '" + target->name + "' has " + quote(value) + ", which no variant of union '" + def.name +
                         "' carries (x-tag-enum): remove it, or add its variant to the union",
                     true);
        }
        if (!complete) return;
        for (std::size_t i = 0; i < tags.size() && i < values.size(); ++i) {
            if (tags[i].first == values[i]) continue;
            error_at(*target->doc, enum_at,
                     "enum '" + target->name + "' lists " + quote(values[i]) + " where union '" + def.name + "' has " +
                         quote(tags[i].first) + " (position " + std::to_string(i + 1) +
                         "): list the tags in the union's order (x-tag-enum)",
                     true);
            return;
        }
    }

    void check_keys_of(const Def& def) {
        auto target = named_enum(def, "x-keys-of");
        if (!target) return;
        const std::string const_at = load::pointer_append(def.pointer, "const");
        if (!def.schema->contains("const") || !(*def.schema)["const"].is_object()) {
            error_at(
                *def.doc, load::pointer_append(def.pointer, "x-keys-of"),
                "x-keys-of belongs on a constant whose value is an object: '" + def.name + "' has no such \"const\"");
            return;
        }
        const json& table = (*def.schema)["const"];
        std::vector<std::string> keys;
        for (auto it = table.begin(); it != table.end(); ++it) keys.push_back(it.key());
        const std::vector<std::string> values = strings_of((*target->schema)["enum"]);
        bool complete = true;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (std::find(keys.begin(), keys.end(), values[i]) != keys.end()) continue;
            complete = false;
            std::string where = i == 0 ? "first" : "after " + quote(values[i - 1]);
            error_at(*def.doc, const_at,
                     "constant '" + def.name + "' has no key " + quote(values[i]) + " (a value of enum '" +
                         target->name + "', x-keys-of): add " + quote(values[i]) + ": <value> to it, " + where,
                     true);
        }
        for (const auto& key : keys) {
            if (std::find(values.begin(), values.end(), key) != values.end()) continue;
            complete = false;
            error_at(*def.doc, load::pointer_append(const_at, key),
                     "constant '" + def.name + "' has key " + quote(key) + ", which enum '" + target->name +
                         "' does not list (x-keys-of): remove it, or add the value to the enum");
        }
        if (!complete) return;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (keys[i] == values[i]) continue;
            error_at(*def.doc, load::pointer_append(const_at, keys[i]),
                     "constant '" + def.name + "' has key " + quote(keys[i]) + " where enum '" + target->name +
                         "' has " + quote(values[i]) + " (position " + std::to_string(i + 1) +
                         "): list the keys in the enum's order (x-keys-of)");
            return;
        }
    }

    const load::SchemaSet& schemas_;
    diag::Sink& sink_;
};

}  // namespace

void check_conventions(const load::SchemaSet& schemas, diag::Sink& sink) { Checker(schemas, sink).run(); }

}  // namespace contractgen::lint
