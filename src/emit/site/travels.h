// Where the contract's types travel, for the reference site: the streams
// (x-streams) that carry a type as their item, SSE event or tagged variant,
// the operations (x-openapi) that send or receive it, and the types that
// use it; and the views of every operation and stream on the index page.
#pragma once

#include <string>
#include <vector>

#include "emit/site/types_html.h"
#include "ir/model.h"
#include "render/data.h"

namespace contractgen::emit::site {

// Anchors on the index page.
std::string operation_anchor(std::size_t index);
std::string stream_anchor(std::size_t index);

class Travels {
public:
    explicit Travels(const ir::Model& model);

    // One HTML sentence per place `id` travels, linked from a page at `depth`.
    std::vector<std::string> of(ir::DeclId id, int depth) const;
    // The declarations that refer to `id`, in model order.
    const std::vector<ir::DeclId>& used_by(ir::DeclId id) const { return used_by_.at(id); }

    // The index page's operations and streams (depth 0).
    render::List operations(const TypeWriter& types) const;
    render::List streams(const TypeWriter& types) const;

private:
    std::string operation_link(std::size_t index, int depth) const;
    std::string stream_link(std::size_t index, int depth) const;
    std::string served_by(std::size_t stream, int depth) const;

    const ir::Model& model_;
    std::vector<std::vector<ir::DeclId>> used_by_;
};

}  // namespace contractgen::emit::site
