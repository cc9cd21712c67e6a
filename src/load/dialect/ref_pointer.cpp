// A `$ref`'s JSON pointer written for an older dialect, pointed at the place
// the dialect step moved its target to: `#/definitions/a` → `#/$defs/a`,
// `#/items/0` → `#/prefixItems/0`, `#/additionalItems` → `#/items`,
// `#/dependencies/a` → `#/dependentSchemas/a`. Only tokens in keyword
// positions change (a property called "definitions" is a name), so the walk
// follows what each keyword holds, as ir::member_kind says.
#include "load/dialect/ref_pointer.h"

#include <vector>

#include "ir/schema_members.h"

namespace contractgen::load {

namespace {

bool is_index(const std::string& token) {
    return !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
}

std::vector<std::string> split(const std::string& pointer) {  // "/a/b" → {"a", "b"}
    std::vector<std::string> out;
    std::size_t start = 1;
    for (;;) {
        std::size_t slash = pointer.find('/', start);
        out.push_back(pointer.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
        if (slash == std::string::npos) return out;
        start = slash + 1;
    }
}

}  // namespace

std::string ref_to_moved_keywords(const std::string& ref) {
    const std::size_t hash = ref.find('#');
    if (hash == std::string::npos || hash + 1 >= ref.size() || ref[hash + 1] != '/') return ref;
    std::vector<std::string> tokens = split(ref.substr(hash + 1));
    enum class Next { Keyword, Name, Index, Data } next = Next::Keyword;
    bool changed = false;
    for (std::size_t i = 0; i < tokens.size() && next != Next::Data; ++i) {
        std::string& t = tokens[i];
        if (next != Next::Keyword) {
            next = Next::Keyword;
            continue;
        }
        auto replace = [&](const char* with, Next then) {
            t = with;
            changed = true;
            next = then;
        };
        if (t == "definitions") replace("$defs", Next::Name);
        else if (t == "dependencies")
            replace("dependentSchemas", Next::Name);
        else if (t == "items" && i + 1 < tokens.size() && is_index(tokens[i + 1]))
            replace("prefixItems", Next::Index);
        else if (t == "additionalItems")
            replace("items", Next::Keyword);
        else {
            switch (ir::member_kind(t)) {
                case ir::MemberKind::Schema: next = Next::Keyword; break;
                case ir::MemberKind::SchemaMap: next = Next::Name; break;
                case ir::MemberKind::SchemaList: next = Next::Index; break;
                default: next = Next::Data; break;
            }
        }
    }
    if (!changed) return ref;
    std::string out = ref.substr(0, hash + 1);
    for (const auto& t : tokens) out += "/" + t;
    return out;
}

}  // namespace contractgen::load
