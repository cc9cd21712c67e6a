#include "emit/target.h"

namespace contractgen::emit {

void EmitContext::for_each(std::size_t n,
                           const std::function<void(std::size_t, const render::Templates&)>& body) const {
    if (pool == nullptr || worker_templates == nullptr) {
        for (std::size_t i = 0; i < n; ++i) body(i, templates);
        return;
    }
    pool->for_each(n, [&](std::size_t i, std::size_t thread) { body(i, (*worker_templates)[thread]); }, worker);
}

}  // namespace contractgen::emit
