// The parts of a stream declaration (`x-streams`) that refer into its item
// type, for ir/streams.cpp: rule values (literal, or a contract constant by
// `$ref`), tag sets, item fields (JSON pointers checked against the item type
// for existence, kind and presence) and the tag with the values it can have.
#pragma once

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "ir/api_reader.h"
#include "ir/item_paths.h"

namespace contractgen::ir {

class StreamFields {
public:
    using Want = api::Reader::Want;

    StreamFields(api::Reader& r, const load::Document& doc, Stream& s) : r_(r), doc_(doc), s_(s) {}

    // The stream's item type; every field is read against it.
    void set_item(DeclId item);
    const std::string& item_name() const { return item_name_; }

    // A value written literally or as {"$ref": <constant>}; `ok` says whether it has the right
    // shape, `expected` describes that shape for the message.
    std::optional<RuleValue> value(const std::string& pointer, const json& node, const std::string& what,
                                   const std::string& expected, const std::function<bool(const json&)>& ok);
    // A tag value or list of tag values; each must be a value the tag can have.
    std::optional<RuleValue> tag_set(const std::string& pointer, const json& node, const std::string& what);
    void check_tag_value(const std::string& pointer, const std::string& value, const std::string& what);
    // {"pointer": "/a/b"} or {"member": "a" | {"$ref": <constant>}}, plus `extra` members; the
    // field must exist in the item type, have kind `want` and, when `always`, be in every item.
    std::optional<ItemField> field(const std::string& pointer, const json& node,
                                   std::initializer_list<std::string_view> extra, const std::string& what, Want want,
                                   bool always);
    // `tag`: the field, its values (a union's discriminator, an enum, an open enum or a constant)
    // and its default when it may be absent.
    bool read_tag(const std::string& pointer, const json& node);

private:
    api::Reader& r_;
    const load::Document& doc_;
    Stream& s_;
    std::string item_name_;
    PointerWalk last_walk_;
};

}  // namespace contractgen::ir
