#include "validate/validate.h"

namespace contractgen::validate {

Result check(const ir::Model& model, const ir::TypeExpr& type, std::string_view text, const Options& options) {
    Decoder decoder(model, text, options);
    Result result;
    try {
        decoder.run(type);
        result.canonical = std::move(decoder.out);
    } catch (Error& e) {
        result.error = std::move(e);
    }
    return result;
}

Result check_decl(const ir::Model& model, ir::DeclId decl, std::string_view text, const Options& options) {
    ir::TypeExpr t;
    t.kind = ir::Kind::Named;
    t.decl = decl;
    return check(model, t, text, options);
}

std::vector<ir::DeclId> registered_types(const ir::Model& model) {
    std::vector<ir::DeclId> out;
    for (ir::DeclId id = 0; id < model.decls.size(); ++id)
        if (!model.decls[id].lifted && !model.decls[id].is<ir::Constant>()) out.push_back(id);
    return out;
}

std::optional<ir::DeclId> find_type(const ir::Model& model, std::string_view qualified_name) {
    auto dot = qualified_name.find('.');
    if (dot == std::string_view::npos) return std::nullopt;
    auto id = model.find(std::string(qualified_name.substr(0, dot)), std::string(qualified_name.substr(dot + 1)));
    if (!id || model.decl(*id).lifted || model.decl(*id).is<ir::Constant>()) return std::nullopt;
    return id;
}

}  // namespace contractgen::validate
