#pragma once

namespace contractgen::ir {

namespace detail {
template <class T, class F>  // T: TypeExpr or const TypeExpr
void visit_expr(T& t, F& f) {
    f(t);
    for (auto& e : t.element) visit_expr(e, f);
}
}  // namespace detail

template <class D, class F>
void for_each_type_in(D& decl, F&& f) {
    std::visit(
        [&](auto& body) {
            using B = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<B, Struct>) {
                for (auto& field : body.fields) detail::visit_expr(field.type, f);
                if (body.extra_type) detail::visit_expr(*body.extra_type, f);
            } else if constexpr (std::is_same_v<B, Union>) {
                for (auto& v : body.variants) detail::visit_expr(v.type, f);
            } else if constexpr (std::is_same_v<B, Alias>) {
                detail::visit_expr(body.target, f);
            } else if constexpr (std::is_same_v<B, Constant>) {
                detail::visit_expr(body.type, f);
            } else if constexpr (std::is_same_v<B, Tuple>) {
                for (auto& item : body.items) detail::visit_expr(item, f);
                if (body.rest) detail::visit_expr(*body.rest, f);
            }
        },
        decl.body);
}

}  // namespace contractgen::ir
