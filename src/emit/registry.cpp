// The table of targets. To add one: a folder src/emit/<name>/ with a
// `make_<name>_target()` factory, its templates under templates/<name>/,
// and one line here, with the constructs it implements beyond the base
// subset (emit/capabilities.h). The four languages implement the whole
// vocabulary (Go was its reference); the OpenAPI and AsyncAPI documents
// re-emit the schemas as written, so they carry every construct. A target with `by_default`
// false runs only when named (--target): the reference site.
#include "emit/target.h"
#include "emit/targets.h"

namespace contractgen::emit {

const std::vector<TargetInfo>& targets() {
    static const std::vector<TargetInfo> table = {
        {"cpp",
         "C++17 structs with validating decoders and encoders: headers and a static library (nlohmann_json, RE2)",
         make_cpp_target, Capabilities::all()},
        {"ts", "TypeScript types and Zod 4 schemas, as an ESM npm package", make_ts_target, Capabilities::all()},
        {"python", "Pydantic v2 models, as a typed Python package", make_python_target, Capabilities::all()},
        {"go", "Go structs with validating streaming decoders, as a Go module (standard library only)", make_go_target,
         Capabilities::all()},
        {"openapi",
         "OpenAPI 3.2 document (and a 3.1 rendering) of the operations the schemas declare, with every contract type",
         make_openapi_target, Capabilities::all()},
        {"asyncapi",
         "AsyncAPI 3.0 document of the streams the schemas declare: a channel per streaming operation, a message per event type",
         make_asyncapi_target, Capabilities::all()},
        // Not by default: a browsable HTML reference built on request
        // (scripts/site), never committed, so `check` does not compare it.
        {"site",
         "HTML reference of every type, operation and stream (on request only: --target site)",
         make_site_target,
         {},
         false},
    };
    return table;
}

const TargetInfo* find_target(const std::string& name) {
    for (const auto& t : targets())
        if (name == t.name) return &t;
    return nullptr;
}

}  // namespace contractgen::emit
