// Per-target identifiers for every declaration, field, enum value and
// family, resolved once before any text is emitted. Wire names are never
// touched; these are only the names code uses.
//
// Rules (the same for every target, configured per language):
//  - words are split from the schema name (naming/words.h) and joined in the
//    target's case for that kind of symbol;
//  - a name that is a reserved word gets `reserved_suffix` ("class" → "class_");
//  - a name that starts with a digit, or is empty, gets a prefix;
//  - within one scope, a later name equal to an earlier one gets "_2", "_3"…
//    in declaration order (fields, enum values, lifted types). The IR
//    follows the same rule for the names of lifted types; a lifted type's
//    identifier starts from the name it wanted, so both agree ("PlanTasks_2");
//  - two declared (public) types whose names fold to one identifier are an
//    error: renaming a public type behind the user's back would surprise.
#pragma once

#include <map>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"
#include "naming/words.h"

namespace contractgen::naming {

struct NamerConfig {
    Case type_case = Case::Pascal;
    Case field_case = Case::Snake;
    Case value_case = Case::ScreamingSnake;   // enum members and constants
    Case family_case = Case::Snake;
    const std::set<std::string>* keywords = nullptr;
    std::set<std::string> reserved_types;     // names the target's runtime or imports use
    std::set<std::string> reserved_fields;    // e.g. attributes of Pydantic's BaseModel
    std::string reserved_suffix = "_";
    std::string type_prefix = "T";            // for names starting with a digit
    std::string field_prefix = "field_";
    std::string value_prefix = "V_";
    // Words a Pascal-case identifier spells in capitals, as Go does
    // ("ID", "URL": ExternalAPIData, RunID); lower case, e.g. "id".
    std::set<std::string> initialisms;
};

struct Names {
    std::vector<std::string> decl;                 // by DeclId
    std::vector<std::vector<std::string>> fields;  // by DeclId, per Struct field
    std::vector<std::vector<std::string>> values;  // by DeclId, per Enum value / OpenEnum known value
    std::map<std::string, std::string> family;     // family name → identifier

    const std::string& of(ir::DeclId id) const { return decl.at(id); }
};

// Hands out names in one scope: a later name equal to an earlier one gets
// "_2", "_3"… (the suffix rule above). Targets use it for their own
// module-level names too.
class Scope {
public:
    explicit Scope(const std::set<std::string>& taken = {}) {
        for (const auto& name : taken) reserve(name);
    }
    // Starts with the names of `reserved` taken, without copying them (a
    // scope per struct, each with the same reserved field names).
    explicit Scope(const std::set<std::string>* reserved) : reserved_(reserved) {}
    bool taken(const std::string& name) const;
    void reserve(const std::string& name);
    std::string claim(const std::string& wanted);

private:
    // Most scopes are a struct's fields or an enum's values: a few dozen
    // names at most, found faster by comparing them all than by hashing
    // (a hash set costs a table, a node per name and rehashing as it grows,
    // in a scope per struct, per target, on every run). Past kFew names,
    // a hash set. Measured: bench/README.md, "A scope's first names in a list".
    static constexpr std::size_t kFew = 32;
    std::vector<std::string> few_;
    std::unordered_set<std::string> many_;  // only membership matters, never order
    const std::set<std::string>* reserved_ = nullptr;
};

// One identifier from a schema name, before collision handling.
std::string make_identifier(const std::string& name, Case style, const std::set<std::string>& reserved,
                            const NamerConfig& config, const std::string& digit_prefix);

Names resolve_names(const ir::Model& model, const NamerConfig& config, const load::SchemaSet& schemas,
                    diag::Sink& sink);

}  // namespace contractgen::naming
