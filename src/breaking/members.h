// Where a declaration sits in the schemas the user edits: a named type is
// itself ("h.Tick"); a lifted one (an anonymous nested schema the IR gave a
// name of its own, like h.TickMode) is the member of the named type it was
// written in ("h.Tick" at "$.mode"), so findings can say `h.Tick $.mode`.
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"

namespace contractgen::breaking {

struct MemberPlace {
    std::string type;  // "family.Type", a named (not lifted) declaration when one contains it
    std::string path;  // "$", "$.mode", "$.items[*]"
};

// For every declaration of `model`, by DeclId.
std::vector<MemberPlace> member_places(const ir::Model& model);

// `place` followed by `path` ("$.x"): the place of a path inside it.
MemberPlace inside(const MemberPlace& place, const std::string& path);

}  // namespace contractgen::breaking
