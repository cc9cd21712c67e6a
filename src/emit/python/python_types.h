// IR type expressions → Python: the annotation a field, alias or union
// member gets (pydantic reads its validation rules from it, mypy its type),
// and literals for the contract's constants. Every type string of the
// python target is computed here, none in templates.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ir/model.h"
#include "naming/namer.h"

namespace contractgen::emit::python {

class PyTypes {
public:
    // `module_alias`: family → the name its module is imported as (e.g. "_assist").
    PyTypes(const ir::Model& model, const naming::Names& names, std::map<std::string, std::string> module_alias)
        : model_(model), names_(names), module_alias_(std::move(module_alias)) {}

    // The family whose module is being written; names from other families are qualified.
    void set_family(const std::string& family) { family_ = family; }

    std::string annotation(const ir::TypeExpr& t) const;        // "X | None" when t.nullable
    std::string value_annotation(const ir::TypeExpr& t) const;  // without the null
    std::string decl_ref(ir::DeclId id) const;                  // "Entity" or "_other_family.Entity"

    // Whether JSON null is a valid value of `t` (nullable, null const, Any, or via an alias/union/enum).
    bool accepts_null(const ir::TypeExpr& t) const;

    // The value of a type that is one string (a `const`, or a reference to a
    // string constant) and not nullable: its annotation is `Literal["value"]`.
    // Null otherwise.
    const std::string* string_constant(const ir::TypeExpr& t) const;

    // The annotation of a module constant (arrays as tuples, maps as read-only Mappings)
    // and the expression of its value.
    std::string constant_annotation(const ir::TypeExpr& t) const;
    std::string constant_value(const ir::TypeExpr& t, const ir::json& value) const;

    // The Python type of each listed JSON value, joined with " | " (for mixed enums and consts).
    static std::string value_union(const std::vector<ir::json>& values);

    // Patterns met while building annotations, in order: the module defines
    // one `_PATTERN_<index> = _rt.Pattern(<translated>, <source>)` per entry.
    const std::vector<std::string>& patterns() const { return patterns_; }

private:
    std::string string_annotation(const ir::StringBounds& b) const;
    std::string number_annotation(const ir::NumberBounds& b, bool integer) const;
    std::string const_annotation(const ir::json& value, bool typed) const;

    const ir::Model& model_;
    const naming::Names& names_;
    std::map<std::string, std::string> module_alias_;
    std::string family_;
    mutable std::vector<std::string> patterns_;
};

}  // namespace contractgen::emit::python
