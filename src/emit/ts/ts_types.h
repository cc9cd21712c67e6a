// Zod 4 schema expressions and TypeScript types for IR type expressions.
// Every rule of docs/semantics.md that Zod does not implement the same way
// is delegated to the generated runtime (`rt.*`, templates/ts/runtime.ts).
#pragma once

#include <string>

#include "ir/model.h"
#include "naming/namer.h"

namespace contractgen::emit::ts {

class TsTypes {
public:
    // `family_ids`: family name → the identifier its module is imported as.
    TsTypes(const ir::Model& model, const naming::Names& names) : model_(model), names_(names) {}

    // The family whose module is being written; other families' names are qualified.
    void set_family(const std::string& family) { family_ = family; }

    // A Zod schema expression accepting exactly what `t` accepts (with
    // `.nullable()` when t.nullable).
    std::string schema(const ir::TypeExpr& t) const;

    // The same for a struct field: absent is allowed (`.exactOptional()`)
    // unless `required`.
    std::string field_schema(const ir::TypeExpr& t, bool required) const;

    // A TypeScript type for `t` (used where no schema is inferred: constants
    // and lookup functions).
    std::string type(const ir::TypeExpr& t) const;

    // The identifier of a declaration, qualified with its family's module when foreign.
    std::string decl_ref(ir::DeclId id) const;

    // Zod for a JSON value that must be matched with JSON Schema equality
    // (`const`): z.literal / z.null for scalars, rt.constant for the rest.
    static std::string const_schema(const ir::json& value);

    // A TypeScript literal type for a scalar JSON value.
    static std::string literal_type(const ir::json& value);

private:
    std::string value_schema(const ir::TypeExpr& t) const;
    std::string value_type(const ir::TypeExpr& t) const;
    static std::string string_schema(const ir::StringBounds& b);
    static std::string number_checks(const ir::NumberBounds& b);

    const ir::Model& model_;
    const naming::Names& names_;
    std::string family_;
};

}  // namespace contractgen::emit::ts
