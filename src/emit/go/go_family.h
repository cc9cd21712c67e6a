// One family's Go package: the view model of every declaration, rendered
// with templates/go/<kind>.go.mustache and placed by family.go.mustache.
#pragma once

#include <string>

#include "emit/go/go_syntax.h"
#include "emit/go/go_types.h"
#include "emit/target.h"

namespace contractgen::emit::go {

class FamilyView {
public:
    FamilyView(const EmitContext& ctx, const render::Templates& templates, const GoNames& names,
               const ir::Family& family);
    render::Data build();

private:
    render::Data decl_view(ir::DeclId id, const ir::Decl& d);
    void fill(render::Data& v, ir::DeclId id, const ir::Struct& s);  // go_struct.cpp
    void fill(render::Data& v, ir::DeclId id, const ir::Enum& e);
    void fill(render::Data& v, ir::DeclId id, const ir::OpenEnum& o);
    void fill(render::Data& v, ir::DeclId id, const ir::Union& u);
    void fill(render::Data& v, ir::DeclId id, const ir::Alias& a);
    void fill(render::Data& v, ir::DeclId id, const ir::Constant& c);  // go_struct.cpp
    void fill(render::Data& v, ir::DeclId id, const ir::Tuple& t);     // go_tuple.cpp
    std::string alternative_name(const ir::TypeExpr& t) const;

    const EmitContext& ctx_;
    const render::Templates& templates_;
    const GoNames& names_;
    const ir::Family& family_;
    naming::Scope private_;
    GoTypes types_;
};

}  // namespace contractgen::emit::go
