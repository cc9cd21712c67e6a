#include "validate/accepts.h"

#include "validate/free_value.h"
#include "validate/validate.h"

namespace contractgen::validate {

namespace {

// The value's JSON text; nullopt when it has none (a string that is not UTF-8).
std::optional<std::string> text_of(const ir::json& value) {
    try {
        return value.dump();
    } catch (const ir::json::type_error&) {
        return std::nullopt;
    }
}

}  // namespace

bool accepts(const ir::Model& model, const ir::TypeExpr& type, const ir::json& value) {
    auto text = text_of(value);
    return text && check(model, type, *text).ok();
}

bool accepts_decl(const ir::Model& model, ir::DeclId decl, const ir::json& value) {
    auto text = text_of(value);
    return text && check_decl(model, decl, *text).ok();
}

bool json_equal(const ir::json& a, const ir::json& b) {
    return equal(FreeValue::from_json(a), FreeValue::from_json(b));
}

}  // namespace contractgen::validate
