// Zod 4 schema expressions (for the package's JavaScript) and TypeScript
// types (for its declarations) of IR type expressions. Every rule of
// docs/semantics.md that Zod does not implement the same way is delegated to
// the runtime (`rt.*`, runtime/ts/runtime.js). The type written for a
// schema is exactly what Zod infers from it (tests/ts/run.sh `package`
// checks that they agree, export by export).
#pragma once

#include <map>
#include <set>
#include <string>

#include "ir/model.h"
#include "naming/namer.h"

namespace contractgen::emit::ts {

// How a type that takes the tolerant-reader parameter is written (see
// tolerant_generic): without it (strict values: `Envelope`), passing
// the parameter of the declaration being written (`StreamEvent<U>`), or with
// the unknown variant of the tolerant mode (`StreamEvent<rt.UnknownVariant>`).
enum class TypeMode { Strict, Generic, Tolerant };

// The name of the type parameter of the declarations in tolerant_generic.
inline constexpr const char* kUnknownParameter = "U";

// The declarations whose TypeScript type takes a parameter `U = never`: every
// discriminated union (`A | B | U`: in tolerant mode an unknown tag decodes to
// an rt.UnknownVariant) and every declaration that contains one.
std::set<ir::DeclId> tolerant_generic(const ir::Model& model);

class TsTypes {
public:
    TsTypes(const ir::Model& model, const naming::Names& names, const std::set<ir::DeclId>& generic)
        : model_(model), names_(names), generic_(generic) {}

    // The family whose module is being written; other families' names are qualified.
    void set_family(const std::string& family) { family_ = family; }
    // Where the module's names are claimed (the assertions' constants).
    void set_scope(naming::Scope& scope) { scope_ = &scope; }

    // The module-level constant holding an assertion (`const checkN = new
    // rt.Check("<program>")`), declared on first use.
    std::string check_var(ir::CheckId id) const;
    // Those declarations, in order of first use (the same in JavaScript and TypeScript).
    const std::string& checks() const { return checks_; }

    // A Zod schema expression accepting exactly what `t` accepts (with
    // `.nullable()` when t.nullable).
    std::string schema(const ir::TypeExpr& t) const;

    // The same for a struct field: absent is allowed (`.exactOptional()`)
    // unless `required`.
    std::string field_schema(const ir::TypeExpr& t, bool required) const;

    // The TypeScript type of a value parsed by schema(t): what Zod infers
    // (arrays are mutable `T[]`, maps index signatures, `T | null` when nullable).
    std::string type(const ir::TypeExpr& t, TypeMode mode = TypeMode::Strict) const;

    // The same as the JavaScript's JSDoc writes it: the module's own types
    // through its import of its declarations (`types.X`, ts_family.h).
    std::string jsdoc_type(const ir::TypeExpr& t, TypeMode mode) const;

    // The identifier of a declaration, qualified with its family's module when foreign.
    std::string decl_ref(ir::DeclId id) const;
    // The same as a type, with the tolerant parameter as `mode` says.
    std::string decl_type(ir::DeclId id, TypeMode mode) const;
    bool is_generic(ir::DeclId id) const { return generic_.count(id) > 0; }

    // Zod for a JSON value that must be matched with JSON Schema equality
    // (`const`): z.literal / z.null for scalars, rt.constant for the rest.
    static std::string const_schema(const ir::json& value);

private:
    std::string value_schema(const ir::TypeExpr& t) const;
    std::string value_type(const ir::TypeExpr& t, TypeMode mode) const;
    static std::string scalar_literal(const ir::json& value);
    static std::string string_schema(const ir::StringBounds& b);
    static std::string number_checks(const ir::NumberBounds& b);

    const ir::Model& model_;
    const naming::Names& names_;
    const std::set<ir::DeclId>& generic_;
    std::string family_;
    naming::Scope* scope_ = nullptr;
    mutable std::string own_prefix_;  // before the module's own type names: "types." in jsdoc_type
    mutable std::map<std::string, std::string> check_names_;  // program text → constant
    mutable std::string checks_;
};

// `rt.pattern(source, linear)`: the pattern as written (ECMA-262, for V8 and
// for what zod reports) and, unless it needs backtracking, its RE2
// translation, which the runtime matches with RE2JS in linear time.
std::string pattern_call(const std::string& pattern);

// A pattern as the runtime's Check compiles it: "(*RE2)" and the RE2
// translation, or the source as written when it needs backtracking (V8).
std::string check_pattern_text(const std::string& pattern);

}  // namespace contractgen::emit::ts
