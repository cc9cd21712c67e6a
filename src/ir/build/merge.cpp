// The parts of a conjunction merged keyword by keyword: types intersect,
// bounds tighten, properties and `required` accumulate. What no type can
// carry is set aside, part by part, as an assertion (Merged::residual;
// docs/semantics.md, "Assertions"): a general `not`, `if`/`then`/`else`,
// `contains`, `dependentRequired`, `dependentSchemas`, `propertyNames`,
// `patternProperties` that is not a key pattern, and `unevaluated*` that
// cannot be decided statically.
#include <algorithm>
#include <limits>
#include <tuple>

#include "ir/build/builder.h"
#include "ir/pattern.h"

namespace contractgen::ir::builder {

namespace {

// check_keywords refuses a count outside [0, 2^64); should one reach here
// anyway, it is clamped instead of converted out of range.
std::uint64_t as_count(const json& v) {
    if (!v.is_number_float()) return v.get<std::uint64_t>();
    const double d = v.get<double>();
    return is_count_float(d) ? static_cast<std::uint64_t>(d) : std::numeric_limits<std::uint64_t>::max();
}

NameSet property_names(const json* properties) {
    NameSet names;
    if (!properties) return names;
    names.reserve(properties->size());
    for (const auto& [name, schema] : properties->items()) names.emplace_back(name);
    std::sort(names.begin(), names.end());
    return names;
}

// Keeps the tighter of two bounds; `upper` says which direction is tighter.
void tighten(std::optional<json>& slot, const json& v, bool upper) {
    if (!slot || (upper ? v.get<double>() < slot->get<double>() : v.get<double>() > slot->get<double>())) slot = v;
}
void tighten(std::optional<std::uint64_t>& slot, std::uint64_t v, bool upper) {
    if (!slot || (upper ? v < *slot : v > *slot)) slot = v;
}

// Sets the keywords of `part` aside as an assertion (one Residual per part).
void set_aside(Merged& m, const Location& part, std::initializer_list<const char*> keywords, bool whole = false) {
    if (!whole && std::none_of(keywords.begin(), keywords.end(), [&](const char* k) { return member(*part.node, k); }))
        return;
    Residual* r = nullptr;
    for (auto& existing : m.residual)
        if (existing.part.node == part.node) r = &existing;
    if (!r) r = &m.residual.emplace_back(Residual{part, {}, false});
    r->whole = r->whole || whole;
    for (const char* k : keywords)
        if (member(*part.node, k) && std::find(r->keywords.begin(), r->keywords.end(), k) == r->keywords.end())
            r->keywords.emplace_back(k);
}

}  // namespace

void Builder::merge_part(const Location& part, Merged& m, bool ignore_const) {
    const KeywordSlots kw(*part.node);
    if (const json* t = kw[Keyword::Type]) {
        unsigned bits = 0;
        if (t->is_string()) bits = kind_bits(t->get_ref<const std::string&>());
        else
            for (const auto& e : *t) bits |= kind_bits(e.get_ref<const std::string&>());
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
                if (std::find(m.enum_values->begin(), m.enum_values->end(), v) != m.enum_values->end())
                    both.push_back(v);
            values = both;
        }
        m.enum_values = values;
    }
    const bool one_of = kw.has(Keyword::OneOf), any_of = kw.has(Keyword::AnyOf);
    if (one_of || any_of) {
        m.unions.push_back(part);
        m.union_keywords += (one_of ? 1 : 0) + (any_of ? 1 : 0);
        m.conditional = true;
    }
    if (kw.has(Keyword::Discriminator) && !one_of && !any_of)
        error_at(part, "'discriminator' only applies to a oneOf or anyOf in the same schema object", "discriminator");
    merge_object_keywords(part, kw, m);
    // array
    if (kw.has(Keyword::Items) || kw.has(Keyword::PrefixItems)) {
        m.array_keywords = true;
        ArrayPart a;
        if (const json* prefix = kw[Keyword::PrefixItems])
            for (std::size_t i = 0; i < prefix->size(); ++i) a.prefix.push_back(child(part, "prefixItems", i));
        if (const json* items = kw[Keyword::Items]) a.items = child(part, "items", *items);
        m.array_parts.push_back(std::move(a));
    }
    if (const json* v = kw[Keyword::MinItems]) {
        m.array_keywords = true;
        tighten(m.array_bounds.min_items, as_count(*v), false);
    }
    if (const json* v = kw[Keyword::MaxItems]) {
        m.array_keywords = true;
        tighten(m.array_bounds.max_items, as_count(*v), true);
    }
    if (const json* v = kw[Keyword::UniqueItems]) {
        m.array_keywords = true;
        m.array_bounds.unique_items |= v->get<bool>();
    }
    if (kw.has(Keyword::UnevaluatedItems)) m.unevaluated_items.push_back(part);
    if (kw.has(Keyword::Contains)) {
        m.contains = true;
        set_aside(m, part, {"contains", "minContains", "maxContains"});
    }
    // string
    if (const json* v = kw[Keyword::MinLength]) {
        m.string_keywords = true;
        tighten(m.string_bounds.min_length, as_count(*v), false);
    }
    if (const json* v = kw[Keyword::MaxLength]) {
        m.string_keywords = true;
        tighten(m.string_bounds.max_length, as_count(*v), true);
    }
    if (const json* v = kw[Keyword::Pattern]) {
        std::string pattern = v->get<std::string>();
        if (auto why = check_pattern(pattern)) {
            error_at(part, "pattern '" + pattern + "' is not supported: " + *why, "pattern");
        } else if (m.string_bounds.pattern && *m.string_bounds.pattern != pattern) {
            set_aside(m, part, {"pattern"});  // a second pattern: checked by an assertion
        } else {
            m.string_keywords = true;
            m.string_bounds.pattern = pattern;
        }
    }
    if (const json* v = kw[Keyword::Format]) merge_format(part, *v, m);
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
        if (m.number_bounds.multiple_of && *m.number_bounds.multiple_of != *v) {
            set_aside(m, part, {"multipleOf"});  // a second divisor: checked by an assertion
        } else {
            m.number_keywords = true;
            m.number_bounds.multiple_of = *v;
        }
    }
    // assertions
    if (kw.has(Keyword::If)) {
        m.conditional = true;
        set_aside(m, part, {"if", "then", "else"});  // `then`/`else` without `if` mean nothing
    }
    if (kw.has(Keyword::DependentSchemas)) m.conditional = true;
    set_aside(m, part, {"dependentRequired", "dependentSchemas", "propertyNames"});
}

void Builder::merge_format(const Location& part, const json& v, Merged& m) {
    if (v == "int64" || v == "uint64") {
        // An integer format: the value's range, not a string's shape.
        m.number_keywords = true;
        m.integer_format_at = part;
        IntegerFormat f = v == "int64" ? IntegerFormat::Int64 : IntegerFormat::Uint64;
        if (m.number_bounds.integer_format != IntegerFormat::Safe && m.number_bounds.integer_format != f)
            error_at(part, "two different formats in one allOf", "format");
        m.number_bounds.integer_format = f;
        return;
    }
    m.string_keywords = true;
    std::string name = v.get<std::string>();
    StringFormat sf = parse_format(name);
    if (sf == StringFormat::None) {
        error_at(part,
                 "format '" + name +
                     "' is not supported (supported: date-time, date, time, duration, email, hostname, ipv4, ipv6, "
                     "uri, uri-reference, json-pointer, uuid; int64, uint64 on integers)",
                 "format");
    } else if (m.string_bounds.format != StringFormat::None && m.string_bounds.format != sf) {
        error_at(part, "two different formats in one allOf", "format");
    } else {
        m.string_bounds.format = sf;
        if (sf != StringFormat::DateTime && sf != StringFormat::Uuid && sf != StringFormat::Uri)
            use(Construct::Format, Location{part.doc, load::pointer_append(part.pointer, "format"), &v},
                std::string("format '") + name + "'", sf);
    }
}

// Properties, `required`, what happens to undeclared members (per part: an
// `additionalProperties` applies to what that part's own `properties` and
// `patternProperties` do not name), member counts and forbidden members.
void Builder::merge_object_keywords(const Location& part, const KeywordSlots& kw, Merged& m) {
    const json* properties = kw[Keyword::Properties];
    const json* additional = kw[Keyword::AdditionalProperties];
    const json* patterns = kw[Keyword::PatternProperties];
    if (additional) m.additional_any = true;
    // patternProperties is a key pattern (a typed map of the members it
    // names) when it has one pattern and its part allows nothing else;
    // otherwise it is an assertion, with the `additionalProperties` that
    // depends on it.
    bool key_pattern = false;
    if (patterns) {
        ++m.pattern_parts;
        m.object_keywords = true;
        key_pattern = patterns->size() == 1 && additional && *additional == false && !m.key_pattern &&
                      !patterns->begin().value().is_boolean() && !check_pattern(patterns->begin().key()).has_value();
        if (key_pattern) {
            m.key_pattern = patterns->begin().key();
            m.key_pattern_at = child(part, "patternProperties", *m.key_pattern, patterns->begin().value());
            use(Construct::KeyPattern, *m.key_pattern_at, "patternProperties '" + *m.key_pattern + "'");
        } else {
            set_aside(m, part, {"properties", "patternProperties", "additionalProperties"});
        }
    }
    const bool closes = !patterns && additional && additional->is_boolean() && !additional->get<bool>();
    if (properties) {
        m.object_keywords = true;
        m.has_properties = true;
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
            if (std::none_of(m.required.begin(), m.required.begin() + earlier, same))
                m.required.push_back({name, &part, i});
        }
    }
    if (key_pattern) {
        if (m.additional) set_aside(m, part, {"properties", "patternProperties", "additionalProperties"});
        else {
            m.additional = *m.key_pattern_at;
            m.additional_allowed = property_names(properties);
        }
    } else if (const json* a = additional; a && !patterns) {
        m.object_keywords = true;
        if (closes) {
            ++m.closed;
        } else if (a->is_boolean()) {
            m.additional_explicitly_open = true;
        } else if (m.additional) {  // a second schema for undeclared members: an assertion
            set_aside(m, part, {"properties", "additionalProperties"});
        } else {
            m.additional = child(part, "additionalProperties", *a);
            m.additional_allowed = property_names(properties);
        }
    }
    if (const json* n = kw[Keyword::Not]) {
        if (read_forbidden(child(part, "not", *n), m.forbidden)) m.object_keywords = true;
        else
            set_aside(m, part, {"not"});
    }
    if (const json* v = kw[Keyword::MinProperties]) {
        m.object_keywords = true;
        tighten(m.object_bounds.min_properties, as_count(*v), false);
    }
    if (const json* v = kw[Keyword::MaxProperties]) {
        m.object_keywords = true;
        tighten(m.object_bounds.max_properties, as_count(*v), true);
    }
    if (kw.has(Keyword::UnevaluatedProperties)) m.unevaluated_properties.push_back(part);
}

// `unevaluatedProperties` on the first part (whose subtree is every part),
// beside no conditional keyword, no `additionalProperties` and no
// `patternProperties`, is the rule for undeclared members over the
// properties of every part; `unevaluatedItems` beside no `items`,
// `contains` or conditional keyword is the type of the items no
// `prefixItems` names. Anything else is an assertion on its whole part.
void Builder::decide_unevaluated(Merged& m) {
    if (!m.unevaluated_properties.empty()) {
        const Location& part = m.unevaluated_properties.front();
        bool is_static = m.unevaluated_properties.size() == 1 && part.node == m.first.node && !m.conditional &&
                         !m.additional_any && m.pattern_parts == 0;
        if (is_static) {
            const json& u = *member(*part.node, "unevaluatedProperties");
            m.object_keywords = true;
            if (u.is_boolean()) {
                m.closed_by_unevaluated = !u.get<bool>();
            } else {
                m.additional = child(part, "unevaluatedProperties", u);
                m.additional_allowed.clear();
                for (const auto& p : m.properties) m.additional_allowed.emplace_back(p.name);
                std::sort(m.additional_allowed.begin(), m.additional_allowed.end());
            }
        } else {
            for (const auto& p : m.unevaluated_properties) set_aside(m, p, {}, true);
        }
    }
    if (!m.unevaluated_items.empty()) {
        const Location& part = m.unevaluated_items.front();
        bool has_items = std::any_of(m.array_parts.begin(), m.array_parts.end(),
                                     [](const ArrayPart& a) { return a.items.has_value(); });
        bool is_static =
            m.unevaluated_items.size() == 1 && part.node == m.first.node && !m.conditional && !m.contains && !has_items;
        if (is_static) {
            m.array_keywords = true;
            m.rest_from_unevaluated = child(part, "unevaluatedItems", *member(*part.node, "unevaluatedItems"));
        } else {
            for (const auto& p : m.unevaluated_items) set_aside(m, p, {}, true);
        }
    }
}

// `not` is a type's concern where it forbids properties: {required: [a]} or
// {anyOf: [{required: [a]}, {required: [b]}]}. False for any other `not`
// (an assertion).
bool Builder::read_forbidden(const Location& not_loc, std::vector<std::string>& out) {
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
        return true;
    }
    if (n.is_object() && n.contains("anyOf") && n["anyOf"].is_array() && only_annotations_besides(n, {"anyOf"})) {
        std::vector<std::string> names;
        for (const auto& branch : n["anyOf"]) {
            if (!single_required(branch, name)) return false;
            names.push_back(name);
        }
        out.insert(out.end(), names.begin(), names.end());
        return true;
    }
    return false;
}

}  // namespace contractgen::ir::builder
