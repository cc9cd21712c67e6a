#include "emit/asyncapi/messages.h"

#include "emit/apidoc/components.h"
#include "emit/apidoc/streams.h"

namespace contractgen::emit::asyncapi {

namespace {

using ir::json;

std::vector<std::string> tokens_of(const std::string& pointer) {
    std::vector<std::string> out;
    std::size_t start = 1;
    while (start <= pointer.size() && !pointer.empty()) {
        std::size_t slash = pointer.find('/', start);
        if (slash == std::string::npos) slash = pointer.size();
        out.push_back(load::unescape_pointer_token(pointer.substr(start, slash - start)));
        start = slash + 1;
    }
    return out;
}

// {"properties": {t1: {"properties": {t2: inner}, "required": [t2]}}, "required": [t1]}
// for the tokens of `pointer`; `required` says whether each step must be present.
json nest(const std::string& pointer, json inner, bool required) {
    std::vector<std::string> tokens = tokens_of(pointer);
    for (auto it = tokens.rbegin(); it != tokens.rend(); ++it) {
        json level = {{"type", "object"}, {"properties", {{*it, std::move(inner)}}}};
        if (required) level["required"] = json::array({*it});
        inner = std::move(level);
    }
    return inner;
}

std::string first_sentence(const std::string& text) {
    std::size_t end = text.find(". ");
    return end == std::string::npos ? text : text.substr(0, end + 1);
}

}  // namespace

std::vector<Message> stream_messages(const EmitContext& ctx, const ir::Stream& s) {
    const ir::Decl& item = ctx.model.decl(s.item);
    const std::string base = apidoc::component_key(s.family, s.name);
    std::vector<Message> out;
    for (const auto& tag : s.tag_values) {
        json payload;
        std::string description;
        if (s.tag_union && tag.variant) {
            const ir::Decl& variant = ctx.model.decl(*tag.variant);
            description = variant.docs.description;
            json ref = apidoc::ref_to(variant);
            // The variant at the union's place in the item: the item itself, or the item with that member narrowed.
            payload = s.tag_union_pointer.empty()
                          ? ref
                          : json{{"allOf", json::array({apidoc::ref_to(item), nest(s.tag_union_pointer, ref, true)})}};
        } else {
            bool is_default = s.tag_default && s.tag_default->value == json(tag.value);
            payload = {{"allOf", json::array({apidoc::ref_to(item),
                                              nest(s.tag.pointer, json{{"const", tag.value}}, !is_default)})}};
            description = "An item whose `" + s.tag.pointer + "` is `" + tag.value + "`" +
                          (is_default ? " (or absent: that is its default)" : "") + ".";
        }
        json message = {{"name", tag.value},
                        {"title", tag.value},
                        {"summary", first_sentence(description)},
                        {"description", description},
                        {"contentType", "application/json"},
                        {"payload", std::move(payload)}};
        out.push_back({base + "." + apidoc::key_part(tag.value), std::move(message)});
    }
    if (s.tag_open) {
        // "-any" cannot come out of key_part, which writes '-' only before two hex digits.
        std::string description = "An item whose `" + s.tag.pointer + "` is any other value (the tag is open).";
        out.push_back({base + ".-any", json{{"name", "other"},
                                            {"title", "other " + s.tag.pointer},
                                            {"summary", description},
                                            {"description", description},
                                            {"contentType", "application/json"},
                                            {"payload", apidoc::ref_to(item)}}});
    }
    return out;
}

}  // namespace contractgen::emit::asyncapi
