#include "emit/cpp/cpp_typed.h"

namespace contractgen::emit::cpp {

bool TypeStatements::states_type(const ir::Origin& origin) const {
    const load::Document* doc = origin.file.empty() ? nullptr : ctx_.schemas.find(origin.file);
    return doc != nullptr && states_type(*doc, origin_node(*doc, origin.pointer), origin.pointer, 0);
}

const ir::json* TypeStatements::origin_node(const load::Document& doc, const std::string& pointer) const {
    std::size_t slash = pointer.rfind('/');
    if (slash == std::string::npos || slash == 0) return doc.node_at(pointer);
    std::string_view parent = std::string_view(pointer).substr(0, slash);
    if (parent_doc_ != &doc || parent != parent_pointer_) {
        parent_doc_ = &doc;
        parent_pointer_ = parent;
        parent_node_ = doc.node_at(parent_pointer_);
    }
    if (parent_node_ == nullptr) return nullptr;
    if (!parent_node_->is_object()) return doc.node_at(pointer);  // an array item: node_at reads the index
    auto it = parent_node_->find(load::unescape_pointer_token(std::string_view(pointer).substr(slash + 1)));
    return it == parent_node_->end() ? nullptr : &*it;
}

bool TypeStatements::states_type(const load::Document& doc, const std::string& pointer, int hops) const {
    return states_type(doc, doc.node_at(pointer), pointer, hops);
}

bool TypeStatements::states_type(const load::Document& doc, const ir::json* node, const std::string& pointer,
                                 int hops) const {
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
