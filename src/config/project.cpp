#include "config/project.h"

#include "load/dialect/dialect.h"

#include <cctype>

namespace contractgen::config {

namespace {

std::string snake(const std::string& name) {
    std::string out;
    for (unsigned char c : name) out += std::isalnum(c) ? static_cast<char>(std::tolower(c)) : '_';
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "_" + out;
    return out;
}

bool is_identifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (unsigned char c : s)
        if (!std::isalnum(c) && c != '_') return false;
    return true;
}

// SemVer 2.0.0: MAJOR.MINOR.PATCH with optional -prerelease and +build.
bool is_semver(const std::string& v) {
    std::size_t i = 0;
    auto number = [&] {
        std::size_t start = i;
        while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) ++i;
        if (i == start) return false;
        return !(v[start] == '0' && i - start > 1);  // no leading zeros
    };
    for (int part = 0; part < 3; ++part) {
        if (part > 0 && (i >= v.size() || v[i++] != '.')) return false;
        if (!number()) return false;
    }
    auto dotted = [&] {
        std::size_t start = i;
        while (i < v.size() && (std::isalnum(static_cast<unsigned char>(v[i])) || v[i] == '-' || v[i] == '.')) ++i;
        return i > start && v[i - 1] != '.' && v[start] != '.' && v.find("..", start) >= i;
    };
    if (i < v.size() && v[i] == '-' && !(++i, dotted())) return false;
    if (i < v.size() && v[i] == '+' && !(++i, dotted())) return false;
    return i == v.size();
}

// npm: lower case, URL-safe, optionally @scope/name, at most 214 characters.
bool is_npm_name(const std::string& s) {
    if (s.empty() || s.size() > 214) return false;
    std::string rest = s;
    if (s[0] == '@') {
        auto slash = s.find('/');
        if (slash == std::string::npos || slash == 1) return false;
        if (!is_npm_name(s.substr(1, slash - 1))) return false;
        rest = s.substr(slash + 1);
    }
    if (rest.empty() || rest[0] == '.' || rest[0] == '_') return false;
    for (unsigned char c : rest)
        if (!(std::islower(c) || std::isdigit(c) || c == '-' || c == '.' || c == '_' || c == '~')) return false;
    return true;
}

// PEP 508 distribution names: letters, digits, '.', '-', '_', starting and
// ending with a letter or digit.
bool is_distribution(const std::string& s) {
    if (s.empty() || !std::isalnum(static_cast<unsigned char>(s.front())) ||
        !std::isalnum(static_cast<unsigned char>(s.back())))
        return false;
    for (unsigned char c : s)
        if (!std::isalnum(c) && c != '.' && c != '-' && c != '_') return false;
    return true;
}

bool is_go_module(const std::string& s) {
    if (s.empty() || s.front() == '/' || s.back() == '/') return false;
    for (unsigned char c : s)
        if (!(std::isalnum(c) || c == '.' || c == '-' || c == '_' || c == '/' || c == '~')) return false;
    return s.find("//") == std::string::npos;
}

}  // namespace

// A value in a message, quoted with control characters escaped so that it
// stays on one line and cannot drive a terminal.
std::string quoted(const std::string& value) {
    std::string out = "\"";
    for (unsigned char c : value) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7f) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

void Project::derive_defaults() {
    if (name.empty()) {
        // No project name: the names contractgen has always used.
        if (cpp_namespace.empty()) cpp_namespace = "contract";
        if (ts_package.empty()) ts_package = "@contractgen/contract";
        if (python_distribution.empty()) python_distribution = "contract-bindings";
        if (python_package.empty()) python_package = "contract";
        if (openapi_title.empty()) openapi_title = "contract";
        if (go_module.empty()) go_module = "example.com/contract";
        return;
    }
    std::string lower;
    for (unsigned char c : name) lower += static_cast<char>(std::tolower(c));
    if (cpp_namespace.empty()) cpp_namespace = snake(name);
    if (ts_package.empty()) ts_package = lower;
    if (python_distribution.empty()) python_distribution = lower;
    if (python_package.empty()) python_package = snake(name);
    if (openapi_title.empty()) openapi_title = name;
    if (go_module.empty()) go_module = "example.com/" + lower;
}

load::SchemaPolicy Project::schema_policy() const {
    load::SchemaPolicy policy;
    policy.dialect = load::dialect_of_name(schemas_dialect).value_or(load::Dialect::Draft2020_12);
    policy.unknown_formats_error = unknown_formats == "error";
    policy.unknown_keywords_error = unknown_keywords == "error";
    return policy;
}

SchemaReading Project::reading() const { return {schema_policy(), resolve}; }

std::string Project::cpp_include_dir() const {
    std::string out;
    for (std::size_t i = 0; i < cpp_namespace.size(); ++i) {
        if (cpp_namespace.compare(i, 2, "::") == 0) {
            out += '/';
            ++i;
        } else {
            out += cpp_namespace[i];
        }
    }
    return out;
}

const std::vector<Key>& keys() {
    using K = Key::Kind;
    static const std::vector<Key> table = {
        {"project", "name", "--project-name", "project name: the default of every package name and of the API title",
         K::Text, &Project::name, nullptr},
        {"project", "version", "--project-version", "version stamped into every package and API document (SemVer)",
         K::Text, &Project::version, nullptr},
        {"project", "schemas", "--schemas", "folder of schema files, one subfolder per family", K::Path, nullptr,
         &Project::schemas},
        {"project", "out", "--out", "output folder", K::Path, nullptr, &Project::out},
        {"project", "runtime", "--runtime",
         "include (default) or omit: whether each target's runtime files are written with the code made from the schemas",
         K::Text, &Project::runtime, nullptr},
        {"cpp", "namespace", "--cpp-namespace", "C++ namespace of the generated code (e.g. acme::events)", K::Text,
         &Project::cpp_namespace, nullptr},
        {"ts", "package", "--ts-package", "npm package name (e.g. @acme/events)", K::Text, &Project::ts_package,
         nullptr},
        {"python", "distribution", "--python-distribution", "Python distribution name (pip install NAME)", K::Text,
         &Project::python_distribution, nullptr},
        {"python", "package", "--python-package", "Python import package (import NAME)", K::Text,
         &Project::python_package, nullptr},
        {"openapi", "title", "--openapi-title", "title of the API documents", K::Text, &Project::openapi_title,
         nullptr},
        {"go", "module", "--go-module", "Go module path of the generated Go code", K::Text, &Project::go_module,
         nullptr},
        {"payload", "max_depth", "--payload-max-depth",
         "deepest nesting of arrays/objects the generated decoders accept (1..10000)", K::Integer, nullptr, nullptr,
         &Project::payload_max_depth},
        {"schemas", "dialect", "--dialect",
         "JSON Schema dialect of a schema without $schema: draft-04, draft-06, draft-07, 2019-09 or 2020-12 (default)",
         K::Text, &Project::schemas_dialect, nullptr},
        {"schemas", "unknown-formats", "--unknown-formats",
         "warn (default: an unknown format is an annotation) or error (refused)", K::Text, &Project::unknown_formats,
         nullptr},
        {"schemas", "unknown-keywords", "--unknown-keywords",
         "warn (default: an unknown keyword is an annotation) or error (refused)", K::Text, &Project::unknown_keywords,
         nullptr},
    };
    return table;
}

void validate(const Project& p, diag::Sink& sink) {
    auto bad = [&](const char* key, const std::string& value, const std::string& why) {
        // A value from the config file is reported there; one from a flag,
        // against the command line.
        auto at = p.positions.find(key);
        std::string message = std::string(key) + " = " + quoted(value) + " is not valid: " + why;
        if (at == p.positions.end()) sink.error("command line", 0, 0, message);
        else
            sink.error(p.config_file.generic_string(), at->second.first, at->second.second, message);
    };
    if (!is_semver(p.version)) bad("project.version", p.version, "expected a semantic version such as 1.2.3");
    std::string ns = p.cpp_namespace;
    for (std::size_t start = 0;;) {
        std::size_t end = ns.find("::", start);
        if (!is_identifier(ns.substr(start, end == std::string::npos ? std::string::npos : end - start))) {
            bad("cpp.namespace", ns, "expected C++ identifiers separated by '::' (e.g. acme::events)");
            break;
        }
        if (end == std::string::npos) break;
        start = end + 2;
    }
    if (!is_npm_name(p.ts_package))
        bad("ts.package", p.ts_package, "expected an npm package name such as @acme/events");
    if (!is_distribution(p.python_distribution))
        bad("python.distribution", p.python_distribution, "expected a distribution name such as acme-events");
    if (!is_identifier(p.python_package)) bad("python.package", p.python_package, "expected a Python identifier");
    if (!is_go_module(p.go_module))
        bad("go.module", p.go_module, "expected a module path such as example.com/acme/events");
    if (p.runtime != "include" && p.runtime != "omit") bad("project.runtime", p.runtime, "expected include or omit");
    if (p.openapi_title.empty()) bad("openapi.title", p.openapi_title, "must not be empty");
    if (p.payload_max_depth < 1 || p.payload_max_depth > 10000)
        bad("payload.max_depth", std::to_string(p.payload_max_depth), "expected an integer from 1 to 10000");
    if (!load::dialect_of_name(p.schemas_dialect))
        bad("schemas.dialect", p.schemas_dialect, "expected draft-04, draft-06, draft-07, 2019-09 or 2020-12");
    if (p.unknown_formats != "warn" && p.unknown_formats != "error")
        bad("schemas.unknown-formats", p.unknown_formats, "expected warn or error");
    if (p.unknown_keywords != "warn" && p.unknown_keywords != "error")
        bad("schemas.unknown-keywords", p.unknown_keywords, "expected warn or error");
}

}  // namespace contractgen::config
