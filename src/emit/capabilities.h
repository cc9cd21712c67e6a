// What each target implements of the vocabulary beyond the base subset
// (docs/semantics.md, "Capabilities"): recursive types, tuples, key
// patterns, assertions and the formats besides date-time, uuid and uri. The
// set is declared in the target table (emit/registry.cpp); generating a
// target for schemas that use a construct it lacks is an error at the first
// use, never output that would mean something else.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "ir/model.h"
#include "load/document.h"

namespace contractgen::emit {

struct Capabilities {
    std::vector<ir::Construct> constructs;   // Construct::Format is not listed here: see `formats`
    std::vector<ir::StringFormat> formats;   // beyond date-time, uuid and uri

    bool supports(const ir::ConstructUse& use) const;
    // Everything: recursive types, tuples, key patterns, assertions, every format.
    static Capabilities all();
};

// What a construct is called in messages ("recursive types", "format 'email'").
std::string construct_name(const ir::ConstructUse& use);

// Reports each construct of `model` that `capabilities` lack, at its first
// use, naming the target; `alternatives` lists the targets that have it.
void check_capabilities(const char* target, const Capabilities& capabilities, const ir::Model& model,
                        const load::SchemaSet& schemas, const std::string& alternatives, diag::Sink& sink);

}  // namespace contractgen::emit
