// Tuples of a family's Go package (see go_family.h): a struct with one
// field per position (Item0, Item1, ...) and Rest for the items after them,
// read from and written as a JSON array. A position at or beyond minItems is
// optional: a pointer, or the type itself when nil already says "absent"
// (an interface that does not accept null); the first absent one ends the array.
#include "emit/go/go_family.h"
#include "ir/queries.h"

namespace contractgen::emit::go {

using render::Data;
using render::flag;
using render::List;
using render::Object;

void FamilyView::fill(Data& v, ir::DeclId id, const ir::Tuple& t) {
    const ir::Decl& decl = ctx_.model.decl(id);
    const std::uint64_t required = t.bounds.min_items.value_or(0);
    std::vector<Printer::Row> rows;
    List items;
    for (std::size_t i = 0; i < t.items.size(); ++i) {
        const ir::TypeExpr& item = t.items[i];
        const std::string field = "Item" + std::to_string(i);
        const std::string member = "v." + field;
        std::string go_type = types_.type(item), decode = types_.decode(item), encode, absent;
        const bool optional = i >= required;
        if (optional && types_.nil_able(item) && !ir::accepts_null(ctx_.model, item)) {
            encode = types_.encode(item, member);
            absent = member + " == nil";
        } else if (optional || types_.boxed(item, decl)) {
            go_type = "*" + go_type;
            decode = "contract.Ptr(" + decode + ")";
            encode = types_.encode(item, "*" + member);
            absent = member + " == nil";
        } else {
            encode = types_.encode(item, member);
        }
        rows.push_back(Printer::Row{{}, {field, go_type}});
        items.push_back(Object{{"index", std::to_string(i)},
                               {"decode_stmt", member + " = " + decode},
                               {"encode_stmt", encode},
                               {"optional", flag(optional)},
                               {"absent", absent}});
    }
    std::string fields = field_block(rows);
    if (t.rest) {
        fields += "\t// Rest holds the items after the positions above.\n\tRest []" + types_.type(*t.rest) + "\n";
        v.set("rest_stmt", "v.Rest = append(v.Rest, " + types_.decode(*t.rest) + ")");
        v.set("rest_encode", types_.encode(*t.rest, "x"));
    }
    v.set("fields", std::move(fields));
    v.set("items", std::move(items));
    v.set("has_rest", flag(t.rest.has_value()));
    v.set("prefix", std::to_string(t.items.size()));
    v.set("closed", t.rest ? "false" : "true");
    v.set("count_rule", types_.count_rule(t.bounds.min_items, t.bounds.max_items, t.bounds.unique_items));
}

}  // namespace contractgen::emit::go
