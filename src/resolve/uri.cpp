#include "resolve/uri.h"

#include <cctype>

namespace contractgen::resolve {

namespace {

constexpr std::string_view kFileScheme = "contractgen-schemas:///";

// RFC 3986 section 5.2.4.
std::string remove_dot_segments(std::string in) {
    std::string out;
    while (!in.empty()) {
        if (in.rfind("../", 0) == 0) {
            in.erase(0, 3);
        } else if (in.rfind("./", 0) == 0) {
            in.erase(0, 2);
        } else if (in.rfind("/./", 0) == 0) {
            in.erase(0, 2);
        } else if (in == "/.") {
            in = "/";
        } else if (in.rfind("/../", 0) == 0 || in == "/..") {
            in = in.size() == 3 ? std::string("/") : in.substr(3);
            auto slash = out.rfind('/');
            out.erase(slash == std::string::npos ? 0 : slash);
        } else if (in == "." || in == "..") {
            in.clear();
        } else {
            std::size_t next = in.find('/', 1);
            if (next == std::string::npos) next = in.size();
            out += in.substr(0, next);
            in.erase(0, next);
        }
    }
    return out;
}

}  // namespace

bool has_uri_scheme(std::string_view ref) {
    if (ref.rfind("//", 0) == 0) return true;
    if (ref.empty() || !std::isalpha(static_cast<unsigned char>(ref[0]))) return false;
    for (char c : ref) {
        if (c == ':') return true;
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.') return false;
    }
    return false;
}

UriParts split_uri(std::string_view s) {
    // ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
    UriParts p;
    std::size_t i = 0;
    std::size_t colon = s.find_first_of(":/?#");
    if (colon != std::string_view::npos && s[colon] == ':' && colon > 0) {
        p.scheme = std::string(s.substr(0, colon));
        i = colon + 1;
    }
    if (s.substr(i, 2) == "//") {
        p.has_authority = true;
        std::size_t end = s.find_first_of("/?#", i + 2);
        if (end == std::string_view::npos) end = s.size();
        p.authority = std::string(s.substr(i + 2, end - i - 2));
        i = end;
    }
    std::size_t end = s.find_first_of("?#", i);
    if (end == std::string_view::npos) end = s.size();
    p.path = std::string(s.substr(i, end - i));
    i = end;
    if (i < s.size() && s[i] == '?') {
        p.has_query = true;
        end = s.find('#', i);
        if (end == std::string_view::npos) end = s.size();
        p.query = std::string(s.substr(i + 1, end - i - 1));
        i = end;
    }
    if (i < s.size() && s[i] == '#') {
        p.has_fragment = true;
        p.fragment = std::string(s.substr(i + 1));
    }
    return p;
}

std::string join_uri(const UriParts& p) {
    std::string out;
    if (!p.scheme.empty()) out += p.scheme + ":";
    if (p.has_authority) out += "//" + p.authority;
    out += p.path;
    if (p.has_query) out += "?" + p.query;
    if (p.has_fragment) out += "#" + p.fragment;
    return out;
}

std::string resolve_uri(const std::string& base_text, const std::string& ref_text) {
    UriParts r = split_uri(ref_text);
    UriParts b = split_uri(base_text);
    UriParts t;
    if (!r.scheme.empty()) {
        t = r;
        t.path = remove_dot_segments(r.path);
    } else {
        if (r.has_authority) {
            t.has_authority = true;
            t.authority = r.authority;
            t.path = remove_dot_segments(r.path);
            t.has_query = r.has_query;
            t.query = r.query;
        } else {
            if (r.path.empty()) {
                t.path = b.path;
                t.has_query = r.has_query || b.has_query;
                t.query = r.has_query ? r.query : b.query;
            } else {
                if (r.path[0] == '/') {
                    t.path = remove_dot_segments(r.path);
                } else if (b.has_authority && b.path.empty()) {  // section 5.2.3, merge
                    t.path = remove_dot_segments("/" + r.path);
                } else {
                    auto slash = b.path.rfind('/');
                    std::string merged = slash == std::string::npos ? r.path : b.path.substr(0, slash + 1) + r.path;
                    t.path = remove_dot_segments(merged);
                }
                t.has_query = r.has_query;
                t.query = r.query;
            }
            t.has_authority = b.has_authority;
            t.authority = b.authority;
        }
        t.scheme = b.scheme;
    }
    t.has_fragment = r.has_fragment;
    t.fragment = r.fragment;
    return join_uri(t);
}

std::string lower_ascii(std::string text) {
    for (char& c : text)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return text;
}

bool is_web_url(std::string_view uri) {
    const UriParts parts = split_uri(uri);
    const std::string scheme = lower_ascii(parts.scheme);
    return (scheme == "http" || scheme == "https") && parts.has_authority && !parts.authority.empty();
}

std::string without_fragment(const std::string& uri) {
    auto hash = uri.find('#');
    return hash == std::string::npos ? uri : uri.substr(0, hash);
}

std::string file_base_uri(const std::string& relative_path) { return std::string(kFileScheme) + relative_path; }

std::string file_path_of(const std::string& uri) {
    if (uri.rfind(kFileScheme, 0) != 0) return {};
    return uri.substr(kFileScheme.size());
}

}  // namespace contractgen::resolve
