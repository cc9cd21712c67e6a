// One JSON kind at a time, once the parts of a schema are merged: an object
// becomes a struct (fields in schema order, `required`, forbidden names and
// what happens to undeclared members) or, when it declares nothing, a map;
// an array converts its items; scalars carry their bounds. Enums are here
// too: a closed set of values filtered by the schema's `type`.
#include <algorithm>
#include <utility>

#include "ir/build/builder.h"

namespace contractgen::ir::builder {

namespace {

struct RequiredSplit {
    std::vector<bool> marks;                       // by index into Merged::properties
    std::vector<const RequiredName*> undeclared;   // named by `required` only, in the order listed
    std::vector<std::pair<std::string_view, std::size_t>> declared;  // property names, sorted, with their index
};

// Matches `required` against the properties through one sorted index of
// their names. Speed: bench/README.md, "`required` against properties".
RequiredSplit split_required(const Merged& m) {
    RequiredSplit r;
    r.marks.assign(m.properties.size(), false);
    r.declared.reserve(m.properties.size());
    for (std::size_t i = 0; i < m.properties.size(); ++i) r.declared.emplace_back(m.properties[i].name, i);
    std::sort(r.declared.begin(), r.declared.end());
    for (const auto& name : m.required) {
        auto it = std::lower_bound(r.declared.begin(), r.declared.end(), std::pair{name.name, std::size_t{0}});
        if (it != r.declared.end() && it->first == name.name) r.marks[it->second] = true;
        else r.undeclared.push_back(&name);
    }
    return r;
}

}  // namespace

TypeExpr Builder::convert_kind(unsigned bit, const Location& at, const Merged& m, const Hint& hint) {
    TypeExpr t;
    switch (bit) {
        case kNull: t.kind = Kind::Null; return t;
        case kBool: t.kind = Kind::Boolean; return t;
        case kString:
            t.kind = Kind::String;
            t.string_bounds = m.string_bounds;
            return t;
        case kInt:
        case kFrac:
            t.kind = bit == kInt ? Kind::Integer : Kind::Number;
            t.number_bounds = m.number_bounds;
            return t;
        case kArray:
            t.kind = Kind::Array;
            t.array_bounds = m.array_bounds;
            t.element.push_back(convert_conjunction(m.items, hint.nested("Item")));
            return t;
        default:
            return convert_object(at, m, hint);
    }
}

TypeExpr Builder::convert_object(const Location& at, const Merged& m, const Hint& hint) {
    Struct s;
    s.bounds = m.object_bounds;
    s.forbidden = m.forbidden;
    // Exact size. Speed: bench/README.md, "Struct fields".
    s.fields.reserve(m.properties.size());
    RequiredSplit required = split_required(m);
    for (std::size_t i = 0; i < m.properties.size(); ++i) {
        const auto& [name, locs, listed_by_closed] = m.properties[i];
        bool is_required = required.marks[i];
        bool forbidden = listed_by_closed < m.closed;  // some closed part does not list it
        for (const auto& l : locs) forbidden |= l.node->is_boolean() && !l.node->get<bool>();
        if (forbidden) {
            if (is_required) {
                error_at(locs.front(), "property '" + name +
                                           "' is required but also forbidden (a 'false' schema, or additionalProperties: "
                                           "false in an allOf part that does not list it)");
            }
            if (std::find(s.forbidden.begin(), s.forbidden.end(), name) == s.forbidden.end()) s.forbidden.push_back(name);
            continue;
        }
        if (std::find(s.forbidden.begin(), s.forbidden.end(), name) != s.forbidden.end()) {
            if (is_required) error_at(locs.front(), "property '" + name + "' is both required and forbidden by 'not'");
            continue;
        }
        Field& f = s.fields.emplace_back();  // in place: a Field is large to move
        f.wire_name = name;
        f.required = is_required;
        // additionalProperties applies to every member its own schema's `properties` does not
        // list, including those declared in other allOf parts.
        if (m.additional && !contains(m.additional_allowed, name)) {
            std::vector<Location> conjunction = locs;
            conjunction.push_back(*m.additional);
            f.type = convert_conjunction(conjunction, hint.of_property(name));
        } else {
            f.type = convert_conjunction(locs, hint.of_property(name));
        }
        f.docs = read_docs(locs);  // which skips the `true`/`false` schemas among them
        f.origin = origin_of(locs.front());
    }
    for (const RequiredName* undeclared : required.undeclared) {
        const auto& [name, part, index] = *undeclared;
        std::vector<std::string> known;
        for (const auto& declared : required.declared) known.emplace_back(declared.first);
        std::string hint_name = diag::closest_match(std::string(name), known);
        // At the name itself, in whichever allOf part listed it.
        Location item{part->doc, load::pointer_append(load::pointer_append(part->pointer, "required"), index), nullptr};
        error_at(item, "'required' names '" + std::string(name) + "', which is not in 'properties'" +
                           (hint_name.empty() ? std::string() : " (did you mean '" + hint_name + "'?)"));
    }
    if (m.closed > 0) {
        s.extra = Extra::Forbid;
    } else if (m.additional && !(m.additional->node->is_boolean())) {
        s.extra = Extra::Typed;
        s.extra_type = convert(*m.additional, hint.nested("Value"));
    } else if (m.additional && m.additional->node->is_boolean() && !m.additional->node->get<bool>()) {
        s.extra = Extra::Forbid;
    }
    // An object that declares nothing is a map.
    if (s.fields.empty() && s.forbidden.empty() && m.required.empty() && s.extra != Extra::Forbid) {
        TypeExpr t;
        t.kind = Kind::Map;
        t.object_bounds = m.object_bounds;
        t.element.push_back(s.extra == Extra::Typed ? *s.extra_type : TypeExpr{});
        return t;
    }
    return put_decl(std::move(s), at, hint, m.docs);
}

TypeExpr Builder::convert_enum(const Location& at, const Merged& m, const Hint& hint) {
    Enum e;
    bool nullable = false;
    for (const auto& v : *m.enum_values) {
        if (!(value_kind(v) & m.kinds)) continue;  // can never validate against `type`
        if (v.is_null()) {
            nullable = true;
            continue;
        }
        e.all_strings = e.all_strings && v.is_string();
        e.values.push_back(v);
    }
    if (e.values.empty()) {
        if (nullable) {
            TypeExpr t;
            t.kind = Kind::Null;
            return t;
        }
        error_at(at, "no enum value matches the schema's type", "enum");
        return TypeExpr{};
    }
    TypeExpr t = put_decl(std::move(e), at, hint, m.docs);
    t.nullable = nullable;
    return t;
}

}  // namespace contractgen::ir::builder
