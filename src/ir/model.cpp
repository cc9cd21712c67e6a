#include "ir/model.h"

namespace contractgen::ir {

namespace {
constexpr std::pair<StringFormat, const char*> kFormats[] = {
    {StringFormat::DateTime, "date-time"},
    {StringFormat::Uuid, "uuid"},
    {StringFormat::Uri, "uri"},
    {StringFormat::Date, "date"},
    {StringFormat::Time, "time"},
    {StringFormat::Duration, "duration"},
    {StringFormat::Email, "email"},
    {StringFormat::Hostname, "hostname"},
    {StringFormat::Ipv4, "ipv4"},
    {StringFormat::Ipv6, "ipv6"},
    {StringFormat::UriReference, "uri-reference"},
    {StringFormat::JsonPointer, "json-pointer"},
};
}  // namespace

const char* format_name(StringFormat f) {
    for (const auto& [format, name] : kFormats)
        if (format == f) return name;
    return "";
}

StringFormat parse_format(const std::string& name) {
    for (const auto& [format, n] : kFormats)
        if (name == n) return format;
    return StringFormat::None;
}

std::optional<DeclId> Model::find(const std::string& family, const std::string& name) const {
    for (DeclId id = 0; id < decls.size(); ++id)
        if (decls[id].family == family && decls[id].name == name) return id;
    return std::nullopt;
}

const Family* Model::find_family(const std::string& name) const {
    for (const auto& f : families)
        if (f.name == name) return &f;
    return nullptr;
}

}  // namespace contractgen::ir
