#include "ir/model.h"

namespace contractgen::ir {

std::optional<DeclId> Model::find(const std::string& family, const std::string& name) const {
    for (DeclId id = 0; id < decls.size(); ++id)
        if (decls[id].family == family && decls[id].name == name) return id;
    return std::nullopt;
}

const Family* Model::find_family(const std::string& name) const {
    for (const auto& f : families)
        if (f.name == name) return &f;
    return nullptr;
}

}  // namespace contractgen::ir
