// One JSON kind at a time, once the parts of a schema are merged: an object
// becomes a struct (fields in schema order, `required`, forbidden names and
// what happens to undeclared members) or, when it declares nothing, a map;
// an array converts its items; scalars carry their bounds. Enums are here
// too: a closed set of values filtered by the schema's `type`.
#include <algorithm>
#include <utility>

#include "ir/build/builder.h"
#include "ir/pattern_match.h"
#include "text/utf8.h"

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
        else
            r.undeclared.push_back(&name);
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
            if (bit == kFrac && m.number_bounds.integer_format != IntegerFormat::Safe) {
                error_at(*m.integer_format_at,
                         "format 'int64'/'uint64' applies to integers; give this schema "
                         "\"type\": \"integer\"",
                         "format");
                t.number_bounds.integer_format = IntegerFormat::Safe;
            }
            return t;
        case kArray: return convert_array(at, m, hint);
        default: return convert_object(at, m, hint);
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
        // A key pattern's part allows its own properties and the names the pattern matches.
        if (m.key_pattern && !contains(m.additional_allowed, name) && !pattern_matches(*m.key_pattern, name))
            forbidden = true;
        for (const auto& l : locs) forbidden |= l.node->is_boolean() && !l.node->get<bool>();
        if (forbidden) {
            if (is_required) {
                error_at(locs.front(),
                         "property '" + name +
                             "' is required but also forbidden (a 'false' schema, or additionalProperties: "
                             "false in an allOf part that does not list it)");
            }
            if (std::find(s.forbidden.begin(), s.forbidden.end(), name) == s.forbidden.end())
                s.forbidden.push_back(name);
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
        // With a key pattern, that applies to every member whose name it matches.
        bool extra_applies = m.additional && !contains(m.additional_allowed, name);
        if (m.key_pattern) extra_applies = pattern_matches(*m.key_pattern, name);
        if (extra_applies) {
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
        if (!m.has_properties) {
            // An object that declares no properties may require any member: a
            // free-form one, or of the type undeclared members have.
            Location item{part->doc, load::pointer_append(load::pointer_append(part->pointer, "required"), index),
                          &(*part->node)["required"][index]};
            const std::string wire(name);
            bool allowed =
                m.closed == 0 && !m.closed_by_unevaluated && (!m.key_pattern || pattern_matches(*m.key_pattern, wire));
            if (!allowed || std::find(s.forbidden.begin(), s.forbidden.end(), wire) != s.forbidden.end()) {
                error_at(item, "'required' names '" + wire +
                                   "', which this object does not allow (additionalProperties, "
                                   "patternProperties or not)");
                continue;
            }
            Field& f = s.fields.emplace_back();
            f.wire_name = wire;
            f.required = true;
            if (m.additional) f.type = convert(*m.additional, hint.of_property(wire));
            f.origin = origin_of(item);
            continue;
        }
        std::vector<std::string> known;
        for (const auto& declared : required.declared) known.emplace_back(declared.first);
        std::string hint_name = diag::closest_match(std::string(name), known);
        // At the name itself, in whichever allOf part listed it.
        Location item{part->doc, load::pointer_append(load::pointer_append(part->pointer, "required"), index), nullptr};
        error_at(item, "'required' names '" + std::string(name) + "', which is not in 'properties'" +
                           (hint_name.empty() ? std::string() : " (did you mean '" + hint_name + "'?)"));
    }
    if (m.key_pattern) {
        s.extra = Extra::Typed;
        s.extra_type = convert(*m.additional, hint.nested("Value"));
        s.extra_key_pattern = m.key_pattern;
    } else if (m.closed > 0 || m.closed_by_unevaluated) {
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
        t.string_bounds.pattern = s.extra_key_pattern;
        t.element.push_back(s.extra == Extra::Typed ? *s.extra_type : TypeExpr{});
        return t;
    }
    return put_decl(std::move(s), at, hint, m.docs);
}

// Whether a pattern matches a property name, as every target's engine
// would (the C++ runtime's: RE2, or PCRE2 for lookaround). A name that hits
// the backtracking bound is taken as not matching, as the bindings reject it.
bool Builder::pattern_matches(const std::string& pattern, const std::string& name) const {
    return match_pattern(pattern, name) == PatternMatch::Yes;
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
        warning_at(at,
                   m.enum_values->empty() ? "this schema accepts no value: its enum is empty"
                                          : "this schema accepts no value: no enum value matches its type",
                   "enum");
        return m.enum_values->empty() ? never(at, json{{"enum", json::array()}}) : never(at);
    }
    TypeExpr t = put_decl(std::move(e), at, hint, m.docs);
    t.nullable = nullable;
    return t;
}

}  // namespace contractgen::ir::builder
