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

// A schema program with its patterns in Python's dialect, for _rt.Check.
ir::json python_program(const ir::json& program);

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

    // A tuple declaration's annotation: the union of the lengths it may have, and _rt.TupleOf.
    std::string tuple_annotation(const ir::Tuple& t) const;
    // The type of a member name that must match `pattern` (a key pattern).
    std::string key_annotation(const std::string& pattern) const;

    // Whether `t` names a declaration on a `$ref` cycle (docs/semantics.md,
    // "Recursive types"): such an annotation is written as a string, which
    // pydantic resolves when the module's models are rebuilt.
    bool mentions_recursive(const ir::TypeExpr& t) const;

    // Whether JSON null is a valid value of `t` (nullable, null const, Any, or via an alias/union/enum).

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

    // The module constant of an assertion (`_CHECK_<index>`); the module
    // defines one `_CHECK_<index> = _rt.Check(<program>)` per entry of checks().
    std::string check_name(ir::CheckId id) const;
    const std::vector<std::string>& checks() const { return checks_; }

private:
    std::string pattern_name(const std::string& pattern) const;  // _PATTERN_<index>
    std::string string_annotation(const ir::StringBounds& b) const;
    std::string number_annotation(const ir::NumberBounds& b, bool integer) const;
    std::string const_annotation(const ir::json& value, bool typed) const;

    const ir::Model& model_;
    const naming::Names& names_;
    std::map<std::string, std::string> module_alias_;
    std::string family_;
    mutable std::vector<std::string> patterns_;
    mutable std::vector<std::string> checks_;  // each program as a Python literal
};

}  // namespace contractgen::emit::python
