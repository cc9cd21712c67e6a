// The TypeScript target's operation clients: client.js and client.d.ts
// (ts_client.cpp, laid out by ts/client.mustache).
#pragma once

#include <set>
#include <string>

#include "emit/target.h"
#include "naming/namer.h"

namespace contractgen::emit::ts {

struct ClientModule {
    std::string js;
    std::string dts;
};

// `generic`: the types whose tolerant decode is generic (ModelNames::generic).
ClientModule render_client(const EmitContext& ctx, const naming::Names& names, const std::set<ir::DeclId>& generic,
                           const std::string& header);

}  // namespace contractgen::emit::ts
