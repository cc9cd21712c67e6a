// `$ref` with siblings and `allOf` are conjunctions: every part must hold.
// The parts are gathered first (`expand`, which follows refs and allOf
// branches, a shared base only once) and merged keyword by keyword
// (merge.cpp): types intersect, bounds tighten, properties and `required`
// accumulate, each property keeping the location of the schema it came from
// so that relative refs inside it still resolve. `convert_merged` then decides
// what the merged schema is: a union, a const, an enum, or one or more JSON
// kinds (objects.cpp, arrays.cpp); what no type carries is an assertion
// (checks.cpp) on the result.
#include <algorithm>
#include <utility>

#include "ir/build/builder.h"

namespace contractgen::ir::builder {

namespace {

// One member's part in the docs, if it is an annotation. Speed: bench/README.md, "Docs".
// A value of the wrong shape is skipped: check_keywords reports it, and a
// schema that failed its check can still have its docs read (define_named).
void read_annotation(const std::string& key, const json& value, Docs& docs) {
    using namespace std::string_view_literals;
    if (key == "title"sv) {
        if (docs.title.empty() && value.is_string()) docs.title = value.get<std::string>();
    } else if (key == "description"sv) {
        if (docs.description.empty() && value.is_string()) docs.description = value.get<std::string>();
    } else if (key == "deprecated"sv) {
        if (value.is_boolean() && value.get<bool>()) docs.deprecated = true;
    } else if (key == "default"sv) {
        if (!docs.default_value) docs.default_value = value;
    } else if (key == "examples"sv) {
        if (docs.examples.empty() && value.is_array())
            for (const auto& example : value) docs.examples.push_back(example);
    } else if (key.rfind("x-", 0) == 0) {
        docs.extensions.try_emplace(key, value);
    }
}

}  // namespace

bool contains(const NameSet& names, std::string_view name) {
    return std::binary_search(names.begin(), names.end(), name);
}

// The schema a `$ref` (or a `$dynamicRef` that always names one schema)
// names. A file's root is only a schema to refer to when it is a type: one
// of only `$defs` would stand for "any value".
std::optional<Location> Builder::follow_ref(const Location& loc, const char* keyword) {
    const std::string& ref = (*loc.node)[keyword].get_ref<const std::string&>();
    std::optional<Location> target =
        within_part(std::string_view(keyword) == "$ref" ? resolver_.resolve(*loc.doc, loc.pointer, ref, sink_)
                                                        : resolver_.resolve_dynamic(*loc.doc, loc.pointer, ref, sink_));
    if (!target || !target->pointer.empty() || named_by_location_.count(target->node)) return target;
    if (!root_is_type(*target->node) && target->node->is_object()) {  // (a type whose name clashed is reported already)
        load::Position p = loc.doc->value_position_of(load::pointer_append(loc.pointer, keyword));
        std::string file = ref.substr(0, ref.find('#'));
        sink_.error(
            loc.doc->display_path, p.line, p.column,
            "$ref '" + ref + "' names the root schema of '" + target->doc->path +
                "', which is not a type (it has only $defs and annotations); refer to one of its $defs entries ('" +
                file + "#/$defs/Name') or give the root schema a type");
    }
    return std::nullopt;
}

// Flattens `$ref` (with siblings) and `allOf` into the list of schema
// objects that must all hold; a `false` among them sets `never`.
void Builder::expand(const Location& loc, std::vector<Location>& parts, bool& never) {
    if (loc.node->is_boolean()) {
        if (!loc.node->get<bool>()) never = true;
        return;
    }
    if (!checked(loc) || too_deep(loc, expanding_.size())) return;
    if (std::find(expanding_.begin(), expanding_.end(), loc.node) != expanding_.end()) {
        error_at(loc, "this schema is a part of itself through allOf/$ref: a value of it would have to be infinite");
        return;
    }
    // A schema reached twice (a diamond: two branches share a base) adds nothing the second time.
    if (std::find_if(parts.begin(), parts.end(), [&](const Location& p) { return p.node == loc.node; }) != parts.end())
        return;
    parts.push_back(loc);
    expanding_.push_back(loc.node);
    const json& node = *loc.node;
    for (const char* keyword : {"$ref", "$dynamicRef"})
        if (member(node, keyword))
            if (auto target = follow_ref(loc, keyword)) expand(*target, parts, never);
    if (const json* all = member(node, "allOf"))
        for (std::size_t i = 0; i < all->size(); ++i) expand(child(loc, "allOf", i), parts, never);
    expanding_.pop_back();
}

// The annotations of the parts, the first part that says each winning.
Docs Builder::read_docs(const std::vector<Location>& parts) {
    Docs docs;
    for (const auto& part : parts) {
        const json& n = *part.node;
        if (!n.is_object()) continue;
        for (const auto& [key, value] : n.get_ref<const json::object_t&>()) read_annotation(key, value, docs);
    }
    return docs;
}

TypeExpr Builder::convert_parts(const std::vector<Location>& parts, const Hint& hint, bool ignore_const) {
    unsigned restrict = std::exchange(restrict_kinds_, kAllKinds);
    if (parts.empty()) return TypeExpr{};
    Merged m;
    m.first = parts.front();
    for (const auto& part : parts) merge_part(part, m, ignore_const);
    decide_unevaluated(m);
    if (restrict != kAllKinds) {  // an alternative of a union that has `type` beside it
        m.kinds &= restrict;
        m.typed = true;
    }
    m.docs = read_docs(parts);
    TypeExpr t = convert_merged(parts.front(), m, hint);
    if (auto id = compile_check(m.residual)) attach_check(t, *id);
    return t;
}

TypeExpr Builder::convert_merged(const Location& at, Merged& m, const Hint& hint) {
    // A oneOf/anyOf is the type when nothing else constrains the value;
    // beside other constraints (or beside another union) it is an assertion.
    bool mixed = m.const_value || m.enum_values || m.object_keywords || m.array_keywords || m.string_keywords ||
                 m.number_keywords || m.union_keywords > 1;
    if (!m.unions.empty() && mixed) {
        for (const auto& u : m.unions) {
            std::vector<std::string> keywords;
            for (const char* k : {"oneOf", "anyOf"})
                if (member(*u.node, k)) keywords.push_back(k);
            m.residual.push_back({u, keywords, false});
        }
    } else if (!m.unions.empty() && !m.never) {
        return convert_union(m.unions.front(), hint, m.typed ? m.kinds : kAllKinds);
    }
    if (m.never) return never(at);
    if (m.const_value) {
        if (!(value_kind(*m.const_value) & m.kinds)) {
            error_at(*m.const_at, const_kind_error(*m.const_value, m.kinds), "const");
            return TypeExpr{};
        }
        TypeExpr t;
        t.kind = Kind::Const;
        t.value = *m.const_value;
        t.const_typed = m.typed;
        t.const_integer = m.typed && t.value.is_number() && !(m.kinds & kFrac);
        return t;
    }
    if (m.enum_values) return convert_enum(at, m, hint);

    bool any_constraint = m.object_keywords || m.array_keywords || m.string_keywords || m.number_keywords;
    if (!m.typed && !any_constraint) return TypeExpr{};  // annotations only: any value
    if (m.kinds == 0) {
        warning_at(
            at,
            "this schema accepts no value: the types it (and its allOf/$ref parts) requires have nothing in common");
        return never(at);
    }
    bool nullable = (m.kinds & kNull) && m.kinds != kNull;
    unsigned kinds = nullable ? (m.kinds & ~kNull) : m.kinds;
    if (kinds & kFrac) kinds &= ~kInt;  // number subsumes integer

    std::vector<unsigned> present;
    for (unsigned bit : {kNull, kBool, kObject, kArray, kString, kInt, kFrac})
        if (kinds & bit) present.push_back(bit);
    if (present.size() == 1) {
        TypeExpr t = convert_kind(present[0], at, m, hint);
        t.nullable = t.nullable || nullable;
        return t;
    }
    // Several JSON kinds: a union dispatched on the kind of the value.
    Union u;
    u.mode = UnionMode::AnyOf;
    if (nullable) present.insert(present.begin(), kNull);
    for (unsigned bit : present) {
        u.variants.push_back(Variant{convert_kind(bit, at, m, hint.nested(kind_suffix(bit))), std::nullopt});
    }
    return put_decl(std::move(u), at, hint, m.docs);
}

// Several schemas that must all hold for one value (a property declared
// in two allOf branches, items in two branches).
TypeExpr Builder::convert_conjunction(const std::vector<Location>& locs, const Hint& hint) {
    std::vector<const Location*> real;  // not copies: a Location owns its pointer string
    for (const auto& l : locs)
        if (!(l.node->is_boolean() && l.node->get<bool>())) real.push_back(&l);
    if (real.empty()) return TypeExpr{};
    if (real.size() == 1) return convert(*real[0], hint);
    std::vector<Location> parts;
    bool never_valid = false;
    for (const Location* l : real) expand(*l, parts, never_valid);
    if (never_valid) return never(*real[0]);
    return convert_parts(parts, hint, false);
}

}  // namespace contractgen::ir::builder
