// The compiled form of a schema program (rt/check.hpp), shared by the
// compiler (src/rt/check.cpp) and the evaluator (src/rt/check_eval.cpp);
// generated code does not include it.
#pragma once

#include <cstddef>
#include <memory>
#include <set>

#include "contract/rt/check.hpp"

namespace contract {
namespace rt {

// Kind bits of `type` (an integer has both integer and number).
inline constexpr std::uint8_t kKindNull = 1, kKindBoolean = 2, kKindObject = 4, kKindArray = 8, kKindString = 16,
                              kKindInteger = 32, kKindNumber = 64;

// A pattern with its source kept alive (Pattern keeps a pointer to it).
struct CompiledPattern {
    std::string source;
    std::unique_ptr<Pattern> regex;
};

// One schema of a program: a boolean schema (always >= 0), or the keywords
// of an object. Limits are kNoLimit (maximums) or 0 (minimums) when absent.
struct Check::Schema {
    struct Named {
        std::string name;
        std::unique_ptr<Schema> schema;
    };
    struct NamedNames {
        std::string name;
        std::vector<std::string> names;
    };
    struct Patterned {
        std::unique_ptr<CompiledPattern> pattern;
        std::unique_ptr<Schema> schema;
    };

    int always = -1;          // 1: true, 0: false, -1: an object
    std::ptrdiff_t ref = -1;  // defs index, -1: none

    std::uint8_t types = 0;  // 0: no `type`
    bool has_enum = false, has_const = false;
    Value::Array enum_values;
    Value constant;
    Bound multiple_of, maximum, exclusive_maximum, minimum, exclusive_minimum;
    std::uint64_t max_length = kNoLimit, min_length = 0;
    std::unique_ptr<CompiledPattern> pattern;
    Format format = Format::None;
    std::uint64_t max_items = kNoLimit, min_items = 0;
    bool unique_items = false;
    std::uint64_t max_contains = kNoLimit, min_contains = kNoLimit;  // min_contains kNoLimit: absent
    std::uint64_t max_properties = kNoLimit, min_properties = 0;
    std::vector<std::string> required;
    std::vector<NamedNames> dependent_required;

    std::vector<std::unique_ptr<Schema>> all_of, any_of, one_of;
    std::unique_ptr<Schema> not_, if_, then_, else_;
    std::vector<Named> dependent_schemas;
    std::vector<std::unique_ptr<Schema>> prefix_items;
    std::unique_ptr<Schema> items, contains;
    std::vector<Named> properties;
    std::vector<Patterned> pattern_properties;
    std::unique_ptr<Schema> additional_properties, property_names, unevaluated_items, unevaluated_properties;

    // The member is named by `properties` or matched by `patternProperties` of this schema.
    bool declares(const std::string& name) const;
};

// What a successful schema evaluated: member names and item indexes, or all of them.
struct Check::Annotations {
    std::set<std::string> props;
    bool all_props = false;
    std::set<std::size_t> items;
    bool all_items = false;

    void merge(const Annotations& b) {
        all_props = all_props || b.all_props;
        all_items = all_items || b.all_items;
        props.insert(b.props.begin(), b.props.end());
        items.insert(b.items.begin(), b.items.end());
    }
};

}  // namespace rt
}  // namespace contract
