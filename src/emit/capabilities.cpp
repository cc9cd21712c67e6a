#include "emit/capabilities.h"

#include <algorithm>

namespace contractgen::emit {

bool Capabilities::supports(const ir::ConstructUse& use) const {
    if (use.construct == ir::Construct::Format)
        return std::find(formats.begin(), formats.end(), use.format) != formats.end();
    return std::find(constructs.begin(), constructs.end(), use.construct) != constructs.end();
}

Capabilities Capabilities::all() {
    using F = ir::StringFormat;
    return Capabilities{
        {ir::Construct::Recursion, ir::Construct::Tuple, ir::Construct::KeyPattern, ir::Construct::Assertion},
        {F::Date, F::Time, F::Duration, F::Email, F::Hostname, F::Ipv4, F::Ipv6, F::UriReference, F::JsonPointer}};
}

std::string construct_name(const ir::ConstructUse& use) {
    switch (use.construct) {
        case ir::Construct::Recursion: return "recursive types";
        case ir::Construct::Tuple: return "tuples (prefixItems, items: false)";
        case ir::Construct::KeyPattern: return "key patterns (patternProperties)";
        case ir::Construct::Assertion:
            return "assertions (not, if/then/else, contains, dependentRequired, dependentSchemas, propertyNames, "
                   "patternProperties, unevaluated*, a false schema, a oneOf/anyOf beside other keywords)";
        case ir::Construct::Format: return std::string("format '") + ir::format_name(use.format) + "'";
    }
    return "";
}

void check_capabilities(const char* target, const Capabilities& capabilities, const ir::Model& model,
                        const load::SchemaSet& schemas, const std::string& alternatives, diag::Sink& sink) {
    for (const auto& use : model.constructs) {
        if (capabilities.supports(use)) continue;
        const load::Document* doc = schemas.find(use.origin.file);
        // The detail names the declaration or keyword; a format's detail is its name, already said.
        std::string name = construct_name(use);
        std::string detail = use.detail == name ? "" : " (" + use.detail + ")";
        sink.error(doc ? doc->display_path : use.origin.file, use.origin.line, use.origin.column,
                   std::string("the ") + target + " target does not support " + name + " yet" + detail +
                       "; generate the targets that do with --target (" + alternatives +
                       "), or see docs/semantics.md, \"The whole vocabulary\"");
    }
}

}  // namespace contractgen::emit
