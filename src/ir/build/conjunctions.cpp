// `$ref` with siblings and `allOf` are conjunctions: every part must hold.
// The parts are gathered first (`expand`, which follows refs and allOf
// branches, a shared base only once) and merged keyword by keyword
// (`merge_part`): types intersect, bounds tighten, properties and `required`
// accumulate, each property keeping the location of the schema it came from
// so that relative refs inside it still resolve. `convert_parts` then decides
// what the merged schema is: a union, a const, an enum, or one or more JSON
// kinds (objects.cpp).
#include <algorithm>
#include <tuple>
#include <utility>

#include "ir/build/builder.h"
#include "ir/pattern.h"

namespace contractgen::ir::builder {

namespace {

std::uint64_t as_count(const json& v) {
    return v.is_number_float() ? static_cast<std::uint64_t>(v.get<double>()) : v.get<std::uint64_t>();
}

NameSet property_names(const json* properties) {
    NameSet names;
    if (!properties) return names;
    names.reserve(properties->size());
    for (const auto& [name, schema] : properties->items()) names.emplace_back(name);
    std::sort(names.begin(), names.end());
    return names;
}

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

// Keeps the tighter of two bounds; `upper` says which direction is tighter.
void tighten(std::optional<json>& slot, const json& v, bool upper) {
    if (!slot || (upper ? v.get<double>() < slot->get<double>() : v.get<double>() > slot->get<double>())) slot = v;
}
void tighten(std::optional<std::uint64_t>& slot, std::uint64_t v, bool upper) {
    if (!slot || (upper ? v < *slot : v > *slot)) slot = v;
}

}  // namespace

bool contains(const NameSet& names, std::string_view name) {
    return std::binary_search(names.begin(), names.end(), name);
}

// The schema a `$ref` names. A file's root is only a schema to refer to
// when it is a type: one of only `$defs` would stand for "any value".
std::optional<Location> Builder::follow_ref(const Location& loc) {
    const std::string& ref = (*loc.node)["$ref"].get_ref<const std::string&>();
    std::optional<Location> target = resolver_.resolve(*loc.doc, loc.pointer, ref, sink_);
    if (!target || !target->pointer.empty() || named_by_location_.count(target->node)) return target;
    if (!root_is_type(*target->node) && target->node->is_object()) {  // (a type whose name clashed is reported already)
        load::Position p = loc.doc->value_position_of(load::pointer_append(loc.pointer, "$ref"));
        std::string file = ref.substr(0, ref.find('#'));
        sink_.error(loc.doc->display_path, p.line, p.column,
                    "$ref '" + ref + "' names the root schema of '" + target->doc->path +
                        "', which is not a type (it has only $defs and annotations); refer to one of its $defs entries ('" +
                        file + "#/$defs/Name') or give the root schema a type");
    }
    return std::nullopt;
}

// Flattens `$ref` (with siblings) and `allOf` into the list of schema
// objects that must all hold.
void Builder::expand(const Location& loc, std::vector<Location>& parts) {
    if (loc.node->is_boolean()) {
        if (!loc.node->get<bool>()) error_at(loc, "allOf with a 'false' branch accepts nothing");
        return;
    }
    if (!checked(loc) || too_deep(loc, expanding_.size())) return;
    if (std::find(expanding_.begin(), expanding_.end(), loc.node) != expanding_.end()) {
        error_at(loc, "recursive allOf/$ref is not supported");
        return;
    }
    // A schema reached twice (a diamond: two branches share a base) adds nothing the second time.
    if (std::find_if(parts.begin(), parts.end(), [&](const Location& p) { return p.node == loc.node; }) != parts.end())
        return;
    parts.push_back(loc);
    expanding_.push_back(loc.node);
    const json& node = *loc.node;
    if (member(node, "$ref")) {
        if (auto target = follow_ref(loc)) expand(*target, parts);
    }
    if (const json* all = member(node, "allOf"))
        for (std::size_t i = 0; i < all->size(); ++i) expand(child(loc, "allOf", i), parts);
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

void Builder::merge_part(const Location& part, Merged& m, bool ignore_const) {
    const KeywordSlots kw(*part.node);
    if (const json* t = kw[Keyword::Type]) {
        unsigned bits = 0;
        if (t->is_string()) bits = kind_bits(t->get_ref<const std::string&>());
        else for (const auto& e : *t) bits |= kind_bits(e.get_ref<const std::string&>());
        m.kinds &= bits;
        m.typed = true;
    }
    if (const json* c = kw[Keyword::Const]; c && !ignore_const) {
        if (m.const_value && *m.const_value != *c) error_at(part, "two different 'const' values in one allOf", "const");
        m.const_value = c;
        m.const_at = part;
    }
    if (const json* e = kw[Keyword::Enum]) {
        std::vector<json> values;
        for (const auto& v : *e) {
            if (std::find(values.begin(), values.end(), v) != values.end()) {
                error_at(part, "enum lists " + v.dump() + " twice", "enum");
                continue;
            }
            values.push_back(v);
        }
        if (m.enum_values) {  // intersect
            std::vector<json> both;
            for (const auto& v : values)
                if (std::find(m.enum_values->begin(), m.enum_values->end(), v) != m.enum_values->end()) both.push_back(v);
            values = both;
        }
        m.enum_values = values;
    }
    for (auto [k, keyword] : {std::pair{"oneOf", Keyword::OneOf}, std::pair{"anyOf", Keyword::AnyOf}}) {
        if (!kw.has(keyword)) continue;
        if (m.union_loc) {
            error_at(part, "only one oneOf/anyOf per schema is supported (also across allOf)", k);
            continue;
        }
        m.union_loc = part;
    }
    if (kw.has(Keyword::Discriminator) && !kw.has(Keyword::OneOf) && !kw.has(Keyword::AnyOf))
        error_at(part, "'discriminator' only applies to a oneOf or anyOf in the same schema object", "discriminator");
    // object
    const json* properties = kw[Keyword::Properties];
    const json* additional = kw[Keyword::AdditionalProperties];
    const bool closes = additional && additional->is_boolean() && !additional->get<bool>();
    if (properties) {
        m.object_keywords = true;
        // A part names each property once, so only earlier parts' entries can match.
        const std::size_t earlier = m.properties.size();
        for (const auto& [name, schema] : properties->items()) {
            std::size_t i = 0;
            while (i < earlier && m.properties[i].name != name) ++i;
            if (i == earlier) {
                i = m.properties.size();
                m.properties.push_back({name, {}, 0});
            }
            m.properties[i].locs.push_back(child(part, "properties", name, schema));
            if (closes) ++m.properties[i].listed_by_closed;
        }
    }
    if (const json* r = kw[Keyword::Required]) {
        m.object_keywords = true;
        // Names within one `required` are distinct (check_keywords): only earlier parts' can repeat.
        const std::size_t earlier = m.required.size();
        for (std::size_t i = 0; i < r->size(); ++i) {
            std::string_view name = (*r)[i].get_ref<const std::string&>();
            auto same = [&](const RequiredName& q) { return q.name == name; };
            if (std::none_of(m.required.begin(), m.required.begin() + earlier, same)) m.required.push_back({name, &part, i});
        }
    }
    if (const json* a = additional) {
        m.object_keywords = true;
        if (closes) {
            ++m.closed;
        } else if (a->is_boolean()) {
            m.additional_explicitly_open = true;
        } else {
            if (m.additional) error_at(part, "two additionalProperties schemas in one allOf are not supported", "additionalProperties");
            m.additional = child(part, "additionalProperties", *a);
            m.additional_allowed = property_names(properties);
        }
    }
    if (const json* n = kw[Keyword::Not]) {
        m.object_keywords = true;
        read_forbidden(child(part, "not", *n), m.forbidden);
    }
    if (const json* v = kw[Keyword::MinProperties]) { m.object_keywords = true; tighten(m.object_bounds.min_properties, as_count(*v), false); }
    if (const json* v = kw[Keyword::MaxProperties]) { m.object_keywords = true; tighten(m.object_bounds.max_properties, as_count(*v), true); }
    // array
    if (const json* v = kw[Keyword::Items]) { m.array_keywords = true; m.items.push_back(child(part, "items", *v)); }
    if (const json* v = kw[Keyword::MinItems]) { m.array_keywords = true; tighten(m.array_bounds.min_items, as_count(*v), false); }
    if (const json* v = kw[Keyword::MaxItems]) { m.array_keywords = true; tighten(m.array_bounds.max_items, as_count(*v), true); }
    if (const json* v = kw[Keyword::UniqueItems]) { m.array_keywords = true; m.array_bounds.unique_items |= v->get<bool>(); }
    // string
    if (const json* v = kw[Keyword::MinLength]) { m.string_keywords = true; tighten(m.string_bounds.min_length, as_count(*v), false); }
    if (const json* v = kw[Keyword::MaxLength]) { m.string_keywords = true; tighten(m.string_bounds.max_length, as_count(*v), true); }
    if (const json* v = kw[Keyword::Pattern]) {
        m.string_keywords = true;
        std::string pattern = v->get<std::string>();
        if (auto why = check_portable_pattern(pattern)) {
            error_at(part, "pattern '" + pattern + "' cannot be matched alike in C++, TypeScript and Python: " + *why, "pattern");
        } else if (m.string_bounds.pattern && *m.string_bounds.pattern != pattern) {
            error_at(part, "two different patterns in one allOf are not supported; combine them into one", "pattern");
        } else {
            m.string_bounds.pattern = pattern;
        }
    }
    if (const json* v = kw[Keyword::Format]; v && (*v == "int64" || *v == "uint64")) {
        // An integer format: the value's range, not a string's shape.
        m.number_keywords = true;
        m.integer_format_at = part;
        IntegerFormat f = *v == "int64" ? IntegerFormat::Int64 : IntegerFormat::Uint64;
        if (m.number_bounds.integer_format != IntegerFormat::Safe && m.number_bounds.integer_format != f)
            error_at(part, "two different formats in one allOf", "format");
        m.number_bounds.integer_format = f;
    } else if (v) {
        m.string_keywords = true;
        std::string f = v->get<std::string>();
        StringFormat sf = f == "date-time" ? StringFormat::DateTime
                          : f == "uuid"    ? StringFormat::Uuid
                          : f == "uri"     ? StringFormat::Uri
                                           : StringFormat::None;
        if (sf == StringFormat::None) {
            error_at(part, "format '" + f + "' is not supported (supported: date-time, uuid, uri; int64, uint64 on integers)",
                     "format");
        } else if (m.string_bounds.format != StringFormat::None && m.string_bounds.format != sf) {
            error_at(part, "two different formats in one allOf", "format");
        } else {
            m.string_bounds.format = sf;
        }
    }
    // number
    for (auto [k, slot, upper] : {std::tuple{Keyword::Minimum, &m.number_bounds.minimum, false},
                                  std::tuple{Keyword::Maximum, &m.number_bounds.maximum, true},
                                  std::tuple{Keyword::ExclusiveMinimum, &m.number_bounds.exclusive_minimum, false},
                                  std::tuple{Keyword::ExclusiveMaximum, &m.number_bounds.exclusive_maximum, true}}) {
        const json* v = kw[k];
        if (!v) continue;
        m.number_keywords = true;
        tighten(*slot, *v, upper);
    }
    if (const json* v = kw[Keyword::MultipleOf]) {
        m.number_keywords = true;
        if (m.number_bounds.multiple_of && *m.number_bounds.multiple_of != *v)
            error_at(part, "two different multipleOf values in one allOf are not supported", "multipleOf");
        m.number_bounds.multiple_of = *v;
    }
}

// `not` is supported where it forbids properties: {required: [a]} or
// {anyOf: [{required: [a]}, {required: [b]}]}.
void Builder::read_forbidden(const Location& not_loc, std::vector<std::string>& out) {
    const json& n = *not_loc.node;
    auto single_required = [&](const json& s, std::string& name) {
        if (!s.is_object() || !s.contains("required") || !s["required"].is_array() || s["required"].size() != 1 ||
            !s["required"][0].is_string())
            return false;
        for (const auto& [k, v] : s.items())
            if (k != "required" && !is_annotation_keyword(k)) return false;
        name = s["required"][0].get<std::string>();
        return true;
    };
    std::string name;
    if (single_required(n, name)) {
        out.push_back(name);
        return;
    }
    if (n.is_object() && n.contains("anyOf") && n["anyOf"].is_array() && only_annotations_besides(n, {"anyOf"})) {
        std::vector<std::string> names;
        bool all = true;
        for (const auto& branch : n["anyOf"]) {
            if (single_required(branch, name)) names.push_back(name);
            else all = false;
        }
        if (all) {
            out.insert(out.end(), names.begin(), names.end());
            return;
        }
    }
    error_at(not_loc,
             "only 'not' forms that forbid properties are supported: {\"required\": [\"name\"]} or "
             "{\"anyOf\": [{\"required\": [\"a\"]}, {\"required\": [\"b\"]}]}");
}

TypeExpr Builder::convert_parts(const std::vector<Location>& parts, const Hint& hint, bool ignore_const) {
    unsigned restrict = std::exchange(restrict_kinds_, kAllKinds);
    if (parts.empty()) return TypeExpr{};
    Merged m;
    for (const auto& part : parts) merge_part(part, m, ignore_const);
    if (restrict != kAllKinds) {  // an alternative of a union that has `type` beside it
        m.kinds &= restrict;
        m.typed = true;
    }
    m.docs = read_docs(parts);
    const Location& at = parts.front();

    if (m.union_loc) {
        bool mixed = m.const_value || m.enum_values || m.object_keywords || m.array_keywords || m.string_keywords ||
                     m.number_keywords;
        if (mixed) {
            error_at(*m.union_loc,
                     "oneOf/anyOf combined with other constraints in the same schema is not supported; "
                     "move the shared constraints into each alternative");
            return TypeExpr{};
        }
        return convert_union(*m.union_loc, hint, m.typed ? m.kinds : kAllKinds);
    }
    if (m.const_value) {
        if (!(value_kind(*m.const_value) & m.kinds)) {
            error_at(*m.const_at, "const value " + m.const_value->dump() + " does not match the schema's type", "const");
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
        error_at(at, "the types required by this schema (and its allOf/$ref parts) have nothing in common");
        return TypeExpr{};
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
    for (const Location* l : real) expand(*l, parts);
    return convert_parts(parts, hint, false);
}


}  // namespace contractgen::ir::builder
