#include "ir/api_reader.h"

#include <vector>

#include "ir/keywords.h"
#include "ir/schema_members.h"

namespace contractgen::ir::api {

std::string kind_name(const json& value) {
    switch (value.type()) {
        case json::value_t::object: return "an object";
        case json::value_t::array: return "an array";
        case json::value_t::string: return "a string";
        case json::value_t::boolean: return "a boolean";
        case json::value_t::null: return "null";
        case json::value_t::number_integer:
        case json::value_t::number_unsigned: return "an integer";
        default: return "a number";
    }
}

Reader::Reader(const load::SchemaSet& schemas, const Model& model, diag::Sink& sink)
    : schemas_(schemas), model_(model), resolver_(schemas), sink_(sink) {
    for (DeclId id = 0; id < model_.decls.size(); ++id) {
        const Decl& d = model_.decls[id];
        if (!d.lifted && d.origin.pointer.empty()) root_types_.emplace(d.origin.file, id);
    }
}

void Reader::error(const load::Document& doc, const std::string& pointer, const std::string& message) const {
    load::Position p = doc.position_of(pointer);
    sink_.error(doc.display_path, p.line, p.column, message);
}

Origin Reader::origin(const load::Document& doc, const std::string& pointer) const {
    load::Position p = doc.position_of(pointer);
    return Origin{doc.path, pointer, p.line, p.column};
}

void Reader::check_members(const load::Document& doc, const std::string& pointer, const json& object,
                           std::initializer_list<std::string_view> allowed, const std::string& what) const {
    if (!object.is_object()) return;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string& key = it.key();
        if (key.rfind("x-", 0) == 0) continue;
        bool known = false;
        for (auto a : allowed) known = known || a == key;
        if (known) continue;
        std::vector<std::string> candidates(allowed.begin(), allowed.end());
        std::string hint = diag::closest_match(key, candidates);
        error(doc, load::pointer_append(pointer, key),
              "unknown member '" + key + "' in " + what + (hint.empty() ? "" : " (did you mean '" + hint + "'?)"));
    }
}

const json* Reader::member(const load::Document& doc, const std::string& pointer, const json& object,
                           const std::string& key, Want want, bool required, const std::string& what) const {
    auto it = object.find(key);
    if (it == object.end()) {
        if (required) error(doc, pointer, what + " needs '" + key + "'");
        return nullptr;
    }
    const json& v = *it;
    bool ok = false;
    std::string wanted;
    switch (want) {
        case Want::Object:
            ok = v.is_object();
            wanted = "an object";
            break;
        case Want::Array:
            ok = v.is_array();
            wanted = "an array";
            break;
        case Want::String:
            ok = v.is_string();
            wanted = "a string";
            break;
        case Want::Boolean:
            ok = v.is_boolean();
            wanted = "a boolean";
            break;
        case Want::Integer:
            ok = v.is_number_integer() || v.is_number_unsigned();
            wanted = "an integer";
            break;
        case Want::Any: ok = true; break;
    }
    if (!ok) {
        error(doc, load::pointer_append(pointer, key),
              "'" + key + "' of " + what + " must be " + wanted + ", not " + kind_name(v));
        return nullptr;
    }
    return &v;
}

std::optional<resolve::Location> Reader::resolve(const load::Document& doc, const std::string& at,
                                                 const std::string& ref) {
    return resolver_.resolve(doc, at, ref, sink_);
}

std::optional<DeclId> Reader::decl_of(const resolve::Location& loc) const {
    const std::string prefix = "/$defs/";
    const std::string& p = loc.pointer;
    if (p.empty()) {
        auto root = root_types_.find(loc.doc->path);
        return root == root_types_.end() ? std::nullopt : std::optional<DeclId>(root->second);
    }
    if (p.compare(0, prefix.size(), prefix) != 0 || p.find('/', prefix.size()) != std::string::npos)
        return std::nullopt;
    std::string name = load::unescape_pointer_token(p.substr(prefix.size()));
    auto id = model_.find(loc.doc->family, name);
    if (!id || model_.decl(*id).lifted) return std::nullopt;
    return id;
}

bool Reader::names_a_type(const resolve::Location& loc) const {
    const std::string prefix = "/$defs/";
    const std::string& p = loc.pointer;
    if (p.compare(0, prefix.size(), prefix) == 0 && p.size() > prefix.size()) return true;
    return root_types_.count(loc.doc->path) && p != "/$defs";
}

std::optional<DeclId> Reader::type_ref(const load::Document& doc, const std::string& pointer, const json& node,
                                       const std::string& what, bool constant) {
    const std::string needs = constant ? "a contract constant" : "a contract type";
    if (!node.is_object() || !node.contains("$ref") || !node["$ref"].is_string()) {
        error(doc, pointer, what + " must be {\"$ref\": \"...\"} naming " + needs + ", not " + kind_name(node));
        return std::nullopt;
    }
    for (auto it = node.begin(); it != node.end(); ++it)
        if (it.key() != "$ref" && !is_annotation_keyword(it.key()) && it.key().rfind("x-", 0) != 0)
            error(doc, load::pointer_append(pointer, it.key()),
                  "'" + it.key() + "' next to the $ref of " + what + "; only annotations may stand beside it");
    const std::string& ref = node["$ref"].get_ref<const std::string&>();
    auto loc = resolve(doc, pointer, ref);
    if (!loc) return std::nullopt;
    auto id = decl_of(*loc);
    if (!id) {
        error(doc, load::pointer_append(pointer, "$ref"),
              "$ref '" + ref + "' of " + what + " names '" + loc->key() + "', not " + needs +
                  " (a whole $defs entry such as '#/$defs/Name')");
        return std::nullopt;
    }
    bool is_constant = model_.decl(*id).is<Constant>();
    if (is_constant != constant) {
        error(doc, load::pointer_append(pointer, "$ref"),
              "$ref '" + ref + "' of " + what + " names " + (is_constant ? "the constant '" : "the type '") +
                  model_.decl(*id).qualified_name() + "'; " + what + " needs " + needs);
        return std::nullopt;
    }
    return id;
}

void Reader::check_schema(const load::Document& doc, const std::string& pointer, const json& schema) {
    if (schema.is_boolean()) return;
    if (!schema.is_object()) {
        error(doc, pointer, "a schema must be an object or a boolean, not " + kind_name(schema));
        return;
    }
    check_keywords(doc, pointer, schema, false, sink_);
    for (auto it = schema.begin(); it != schema.end(); ++it) {
        const std::string& key = it.key();
        const json& value = *it;
        std::string at = load::pointer_append(pointer, key);
        switch (member_kind(key)) {
            case MemberKind::Ref:
                if (value.is_string()) {
                    const std::string& ref = value.get_ref<const std::string&>();
                    auto loc = resolve(doc, pointer, ref);
                    if (loc && !names_a_type(*loc))
                        error(doc, at,
                              "$ref '" + ref + "' names '" + loc->key() +
                                  "', which is not inside a $defs entry or a root schema that is a type; an "
                                  "operation's schemas may only refer to contract types");
                }
                break;
            case MemberKind::Discriminator:  // its mapping's values are references to variant types
                if (value.is_object() && value.contains("mapping") && value["mapping"].is_object())
                    for (auto entry = value["mapping"].begin(); entry != value["mapping"].end(); ++entry) {
                        if (!entry->is_string()) continue;
                        std::string entry_at = load::pointer_append(at, "mapping", entry.key());
                        // The resolver reports at `<at>/$ref`; a mapping value has no such member, so report here.
                        diag::Sink quiet;
                        auto loc = resolver_.resolve(doc, entry_at, entry->get<std::string>(), quiet);
                        if (!loc || !decl_of(*loc))
                            error(doc, entry_at,
                                  "discriminator mapping '" + entry.key() + "': '" + entry->get<std::string>() +
                                      "' does not name a contract type");
                    }
                break;
            case MemberKind::Schema: check_schema(doc, at, value); break;
            case MemberKind::SchemaMap:
                if (value.is_object())
                    for (auto sub = value.begin(); sub != value.end(); ++sub)
                        check_schema(doc, load::pointer_append(at, sub.key()), *sub);
                break;
            case MemberKind::SchemaList:
                if (value.is_array())
                    for (std::size_t i = 0; i < value.size(); ++i)
                        check_schema(doc, load::pointer_append(at, i), value[i]);
                break;
            case MemberKind::Data: break;
        }
    }
}

}  // namespace contractgen::ir::api
