// RFC 3986 URI references: splitting one into its parts and resolving it
// against a base (section 5.2), which is what `$id` and `$ref` need. Schema
// files get a base URI of their own (`file_base_uri`), so that a `$id` or a
// relative `$ref` in a file without a `$id` resolves like any other.
#pragma once

#include <string>
#include <string_view>

namespace contractgen::resolve {

struct UriParts {
    std::string scheme;  // without ':'
    bool has_authority = false;
    std::string authority;
    std::string path;
    bool has_query = false;
    std::string query;
    bool has_fragment = false;
    std::string fragment;
};

// Splits with the regular expression of RFC 3986 appendix B (never fails).
UriParts split_uri(std::string_view uri);
std::string join_uri(const UriParts& parts);

// True when `ref` starts with a scheme (`http:`, `urn:`) or `//`.
bool has_uri_scheme(std::string_view ref);

// Resolves `ref` against the absolute URI `base` (RFC 3986 section 5.2.2,
// dot segments removed); the result has no fragment when `ref` has none.
std::string resolve_uri(const std::string& base, const std::string& ref);

// True for an http: or https: URI with an authority (the scheme in any case).
bool is_web_url(std::string_view uri);
std::string lower_ascii(std::string text);

// `uri` without its fragment (and without the '#').
std::string without_fragment(const std::string& uri);

// The base URI of a schema file without a `$id`: its path below the
// schemas root under a scheme nothing else uses.
std::string file_base_uri(const std::string& relative_path);
// The relative path back from such a URI, or "" when `uri` is not one.
std::string file_path_of(const std::string& uri);

}  // namespace contractgen::resolve
