// IR type expressions → C++: the type to declare, the expression that
// decodes a value of it from a token cursor, and literals for constants.
// All type strings of the C++ target are computed here, none in templates.
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"
#include "naming/namer.h"

namespace contractgen::emit::cpp {

class CppTypes {
public:
    CppTypes(const ir::Model& model, const naming::Names& names) : model_(model), names_(names) {}

    // The family whose header is being written; names from other families are qualified.
    void set_family(const std::string& family) { family_ = family; }

    std::string type(const ir::TypeExpr& t) const;           // with Nullable<> when t.nullable
    std::string value_type(const ir::TypeExpr& t) const;     // without the nullable wrapper
    std::string decl_name(ir::DeclId id) const;              // qualified if from another family
    std::string function(const std::string& prefix, ir::DeclId id) const;  // decode_X / encode_X, qualified

    // An expression that decodes the value at cursor `cursor` into `lhs`.
    std::string decode(const ir::TypeExpr& t, const std::string& lhs, const std::string& cursor, int depth) const;
    std::string decode_value(const ir::TypeExpr& t, const std::string& lhs, const std::string& cursor, int depth) const;

    // A C++ expression of type `type(t)` holding `value` (for constants).
    std::string literal(const ir::TypeExpr& t, const ir::json& value) const;

    // Rule aggregates for the runtime's checks (empty when there is nothing to check).
    std::string string_rule(const ir::StringBounds& b) const;
    std::string number_rule(const ir::NumberBounds& b) const;
    static std::string count_rule(std::optional<std::uint64_t> min, std::optional<std::uint64_t> max, bool unique);

    // Patterns met while building decode expressions, in order; the family
    // header defines one accessor per pattern (detail::pattern_<index>).
    const std::vector<std::string>& patterns() const { return patterns_; }
    void clear_patterns() { patterns_.clear(); }

private:
    const ir::Model& model_;
    const naming::Names& names_;
    std::string family_;
    mutable std::vector<std::string> patterns_;
};

// Resolves aliases: the expression an alias finally stands for, keeping nullability.
const ir::TypeExpr& strip_aliases(const ir::Model& model, const ir::TypeExpr& t, bool& nullable);

}  // namespace contractgen::emit::cpp
