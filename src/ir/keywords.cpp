#include "ir/keywords.h"

#include <algorithm>
#include <map>
#include <set>

namespace contractgen::ir {

namespace {

using load::json;

enum class Shape {
    String,
    Bool,
    Number,
    PositiveNumber,
    NonNegativeInteger,
    Schema,          // object or boolean
    SchemaMap,       // object of schemas
    SchemaArray,     // non-empty array of schemas
    UniqueStrings,   // array of distinct strings
    Array,
    TypeNames,       // "string" or array of distinct type names
    Anything,
};

const std::map<std::string, Shape>& table() {
    static const std::map<std::string, Shape> t = {
        {"$schema", Shape::String},
        {"$id", Shape::String},
        {"$comment", Shape::String},
        {"$defs", Shape::SchemaMap},
        {"$ref", Shape::String},
        {"type", Shape::TypeNames},
        {"properties", Shape::SchemaMap},
        {"required", Shape::UniqueStrings},
        {"additionalProperties", Shape::Schema},
        {"items", Shape::Schema},
        {"enum", Shape::Array},
        {"const", Shape::Anything},
        {"oneOf", Shape::SchemaArray},
        {"anyOf", Shape::SchemaArray},
        {"allOf", Shape::SchemaArray},
        {"not", Shape::Schema},
        {"format", Shape::String},
        {"minimum", Shape::Number},
        {"maximum", Shape::Number},
        {"exclusiveMinimum", Shape::Number},
        {"exclusiveMaximum", Shape::Number},
        {"multipleOf", Shape::PositiveNumber},
        {"minLength", Shape::NonNegativeInteger},
        {"maxLength", Shape::NonNegativeInteger},
        {"pattern", Shape::String},
        {"minItems", Shape::NonNegativeInteger},
        {"maxItems", Shape::NonNegativeInteger},
        {"uniqueItems", Shape::Bool},
        {"minProperties", Shape::NonNegativeInteger},
        {"maxProperties", Shape::NonNegativeInteger},
        {"default", Shape::Anything},
        {"title", Shape::String},
        {"description", Shape::String},
        {"deprecated", Shape::Bool},
        {"examples", Shape::Array},
    };
    return t;
}

const char* shape_text(Shape s) {
    switch (s) {
        case Shape::String: return "a string";
        case Shape::Bool: return "true or false";
        case Shape::Number: return "a number";
        case Shape::PositiveNumber: return "a number greater than 0";
        case Shape::NonNegativeInteger: return "a non-negative integer";
        case Shape::Schema: return "a schema (object or boolean)";
        case Shape::SchemaMap: return "an object whose values are schemas";
        case Shape::SchemaArray: return "a non-empty array of schemas";
        case Shape::UniqueStrings: return "an array of distinct strings";
        case Shape::Array: return "an array";
        case Shape::TypeNames: return "a type name or an array of distinct type names";
        case Shape::Anything: return "any value";
    }
    return "";
}

bool is_schema(const json& v) { return v.is_object() || v.is_boolean(); }

bool is_type_name(const json& v) {
    static const std::set<std::string> names = {"null", "boolean", "object", "array", "number", "integer", "string"};
    return v.is_string() && names.count(v.get<std::string>()) > 0;
}

bool distinct_strings(const json& v) {
    std::set<std::string> seen;
    for (const auto& e : v)
        if (!e.is_string() || !seen.insert(e.get<std::string>()).second) return false;
    return true;
}

bool fits(Shape s, const json& v) {
    switch (s) {
        case Shape::String: return v.is_string();
        case Shape::Bool: return v.is_boolean();
        case Shape::Number: return v.is_number();
        case Shape::PositiveNumber: return v.is_number() && v.get<double>() > 0;
        case Shape::NonNegativeInteger:
            if (v.is_number_unsigned()) return true;
            if (v.is_number_integer()) return v.get<std::int64_t>() >= 0;
            if (v.is_number_float()) {
                double d = v.get<double>();
                return d >= 0 && d == static_cast<double>(static_cast<std::uint64_t>(d));
            }
            return false;
        case Shape::Schema: return is_schema(v);
        case Shape::SchemaMap:
            if (!v.is_object()) return false;
            for (const auto& [k, e] : v.items())
                if (!is_schema(e)) return false;
            return true;
        case Shape::SchemaArray:
            if (!v.is_array() || v.empty()) return false;
            for (const auto& e : v)
                if (!is_schema(e)) return false;
            return true;
        case Shape::UniqueStrings: return v.is_array() && distinct_strings(v);
        case Shape::Array: return v.is_array();
        case Shape::TypeNames:
            if (is_type_name(v)) return true;
            if (!v.is_array() || v.empty() || !distinct_strings(v)) return false;
            for (const auto& e : v)
                if (!is_type_name(e)) return false;
            return true;
        case Shape::Anything: return true;
    }
    return false;
}

// Keywords people reach for that the subset leaves out, with what to do instead.
const std::map<std::string, std::string>& advice() {
    static const std::map<std::string, std::string> a = {
        {"patternProperties", "use additionalProperties with a schema for maps"},
        {"if", "use oneOf with a discriminating const property"},
        {"then", "use oneOf with a discriminating const property"},
        {"else", "use oneOf with a discriminating const property"},
        {"dependentRequired", "split the object into oneOf variants"},
        {"dependentSchemas", "split the object into oneOf variants"},
        {"unevaluatedProperties", "list every property and use additionalProperties: false"},
        {"unevaluatedItems", "use items"},
        {"prefixItems", "tuples are not supported yet; use an object"},
        {"$anchor", "use a JSON pointer ($ref '#/$defs/Name')"},
        {"$dynamicRef", "use $ref"},
        {"$dynamicAnchor", "use $ref"},
        {"definitions", "draft 2020-12 calls it $defs"},
    };
    return a;
}

}  // namespace

bool is_annotation_keyword(const std::string& k) {
    return k == "title" || k == "description" || k == "deprecated" || k == "examples" || k == "default" ||
           k == "$comment" || k == "$schema" || k == "$id" || k.rfind("x-", 0) == 0;
}

const std::vector<std::string>& supported_keywords() {
    static const std::vector<std::string> all = [] {
        std::vector<std::string> v;
        for (const auto& [k, s] : table()) v.push_back(k);
        return v;
    }();
    return all;
}

namespace {
// " (did you mean 'string'?)" for a misspelt type name ("strng").
std::string type_name_hint(const std::string& key, const json& value) {
    if (key != "type") return {};
    static const std::vector<std::string> names = {"array", "boolean", "integer", "null", "number", "object", "string"};
    for (const auto& v : value.is_array() ? value : json::array({value})) {
        if (!v.is_string() || is_type_name(v)) continue;
        std::string hint = diag::closest_match(v.get<std::string>(), names);
        if (!hint.empty()) return " (did you mean '" + hint + "'?)";
    }
    return {};
}
}  // namespace

bool check_keywords(const load::Document& doc, const std::string& pointer, const json& schema, bool is_root,
                    diag::Sink& sink) {
    if (!schema.is_object()) return true;
    bool ok = true;
    for (const auto& [key, value] : schema.items()) {
        if (key.rfind("x-", 0) == 0) continue;
        // Positions are only worked out when there is something to report.
        auto report = [&, key = key](const std::string& message) {
            load::Position pos = doc.position_of(load::pointer_append(pointer, key));
            sink.error(doc.display_path, pos.line, pos.column, message);
            ok = false;
        };
        auto it = table().find(key);
        if (it == table().end()) {
            std::string message = "keyword '" + key + "' is not supported";
            if (auto a = advice().find(key); a != advice().end()) {
                message += "; " + a->second;
            } else if (std::string hint = diag::closest_match(key, supported_keywords()); !hint.empty()) {
                message += " (did you mean '" + hint + "'?)";
            } else {
                message += " (extensions must start with 'x-'; the supported subset is listed in the README)";
            }
            report(message);
            continue;
        }
        if (!fits(it->second, value)) {
            report("'" + key + "' must be " + shape_text(it->second) + type_name_hint(key, value));
            continue;
        }
        if (key == "$schema" && value.get<std::string>() != "https://json-schema.org/draft/2020-12/schema")
            report("only draft 2020-12 is supported ($schema must be 'https://json-schema.org/draft/2020-12/schema')");
        if ((key == "$schema" || key == "$id") && !is_root)
            report("'" + key + "' is only supported at the top of a file; references are resolved by file path");
    }
    return ok;
}

}  // namespace contractgen::ir
