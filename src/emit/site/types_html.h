// A declaration's shape as the reference site shows it: type expressions
// with links to the named types, the rules each value must follow
// (formats, patterns, bounds, enum values), and a view of the declaration's
// body per kind (fields, variants, values, items). Everything is HTML,
// escaped here.
#pragma once

#include <string>
#include <vector>

#include "emit/site/html.h"
#include "ir/model.h"
#include "render/data.h"

namespace contractgen::emit::site {

class TypeWriter {
public:
    // Links are written for a page at `depth` (1: a family folder) of family
    // `from` (names in other families are qualified; "" qualifies all).
    TypeWriter(const ir::Model& model, const Paths& paths, int depth, std::string from)
        : model_(model), paths_(paths), depth_(depth), from_(std::move(from)) {}

    // "string", "array of <a>Message</a>", "map of string to integer", ...
    // (nullability shown only below the top level: the top level has its own column)
    std::string type(const ir::TypeExpr& t) const;
    // A link to a declaration: its name, qualified when in another family.
    std::string link(ir::DeclId id) const;
    // The rules a value of `t` must follow, one HTML item each.
    std::vector<std::string> rules(const ir::TypeExpr& t) const;

    // The body of a declaration, for templates/site/type.html.mustache: one
    // of the sections struct / union / enum / open_enum / alias / constant
    // is a list of one object, the others empty lists.
    render::Data body(const ir::Decl& decl) const;

private:
    void string_rules(const ir::StringBounds& b, const std::string& prefix, std::vector<std::string>& out) const;
    void number_rules(const ir::NumberBounds& b, const std::string& prefix, std::vector<std::string>& out) const;
    void nested_rules(const ir::TypeExpr& t, const std::string& prefix, std::vector<std::string>& out) const;
    render::Data field(const ir::Field& f, std::size_t index) const;
    render::Data struct_body(const ir::Decl& d) const;
    render::Data union_body(const ir::Decl& d) const;

    const ir::Model& model_;
    const Paths& paths_;
    int depth_;
    std::string from_;
};

// "object", "union", "enum", ...: what a reader calls the declaration's kind.
const char* kind_label(const ir::Decl& decl);

}  // namespace contractgen::emit::site
