#include "emit/common/pattern_check.h"

#include <algorithm>
#include <functional>
#include <map>
#include <vector>

#include "ir/passes/passes.h"
#include "ir/schema_members.h"

namespace contractgen::emit {

void report_pattern_problems(const EmitContext& ctx, const std::string& target, const std::string& engine,
                             const PatternProblem& problem) {
    std::map<std::string, std::string> problems;  // pattern → why not
    auto check = [&](const ir::StringBounds& b) {
        if (b.pattern && !problems.count(*b.pattern))
            if (auto why = problem(*b.pattern)) problems.emplace(*b.pattern, *why);
    };
    std::function<void(const ir::TypeExpr&)> walk = [&](const ir::TypeExpr& t) {
        check(t.string_bounds);
        for (const auto& e : t.element) walk(e);
    };
    auto check_pattern = [&](const std::string& pattern) {
        if (!problems.count(pattern))
            if (auto why = problem(pattern)) problems.emplace(pattern, *why);
    };
    for (const auto& d : ctx.model.decls) {
        if (const auto* o = std::get_if<ir::OpenEnum>(&d.body)) check(o->other);
        if (const auto* s = std::get_if<ir::Struct>(&d.body); s && s->extra_key_pattern)
            check_pattern(*s->extra_key_pattern);
        ir::for_each_type_in(d, walk);
    }
    // The patterns of assertions (`pattern` values and `patternProperties` keys of their programs).
    std::function<void(const ir::json&)> walk_program = [&](const ir::json& s) {
        if (!s.is_object()) return;
        for (const auto& [key, value] : s.items()) {
            if (key == "pattern" && value.is_string()) check_pattern(value.get<std::string>());
            if (key == "patternProperties" && value.is_object())
                for (const auto& [pattern, sub] : value.items()) check_pattern(pattern);
            switch (ir::member_kind(key)) {
                case ir::MemberKind::Schema: walk_program(value); break;
                case ir::MemberKind::SchemaMap:
                case ir::MemberKind::SchemaList:
                    for (const auto& sub : value) walk_program(sub);
                    break;
                default: break;
            }
        }
    };
    for (const auto& c : ctx.model.checks) {
        for (const auto& s : c.program["assert"]) walk_program(s);
        for (const auto& s : c.program["defs"]) walk_program(s);
    }
    if (problems.empty()) return;
    for (const auto& doc : ctx.schemas.documents) {
        std::vector<std::pair<std::pair<int, int>, std::string>> found;  // reported in document order
        std::vector<const ir::json*> stack = {&doc.root};  // no recursion: schemas may nest deeply
        while (!stack.empty()) {
            const ir::json* node = stack.back();
            stack.pop_back();
            if (node->is_array())
                for (const auto& item : *node) stack.push_back(&item);
            if (!node->is_object()) continue;
            for (const auto& [key, value] : node->items()) {
                if (key == "const" || key == "enum" || key == "examples" || key == "default" || key.rfind("x-", 0) == 0)
                    continue;  // data, not schemas
                if (key == "pattern" && value.is_string()) {
                    auto it = problems.find(value.get<std::string>());
                    if (it == problems.end()) continue;
                    load::Position at = doc.position_of(&value);
                    found.push_back({{at.line, at.column},
                                     "pattern '" + it->first + "' cannot be used by the " + target + " target (" +
                                         engine + "): " + it->second});
                    continue;
                }
                if (key == "patternProperties" && value.is_object())
                    for (const auto& [pattern, sub] : value.items())
                        if (auto it = problems.find(pattern); it != problems.end()) {
                            load::Position at = doc.position_of(&sub);
                            found.push_back({{at.line, at.column},
                                             "pattern '" + it->first + "' cannot be used by the " + target +
                                                 " target (" + engine + "): " + it->second});
                        }
                stack.push_back(&value);
            }
        }
        std::sort(found.begin(), found.end());
        for (const auto& [at, message] : found) ctx.sink.error(doc.display_path, at.first, at.second, message);
    }
}

}  // namespace contractgen::emit
