// Whether JSON text is a valid instance of a type of the IR, with the exact
// semantics of the generated bindings (docs/semantics.md): the payload
// policy (UTF-8, no BOM, no duplicate members, no lone surrogates, nesting
// at most max_depth, the integer range), formats and patterns as the
// runtimes check them, and on rejection one error, the first in document
// order, with its JSON path and keyword. `contractgen verify` decodes stream
// items with it; `contractgen breaking` proves its witnesses with it
// (validate/accepts.h); the conformance harness checks that it agrees with
// all four bindings (tests/conformance/ir/).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ir/model.h"
#include "validate/decoder.h"
#include "validate/error.h"

namespace contractgen::validate {

struct Result {
    std::optional<Error> error;  // the first problem, or none
    std::string canonical;       // when valid: the value again, in canonical form (§3)
    bool ok() const { return !error.has_value(); }
};

Result check(const ir::Model& model, const ir::TypeExpr& type, std::string_view text, const Options& options = {});
Result check_decl(const ir::Model& model, ir::DeclId decl, std::string_view text, const Options& options = {});

// The types a binding registers by "family.Type": every declaration that is
// neither lifted (an inline schema) nor a constant, in model order.
std::vector<ir::DeclId> registered_types(const ir::Model& model);
std::optional<ir::DeclId> find_type(const ir::Model& model, std::string_view qualified_name);

}  // namespace contractgen::validate
