#include "breaking/string_sets.h"

#include <map>
#include <mutex>
#include <tuple>

namespace contractgen::breaking {

std::optional<std::string> format_pattern(ir::StringFormat format) {
    switch (format) {
        case ir::StringFormat::Uuid:
            return R"(^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$)";
        case ir::StringFormat::DateTime:  // RFC 3339 section 5.6
            return R"(^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$)";
        case ir::StringFormat::Uri:  // RFC 3986: a scheme, then URI characters
            return R"(^[A-Za-z][A-Za-z0-9+.\-]*:([A-Za-z0-9\-._~!$&'()*+,;=:@/?#\[\]]|%[0-9A-Fa-f]{2})*$)";
        default: return std::nullopt;
    }
}

text::regex::StringSet string_set(const ir::StringBounds& b) {
    text::regex::StringSet s;
    if (b.pattern) s.patterns.push_back(*b.pattern);
    if (auto f = format_pattern(b.format)) s.patterns.push_back(*f);
    s.min_length = b.min_length.value_or(0);
    s.max_length = b.max_length;
    return s;
}

std::vector<std::string> strings_of(const ir::StringBounds& b, std::optional<std::uint64_t> length, std::size_t max) {
    using Key = std::tuple<std::optional<std::string>, ir::StringFormat, std::optional<std::uint64_t>,
                           std::optional<std::uint64_t>, std::optional<std::uint64_t>, std::size_t>;
    static std::mutex mutex;
    static std::map<Key, std::vector<std::string>> cache;
    Key key{b.pattern, b.format, b.min_length, b.max_length, length, max};
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (auto it = cache.find(key); it != cache.end()) return it->second;
    }
    std::vector<std::string> out;
    if (b.pattern) {
        auto set = string_set(b);
        if (length) set.min_length = *length, set.max_length = *length;
        auto found = text::regex::members(set, max);
        out = std::move(found.strings);
        if (found.undecided) out = {"", "a", "0", "A", " ", "-"};
    }
    std::lock_guard<std::mutex> lock(mutex);
    return cache.emplace(key, std::move(out)).first->second;
}

}  // namespace contractgen::breaking
