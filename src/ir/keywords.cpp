#include "ir/keywords.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>

#include "ir/integral.h"

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
    StringListMap,   // object whose values are arrays of distinct strings (dependentRequired)
    Anchor,          // a plain name: a letter or '_', then letters, digits, '-', '_', '.'
    Array,
    TypeNames,       // "string" or array of distinct type names
    Object,          // any object (its members are checked where it is used)
    Anything,
};

struct KeywordInfo {
    std::string_view name;
    Shape shape;
};

// Indexed by Keyword: the order of that enum.
constexpr std::array<KeywordInfo, kKeywordCount> kKeywords = {{
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
    {"discriminator", Shape::Object},
    {"$anchor", Shape::Anchor},
    {"$dynamicAnchor", Shape::Anchor},
    {"$dynamicRef", Shape::String},
    {"prefixItems", Shape::SchemaArray},
    {"contains", Shape::Schema},
    {"minContains", Shape::NonNegativeInteger},
    {"maxContains", Shape::NonNegativeInteger},
    {"unevaluatedItems", Shape::Schema},
    {"patternProperties", Shape::SchemaMap},
    {"propertyNames", Shape::Schema},
    {"dependentRequired", Shape::StringListMap},
    {"dependentSchemas", Shape::SchemaMap},
    {"unevaluatedProperties", Shape::Schema},
    {"if", Shape::Schema},
    {"then", Shape::Schema},
    {"else", Shape::Schema},
    {"contentMediaType", Shape::String},
    {"contentEncoding", Shape::String},
    {"contentSchema", Shape::Schema},
    {"readOnly", Shape::Bool},
    {"writeOnly", Shape::Bool},
}};

const KeywordInfo& info(Keyword k) { return kKeywords[static_cast<std::size_t>(k)]; }

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
        case Shape::StringListMap: return "an object whose values are arrays of distinct strings";
        case Shape::Anchor: return "a name (a letter or '_', then letters, digits, '-', '_' or '.')";
        case Shape::Array: return "an array";
        case Shape::TypeNames: return "a type name or an array of distinct type names";
        case Shape::Object: return "an object";
        case Shape::Anything: return "any value";
    }
    return "";
}

bool is_schema(const json& v) { return v.is_object() || v.is_boolean(); }

bool is_type_name(const json& v) {
    static constexpr std::string_view names[] = {"null", "boolean", "object", "array", "number", "integer", "string"};
    if (!v.is_string()) return false;
    const std::string& s = v.get_ref<const std::string&>();
    return std::find(std::begin(names), std::end(names), s) != std::end(names);
}

// Sorted views. Speed: bench/README.md, "Distinct `required` names".
bool distinct_strings(const json& v) {
    std::vector<std::string_view> strings;
    strings.reserve(v.size());
    for (const auto& e : v) {
        if (!e.is_string()) return false;
        strings.push_back(e.get_ref<const std::string&>());
    }
    std::sort(strings.begin(), strings.end());
    return std::adjacent_find(strings.begin(), strings.end()) == strings.end();
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
            return v.is_number_float() && is_count_float(v.get<double>());
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
        case Shape::StringListMap:
            if (!v.is_object()) return false;
            for (const auto& [k, e] : v.items())
                if (!e.is_array() || !distinct_strings(e)) return false;
            return true;
        case Shape::Anchor: {
            if (!v.is_string()) return false;
            const std::string& s = v.get_ref<const std::string&>();
            if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
            for (char c : s)
                if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) return false;
            return true;
        }
        case Shape::Array: return v.is_array();
        case Shape::TypeNames:
            if (is_type_name(v)) return true;
            if (!v.is_array() || v.empty() || !distinct_strings(v)) return false;
            for (const auto& e : v)
                if (!is_type_name(e)) return false;
            return true;
        case Shape::Object: return v.is_object();
        case Shape::Anything: return true;
    }
    return false;
}

// Keywords people reach for that the subset leaves out, with what to do instead.
const std::map<std::string, std::string>& advice() {
    static const std::map<std::string, std::string> a = {
        {"$vocabulary", "vocabularies and custom meta-schemas are not supported"},
        {"$recursiveRef", "draft 2020-12 replaced it with $dynamicRef"},
        {"$recursiveAnchor", "draft 2020-12 replaced it with $dynamicAnchor"},
        {"additionalItems", "draft 2020-12 uses prefixItems and items instead"},
        {"dependencies", "draft 2020-12 splits it into dependentRequired and dependentSchemas"},
        {"definitions", "draft 2020-12 calls it $defs"},
    };
    return a;
}

}  // namespace

std::optional<Keyword> find_keyword(std::string_view name) {
    // Grouped by length. Speed: bench/README.md, "Keyword table".
    static const std::vector<std::vector<Keyword>> by_length = [] {
        std::vector<std::vector<Keyword>> groups;
        for (std::size_t i = 0; i < kKeywordCount; ++i) {
            std::size_t length = kKeywords[i].name.size();
            if (groups.size() <= length) groups.resize(length + 1);
            groups[length].push_back(static_cast<Keyword>(i));
        }
        return groups;
    }();
    if (name.size() >= by_length.size()) return std::nullopt;
    for (Keyword k : by_length[name.size()]) {
        std::string_view candidate = info(k).name;
        if (candidate[0] == name[0] && candidate == name) return k;
    }
    return std::nullopt;
}

KeywordSlots::KeywordSlots(const json& schema) {
    if (!schema.is_object()) return;
    for (const auto& [key, value] : schema.get_ref<const json::object_t&>())
        if (std::optional<Keyword> k = find_keyword(key)) slots_[static_cast<std::size_t>(*k)] = &value;
}

bool is_annotation_keyword(const std::string& k) {
    return k == "title" || k == "description" || k == "deprecated" || k == "examples" || k == "default" ||
           k == "$comment" || k == "$schema" || k == "$id" || k == "$anchor" || k == "$dynamicAnchor" ||
           k == "contentMediaType" || k == "contentEncoding" || k == "contentSchema" || k == "readOnly" ||
           k == "writeOnly" || k.rfind("x-", 0) == 0;
}

const std::vector<std::string>& supported_keywords() {
    static const std::vector<std::string> all = [] {
        std::vector<std::string> v;
        for (const auto& k : kKeywords) v.emplace_back(k.name);
        std::sort(v.begin(), v.end());
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

// " below 2^64" for a count written as an integral float too large for any
// target's count type (`"maxLength": 1e300`): it is an integer, just not one
// the generator can hold, and the message should not claim otherwise.
std::string count_range_hint(Shape shape, const json& value) {
    if (shape != Shape::NonNegativeInteger || !value.is_number_float()) return {};
    return is_count_beyond_range(value.get<double>()) ? " below 2^64" : "";
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
        std::optional<Keyword> keyword = find_keyword(key);
        if (!keyword) {
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
        Shape shape = info(*keyword).shape;
        if (!fits(shape, value)) {
            report("'" + key + "' must be " + shape_text(shape) + count_range_hint(shape, value) +
                   type_name_hint(key, value));
            continue;
        }
        if (*keyword == Keyword::Schema && value.get<std::string>() != "https://json-schema.org/draft/2020-12/schema")
            report("only draft 2020-12 is supported ($schema must be 'https://json-schema.org/draft/2020-12/schema')");
        // An embedded resource (a schema with `$id`) may say which dialect it is in, like a file.
        if (*keyword == Keyword::Schema && !is_root && !schema.contains("$id"))
            report("'$schema' is only supported at the top of a file or beside '$id'");
    }
    return ok;
}

}  // namespace contractgen::ir
