#include "emit/cpp/cpp_typed.h"

namespace contractgen::emit::cpp {

bool TypeStatements::states_type(const ir::Origin& origin) const {
    const load::Document* doc = origin.file.empty() ? nullptr : ctx_.schemas.find(origin.file);
    return doc != nullptr && states_type(*doc, origin.pointer, 0);
}

bool TypeStatements::states_type(const load::Document& doc, const std::string& pointer, int hops) const {
    const ir::json* node = doc.node_at(pointer);
    if (node == nullptr || !node->is_object() || hops > 16) return false;
    if (node->contains("type")) return true;
    if (auto all = node->find("allOf"); all != node->end() && all->is_array()) {
        for (std::size_t i = 0; i < all->size(); ++i)
            if (states_type(doc, pointer + "/allOf/" + std::to_string(i), hops + 1)) return true;
    }
    if (auto ref = node->find("$ref"); ref != node->end() && ref->is_string()) {
        diag::Sink ignored;  // the reference resolved when the IR was built
        if (auto target = resolver_.resolve(doc, pointer, ref->get<std::string>(), ignored))
            return states_type(*target->doc, target->pointer, hops + 1);
    }
    return false;
}

}  // namespace contractgen::emit::cpp
