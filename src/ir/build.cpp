// Schema → IR. The heart of it is `convert`: a schema location becomes a
// TypeExpr, declaring (lifting) a named type whenever the schema is an
// object, enum or union. `$ref` plus sibling keywords and `allOf` are
// conjunctions: their parts are gathered first (`expand`) and merged keyword
// by keyword (`convert_parts`), each property keeping the location of the
// schema it came from so that relative refs inside it still resolve.
#include "ir/build.h"

#include <algorithm>
#include <bitset>
#include <functional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "ir/keywords.h"
#include "ir/passes/passes.h"
#include "ir/pattern.h"
#include "naming/words.h"
#include "resolve/resolver.h"

namespace contractgen::ir {

namespace {

using resolve::Location;

// JSON value kinds as bits; "number" is INT|FRAC so that intersecting
// `integer` with `number` gives `integer`.
enum KindBit : unsigned { kNull = 1, kBool = 2, kObject = 4, kArray = 8, kString = 16, kInt = 32, kFrac = 64 };
constexpr unsigned kAllKinds = kNull | kBool | kObject | kArray | kString | kInt | kFrac;

// A view, compared with views: a name of another length is rejected without
// reading it (a std::string compared with a C string measures that first).
unsigned kind_bits(std::string_view type_name) {
    using namespace std::string_view_literals;
    if (type_name == "null"sv) return kNull;
    if (type_name == "boolean"sv) return kBool;
    if (type_name == "object"sv) return kObject;
    if (type_name == "array"sv) return kArray;
    if (type_name == "string"sv) return kString;
    if (type_name == "integer"sv) return kInt;
    return kInt | kFrac;  // number
}

unsigned value_kind(const json& v) {
    if (v.is_null()) return kNull;
    if (v.is_boolean()) return kBool;
    if (v.is_object()) return kObject;
    if (v.is_array()) return kArray;
    if (v.is_string()) return kString;
    if (v.is_number_integer() || v.is_number_unsigned()) return kInt;
    double d = v.get<double>();
    return d == static_cast<double>(static_cast<long long>(d)) ? kInt : kFrac;
}

// The member `key` of an object, or nullptr. For the few keywords asked of
// every schema on the way in ($ref, allOf): ordered_json::find compares each
// key with a C string, measuring it first, where a view rejects keys of
// another length outright.
const json* member(const json& object, std::string_view key) {
    if (!object.is_object()) return nullptr;
    for (const auto& [k, v] : object.get_ref<const json::object_t&>())
        if (k == key) return &v;
    return nullptr;
}

std::uint64_t as_count(const json& v) {
    return v.is_number_float() ? static_cast<std::uint64_t>(v.get<double>()) : v.get<std::uint64_t>();
}

// A name fragment for a lifted type: "plan_tasks" → "PlanTasks".
std::string pascal(const std::string& s) {
    std::string p = naming::to_case(s, naming::Case::Pascal);
    return p.empty() ? "Field" : p;
}

// Names of properties, as views into the schema documents (which outlive the
// build), sorted for binary search: one allocation, where a
// std::set<std::string> makes one per name.
using NameSet = std::vector<std::string_view>;

bool contains(const NameSet& names, std::string_view name) {
    return std::binary_search(names.begin(), names.end(), name);
}

NameSet property_names(const json* properties) {
    NameSet names;
    if (!properties) return names;
    names.reserve(properties->size());
    for (const auto& [name, schema] : properties->items()) names.emplace_back(name);
    std::sort(names.begin(), names.end());
    return names;
}

// A name in `required`, with where it is first listed (only a diagnostic needs that).
struct RequiredName {
    std::string_view name;  // in the schema document
    const Location* part;   // one of the parts being merged
    std::size_t index;      // in that part's `required`
};

// Everything the parts of a conjunction say, merged.
struct Merged {
    unsigned kinds = kAllKinds;
    bool typed = false;  // some part had `type`
    const json* const_value = nullptr;
    std::optional<Location> const_at;  // the part that says `const`
    std::optional<std::vector<json>> enum_values;
    std::optional<Location> union_loc;
    // object
    struct Property {
        std::string name;
        std::vector<Location> locs;       // its schema in each part that declares it
        std::size_t listed_by_closed = 0;  // how many of the `closed` parts declare it
    };
    std::vector<Property> properties;
    std::vector<RequiredName> required;  // each name once, in the order first listed
    std::size_t closed = 0;              // parts with additionalProperties: false (each allows only its own properties)
    std::optional<Location> additional;  // additionalProperties: <schema>
    NameSet additional_allowed;          // the properties of the part that has it
    bool additional_explicitly_open = false;
    std::vector<std::string> forbidden;
    ObjectBounds object_bounds;
    // array
    std::vector<Location> items;
    ArrayBounds array_bounds;
    StringBounds string_bounds;
    NumberBounds number_bounds;
    Docs docs;
    bool object_keywords = false, array_keywords = false, string_keywords = false, number_keywords = false;
};

class Builder {
public:
    Builder(const load::SchemaSet& set, diag::Sink& sink) : set_(set), resolver_(set), sink_(sink) {}

    Model run() {
        declare_named_schemas();
        for (DeclId id = 0; id < named_count_; ++id) define_named(id);
        if (!sink_.has_errors()) run_passes(model_, set_, sink_);
        return std::move(model_);
    }

private:
    // Where a type goes if it needs a declaration: the family, the name to
    // lift it under, or a named declaration to fill instead. The name is kept
    // as the fragments it is made of (the parent's name, then "Item", or a
    // property name in Pascal case) and only joined when a type is lifted:
    // most properties never are, and spelling every property's name out was a
    // noticeable part of the build. A hint refers to its parent's, so hints
    // live on the stack of the conversion they guide and are never stored.
    struct Hint {
        const std::string& family;
        const Hint* parent = nullptr;
        std::string_view fragment;     // appended to the parent's name
        bool property = false;         // `fragment` is a property name, spelt in Pascal case
        std::optional<DeclId> into;    // fill this declaration instead of lifting

        std::string name() const {
            std::string n = parent ? parent->name() : std::string();
            n += property ? pascal(std::string(fragment)) : std::string(fragment);
            return n;
        }
        // For a type nested in this one: this hint's name plus `suffix`, lifted.
        Hint nested(std::string_view suffix) const { return Hint{family, this, suffix, false, std::nullopt}; }
        Hint of_property(const std::string& property_name) const {
            return Hint{family, this, property_name, true, std::nullopt};
        }
    };

    enum class State { Pending, InProgress, Done };

    // ---- diagnostics -------------------------------------------------------
    void error_at(const Location& loc, const std::string& message, const std::string& keyword = {}) {
        std::string pointer = keyword.empty() ? loc.pointer : load::pointer_append(loc.pointer, keyword);
        load::Position p = loc.doc->position_of(pointer);
        sink_.error(loc.doc->display_path, p.line, p.column, message);
    }
    Origin origin_of(const Location& loc) const {
        load::Position p = loc.doc->position_of(loc.node);  // by node: no pointer walk
        return Origin{loc.doc->path, loc.pointer, p.line, p.column};
    }
    // The location of a subschema. Callers pass the subschema itself, which
    // they already hold: finding it again by name would scan the object's
    // members (for each property of an object, all of them).
    Location child(const Location& loc, const std::string& key, const json& node) const {
        return Location{loc.doc, load::pointer_append(loc.pointer, key), &node};
    }
    Location child(const Location& loc, const std::string& key, std::size_t index) const {
        return Location{loc.doc, load::pointer_append(load::pointer_append(loc.pointer, key), index),
                        &(*loc.node)[key][index]};
    }
    // The pointer is built as one string: properties are located by the tens of thousands.
    Location child(const Location& loc, std::string_view key, const std::string& member, const json& node) const {
        return Location{loc.doc, load::pointer_append(loc.pointer, key, member), &node};
    }

    bool checked(const Location& loc) {
        // Found before inserting: emplace would allocate a node on every call,
        // and most calls are for nodes already checked.
        if (auto it = keywords_ok_.find(loc.node); it != keywords_ok_.end()) return it->second;
        bool ok = check_keywords(*loc.doc, loc.pointer, *loc.node, loc.pointer.empty(), sink_);
        keywords_ok_.emplace(loc.node, ok);
        return ok;
    }

    // ---- declarations ------------------------------------------------------
    DeclId add_decl(const std::string& family, const std::string& name, bool lifted, const Location& loc) {
        Decl d;
        d.family = family;
        d.name = name;
        d.lifted = lifted;
        d.body = Alias{};
        d.origin = origin_of(loc);
        model_.decls.push_back(std::move(d));
        taken_names_[family].insert(name);
        return model_.decls.size() - 1;
    }

    // Lifted names never shadow declared ones: a clash gets the next free number.
    std::string unique_name(const std::string& family, const std::string& base) {
        auto& taken = taken_names_[family];
        if (!taken.count(base)) return base;
        for (int n = 2;; ++n) {
            std::string candidate = base + std::to_string(n);
            if (!taken.count(candidate)) return candidate;
        }
    }

    // Every $defs entry is a named type; so is a file's root schema when it
    // says more than annotations (its name comes from the file name).
    void declare_named_schemas() {
        std::map<std::string, std::map<std::string, Location>> seen;  // family → name → where
        auto declare = [&](const load::Document& doc, const std::string& name, const Location& loc) {
            auto& where = seen[doc.family];
            if (auto it = where.find(name); it != where.end()) {
                load::Position first = it->second.doc->position_of(it->second.pointer);
                error_at(loc, "type '" + name + "' is already defined in family '" + doc.family + "' at " +
                                  it->second.doc->display_path + ":" + std::to_string(first.line) + ":" +
                                  std::to_string(first.column) + "; type names must be unique within a family");
                return;
            }
            where.emplace(name, loc);
            DeclId id = add_decl(doc.family, name, false, loc);
            named_locations_.push_back(loc);
            named_by_location_[loc.node] = id;
        };
        for (const auto& doc : set_.documents) {
            Location root{&doc, "", &doc.root};
            if (!doc.root.is_object()) {
                error_at(root, "a schema file must contain a JSON object");
                continue;
            }
            checked(root);
            bool root_is_type = false;
            for (const auto& [k, v] : doc.root.items())
                if (k != "$defs" && !is_annotation_keyword(k)) root_is_type = true;
            if (root_is_type) {
                std::string stem = doc.path.substr(doc.path.rfind('/') + 1);
                stem = stem.substr(0, stem.size() - std::string(".schema.json").size());
                declare(doc, pascal(stem), root);
            }
            if (auto defs = doc.root.find("$defs"); defs != doc.root.end() && defs->is_object())
                for (const auto& [name, schema] : defs->items()) declare(doc, name, child(root, "$defs", name, schema));
        }
        named_count_ = model_.decls.size();
        state_.assign(named_count_, State::Pending);
    }

    void define_named(DeclId id) {
        if (state_[id] == State::Done) return;
        if (state_[id] == State::InProgress) {
            std::string chain;
            auto start = std::find(definition_stack_.begin(), definition_stack_.end(), id);
            for (auto it = start; it != definition_stack_.end(); ++it) chain += model_.decls[*it].qualified_name() + " → ";
            chain += model_.decls[id].qualified_name();
            error_at(named_locations_[id],
                     "recursive reference " + chain + " is not supported; recursive types cannot be generated yet");
            return;
        }
        state_[id] = State::InProgress;
        definition_stack_.push_back(id);
        const Location loc = named_locations_[id];
        const std::string family = model_.decls[id].family;
        const std::string name = model_.decls[id].name;
        Hint hint{family, nullptr, name, false, id};
        bool is_def = loc.pointer != "";
        if (is_def && loc.node->is_object() && loc.node->contains("const")) {
            define_constant(id, loc, hint);
        } else {
            TypeExpr expr = convert(loc, hint);
            if (expr.kind == Kind::Named && expr.decl == id && expr.nullable) {
                // The body went into this declaration but null is accepted too
                // (`enum: [6, null]`, `type: ["object", "null"]`): the body moves
                // to a lifted declaration and this one becomes a nullable alias
                // of it (an alias of itself would be infinite).
                DeclId moved = add_decl(family, unique_name(family, name + "Value"), true, loc);
                model_.decls[moved].body = std::move(model_.decls[id].body);
                model_.decls[moved].docs = model_.decls[id].docs;
                expr.decl = moved;
            }
            bool filled = expr.kind == Kind::Named && expr.decl == id && !expr.nullable;
            if (!filled) model_.decls[id].body = Alias{expr};
            if (loc.node->is_object()) model_.decls[id].docs = read_docs({loc});
        }
        definition_stack_.pop_back();
        state_[id] = State::Done;
    }

    void define_constant(DeclId id, const Location& loc, const Hint& hint) {
        if (!checked(loc)) return;
        Constant c;
        c.value = (*loc.node)["const"];
        if (loc.node->contains("$ref") && only_annotations_besides(*loc.node, {"$ref", "const"})) {
            // A constant of a named type (`{"$ref": "#/$defs/Route", "const": "x"}`) is typed by that type itself.
            c.type = convert_ref(loc, hint.nested("Entry"));
        } else {
            std::vector<Location> parts;
            expand(loc, parts);
            c.type = convert_parts(parts, hint.nested("Entry"), /*ignore_const=*/true);
        }
        if (!(value_kind(c.value) & accepted_kinds(model_, c.type)))
            error_at(loc, "const value " + c.value.dump() + " does not match the schema's type", "const");
        if (auto it = loc.node->find("x-lookup"); it != loc.node->end()) {
            if (!it->is_string() || !c.value.is_object()) {
                error_at(loc, "'x-lookup' must be a function name, on a constant whose value is an object", "x-lookup");
            } else {
                c.lookup_function = it->get<std::string>();
            }
        }
        model_.decls[id].body = std::move(c);
        model_.decls[id].docs = read_docs({loc});
    }

    // ---- conversion --------------------------------------------------------
    TypeExpr named(DeclId id) {
        const Decl& d = model_.decls[id];
        if (d.is<Constant>()) {  // a reference to a constant accepts exactly its value
            TypeExpr t;
            t.kind = Kind::Const;
            t.value = d.as<Constant>().value;
            return t;
        }
        TypeExpr t;
        t.kind = Kind::Named;
        t.decl = id;
        return t;
    }

    static bool only_annotations_besides(const json& node, std::initializer_list<const char*> allowed) {
        for (const auto& [k, v] : node.items()) {
            if (is_annotation_keyword(k)) continue;
            bool ok = false;
            for (const char* a : allowed) ok = ok || k == a;
            if (!ok) return false;
        }
        return true;
    }

    std::optional<Location> follow_ref(const Location& loc) {
        const json& ref = (*loc.node)["$ref"];
        return resolver_.resolve(*loc.doc, loc.pointer, ref.get<std::string>(), sink_);
    }

    // Guards conversions that follow refs into unnamed schemas.
    template <class F>
    TypeExpr guarded(const Location& target, F&& f) {
        if (std::find(location_stack_.begin(), location_stack_.end(), target.node) != location_stack_.end()) {
            error_at(target, "recursive reference to '#" + target.pointer +
                                 "' is not supported; recursive types cannot be generated yet");
            return TypeExpr{};
        }
        location_stack_.push_back(target.node);
        TypeExpr t = f();
        location_stack_.pop_back();
        return t;
    }

    // Schemas nest through properties, items, $ref and allOf; each level is
    // a few frames of recursion here. A limit turns a chain deep enough to
    // overflow the stack (thousands of $refs) into one diagnostic.
    static constexpr std::size_t kMaxNesting = 256;
    struct Nesting {
        explicit Nesting(std::size_t& depth) : depth_(depth) { ++depth_; }
        ~Nesting() { --depth_; }
        Nesting(const Nesting&) = delete;
        Nesting& operator=(const Nesting&) = delete;
        std::size_t& depth_;
    };
    bool too_deep(const Location& loc, std::size_t depth) {
        if (too_deep_) return true;
        if (depth < kMaxNesting) return false;
        error_at(loc, "schemas nest more than " + std::to_string(kMaxNesting) +
                          " levels deep through $ref, allOf, properties and items; flatten the chain");
        too_deep_ = true;  // and stop: everything after this would repeat it
        return true;
    }

    TypeExpr convert(const Location& loc, const Hint& hint) {
        if (too_deep(loc, depth_)) return TypeExpr{};
        // Counted by a guard so the result is returned directly: a named
        // local returned beside another return value is moved (TypeExpr is large).
        Nesting nesting(depth_);
        return convert_schema(loc, hint);
    }

    TypeExpr convert_schema(const Location& loc, const Hint& hint) {
        const json& node = *loc.node;
        if (node.is_boolean()) {
            if (!node.get<bool>()) error_at(loc, "the schema 'false' accepts nothing; it is only supported as a property (forbidding it)");
            return TypeExpr{};  // `true`: any value
        }
        if (!node.is_object()) {
            error_at(loc, "a schema must be an object or a boolean");
            return TypeExpr{};
        }
        if (!checked(loc)) return TypeExpr{};
        if (member(node, "$ref") && only_annotations_besides(node, {"$ref"})) return convert_ref(loc, hint);
        std::vector<Location> parts;
        expand(loc, parts);
        return convert_parts(parts, hint, false);
    }

    // The type a `$ref` names: the named declaration, or the target schema converted in place.
    TypeExpr convert_ref(const Location& loc, const Hint& hint) {
        auto target = follow_ref(loc);
        if (!target) return TypeExpr{};
        if (auto it = named_by_location_.find(target->node); it != named_by_location_.end()) {
            define_named(it->second);
            return named(it->second);
        }
        return guarded(*target, [&] { return convert(*target, hint); });
    }

    // Flattens `$ref` (with siblings) and `allOf` into the list of schema
    // objects that must all hold.
    void expand(const Location& loc, std::vector<Location>& parts) {
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
    Docs read_docs(const std::vector<Location>& parts) {
        Docs docs;
        for (const auto& part : parts) {
            const json& n = *part.node;
            if (!n.is_object()) continue;
            for (const auto& [key, value] : n.get_ref<const json::object_t&>()) read_annotation(key, value, docs);
        }
        return docs;
    }

    // One member's part in the docs, if it is an annotation. Matched by name
    // here rather than through the keyword table: the five annotations all
    // differ in length from each other, so most keys are told apart by their
    // length alone, and docs are read for every property.
    static void read_annotation(const std::string& key, const json& value, Docs& docs) {
        using namespace std::string_view_literals;
        if (key == "title"sv) {
            if (docs.title.empty()) docs.title = value.get<std::string>();
        } else if (key == "description"sv) {
            if (docs.description.empty()) docs.description = value.get<std::string>();
        } else if (key == "deprecated"sv) {
            if (value.get<bool>()) docs.deprecated = true;
        } else if (key == "default"sv) {
            if (!docs.default_value) docs.default_value = value;
        } else if (key == "examples"sv) {
            if (docs.examples.empty())
                for (const auto& example : value) docs.examples.push_back(example);
        } else if (key.rfind("x-", 0) == 0) {
            docs.extensions.try_emplace(key, value);
        }
    }

    // Keeps the tighter of two bounds; `upper` says which direction is tighter.
    static void tighten(std::optional<json>& slot, const json& v, bool upper) {
        if (!slot || (upper ? v.get<double>() < slot->get<double>() : v.get<double>() > slot->get<double>())) slot = v;
    }
    static void tighten(std::optional<std::uint64_t>& slot, std::uint64_t v, bool upper) {
        if (!slot || (upper ? v < *slot : v > *slot)) slot = v;
    }

    void merge_part(const Location& part, Merged& m, bool ignore_const) {
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
        if (const json* v = kw[Keyword::Format]) {
            m.string_keywords = true;
            std::string f = v->get<std::string>();
            StringFormat sf = f == "date-time" ? StringFormat::DateTime
                              : f == "uuid"    ? StringFormat::Uuid
                              : f == "uri"     ? StringFormat::Uri
                                               : StringFormat::None;
            if (sf == StringFormat::None) {
                error_at(part, "format '" + f + "' is not supported (supported: date-time, uuid, uri)", "format");
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
    void read_forbidden(const Location& not_loc, std::vector<std::string>& out) {
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

    TypeExpr convert_parts(const std::vector<Location>& parts, const Hint& hint, bool ignore_const) {
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

    static const char* kind_suffix(unsigned bit) {
        switch (bit) {
            case kNull: return "Null";
            case kBool: return "Boolean";
            case kObject: return "Object";
            case kArray: return "Array";
            case kString: return "String";
            case kInt: return "Integer";
            default: return "Number";
        }
    }

    // Places a declaration body: into the named declaration being defined,
    // or lifted under the hint's name.
    TypeExpr put_decl(DeclBody body, const Location& at, const Hint& hint, const Docs& docs) {
        DeclId id;
        if (hint.into && !filled_.count(*hint.into)) {
            id = *hint.into;
            filled_.insert(id);
        } else {
            id = add_decl(hint.family, unique_name(hint.family, hint.name()), true, at);
        }
        model_.decls[id].body = std::move(body);
        model_.decls[id].docs = docs;
        TypeExpr t;
        t.kind = Kind::Named;
        t.decl = id;
        return t;
    }

    TypeExpr convert_kind(unsigned bit, const Location& at, const Merged& m, const Hint& hint) {
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

    // Several schemas that must all hold for one value (a property declared
    // in two allOf branches, items in two branches).
    TypeExpr convert_conjunction(const std::vector<Location>& locs, const Hint& hint) {
        std::vector<const Location*> real;  // not copies: a Location owns its pointer string
        for (const auto& l : locs)
            if (!(l.node->is_boolean() && l.node->get<bool>())) real.push_back(&l);
        if (real.empty()) return TypeExpr{};
        if (real.size() == 1) return convert(*real[0], hint);
        std::vector<Location> parts;
        for (const Location* l : real) expand(*l, parts);
        return convert_parts(parts, hint, false);
    }

    struct RequiredSplit {
        std::vector<bool> marks;                       // by index into Merged::properties
        std::vector<const RequiredName*> undeclared;   // named by `required` only, in the order listed
        std::vector<std::pair<std::string_view, std::size_t>> declared;  // property names, sorted, with their index
    };

    // Matches `required` against the properties through one sorted index of
    // their names, rather than searching one list for each name of the other.
    static RequiredSplit split_required(const Merged& m) {
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

    TypeExpr convert_object(const Location& at, const Merged& m, const Hint& hint) {
        Struct s;
        s.bounds = m.object_bounds;
        s.forbidden = m.forbidden;
        // Exact size: a Field is large, and doubling growth would leave a
        // third of every struct's fields unused for the whole run.
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

    TypeExpr convert_enum(const Location& at, const Merged& m, const Hint& hint) {
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

    static bool is_null_branch(const json& alt) {
        if (!alt.is_object() || !alt.contains("type") || alt["type"] != "null") return false;
        for (const auto& [k, v] : alt.items())
            if (k != "type" && !is_annotation_keyword(k)) return false;
        return true;
    }

    std::string variant_suffix(const json& alt, std::size_t index) {
        if (alt.is_object() && alt.contains("title") && alt["title"].is_string()) {
            std::string t = naming::to_case(alt["title"].get<std::string>(), naming::Case::Pascal);
            if (!t.empty()) return t;
        }
        return "Variant" + std::to_string(index + 1);
    }

    TypeExpr convert_union(const Location& loc, const Hint& hint, unsigned allowed_kinds) {
        const json& node = *loc.node;
        const char* keyword = node.contains("oneOf") ? "oneOf" : "anyOf";
        Union u;
        u.mode = node.contains("oneOf") ? UnionMode::OneOf : UnionMode::AnyOf;
        bool nullable = false;
        const json& alts = node[keyword];
        for (std::size_t i = 0; i < alts.size(); ++i) {
            if (alts[i].is_boolean() && !alts[i].get<bool>()) continue;  // `false` never matches
            if (is_null_branch(alts[i])) {
                nullable = nullable || (allowed_kinds & kNull);
                continue;
            }
            Location sub = child(loc, keyword, i);
            std::string suffix = variant_suffix(alts[i], i);
            Hint variant_hint = hint.nested(suffix);
            std::optional<TypeExpr> t = allowed_kinds == kAllKinds ? convert(sub, variant_hint)
                                                                   : convert_restricted(sub, variant_hint, allowed_kinds);
            if (t) u.variants.push_back(Variant{*t, std::nullopt});
        }
        if (u.variants.empty() && !nullable) {
            error_at(loc, std::string("no alternative of this ") + keyword + " can match (all are false, or none allows the schema's type)", keyword);
            return TypeExpr{};
        }
        if (u.variants.empty()) {
            TypeExpr null_type;
            null_type.kind = Kind::Null;
            return null_type;
        }
        Docs docs = read_docs({loc});
        if (u.variants.size() == 1 && !(u.variants[0].type.nullable && nullable && u.mode == UnionMode::OneOf)) {
            TypeExpr t = u.variants[0].type;
            t.nullable = t.nullable || nullable;
            return t;
        }
        if (auto open = as_open_enum(u)) {
            TypeExpr t = put_decl(std::move(*open), loc, hint, docs);
            t.nullable = nullable;
            return t;
        }
        if (nullable) {
            TypeExpr null_type;
            null_type.kind = Kind::Null;
            u.variants.insert(u.variants.begin(), Variant{null_type, std::nullopt});
        }
        return put_decl(std::move(u), loc, hint, docs);
    }

    // An alternative of a union whose schema also has `type`: the alternative
    // only accepts values of those kinds. A reference to a named type that
    // fits stays a reference; one that never fits is dropped (nullopt).
    std::optional<TypeExpr> convert_restricted(const Location& sub, const Hint& hint, unsigned allowed) {
        const json& n = *sub.node;
        if (n.is_object() && n.contains("$ref") && only_annotations_besides(n, {"$ref"})) {
            TypeExpr t = convert(sub, hint);
            unsigned k = accepted_kinds(model_, t);
            if ((k & ~allowed) == 0) return t;
            if ((k & allowed) == 0) return std::nullopt;
        }
        std::vector<Location> parts;
        if (n.is_boolean()) parts.push_back(sub);  // `true`: just the kinds
        else expand(sub, parts);
        for (const auto& part : parts) {  // a const or enum outside the kinds never matches
            const json& p = *part.node;
            if (!p.is_object()) continue;
            if (p.contains("const") && !(value_kind(p["const"]) & allowed)) return std::nullopt;
            if (auto e = p.find("enum"); e != p.end() && e->is_array() &&
                std::none_of(e->begin(), e->end(), [&](const json& v) { return (value_kind(v) & allowed) != 0; }))
                return std::nullopt;
        }
        restrict_kinds_ = allowed;
        TypeExpr t = convert_parts(parts, hint, false);
        restrict_kinds_ = kAllKinds;
        return t;
    }

    // anyOf [<string enum>, {type: string}] is an open enum: known values or any string.
    std::optional<OpenEnum> as_open_enum(const Union& u) {
        if (u.mode != UnionMode::AnyOf || u.variants.size() != 2) return std::nullopt;
        const TypeExpr& a = u.variants[0].type;
        const TypeExpr& b = u.variants[1].type;
        auto is_plain_string = [](const TypeExpr& t) { return t.kind == Kind::String && !t.nullable; };
        auto string_enum = [&](const TypeExpr& t) -> const Enum* {
            if (t.kind != Kind::Named || t.nullable) return nullptr;
            const Decl& d = model_.decls[t.decl];
            if (!d.is<Enum>() || !d.as<Enum>().all_strings) return nullptr;
            return &d.as<Enum>();
        };
        const TypeExpr* enum_side = string_enum(a) && is_plain_string(b) ? &a : string_enum(b) && is_plain_string(a) ? &b : nullptr;
        if (!enum_side) return std::nullopt;
        OpenEnum o;
        for (const auto& v : string_enum(*enum_side)->values) o.known.push_back(v.get<std::string>());
        o.known_enum = enum_side->decl;
        o.other = (enum_side == &a ? b : a).string_bounds;
        return o;
    }

    const load::SchemaSet& set_;
    resolve::Resolver resolver_;
    diag::Sink& sink_;
    Model model_;
    std::size_t named_count_ = 0;
    std::vector<Location> named_locations_;
    // Schema nodes are identified by address: unique across documents and stable once loaded.
    std::unordered_map<const json*, DeclId> named_by_location_;
    std::vector<State> state_;
    std::vector<DeclId> definition_stack_;
    std::vector<const json*> location_stack_;
    std::vector<const json*> expanding_;  // allOf/$ref expansion in progress (recursion guard)
    std::size_t depth_ = 0;               // nesting of convert()
    bool too_deep_ = false;
    std::unordered_map<const json*, bool> keywords_ok_;
    std::map<std::string, std::set<std::string>> taken_names_;
    std::set<DeclId> filled_;
    unsigned restrict_kinds_ = kAllKinds;  // consumed by the next convert_parts (see convert_restricted)
};

}  // namespace

Model build_model(const load::SchemaSet& schemas, diag::Sink& sink) {
    Builder builder(schemas, sink);
    return builder.run();
}

}  // namespace contractgen::ir
