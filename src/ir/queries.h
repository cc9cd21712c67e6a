// Questions every target asks of the model, answered once: what an alias
// finally stands for, whether a type accepts null, how present a member is,
// and which forbidden members a struct declares. Emitters use these instead
// of their own copies, so that the targets cannot drift apart on them.
#pragma once

#include <functional>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ir/model.h"
#include "ir/pattern.h"

namespace contractgen::ir {

// ---- aliases ----------------------------------------------------------------

// The type `t` finally stands for: follows references to aliases as long as
// the reference itself adds no null (a nullable reference stops, since null
// would be lost). Returns `t` itself when it is not such a reference.
const TypeExpr& resolve_alias(const Model& model, const TypeExpr& t);

// The type `t` stands for through every alias; `nullable` becomes true when
// any step of the chain (the reference or an alias target) accepts null.
const TypeExpr& strip_aliases(const Model& model, const TypeExpr& t, bool& nullable);

// The declaration `id` finally names: follows aliases whose target is a
// non-nullable reference to another declaration.
DeclId resolve_alias_decl(const Model& model, DeclId id);

// ---- null -------------------------------------------------------------------

// Null is a valid value of `t` (its own `nullable`, a null kind or constant,
// or through an alias or union that accepts it).
bool accepts_null(const Model& model, const TypeExpr& t);

// `t` without its own `nullable` (what a value of it is when it is not null).
TypeExpr without_null(const TypeExpr& t);

// `t` accepts null only through its own `nullable`: the type without it
// rejects null, so a target has to add null to the type it maps `t` to.
bool adds_null(const Model& model, const TypeExpr& t);

// ---- members ----------------------------------------------------------------

// How a member of a struct is present in a valid value.
enum class Presence {
    Constant,          // required, one non-null value: checked and written, never stored
    Required,          // always there
    Optional,          // absent or a value, never null
    OptionalNullable,  // absent, null or a value: three states to keep apart on the round trip
};
Presence presence(const Model& model, const Field& f);

// The index of the field declared with this wire name, if any.
std::optional<std::size_t> field_index(const Struct& s, const std::string& wire);

// The struct declares this member, and it must be absent.
bool is_forbidden(const Struct& s, const std::string& wire);

// A member that must be absent (`Struct::forbidden`, in that order), with
// the field that declares it when the struct declares one.
struct ForbiddenMember {
    std::string wire;
    std::optional<std::size_t> field;
};
std::vector<ForbiddenMember> forbidden_members(const Struct& s);

// ---- assertions -------------------------------------------------------------

// An assertion's program (Check::program) with its patterns, the `pattern`
// values and the `patternProperties` keys, spelled by `spell` (a target that
// picks an engine per pattern, as C++ and Go do for lookaround) ...
json program_with_patterns(const json& program, const std::function<std::string(const std::string&)>& spell);
// ... or all in `dialect`'s syntax.
json program_in_dialect(const json& program, PatternDialect dialect);

}  // namespace contractgen::ir
