// The dialects: their URIs, their keywords, and how what they do not define
// is reported.
#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "ir/keywords.h"
#include "load/dialect/dialect.h"

namespace contractgen::load {

namespace {

struct DialectInfo {
    Dialect dialect;
    std::string_view name;
    std::string_view uri;
};

constexpr std::array<DialectInfo, 5> kDialects = {{
    {Dialect::Draft4, "draft-04", "http://json-schema.org/draft-04/schema#"},
    {Dialect::Draft6, "draft-06", "http://json-schema.org/draft-06/schema#"},
    {Dialect::Draft7, "draft-07", "http://json-schema.org/draft-07/schema#"},
    {Dialect::Draft2019_09, "2019-09", "https://json-schema.org/draft/2019-09/schema"},
    {Dialect::Draft2020_12, "2020-12", "https://json-schema.org/draft/2020-12/schema"},
}};

const DialectInfo& info(Dialect d) { return kDialects[static_cast<std::size_t>(d)]; }

// "json-schema.org/draft-07/schema": the URI without scheme and empty fragment.
std::string_view essence(std::string_view uri) {
    for (std::string_view scheme : {"https://", "http://"})
        if (uri.substr(0, scheme.size()) == scheme) uri.remove_prefix(scheme.size());
    if (!uri.empty() && uri.back() == '#') uri.remove_suffix(1);
    return uri;
}

// The keywords of each dialect before draft 2020-12, from its meta-schemas
// (draft-04: the core and validation meta-schema; 2019-09: every vocabulary).
const std::set<std::string_view> kDraft4 = {"id",
                                            "$schema",
                                            "$ref",
                                            "definitions",
                                            "title",
                                            "description",
                                            "default",
                                            "multipleOf",
                                            "maximum",
                                            "exclusiveMaximum",
                                            "minimum",
                                            "exclusiveMinimum",
                                            "maxLength",
                                            "minLength",
                                            "pattern",
                                            "additionalItems",
                                            "items",
                                            "maxItems",
                                            "minItems",
                                            "uniqueItems",
                                            "maxProperties",
                                            "minProperties",
                                            "required",
                                            "additionalProperties",
                                            "properties",
                                            "patternProperties",
                                            "dependencies",
                                            "enum",
                                            "type",
                                            "allOf",
                                            "anyOf",
                                            "oneOf",
                                            "not",
                                            "format"};
// draft-06: `id` became `$id`; const, contains, propertyNames, examples are new.
const std::set<std::string_view> kDraft6Added = {"$id", "const", "contains", "propertyNames", "examples"};
// draft-07: conditionals, $comment, readOnly/writeOnly, the content keywords.
const std::set<std::string_view> kDraft7Added = {
    "$comment", "if", "then", "else", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"};
const std::set<std::string_view> kDraft2019 = {"$schema",
                                               "$id",
                                               "$anchor",
                                               "$ref",
                                               "$recursiveRef",
                                               "$recursiveAnchor",
                                               "$vocabulary",
                                               "$comment",
                                               "$defs",
                                               "definitions",
                                               "allOf",
                                               "anyOf",
                                               "oneOf",
                                               "not",
                                               "if",
                                               "then",
                                               "else",
                                               "dependentSchemas",
                                               "items",
                                               "additionalItems",
                                               "unevaluatedItems",
                                               "contains",
                                               "properties",
                                               "patternProperties",
                                               "additionalProperties",
                                               "unevaluatedProperties",
                                               "propertyNames",
                                               "type",
                                               "enum",
                                               "const",
                                               "multipleOf",
                                               "maximum",
                                               "exclusiveMaximum",
                                               "minimum",
                                               "exclusiveMinimum",
                                               "maxLength",
                                               "minLength",
                                               "pattern",
                                               "maxItems",
                                               "minItems",
                                               "uniqueItems",
                                               "maxContains",
                                               "minContains",
                                               "maxProperties",
                                               "minProperties",
                                               "required",
                                               "dependentRequired",
                                               "title",
                                               "description",
                                               "default",
                                               "deprecated",
                                               "readOnly",
                                               "writeOnly",
                                               "examples",
                                               "format",
                                               "contentEncoding",
                                               "contentMediaType",
                                               "contentSchema"};

}  // namespace

std::optional<Dialect> dialect_of_uri(std::string_view uri) {
    for (const auto& d : kDialects)
        if (essence(uri) == essence(d.uri)) return d.dialect;
    return std::nullopt;
}

std::optional<Dialect> dialect_of_name(std::string_view name) {
    for (const auto& d : kDialects)
        if (name == d.name) return d.dialect;
    return dialect_of_uri(name);
}

std::string_view dialect_name(Dialect d) { return info(d).name; }
std::string_view dialect_uri(Dialect d) { return info(d).uri; }

std::string supported_dialects() {
    std::string out;
    for (const auto& d : kDialects)
        out += (out.empty() ? "" : ", ") + std::string(d.name) + " (" + std::string(d.uri) + ")";
    return out;
}

bool is_dialect_keyword(Dialect d, std::string_view k) {
    if (k == "discriminator") return true;  // OpenAPI's, read in every dialect (ir/build/discriminator.cpp)
    switch (d) {
        case Dialect::Draft4: return kDraft4.count(k) > 0;
        case Dialect::Draft6: return (kDraft4.count(k) > 0 && k != "id") || kDraft6Added.count(k) > 0;
        case Dialect::Draft7:
            return (kDraft4.count(k) > 0 && k != "id") || kDraft6Added.count(k) > 0 || kDraft7Added.count(k) > 0;
        case Dialect::Draft2019_09: return kDraft2019.count(k) > 0;
        case Dialect::Draft2020_12:
            // `definitions` is read as `$defs` in every dialect (docs/dialects.md).
            return ir::find_keyword(k).has_value() || k == "$vocabulary" || k == "definitions";
    }
    return false;
}

namespace {

std::string format_list() {
    return "date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uri-reference, json-pointer, uuid; "
           "int64, uint64 on integers";
}

std::string keyword_hint(const std::string& name) {
    std::string close = diag::closest_match(name, ir::supported_keywords());
    return close.empty() ? "" : " (did you mean '" + close + "'?)";
}

std::string not_a_keyword(const Unknown& u) {
    if (u.dialect != Dialect::Draft2020_12 && is_dialect_keyword(Dialect::Draft2020_12, u.name))
        return "'" + u.name + "' is not a " + std::string(dialect_name(u.dialect)) + " keyword";
    return "unknown keyword '" + u.name + "'" + keyword_hint(u.name);
}

}  // namespace

void report_unknowns(const std::vector<Unknown>& unknowns, const SchemaPolicy& policy, diag::Sink& sink) {
    // How often each name occurs, for the one warning that stands for all of them.
    std::map<std::pair<Unknown::Kind, std::string>, std::size_t> count;
    for (const auto& u : unknowns) ++count[{u.kind, u.name}];
    std::set<std::pair<Unknown::Kind, std::string>> warned;
    for (const auto& u : unknowns) {
        const bool keyword = u.kind == Unknown::Kind::Keyword;
        const bool refuse = keyword ? policy.unknown_keywords_error : policy.unknown_formats_error;
        if (refuse) {
            sink.error(u.file, u.at.line, u.at.column,
                       keyword ? not_a_keyword(u) +
                                     " (refused by [schemas] unknown-keywords = \"error\"; extensions start with 'x-')"
                               : "format '" + u.name + "' is not one contractgen knows (" + format_list() +
                                     "; refused by [schemas] unknown-formats = \"error\")");
            continue;
        }
        if (!warned.insert({u.kind, u.name}).second) continue;
        std::size_t n = count[{u.kind, u.name}];
        std::string places = n == 1 ? "" : " (" + std::to_string(n) + " places; the first is shown)";
        sink.warning(u.file, u.at.line, u.at.column,
                     keyword ? not_a_keyword(u) + ": read as an annotation and ignored" + places +
                                   "; extensions that start with 'x-' are not reported, and [schemas] "
                                   "unknown-keywords = \"error\" refuses unknown keywords"
                             : "format '" + u.name +
                                   "' is not one contractgen knows: read as an annotation, "
                                   "nothing checks it" +
                                   places + " (known: " + format_list() +
                                   "; [schemas] unknown-formats = \"error\" refuses unknown formats)");
    }
}

}  // namespace contractgen::load
