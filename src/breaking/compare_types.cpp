// Type expressions: null, kinds, references, and the constraint keywords of
// strings, numbers, arrays and maps.
#include "breaking/comparer.h"
#include "breaking/samples.h"
#include "validate/accepts.h"
#include "validate/json_text.h"

namespace contractgen::breaking {

using validate::code_points;
using validate::json_equal;

namespace {

std::string shown(const std::optional<json>& v) { return v ? v->dump() : "none"; }

// The alias a type expression names last before its target, if any: where
// the keywords compared are written.
const ir::Origin* alias_origin(const ir::Model& m, const ir::TypeExpr& t) {
    const ir::Origin* out = nullptr;
    ir::TypeExpr at = t;
    for (int guard = 0; at.kind == ir::Kind::Named && guard < 64; ++guard) {
        const auto* alias = std::get_if<ir::Alias>(&m.decl(at.decl).body);
        if (!alias) break;
        out = &m.decl(at.decl).origin;
        at = alias->target;
    }
    return out;
}

}  // namespace

void Comparer::compare_expr(const Site& site0, const ir::TypeExpr& a0, const ir::TypeExpr& b0) {
    ir::TypeExpr a = unaliased(pm_, a0), b = unaliased(cm_, b0);
    // Through a shared alias (`$ref` to a named string type), a change is
    // pointed at the alias, where it is edited: every use then reports the
    // same place, and merge_shared_changes makes them one finding.
    Site site = site0;
    if (const auto* o = alias_origin(pm_, a0)) site.prev_origin = o;
    if (const auto* o = alias_origin(cm_, b0)) site.cur_origin = o;
    if (a.nullable != b.nullable && a.kind != ir::Kind::Null && b.kind != ir::Kind::Null) {
        bool added = b.nullable;
        report(site,
               {added ? "NULLABLE_NO_ADD" : "NULLABLE_NO_REMOVE", added ? "NULLABLE_NO_ADD" : "NULLABLE_NO_REMOVE", "",
                added ? "null is now accepted" : "null is no longer accepted"},
               {json(nullptr)});
    }
    a.nullable = b.nullable = false;
    if (a.kind != b.kind) {
        report(site,
               {"FIELD_SAME_TYPE", "FIELD_SAME_TYPE", "FIELD_SAME_TYPE",
                "the type changed from " + describe(pm_, a) + " to " + describe(cm_, b)},
               kind_change_candidates(a, b));
        return;
    }
    switch (a.kind) {
        case ir::Kind::Named: compare_named(site, a, b); break;
        case ir::Kind::String: compare_string(site, a.string_bounds, b.string_bounds); break;
        case ir::Kind::Integer:
        case ir::Kind::Number:
            compare_numbers(site, a.number_bounds, b.number_bounds, a.kind == ir::Kind::Integer);
            break;
        case ir::Kind::Array: compare_array(site, a, b); break;
        case ir::Kind::Map: compare_map(site, a, b); break;
        case ir::Kind::Const:
            if (!json_equal(a.value, b.value))
                report(site,
                       {"CONST_SAME_VALUE", "CONST_SAME_VALUE", "CONST_SAME_VALUE",
                        "the const value changed from " + a.value.dump() + " to " + b.value.dump()},
                       {a.value, b.value});
            break;
        default: break;
    }
}

// Two references. The same type (by name, or renamed) is compared as a type
// of its own. A type moved out of line (a lifted type on one side) is
// compared in place. Two different named types are told apart by samples.
void Comparer::compare_named(const Site& site, const ir::TypeExpr& a, const ir::TypeExpr& b) {
    const ir::Decl& da = pm_.decl(a.decl);
    const ir::Decl& db = cm_.decl(b.decl);
    auto renamed = renamed_.find(a.decl);
    if (da.qualified_name() == db.qualified_name() || (renamed != renamed_.end() && renamed->second == b.decl)) {
        compare_decl_pair(a.decl, b.decl);
        return;
    }
    std::string message = "the type is now " + db.qualified_name() + " (was " + da.qualified_name() + ")";
    if (da.lifted || db.lifted) {
        // A nested schema extracted into a `$defs` entry under a name of its
        // own (or one inlined): the wire is the same, but the generated type
        // is now called otherwise, so code naming it breaks. A rename, then;
        // under the name it was generated with, nothing (compared in place).
        report_plain(site, "TYPE_NO_RENAME", Category::Source,
                     "the generated type " + da.qualified_name() + " is now " + db.qualified_name() +
                         (db.lifted ? " (a `$ref` inlined)" : " (a nested schema moved into a `$ref`)"));
        if (!db.lifted) extracted_.insert(b.decl);  // not also a TYPE_ADDED
        compare_decl_pair(a.decl, b.decl);
        return;
    }
    report(site, {"REF_TARGET_SAME", "REF_TARGET_SAME", "REF_TARGET_SAME", message}, kind_change_candidates(a, b));
}

std::vector<Candidate> Comparer::kind_change_candidates(const ir::TypeExpr& a, const ir::TypeExpr& b) const {
    std::vector<Candidate> c;
    for (auto& v : instances(pm_, a)) c.push_back(std::move(v));
    for (auto& v : instances(cm_, b)) c.push_back(std::move(v));
    for (auto& v : probe_values()) c.push_back(std::move(v));
    return c;
}

void Comparer::compare_numbers(const Site& site, const ir::NumberBounds& a, const ir::NumberBounds& b, bool integer) {
    auto same = [](const std::optional<json>& x, const std::optional<json>& y) {
        return x.has_value() == y.has_value() && (!x || json_equal(*x, *y));
    };
    std::vector<Candidate> c;
    for (auto& v : numbers_near(a, integer)) c.push_back(std::move(v));
    for (auto& v : numbers_near(b, integer)) c.push_back(std::move(v));
    if (!same(a.multiple_of, b.multiple_of)) {
        std::vector<Candidate> m = c;
        for (const auto* mo : {&a.multiple_of, &b.multiple_of})
            if (*mo)
                for (int k : {1, 2, 3}) m.push_back(json(mo->value().get<double>() * k));
        report(site,
               {"MULTIPLE_OF_SAME", "MULTIPLE_OF_SAME", "",
                "multipleOf " + shown(a.multiple_of) + " → " + shown(b.multiple_of)},
               m);
    }
    if (!same(a.minimum, b.minimum) || !same(a.maximum, b.maximum) || !same(a.exclusive_minimum, b.exclusive_minimum) ||
        !same(a.exclusive_maximum, b.exclusive_maximum)) {
        std::string what;
        differs(what, "minimum", shown(a.minimum), shown(b.minimum));
        differs(what, "exclusiveMinimum", shown(a.exclusive_minimum), shown(b.exclusive_minimum));
        differs(what, "maximum", shown(a.maximum), shown(b.maximum));
        differs(what, "exclusiveMaximum", shown(a.exclusive_maximum), shown(b.exclusive_maximum));
        report(site, {"NUMBER_RANGE_NO_NARROW", "NUMBER_RANGE_NO_WIDEN", "", what}, c);
    }
}

void Comparer::compare_array(const Site& site, const ir::TypeExpr& a, const ir::TypeExpr& b) {
    // Items: the array of that one item, filled up to minItems with minimal ones.
    Site items = site;
    items.path = site.path + "[*]";
    auto embed = site.embed;
    items.embed = [this, embed, &a, &b](const Candidate& v, Side side) -> std::optional<json> {
        if (!v) return std::nullopt;
        const ir::TypeExpr& t = side == Side::Previous ? a : b;
        json arr = json::array({*v});
        auto filler = minimal_instance(side == Side::Previous ? pm_ : cm_, t.item());
        while (filler && arr.size() < t.array_bounds.min_items.value_or(0)) arr.push_back(*filler);
        return embed(arr, side);
    };
    compare_expr(items, a.item(), b.item());

    const auto& ab = a.array_bounds;
    const auto& bb = b.array_bounds;
    auto items_of = [&](std::size_t n, bool distinct) {
        std::vector<Candidate> out;
        for (const auto* t : {&a, &b}) {
            auto pool = instances(t == &a ? pm_ : cm_, t->item(), distinct ? n + 1 : 1);
            if (pool.empty()) continue;
            json arr = json::array();
            for (std::size_t k = 0; k < n; ++k) arr.push_back(pool[distinct ? k % pool.size() : 0]);
            out.push_back(arr);
        }
        return out;
    };
    if (ab.min_items != bb.min_items || ab.max_items != bb.max_items) {
        std::vector<Candidate> c;
        for (auto n : {ab.min_items, ab.max_items, bb.min_items, bb.max_items})
            if (n)
                for (std::uint64_t k : {*n == 0 ? 0 : *n - 1, *n, *n + 1})
                    for (auto& x : items_of(k, ab.unique_items || bb.unique_items)) c.push_back(std::move(x));
        std::string what;
        differs(what, "minItems", shown(ab.min_items), shown(bb.min_items));
        differs(what, "maxItems", shown(ab.max_items), shown(bb.max_items));
        report(site, {"ITEM_COUNT_NO_NARROW", "ITEM_COUNT_NO_WIDEN", "", what}, c);
    }
    if (ab.unique_items != bb.unique_items) {
        std::vector<Candidate> c;
        std::uint64_t n = std::max<std::uint64_t>({2, ab.min_items.value_or(0), bb.min_items.value_or(0)});
        for (auto& x : items_of(n, false)) c.push_back(std::move(x));  // repeats one item
        std::string rule = bb.unique_items ? "UNIQUE_ITEMS_NO_ADD" : "UNIQUE_ITEMS_NO_REMOVE";
        report(site,
               {rule, rule, "", bb.unique_items ? "items must now be unique" : "items no longer need to be unique"}, c);
    }
}

void Comparer::compare_map(const Site& site, const ir::TypeExpr& a, const ir::TypeExpr& b) {
    Site values = site;
    values.path = site.path + ".*";
    auto embed = site.embed;
    values.embed = [this, embed, &a, &b](const Candidate& v, Side side) -> std::optional<json> {
        if (!v) return std::nullopt;
        const ir::TypeExpr& t = side == Side::Previous ? a : b;
        json obj = json::object({{"k0", *v}});
        auto filler = minimal_instance(side == Side::Previous ? pm_ : cm_, t.item());
        for (int k = 1; filler && obj.size() < t.object_bounds.min_properties.value_or(0); ++k)
            obj["k" + std::to_string(k)] = *filler;
        return embed(obj, side);
    };
    compare_expr(values, a.item(), b.item());
    const auto& ab = a.object_bounds;
    const auto& bb = b.object_bounds;
    if (ab.min_properties != bb.min_properties || ab.max_properties != bb.max_properties) {
        std::vector<Candidate> c;
        for (auto n : {ab.min_properties, ab.max_properties, bb.min_properties, bb.max_properties})
            if (n)
                for (std::uint64_t k : {*n == 0 ? 0 : *n - 1, *n, *n + 1})
                    for (const auto* t : {&a, &b}) {
                        auto v = minimal_instance(t == &a ? pm_ : cm_, t->item());
                        if (!v) continue;
                        json obj = json::object();
                        for (std::uint64_t i = 0; i < k; ++i) obj["k" + std::to_string(i)] = *v;
                        c.push_back(obj);
                    }
        std::string what;
        differs(what, "minProperties", shown(ab.min_properties), shown(bb.min_properties));
        differs(what, "maxProperties", shown(ab.max_properties), shown(bb.max_properties));
        report(site, {"PROPERTY_COUNT_NO_NARROW", "PROPERTY_COUNT_NO_WIDEN", "", what}, c);
    }
}

}  // namespace contractgen::breaking
