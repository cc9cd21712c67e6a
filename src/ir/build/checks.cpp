// Assertions (docs/semantics.md, "Assertions"): the keywords a type cannot
// carry, compiled into a self-contained schema program (ir::Check) that
// every runtime evaluates alike. A program is {"assert": [S...], "defs":
// [S...]}: the schemas the value must satisfy, and the schemas their
// `$ref`s name, by index. Compiling copies the keywords the evaluator
// knows, drops annotations and identifiers, resolves each `$ref` once, and
// refuses a program that would loop without descending into the value.
#include <algorithm>
#include <functional>

#include "ir/build/builder.h"
#include "ir/pattern.h"
#include "ir/schema_members.h"

namespace contractgen::ir::builder {

namespace {

bool in_place(std::string_view key) {
    return key == "allOf" || key == "anyOf" || key == "oneOf" || key == "not" || key == "if" || key == "then" ||
           key == "else" || key == "dependentSchemas";
}

// Keywords with no part in validation (docs and identifiers, which the program no longer needs).
bool dropped(const std::string& key) { return is_annotation_keyword(key) || key == "$defs" || key == "discriminator"; }

// Adds `offset` to every `$ref` index of a compiled schema (schema positions only).
void shift_refs(json& s, std::size_t offset) {
    if (!s.is_object()) return;
    for (auto it = s.begin(); it != s.end(); ++it) {
        switch (member_kind(it.key())) {
            case MemberKind::Ref:
                if (it->is_number_unsigned()) *it = it->get<std::size_t>() + offset;
                break;
            case MemberKind::Schema: shift_refs(*it, offset); break;
            case MemberKind::SchemaMap:
                for (auto& sub : *it) shift_refs(sub, offset);
                break;
            case MemberKind::SchemaList:
                for (auto& sub : *it) shift_refs(sub, offset);
                break;
            default: break;
        }
    }
}

}  // namespace

// What compiling one program needs: the schemas named so far, and the
// `$ref`s each makes without descending into the value (loops).
struct Builder::Program {
    json defs = json::array();
    std::unordered_map<const json*, std::size_t> def_of;
    std::vector<Location> def_at;
    std::vector<std::vector<std::size_t>> in_place_refs;
};

void Builder::use(Construct c, const Location& at, const std::string& detail, StringFormat format) {
    if (!constructs_seen_.insert({static_cast<int>(c), static_cast<int>(format)}).second) return;
    model_.constructs.push_back(ConstructUse{c, format, detail, origin_of(at)});
}

TypeExpr Builder::never(const Location& at, json reason) {
    TypeExpr t;
    t.check = add_check(json{{"assert", json::array({std::move(reason)})}, {"defs", json::array()}}, at);
    return t;
}

CheckId Builder::add_check(json program, const Location& at) {
    use(Construct::Assertion, at, "an assertion");
    std::string text = program.dump();
    if (auto it = checks_by_text_.find(text); it != checks_by_text_.end()) return it->second;
    model_.checks.push_back(Check{std::move(program), origin_of(at)});
    checks_by_text_.emplace(std::move(text), model_.checks.size() - 1);
    return model_.checks.size() - 1;
}

// A second assertion on a type that has one already: both, in one program.
void Builder::attach_check(TypeExpr& t, CheckId id) {
    if (!t.check || *t.check == id) {
        t.check = id;
        return;
    }
    json program = model_.checks[*t.check].program;
    json second = model_.checks[id].program;
    std::size_t offset = program["defs"].size();
    for (auto& s : second["assert"]) {
        shift_refs(s, offset);
        program["assert"].push_back(std::move(s));
    }
    for (auto& s : second["defs"]) {
        shift_refs(s, offset);
        program["defs"].push_back(std::move(s));
    }
    const Origin origin = model_.checks[*t.check].origin;
    std::string text = program.dump();
    if (auto it = checks_by_text_.find(text); it != checks_by_text_.end()) {
        t.check = it->second;
        return;
    }
    model_.checks.push_back(Check{std::move(program), origin});
    checks_by_text_.emplace(std::move(text), model_.checks.size() - 1);
    t.check = model_.checks.size() - 1;
}

std::optional<CheckId> Builder::compile_check(const std::vector<Residual>& residual) {
    if (residual.empty()) return std::nullopt;
    Program p;
    json asserts = json::array();
    bool ok = true;
    for (const Residual& r : residual) {
        json s = compile_schema(r.part, p, std::nullopt, r.whole ? nullptr : &r.keywords, ok);
        asserts.push_back(std::move(s));
    }
    // A loop: a schema that reaches itself through `$ref`s without descending into the value.
    std::vector<int> colour(p.defs.size(), 0);
    std::vector<std::size_t> stack;
    std::function<bool(std::size_t)> loops = [&](std::size_t d) {
        colour[d] = 1;
        stack.push_back(d);
        for (std::size_t next : p.in_place_refs[d]) {
            if (colour[next] == 1) {
                std::string chain;
                for (auto it = std::find(stack.begin(), stack.end(), next); it != stack.end(); ++it)
                    chain += p.def_at[*it].key() + " → ";
                chain += p.def_at[next].key();
                error_at(p.def_at[next], "the schema refers to itself without applying to a member or an item (" +
                                             chain + "): checking a value against it would never end");
                return true;
            }
            if (colour[next] == 0 && loops(next)) return true;
        }
        stack.pop_back();
        colour[d] = 2;
        return false;
    };
    for (std::size_t d = 0; d < p.defs.size(); ++d)
        if (colour[d] == 0 && loops(d)) ok = false;
    if (!ok) return std::nullopt;
    const Residual& first = residual.front();
    Location at = first.whole || first.keywords.empty()
                      ? first.part
                      : Location{first.part.doc, load::pointer_append(first.part.pointer, first.keywords.front()),
                                 member(*first.part.node, first.keywords.front())};
    return add_check(json{{"assert", std::move(asserts)}, {"defs", std::move(p.defs)}}, at);
}

// One schema of a program; `only`: just these keywords of it (a residual part).
json Builder::compile_schema(const Location& loc, Program& p, std::optional<std::size_t> def,
                             const std::vector<std::string>* only, bool& ok) {
    const json& node = *loc.node;
    if (node.is_boolean()) return node;
    if (!node.is_object()) return true;
    if (!checked(loc)) {
        ok = false;
        return true;
    }
    json out = json::object();
    auto reference = [&](const char* keyword) {
        const std::string& ref = node[keyword].get_ref<const std::string&>();
        std::optional<Location> target = within_part(
            std::string_view(keyword) == "$ref" ? resolver_.resolve(*loc.doc, loc.pointer, ref, sink_)
                                                : resolver_.resolve_dynamic(*loc.doc, loc.pointer, ref, sink_));
        if (!target) {
            ok = false;
            return;
        }
        std::size_t index;
        if (auto it = p.def_of.find(target->node); it != p.def_of.end()) {
            index = it->second;
        } else {
            index = p.defs.size();
            p.def_of.emplace(target->node, index);
            p.defs.push_back(nullptr);
            p.def_at.push_back(*target);
            p.in_place_refs.emplace_back();
            json compiled = compile_schema(*target, p, index, nullptr, ok);
            p.defs[index] = std::move(compiled);
        }
        if (def) p.in_place_refs[*def].push_back(index);
        if (out.contains("$ref")) out["allOf"].push_back(json{{"$ref", index}});  // both $ref and $dynamicRef
        else
            out["$ref"] = index;
    };
    for (const auto& [key, value] : node.items()) {
        if (only && std::find(only->begin(), only->end(), key) == only->end()) continue;
        if (dropped(key)) continue;
        if (key == "$ref" || key == "$dynamicRef") {
            reference(key == "$ref" ? "$ref" : "$dynamicRef");
            continue;
        }
        std::string at = load::pointer_append(loc.pointer, key);
        // A `$ref` below a keyword that applies to a member or an item descends into the value.
        std::optional<std::size_t> sub_def = in_place(key) ? def : std::nullopt;
        switch (member_kind(key)) {
            case MemberKind::Schema:
                out[key] = compile_schema(Location{loc.doc, at, &value}, p, sub_def, nullptr, ok);
                break;
            case MemberKind::SchemaMap: {
                json map = json::object();
                for (const auto& [name, sub] : value.items()) {
                    if (key == "patternProperties") {
                        if (auto why = check_pattern(name)) {
                            error_at(Location{loc.doc, at, &value}, "pattern '" + name + "' is not supported: " + *why,
                                     name);
                            ok = false;
                        }
                    }
                    map[name] = compile_schema(Location{loc.doc, load::pointer_append(at, name), &sub}, p, sub_def,
                                               nullptr, ok);
                }
                out[key] = std::move(map);
                break;
            }
            case MemberKind::SchemaList: {
                json list = json::array();
                for (std::size_t i = 0; i < value.size(); ++i)
                    list.push_back(compile_schema(Location{loc.doc, load::pointer_append(at, i), &value[i]}, p, sub_def,
                                                  nullptr, ok));
                out[key] = std::move(list);
                break;
            }
            default:
                if (key == "pattern") {
                    if (auto why = check_pattern(value.get<std::string>())) {
                        error_at(loc, "pattern '" + value.get<std::string>() + "' is not supported: " + *why,
                                 "pattern");
                        ok = false;
                    }
                } else if (key == "format") {
                    StringFormat f = parse_format(value.get<std::string>());
                    if (f == StringFormat::None) {
                        error_at(loc,
                                 "format '" + value.get<std::string>() +
                                     "' is not supported in an assertion (supported: date-time, date, time, "
                                     "duration, email, hostname, ipv4, ipv6, uri, uri-reference, json-pointer, uuid)",
                                 "format");
                        ok = false;
                    } else if (f != StringFormat::DateTime && f != StringFormat::Uuid && f != StringFormat::Uri) {
                        use(Construct::Format, Location{loc.doc, at, &value},
                            "format '" + value.get<std::string>() + "'", f);
                    }
                }
                out[key] = value;
        }
    }
    return out;
}

}  // namespace contractgen::ir::builder
