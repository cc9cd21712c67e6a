// A `$defs` entry with `const` is a constant, not a type: a table of data
// (routes, status maps) every target emits as a typed value. Its type comes
// from the rest of the entry (or from the named type it `$ref`s), its value
// must fit that type, and `x-lookup` asks for a key → value function.
#include "ir/build/builder.h"
#include "ir/passes/passes.h"

namespace contractgen::ir::builder {

void Builder::define_constant(DeclId id, const Location& loc, const Hint& hint) {
    if (!checked(loc)) return;
    Constant c;
    c.value = (*loc.node)["const"];
    if (loc.node->contains("$ref") && only_annotations_besides(*loc.node, {"$ref", "const"})) {
        // A constant of a named type (`{"$ref": "#/$defs/Route", "const": "x"}`) is typed by that type itself.
        c.type = convert_ref(loc, hint.nested("Entry"));
    } else {
        std::vector<Location> parts;
        bool never_valid = false;
        expand(loc, parts, never_valid);
        c.type = never_valid ? never(loc) : convert_parts(parts, hint.nested("Entry"), /*ignore_const=*/true);
    }
    if (const unsigned admitted = accepted_kinds(model_, c.type); !(value_kind(c.value) & admitted))
        error_at(loc, const_kind_error(c.value, admitted), "const");
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

}  // namespace contractgen::ir::builder
