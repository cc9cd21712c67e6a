// `$dynamicRef`, where the dynamic scope cannot change what it names. The
// scope of an evaluation holds the resources it passed through on its way to
// the `$dynamicRef`; only files that can reach this one through references
// can contribute to it. So when the schema a `$dynamicRef` first resolves to
// is the only `$dynamicAnchor` of its name in those files, every dynamic
// scope resolves it there, and it is a `$ref`.
#include <vector>

#include "ir/schema_members.h"
#include "resolve/resolver.h"

namespace contractgen::resolve {

namespace {

// Every `$ref`/`$dynamicRef` string in schema positions of `doc`, with the pointer of the schema it is in.
std::vector<std::pair<std::string, std::string>> references_in(const load::Document& doc) {
    std::vector<std::pair<std::string, std::string>> out;
    std::vector<std::pair<const load::json*, std::string>> stack = {{&doc.root, ""}};
    while (!stack.empty()) {
        auto [node, pointer] = std::move(stack.back());
        stack.pop_back();
        if (!node->is_object()) continue;
        for (const auto& [key, value] : node->items()) {
            if ((key == "$ref" || key == "$dynamicRef") && value.is_string())
                out.emplace_back(pointer, value.get<std::string>());
            switch (ir::member_kind(key)) {
                case ir::MemberKind::Schema: stack.emplace_back(&value, load::pointer_append(pointer, key)); break;
                case ir::MemberKind::SchemaMap:
                    if (value.is_object())
                        for (const auto& [name, sub] : value.items())
                            stack.emplace_back(&sub, load::pointer_append(pointer, key, name));
                    break;
                case ir::MemberKind::SchemaList:
                    if (value.is_array())
                        for (std::size_t i = 0; i < value.size(); ++i)
                            stack.emplace_back(&value[i], load::pointer_append(load::pointer_append(pointer, key), i));
                    break;
                default: break;
            }
        }
    }
    return out;
}

}  // namespace

const std::set<const load::Document*>& Resolver::reaching(const load::Document& target) const {
    if (reaching_.empty()) {
        // Edges between files, found once: which files each file refers to.
        std::map<const load::Document*, std::set<const load::Document*>> refers_to;
        for (const auto& doc : set_.documents) {
            if (doc.text.find("Ref\"") == std::string::npos && doc.text.find("$ref") == std::string::npos) continue;
            for (const auto& [pointer, ref] : references_in(doc)) {
                diag::Sink quiet;
                if (auto loc = resolve(doc, pointer, ref, quiet); loc && loc->doc != &doc)
                    refers_to[loc->doc].insert(&doc);
            }
        }
        for (const auto& doc : set_.documents) {
            std::set<const load::Document*>& seen = reaching_[&doc];
            std::vector<const load::Document*> todo = {&doc};
            while (!todo.empty()) {
                const load::Document* d = todo.back();
                todo.pop_back();
                if (!seen.insert(d).second) continue;
                for (const load::Document* from : refers_to[d]) todo.push_back(from);
            }
        }
    }
    return reaching_.at(&target);
}

std::optional<Location> Resolver::resolve_dynamic(const load::Document& from, const std::string& at,
                                                  const std::string& ref, diag::Sink& sink) const {
    std::optional<Location> target = resolve(from, at, ref, sink);
    if (!target) return target;
    auto hash = ref.find('#');
    std::string fragment = hash == std::string::npos ? std::string() : ref.substr(hash + 1);
    if (fragment.empty() || fragment[0] == '/') return target;  // a pointer: exactly a $ref
    const load::json& node = *target->node;
    auto own = node.is_object() ? node.find("$dynamicAnchor") : node.end();
    if (!node.is_object() || own == node.end() || *own != fragment) return target;  // no bookend: a $ref
    std::vector<std::string> others;
    const std::set<const load::Document*>& scope = reaching(from);
    if (auto it = index_.dynamic_anchors.find(fragment); it != index_.dynamic_anchors.end())
        for (const Location& l : it->second)
            if (l.node != target->node && scope.count(l.doc)) others.push_back(l.key());
    if (others.empty()) return target;
    load::Position where = from.value_position_of(load::pointer_append(at, "$dynamicRef"));
    sink.error(from.display_path, where.line, where.column,
               "$dynamicRef '" + ref + "' depends on the dynamic scope: '" + others.front() +
                   "' also declares $dynamicAnchor '" + fragment +
                   "'; only a $dynamicRef that always names the same schema is supported (use $ref)");
    return std::nullopt;
}

}  // namespace contractgen::resolve
