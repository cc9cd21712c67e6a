#include "breaking/rules.h"

#include <stdexcept>
#include <string>

namespace contractgen::breaking {

const std::vector<Rule>& rules() {
    using K = ChangeKind;
    static const std::vector<Rule> table = {
        {"TYPE_NO_DELETE", "a named type was removed", K::Removal},
        {"TYPE_NO_RENAME", "a named type was renamed; it accepts the same values", K::Change},
        {"TYPE_SAME_KIND", "a type became another kind (an object became a union, an enum a string, ...)", K::Change},
        {"TYPE_ADDED", "a named type was added", K::Addition},
        {"REF_TARGET_SAME", "a reference now names another type", K::Change},
        {"FIELD_NO_DELETE", "an object property was removed", K::Removal},
        {"FIELD_NO_ADD", "an object property was added", K::Addition},
        {"FIELD_SAME_WIRE_NAME", "an object property was renamed on the wire", K::Change},
        {"FIELD_SAME_TYPE", "a property's (or item's, or value's) type became another kind", K::Change},
        {"REQUIRED_NO_ADD", "a property became required", K::Change},
        {"REQUIRED_NO_REMOVE", "a required property became optional", K::Change},
        {"NULLABLE_NO_ADD", "null became accepted", K::Addition},
        {"NULLABLE_NO_REMOVE", "null is no longer accepted", K::Removal},
        {"ENUM_VALUE_NO_DELETE", "an enum value was removed", K::Removal},
        {"ENUM_VALUE_NO_ADD", "an enum value was added", K::Addition},
        {"CONST_SAME_VALUE", "a const value changed", K::Change},
        {"UNION_VARIANT_NO_DELETE", "a union (oneOf/anyOf) variant was removed", K::Removal},
        {"UNION_VARIANT_NO_ADD", "a union (oneOf/anyOf) variant was added, e.g. a new event type", K::Addition},
        {"DISCRIMINATOR_SAME", "a union's discriminator property changed", K::Change},
        {"FORMAT_NO_ADD", "a string format (date-time, uuid, uri) was added", K::Change},
        {"FORMAT_NO_REMOVE", "a string format was removed", K::Change},
        {"FORMAT_SAME", "a string format became another", K::Change},
        {"NUMBER_RANGE_NO_NARROW", "minimum/maximum/exclusiveMinimum/exclusiveMaximum now reject values", K::Change},
        {"NUMBER_RANGE_NO_WIDEN", "minimum/maximum/exclusiveMinimum/exclusiveMaximum now accept more values",
         K::Change},
        {"MULTIPLE_OF_SAME", "multipleOf was added, removed or changed", K::Change},
        {"STRING_LENGTH_NO_NARROW", "minLength/maxLength now reject strings", K::Change},
        {"STRING_LENGTH_NO_WIDEN", "minLength/maxLength now accept more strings", K::Change},
        {"PATTERN_SAME", "pattern was added, removed or changed", K::Change},
        {"PATTERN_UNVERIFIED",
         "a pattern change could not be decided exactly (lookaround, or automata past their size bound)",
         K::Unverified},
        {"ITEM_COUNT_NO_NARROW", "minItems/maxItems now reject arrays", K::Change},
        {"ITEM_COUNT_NO_WIDEN", "minItems/maxItems now accept more arrays", K::Change},
        {"UNIQUE_ITEMS_NO_ADD", "uniqueItems was added", K::Change},
        {"UNIQUE_ITEMS_NO_REMOVE", "uniqueItems was removed", K::Change},
        {"PROPERTY_COUNT_NO_NARROW", "minProperties/maxProperties now reject objects", K::Change},
        {"PROPERTY_COUNT_NO_WIDEN", "minProperties/maxProperties now accept more objects", K::Change},
        {"ADDITIONAL_PROPERTIES_NO_CLOSE", "an object stopped accepting properties it does not declare", K::Change},
        {"ADDITIONAL_PROPERTIES_NO_OPEN", "an object started accepting properties it does not declare", K::Change},
        {"FORBIDDEN_PROPERTY_NO_ADD", "a property became forbidden (not: {required: [...]})", K::Change},
        {"FORBIDDEN_PROPERTY_NO_REMOVE", "a forbidden property became allowed", K::Change},
        {"DEPRECATION_ADDED", "a type or property was marked deprecated", K::Deprecation},
        {"DOCS_CHANGED", "a title or description changed", K::Docs},
    };
    return table;
}

const Rule& rule(std::string_view id) {
    for (const auto& r : rules())
        if (r.id == id) return r;
    throw std::logic_error("unknown breaking rule '" + std::string(id) + "'");
}

Severity severity_of(const Finding& f) {
    ChangeKind kind = rule(f.rule).kind;
    if (f.category == Category::Docs || kind == ChangeKind::Deprecation) return Severity::Info;
    if (kind == ChangeKind::Unverified) return Severity::Warn;
    // Something new in the generated APIs breaks no code that uses them.
    if (f.category == Category::Source) return kind == ChangeKind::Addition ? Severity::Info : Severity::Warn;
    bool narrower = false, wider = false;
    for (const auto& w : f.witnesses) (w.accepted_by == Side::Previous ? narrower : wider) = true;
    switch (f.direction) {
        case Direction::Request: return narrower ? Severity::Error : Severity::Info;   // clients write
        case Direction::Response: return wider ? Severity::Error : Severity::Info;     // clients read
        case Direction::Both: return Severity::Error;
    }
    return Severity::Error;
}

const char* to_string(Category c) {
    switch (c) {
        case Category::Wire: return "WIRE";
        case Category::Source: return "SOURCE";
        case Category::Docs: return "DOCS";
    }
    return "?";
}

const char* to_string(Severity s) {
    switch (s) {
        case Severity::Info: return "info";
        case Severity::Warn: return "warning";
        case Severity::Error: return "error";
    }
    return "?";
}

const char* to_string(Direction d) {
    switch (d) {
        case Direction::Request: return "request";
        case Direction::Response: return "response";
        case Direction::Both: return "both";
    }
    return "?";
}

const char* to_string(Side s) { return s == Side::Previous ? "previous" : "current"; }

}  // namespace contractgen::breaking
