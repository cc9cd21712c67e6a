// Named types and the dispatch. Every named type (declared.cpp) is defined
// on first use, so a reference finds its target complete, and recursion is
// refused with the chain that closes it. `convert` is the one entry every
// subschema goes through: it bounds the nesting and sends the schema to a
// `$ref` or to the conjunction of its parts (conjunctions.cpp).
#include "ir/build.h"

#include <algorithm>
#include <utility>

#include "ir/build/builder.h"
#include "ir/passes/passes.h"
#include "parallel/work_pool.h"

namespace contractgen::ir {

namespace builder {

namespace {

// Schemas nest through properties, items, $ref and allOf; each level is
// a few frames of recursion here. A limit turns a chain deep enough to
// overflow the stack (thousands of $refs) into one diagnostic.
constexpr std::size_t kMaxNesting = 256;
struct Nesting {
    Nesting(std::vector<const Location*>& chain, const Location& loc) : chain_(chain) { chain_.push_back(&loc); }
    ~Nesting() { chain_.pop_back(); }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;
    std::vector<const Location*>& chain_;
};

}  // namespace

Model Builder::run() {
    resolver_.report_index_problems(sink_);
    declare_named_schemas();
    for (DeclId id = 0; id < named_count_; ++id) define_named(id);
    if (!sink_.has_errors()) run_passes(model_, set_, sink_);
    return std::move(model_);
}

void Builder::define_named(DeclId id) {
    // A declaration being defined is referred to from inside itself: a
    // recursive type, complete once its definition returns. Whether the
    // cycle passes through a container is checked afterwards (passes/recursion.cpp).
    if (state_[id] != State::Pending) return;
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
        fill_declaration(id, convert(loc, hint), loc);
        if (loc.node->is_object()) model_.decls[id].docs = read_docs({loc});
    }
    definition_stack_.pop_back();
    state_[id] = State::Done;
}

void Builder::fill_declaration(DeclId id, TypeExpr expr, const Location& loc) {
    const bool into_this = filled_.count(id) > 0;  // the body went into this declaration
    if (into_this && expr.kind == Kind::Named && expr.decl == id && expr.nullable) {
        // The body went into this declaration but null is accepted too
        // (`enum: [6, null]`, `type: ["object", "null"]`): the body moves
        // to a lifted declaration and this one becomes a nullable alias
        // of it (an alias of itself would be infinite).
        const std::string family = model_.decls[id].family;
        DeclId moved = add_lifted(family, model_.decls[id].name + "Value", loc);
        model_.decls[moved].body = std::move(model_.decls[id].body);
        model_.decls[moved].docs = model_.decls[id].docs;
        expr.decl = moved;
    }
    bool filled = into_this && expr.kind == Kind::Named && expr.decl == id && !expr.nullable;
    if (filled) model_.decls[id].check = std::exchange(expr.check, std::nullopt);
    else
        model_.decls[id].body = Alias{expr};
}

TypeExpr Builder::named(DeclId id) {
    const Decl& d = model_.decls[id];
    if (d.is<Constant>()) {  // a reference to a constant accepts exactly its value
        TypeExpr t;
        t.kind = Kind::Const;
        t.value = d.as<Constant>().value;
        t.const_typed = d.as<Constant>().type.kind != Kind::Any;
        t.const_integer = d.as<Constant>().type.kind == Kind::Integer;
        return t;
    }
    TypeExpr t;
    t.kind = Kind::Named;
    t.decl = id;
    return t;
}

bool only_annotations_besides(const json& node, std::initializer_list<const char*> allowed) {
    for (const auto& [k, v] : node.items()) {
        if (is_annotation_keyword(k)) continue;
        bool ok = false;
        for (const char* a : allowed) ok = ok || k == a;
        if (!ok) return false;
    }
    return true;
}

bool Builder::too_deep(const Location& loc, std::size_t depth) {
    if (too_deep_) return true;
    if (depth < kMaxNesting) return false;
    error_at(loc, "schemas nest more than " + std::to_string(kMaxNesting) +
                      " levels deep through $ref, allOf, properties and items (" + nesting_chain(loc) +
                      "); flatten the chain");
    too_deep_ = true;  // and stop: everything after this would repeat it
    return true;
}

// What the nesting went through, for the message: the cycle when the chain
// repeats a schema (the usual cause), else its first and last steps.
std::string Builder::nesting_chain(const Location& at) const {
    auto shown = [&](const Location& l) { return (l.doc == at.doc ? std::string() : l.doc->path) + "#" + l.pointer; };
    std::vector<const Location*> chain = converting_;
    chain.push_back(&at);
    auto join = [&](std::size_t from, std::size_t to) {
        std::string out;
        for (std::size_t i = from; i < to; ++i) out += (i > from ? " → " : "") + shown(*chain[i]);
        return out;
    };
    for (std::size_t i = chain.size() - 1; i-- > 0;)
        if (chain[i]->node == at.node) return "the chain repeats: " + join(i, chain.size()) + " → …";
    constexpr std::size_t kEnds = 4;
    if (chain.size() <= 2 * kEnds) return "the chain: " + join(0, chain.size());
    return "the chain: " + join(0, kEnds) + " → … → " + join(chain.size() - kEnds, chain.size());
}

TypeExpr Builder::convert(const Location& loc, const Hint& hint) {
    if (too_deep(loc, converting_.size())) return TypeExpr{};
    // Counted by a guard so the result is returned directly. Speed: bench/README.md, "Returning a TypeExpr".
    Nesting nesting(converting_, loc);
    return convert_schema(loc, hint);
}

TypeExpr Builder::convert_schema(const Location& loc, const Hint& hint) {
    const json& node = *loc.node;
    if (node.is_boolean()) return node.get<bool>() ? TypeExpr{} : never(loc);  // `true`: any value
    if (!node.is_object()) {
        error_at(loc, "a schema must be an object or a boolean");
        return TypeExpr{};
    }
    if (!checked(loc)) return TypeExpr{};
    if (member(node, "$ref") && only_annotations_besides(node, {"$ref"})) return convert_ref(loc, hint, "$ref");
    if (member(node, "$dynamicRef") && only_annotations_besides(node, {"$dynamicRef"}))
        return convert_ref(loc, hint, "$dynamicRef");
    if (auto it = recursive_conjunctions_.find(loc.node); it != recursive_conjunctions_.end())
        return named(it->second);  // reached again from within itself (below)
    std::vector<Location> parts;
    bool never_valid = false;
    expand(loc, parts, never_valid);
    if (never_valid) return never(loc);
    if (!hint.into && closes_a_cycle(parts)) return convert_recursive_conjunction(loc, parts, hint);
    return convert_parts(parts, hint, false);
}

// A conjunction ($ref beside other keywords, allOf) one of whose parts is
// being converted further up (a named type being defined, or any schema on
// the way here): converting the merged schema would reach this schema again,
// and again, with nothing named in between. In 2020-12 `$ref` is an
// applicator like allOf, so `{"$ref": "#", "type": "object"}` under the
// root's properties is a recursive type; it gets a declaration of its own
// (lifted under the hint's name) that the inner occurrence refers to.
bool Builder::closes_a_cycle(const std::vector<Location>& parts) const {
    for (std::size_t i = 1; i < parts.size(); ++i) {
        if (auto it = named_by_location_.find(parts[i].node);
            it != named_by_location_.end() && state_[it->second] == State::InProgress)
            return true;
        for (const Location* up : converting_)
            if (up->node == parts[i].node) return true;
    }
    return false;
}

TypeExpr Builder::convert_recursive_conjunction(const Location& loc, const std::vector<Location>& parts,
                                                const Hint& hint) {
    const DeclId id = add_lifted(hint.family, hint.name(), loc);
    recursive_conjunctions_.emplace(loc.node, id);
    const Hint into{hint.family, hint.parent, hint.fragment, hint.property, id};
    fill_declaration(id, convert_parts(parts, into, false), loc);
    return named(id);
}

// The type a `$ref` names: the named declaration, or the target schema converted in place.
TypeExpr Builder::convert_ref(const Location& loc, const Hint& hint, const char* keyword) {
    auto target = follow_ref(loc, keyword);
    if (!target) return TypeExpr{};
    if (auto it = named_by_location_.find(target->node); it != named_by_location_.end()) {
        define_named(it->second);
        return named(it->second);
    }
    return guarded(*target, [&] { return convert(*target, hint); });
}

}  // namespace builder

Model build_model(const load::SchemaSet& schemas, diag::Sink& sink) {
    // On one core the parts would take turns: nothing to gain.
    if (const std::size_t cores = parallel::WorkPool::default_threads(); cores > 1)
        if (auto model = builder::build_in_parts(schemas, sink, cores)) return std::move(*model);
    return build_model_whole(schemas, sink);
}

Model build_model_whole(const load::SchemaSet& schemas, diag::Sink& sink) {
    builder::Builder b(schemas, sink);
    return b.run();
}

}  // namespace contractgen::ir
