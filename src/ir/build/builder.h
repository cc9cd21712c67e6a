// Schema → IR, the builder's shared state and the map of where each part
// lives. The heart of it is `convert`: a schema location becomes a TypeExpr,
// declaring (lifting) a named type whenever the schema is an object, enum or
// union. The conversion recurses through every concern (a property of an
// allOf part may hold a union whose variant is an object...), so it is one
// class; its members are defined by concern, one file each:
//
//   declared.cpp      which schemas are named types ($defs entries, file roots) and their names
//   build.cpp         named types defined on demand; the dispatch every subschema goes through
//   conjunctions.cpp  $ref with siblings and allOf: parts gathered (`expand`), then converted
//   merge.cpp         the parts merged keyword by keyword; what no type carries set aside as assertions
//   checks.cpp        assertions compiled into schema programs (ir::Check)
//   objects.cpp       one JSON kind at a time: objects (fields, required, extras), enums
//   arrays.cpp        arrays and tuples (prefixItems, items, unevaluatedItems)
//   unions.cpp        oneOf/anyOf, alternatives restricted by `type`, open enums
//   discriminator.cpp OpenAPI's `discriminator` beside a oneOf/anyOf, checked against the variants
//   lifted.cpp        declarations of lifted types and the names they get
//   constants.cpp     `$defs` entries with `const`: typed constants
//   parts.cpp         groups of documents that do not reference each other, built side by side
//
// Internal to src/ir: the rest of the program sees ir/build.h only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "diag/diagnostics.h"
#include "ir/build/kinds.h"
#include "ir/keywords.h"
#include "ir/model.h"
#include "load/document.h"
#include "resolve/resolver.h"

namespace contractgen::ir::builder {

using resolve::Location;

// The member `key` of an object, or nullptr. Speed: bench/README.md, "Member lookups by view".
inline const json* member(const json& object, std::string_view key) {
    if (!object.is_object()) return nullptr;
    for (const auto& [k, v] : object.get_ref<const json::object_t&>())
        if (k == key) return &v;
    return nullptr;
}

// True when a file's root schema is a type: it has keywords besides `$defs` and annotations.
bool root_is_type(const json& root);

// True when every member of `node` is an annotation or one of `allowed`.
bool only_annotations_besides(const json& node, std::initializer_list<const char*> allowed);

// Name fragments of lifted types (lifted.cpp): a property name in Pascal
// case ("plan_tasks" → "PlanTasks"), a JSON kind ("String"), a union
// alternative (its title, else "Variant<index + 1>").
std::string pascal(const std::string& s);
const char* kind_suffix(unsigned bit);
std::string variant_suffix(const json& alt, std::size_t index);

// Names of properties, as views into the schema documents (which outlive the
// build), sorted for binary search. Speed: bench/README.md, "Property names".
using NameSet = std::vector<std::string_view>;

bool contains(const NameSet& names, std::string_view name);

// A name in `required`, with where it is first listed (only a diagnostic needs that).
struct RequiredName {
    std::string_view name;  // in the schema document
    const Location* part;   // one of the parts being merged
    std::size_t index;      // in that part's `required`
};

// Keywords of one part that no type carries: checked by an assertion
// (docs/semantics.md, "Assertions"). `whole`: every keyword of the part (an
// `unevaluated*` keyword needs all its siblings).
struct Residual {
    Location part;
    std::vector<std::string> keywords;
    bool whole = false;
};

// The array keywords of one part: `items` applies after that part's own `prefixItems`.
struct ArrayPart {
    std::vector<Location> prefix;
    std::optional<Location> items;
};

// Everything the parts of a conjunction say, merged.
struct Merged {
    bool never = false;  // some part is `false`: nothing is valid
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
    bool has_properties = false;         // some part has `properties` (then `required` may only name those)
    std::size_t closed = 0;  // parts with additionalProperties: false (each allows only its own properties)
    std::optional<Location> additional;  // additionalProperties: <schema>
    NameSet additional_allowed;  // the properties of the part that has it
    bool additional_explicitly_open = false;
    bool additional_any = false;  // some part has additionalProperties (whatever it says)
    std::optional<std::string>
        key_pattern;  // a closed part's one patternProperties pattern (its schema is in `additional`)
    std::optional<Location> key_pattern_at;
    std::size_t pattern_parts = 0;  // parts with patternProperties
    // the parts with unevaluatedProperties / unevaluatedItems, and what they decide when that is static
    std::vector<Location> unevaluated_properties, unevaluated_items;
    bool closed_by_unevaluated = false;  // unevaluatedProperties: false over every part's properties
    std::optional<Location> rest_from_unevaluated;  // unevaluatedItems: the items after every prefix
    Location first;  // the part the others were reached from
    bool conditional = false;  // some part has anyOf, oneOf, if or dependentSchemas
    bool contains = false;  // some part has contains
    std::vector<Location> unions;  // parts with oneOf/anyOf
    std::size_t union_keywords = 0;  // how many oneOf/anyOf keywords those parts have
    std::vector<std::string> forbidden;
    ObjectBounds object_bounds;
    // array
    std::vector<ArrayPart> array_parts;
    ArrayBounds array_bounds;
    StringBounds string_bounds;
    NumberBounds number_bounds;
    Docs docs;
    bool object_keywords = false, array_keywords = false, string_keywords = false, number_keywords = false;
    std::optional<Location> integer_format_at;  // where `format: int64|uint64` was, for errors
    std::vector<Residual> residual;
};

// Where a type goes if it needs a declaration: the family, the name to
// lift it under, or a named declaration to fill instead. The name is kept
// as the fragments it is made of (the parent's name, then "Item", or a
// property name in Pascal case) and only joined when a type is lifted
// (speed: bench/README.md, "Names of lifted types"). A hint refers to its
// parent's, so hints live on the stack of the conversion they guide and are
// never stored.
struct Hint {
    const std::string& family;
    const Hint* parent = nullptr;
    std::string_view fragment;  // appended to the parent's name
    bool property = false;  // `fragment` is a property name, spelt in Pascal case
    std::optional<DeclId> into;  // fill this declaration instead of lifting

    std::string name() const;
    // For a type nested in this one: this hint's name plus `suffix`, lifted.
    Hint nested(std::string_view suffix) const { return Hint{family, this, suffix, false, std::nullopt}; }
    Hint of_property(const std::string& property_name) const {
        return Hint{family, this, property_name, true, std::nullopt};
    }
};

class Builder {
public:
    Builder(const load::SchemaSet& set, diag::Sink& sink) : set_(set), resolver_(set), sink_(sink) {}

    Model run();

    // The model's sizes after a step of the build.
    struct Sizes {
        std::size_t decls = 0, checks = 0, constructs = 0;
    };
    // A group of documents built on its own (parts.cpp), before the passes.
    struct Part {
        Model model;  // its named declarations first, in document order
        std::vector<std::size_t> named_in;  // the document (index in the set) of each named declaration
        Sizes declared;  // after declaring the named types
        std::vector<Sizes> defined;  // after defining each named type from the top-level loop
        bool left = false;  // a reference led out of the group: the part is not usable
    };
    // Builds the documents `in_part` marks (one flag per document of the set)
    // the way run() would, recording what each step added. `report_index`:
    // report the resolver's problems with identifiers (one part does).
    Part run_part(const std::vector<char>& in_part, bool report_index);

private:
    enum class State { Pending, InProgress, Done };

    // ---- diagnostics and locations (build.cpp) -------------------------------
    void error_at(const Location& loc, const std::string& message, const std::string& keyword = {}) {
        std::string pointer = keyword.empty() ? loc.pointer : load::pointer_append(loc.pointer, keyword);
        load::Position p = loc.doc->position_of(pointer);
        sink_.error(loc.doc->display_path, p.line, p.column, message);
    }
    void warning_at(const Location& loc, const std::string& message, const std::string& keyword = {}) {
        std::string pointer = keyword.empty() ? loc.pointer : load::pointer_append(loc.pointer, keyword);
        load::Position p = loc.doc->position_of(pointer);
        sink_.warning(loc.doc->display_path, p.line, p.column, message);
    }
    Origin origin_of(const Location& loc) const {
        load::Position p = loc.doc->position_of(loc.node);  // by node: no pointer walk
        return Origin{loc.doc->path, loc.pointer, p.line, p.column};
    }
    // The location of a subschema, which callers hold already. Speed: bench/README.md, "Locations of subschemas".
    Location child(const Location& loc, const std::string& key, const json& node) const {
        return Location{loc.doc, load::pointer_append(loc.pointer, key), &node};
    }
    Location child(const Location& loc, const std::string& key, std::size_t index) const {
        return Location{loc.doc, load::pointer_append(load::pointer_append(loc.pointer, key), index),
                        &(*loc.node)[key][index]};
    }
    // A property's location, its pointer built as one string.
    Location child(const Location& loc, std::string_view key, const std::string& member, const json& node) const {
        return Location{loc.doc, load::pointer_append(loc.pointer, key, member), &node};
    }

    bool checked(const Location& loc) {
        // Found before inserting. Speed: bench/README.md, "Keyword checks cached".
        if (auto it = keywords_ok_.find(loc.node); it != keywords_ok_.end()) return it->second;
        bool ok = check_keywords(*loc.doc, loc.pointer, *loc.node, loc.pointer.empty(), sink_);
        keywords_ok_.emplace(loc.node, ok);
        return ok;
    }

    // Marks a reference that leaves the documents of the part being built.
    std::optional<Location> within_part(std::optional<Location> target) {
        if (target && in_part_ && !(*in_part_)[static_cast<std::size_t>(target->doc - set_.documents.data())])
            left_part_ = true;
        return target;
    }
    Sizes sizes() const { return {model_.decls.size(), model_.checks.size(), model_.constructs.size()}; }

    // ---- named types (declared.cpp) and the dispatch (build.cpp) -------------
    void declare_named_schemas();
    void define_named(DeclId id);
    // Gives declaration `id` what converting its schema returned: the body
    // when it went into `id`, else an alias of the result.
    void fill_declaration(DeclId id, TypeExpr expr, const Location& loc);
    bool closes_a_cycle(const std::vector<Location>& parts) const;
    TypeExpr convert_recursive_conjunction(const Location& loc, const std::vector<Location>& parts, const Hint& hint);
    std::string nesting_chain(const Location& at) const;
    TypeExpr named(DeclId id);
    // Guards conversions that follow refs into unnamed schemas (and the parts
    // of a union's alternative, which unions.cpp converts directly).
    template <class F>
    TypeExpr guarded(const Location& target, F&& f) {
        if (std::find(location_stack_.begin(), location_stack_.end(), target.node) != location_stack_.end()) {
            error_at(target, "recursive reference to '#" + target.pointer +
                                 "', a schema without a name; to make it a recursive type, move it into $defs");
            return TypeExpr{};
        }
        location_stack_.push_back(target.node);
        TypeExpr t = f();
        location_stack_.pop_back();
        return t;
    }
    bool too_deep(const Location& loc, std::size_t depth);
    TypeExpr convert(const Location& loc, const Hint& hint);
    TypeExpr convert_schema(const Location& loc, const Hint& hint);
    TypeExpr convert_ref(const Location& loc, const Hint& hint, const char* keyword = "$ref");

    // ---- $ref and allOf (conjunctions.cpp, merge.cpp) -----------------------
    std::optional<Location> follow_ref(const Location& loc, const char* keyword = "$ref");
    void expand(const Location& loc, std::vector<Location>& parts, bool& never);
    Docs read_docs(const std::vector<Location>& parts);
    void merge_part(const Location& part, Merged& m, bool ignore_const);
    void merge_format(const Location& part, const json& v, Merged& m);
    void merge_object_keywords(const Location& part, const KeywordSlots& kw, Merged& m);
    void decide_unevaluated(Merged& m);
    bool read_forbidden(const Location& not_loc, std::vector<std::string>& out);
    TypeExpr convert_parts(const std::vector<Location>& parts, const Hint& hint, bool ignore_const);
    TypeExpr convert_merged(const Location& at, Merged& m, const Hint& hint);
    TypeExpr convert_conjunction(const std::vector<Location>& locs, const Hint& hint);

    // ---- assertions (checks.cpp) ---------------------------------------------
    struct Program;
    json compile_schema(const Location& loc, Program& p, std::optional<std::size_t> def,
                        const std::vector<std::string>* only, bool& ok);
    // A value no value satisfies: the assertion `reason` (by default `false`, reported as `not`; an
    // empty enum says `{"enum": []}`, so its error names the keyword that fails).
    TypeExpr never(const Location& at, json reason = false);
    CheckId add_check(json program, const Location& at);
    std::optional<CheckId> compile_check(const std::vector<Residual>& residual);
    void attach_check(TypeExpr& t, CheckId id);
    void use(Construct c, const Location& at, const std::string& detail, StringFormat format = StringFormat::None);

    // ---- one JSON kind (objects.cpp) -----------------------------------------
    TypeExpr convert_kind(unsigned bit, const Location& at, const Merged& m, const Hint& hint);
    TypeExpr convert_object(const Location& at, const Merged& m, const Hint& hint);
    TypeExpr convert_enum(const Location& at, const Merged& m, const Hint& hint);
    TypeExpr convert_array(const Location& at, const Merged& m, const Hint& hint);  // arrays.cpp
    bool pattern_matches(const std::string& pattern, const std::string& name) const;

    // ---- unions (unions.cpp) -------------------------------------------------
    TypeExpr convert_union(const Location& loc, const Hint& hint, unsigned allowed_kinds);
    std::optional<TypeExpr> convert_restricted(const Location& sub, const Hint& hint, unsigned allowed);
    std::optional<OpenEnum> as_open_enum(const Union& u);

    // ---- OpenAPI's discriminator keyword (discriminator.cpp) ---------------------
    void apply_discriminator(const Location& union_loc, const char* keyword, const json& discriminator, Union& u,
                             const std::vector<std::size_t>& alternative, bool nullable);
    std::optional<std::string> variant_tag(const Variant& v, const std::string& property, std::string& why) const;

    // ---- lifted types (lifted.cpp) -------------------------------------------
    DeclId add_decl(const std::string& family, const std::string& name, bool lifted, const Location& loc);
    DeclId add_lifted(const std::string& family, const std::string& wanted, const Location& loc);
    TypeExpr put_decl(DeclBody body, const Location& at, const Hint& hint, const Docs& docs);

    // ---- constants (constants.cpp) -------------------------------------------
    void define_constant(DeclId id, const Location& loc, const Hint& hint);

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
    std::vector<const Location*> converting_;  // the nesting of convert(): the locations live on its callers' stacks
    // Conjunctions that are recursive types (build.cpp), by schema node.
    std::unordered_map<const json*, DeclId> recursive_conjunctions_;
    bool too_deep_ = false;
    std::unordered_map<const json*, bool> keywords_ok_;
    std::map<std::string, std::set<std::string>> taken_names_;
    std::set<DeclId> filled_;
    std::map<std::string, CheckId> checks_by_text_;  // identical programs share one Check
    std::set<std::pair<int, int>> constructs_seen_;  // (construct, format) recorded in model_.constructs
    unsigned restrict_kinds_ = kAllKinds;  // consumed by the next convert_parts (see convert_restricted)
    const std::vector<char>* in_part_ = nullptr;  // run_part: the documents of the part
    bool left_part_ = false;
};

// The model of `set` built in parts on `threads` threads, exactly as one
// Builder would build it (the same declarations, numbers, names, checks),
// passes included; nullopt when the set is one group, or when a part
// reports anything or reaches outside its group (then the caller builds the
// whole set, which reports it in its order).
std::optional<Model> build_in_parts(const load::SchemaSet& set, diag::Sink& sink, std::size_t threads);

}  // namespace contractgen::ir::builder
