// Compares two versions of the contract by what their types accept.
//
// Named types are matched by family and name; a type removed and another
// added in the same family that accept the same values are a rename (a
// SOURCE change). Everything else is compared structurally: a field whose
// schema moved into a `$ref`, reordered properties, an alias instead of an
// inline schema change nothing on the wire. Each change proposes candidate
// payloads; a candidate one version accepts and the other rejects becomes
// the finding's witness, and which version accepts it says whether the set
// of accepted values narrowed or widened.
#pragma once

#include <string>
#include <vector>

#include "breaking/direction.h"
#include "breaking/finding.h"
#include "ir/model.h"

namespace contractgen::breaking {

struct Version {
    const ir::Model* model = nullptr;
    std::string display_root;  // how its files are shown: "schemas", "v1.2.0:schemas"
    OperationRoots roots;      // operation_roots(*model), or a test's own
};

// Every finding, sorted by place. DOCS findings only with `include_docs`.
std::vector<Finding> compare(const Version& previous, const Version& current, bool include_docs,
                             Consumers consumers = Consumers::Strict);

}  // namespace contractgen::breaking
