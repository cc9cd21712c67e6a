// The C++ target, laid out like a library:
//   cpp/include/<namespace as folders>/<family>.hpp   types and declarations
//   cpp/include/<...>/runtime.hpp, rt/*.hpp            the runtime (runtime/cpp/)
//   cpp/include/<...>/registry.hpp                     every type by name
//   cpp/src/<family>.cpp, src/registry.cpp, src/rt/    decoders and encoders
//   cpp/CMakeLists.txt                                 a static library of src/
// The decoders and encoders are compiled once into the library instead of
// in every file that includes a header, which keeps consumers' builds fast.
#include <algorithm>
#include <cctype>
#include <set>

#include "emit/common/pattern_check.h"
#include "emit/cpp/cpp_client.h"
#include "emit/cpp/cpp_family.h"
#include "emit/cpp/cpp_syntax.h"
#include "emit/runtime_files.h"
#include "emit/targets.h"
#include "ir/pattern.h"
#include "ir/pattern_match.h"
#include "naming/keywords.h"
#include "naming/namer.h"

namespace contractgen::emit {

namespace cpp {

naming::NamerConfig cpp_naming() {
    naming::NamerConfig c;
    c.type_case = naming::Case::Pascal;
    c.field_case = naming::Case::Snake;
    c.value_case = naming::Case::Pascal;  // enumerators: never ALL_CAPS, which macros own
    c.family_case = naming::Case::Snake;
    c.keywords = &naming::cpp_keywords();
    c.reserved_fields = {"additional_properties"};
    // The runtime's names that generated code uses unqualified inside a family's namespace.
    c.reserved_types = {"Json", "Codec", "Nullable", "Tristate", "DecodeError", "Value", "Map", "UnknownVariant"};
    return c;
}

}  // namespace cpp

namespace {

using namespace cpp;
using render::Data;
using render::flag;
using render::List;
using render::Object;

// Family namespaces sit next to the runtime's names in the configured
// namespace, and generated code names `rt::`, `std::`, the entry points and
// the operation clients' namespaces (`client::`, `stream::`, `operations::`)
// unqualified: a family may not take one of those names.
void keep_clear_of_runtime(naming::Names& names) {
    static const std::set<std::string> reserved = {
        "rt",        "std",      "parse",   "dump",      "dump_to", "validate", "to_json_value", "from_json_value",
        "find_type", "tolerant", "to_json", "from_json", "client",  "stream",   "operations"};
    std::set<std::string> taken;
    for (const auto& [family, name] : names.family) taken.insert(name);
    for (auto& [family, name] : names.family) {
        if (!reserved.count(name)) continue;
        std::string renamed = name + "_";
        while (taken.count(renamed) || reserved.count(renamed)) renamed += "_";
        taken.insert(renamed);
        name = renamed;
    }
}

// One runtime file (runtime/cpp/...) as shipped: the header line, the
// configured namespace and include folder. Each file opens and closes
// `namespace contract` once and names its siblings as "contract/...", so
// the renames are exact.
std::string runtime_text(const EmitContext& ctx, std::string_view source) {
    std::string text = cpp_header_comment(ctx, {}, "// ") + "//\n" + std::string(source);
    const std::string& ns = ctx.project.cpp_namespace;
    for (auto [from, to] :
         {std::pair<std::string, std::string>{"\nnamespace contract {\n", "\nnamespace " + ns + " {\n"},
          {"\n}  // namespace contract\n", "\n}  // namespace " + ns + "\n"}}) {
        auto at = text.find(from);
        if (at == std::string::npos || text.find(from, at + 1) != std::string::npos)
            throw std::logic_error("a C++ runtime file must contain '" + from.substr(1, from.size() - 2) + "' once");
        text.replace(at, from.size(), to);
    }
    const std::string include = "#include \"contract/", renamed = "#include \"" + ctx.project.cpp_include_dir() + "/";
    for (auto at = text.find(include); at != std::string::npos; at = text.find(include, at + renamed.size()))
        text.replace(at, include.size(), renamed);
    return text;
}

// The runtime's files under cpp/include/<namespace folders>/, cpp/src/ (the
// bindings' library) and cpp/client/ (the operation clients' library, which
// needs libcurl: kept apart so that the bindings do not); returns the
// bindings' sources and fills `client_sources`.
std::vector<std::string> add_runtime(const EmitContext& ctx, write::OutputSet& out,
                                     std::vector<std::string>& client_sources) {
    std::vector<std::string> sources;
    const std::string prefix = "cpp/", headers = "cpp/include/contract/";
    for (const auto& [path, text] : builtin_runtime()) {
        if (path.compare(0, prefix.size(), prefix) != 0) continue;
        std::string target = path;
        if (path.compare(0, headers.size(), headers) == 0)
            target = "cpp/include/" + ctx.project.cpp_include_dir() + "/" + path.substr(headers.size());
        else if (path.compare(0, 8, "cpp/src/") == 0)
            sources.push_back(path.substr(8));
        else if (path.compare(0, 11, "cpp/client/") == 0)
            client_sources.push_back(path.substr(4));
        out.add_runtime(target, runtime_text(ctx, text));
    }
    return sources;
}

// "acme-events" → "acme_events" (a CMake target and project name).
std::string cmake_name(const std::string& project) {
    std::string out;
    for (char c : project) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return out;
}

// The numeric part of a SemVer version, which CMake's project() accepts.
std::string cmake_version(const std::string& version) {
    return version.substr(0, version.find_first_not_of("0123456789."));
}

void add_registry(const EmitContext& ctx, const naming::Names& names, write::OutputSet& out) {
    const std::string dir = ctx.project.cpp_include_dir();
    List families, entries;
    for (const auto& family : ctx.model.families) {
        families.push_back(Object{{"path", dir + "/" + family.name + ".hpp"}});
        const std::string ns = names.family.at(family.name) + "::";
        for (ir::DeclId id : family.decls) {
            const ir::Decl& d = ctx.model.decl(id);
            if (d.lifted || d.is<ir::Constant>()) continue;
            std::string type = ns + names.of(id);
            std::string function = d.is<ir::Alias>() ? "&rt::round_trip_alias<&" + ns + "decode_" + names.of(id) +
                                                           ", &" + ns + "encode_" + names.of(id) + ">"
                                                     : "&rt::round_trip<" + type + ">";
            std::string name = string_literal(d.qualified_name());
            bool one_line = 4 + 1 + name.size() + 2 + function.size() + 2 <= kLineWidth;
            entries.push_back(
                Object{{"name", std::move(name)}, {"function", std::move(function)}, {"one_line", flag(one_line)}});
        }
    }
    std::string count = std::to_string(entries.size());
    Data h;
    h.set("header", set_header_text(ctx));
    h.set("header_comment", cpp_header_comment(ctx, {}, "// "));
    h.set("runtime", dir + "/runtime.hpp");
    h.set("families", std::move(families));
    h.set("namespace", ctx.project.cpp_namespace);
    h.set("count", count);
    out.add("cpp/include/" + dir + "/registry.hpp",
            write::normalise_text(ctx.templates.render("cpp/registry.hpp.mustache", h)));
    Data s;
    s.set("header", set_header_text(ctx));
    s.set("header_comment", cpp_header_comment(ctx, {}, "// "));
    s.set("registry", dir + "/registry.hpp");
    s.set("codec", dir + "/rt/codec.hpp");
    s.set("namespace", ctx.project.cpp_namespace);
    s.set("count", count);
    s.set("entries", std::move(entries));
    out.add("cpp/src/registry.cpp", write::normalise_text(ctx.templates.render("cpp/registry.cpp.mustache", s)));
}

// The contract's package-wide settings: [payload] max_depth.
void add_package(const EmitContext& ctx, write::OutputSet& out) {
    Data s;
    s.set("header_comment", cpp_header_comment(ctx, {}, "// "));
    s.set("runtime", ctx.project.cpp_include_dir() + "/runtime.hpp");
    s.set("namespace", ctx.project.cpp_namespace);
    s.set("max_depth", std::to_string(ctx.project.payload_max_depth));
    out.add("cpp/src/rt/package.cpp", write::normalise_text(ctx.templates.render("cpp/package.cpp.mustache", s)));
}

class CppTarget : public Target {
public:
    void emit(const EmitContext& ctx, write::OutputSet& out) const override {
        naming::Names names = naming::resolve_names(ctx.model, cpp_naming(), ctx.schemas, ctx.sink);
        // Lookaround runs on PCRE2, whose version in Debian bookworm (10.42) has no lookbehind of
        // unbounded width: such a pattern is refused here rather than thrown when the bindings start.
        report_pattern_problems(ctx, "cpp", "PCRE2 10.42", [](const std::string& p) -> std::optional<std::string> {
            if (auto why = ir::pcre2_problem(p))
                return *why +
                       " (lookbehind of unbounded width, such as '(?<=ab+)', needs PCRE2 10.43; "
                       "the other targets match it)";
            return std::nullopt;
        });
        if (ctx.sink.has_errors()) return;
        keep_clear_of_runtime(names);
        const std::string dir = ctx.project.cpp_include_dir();

        std::vector<std::string> client_sources;
        std::vector<std::string> sources = add_runtime(ctx, out, client_sources);
        add_package(ctx, out);
        sources.push_back("rt/package.cpp");

        // Each family's header and source, side by side.
        const auto& all = ctx.model.families;
        std::vector<FamilyFiles> files(all.size());
        ctx.for_each(all.size(), [&](std::size_t i, const render::Templates& templates) {
            files[i] = render_family(ctx, templates, names, all[i]);
        });
        for (std::size_t i = 0; i < all.size(); ++i) {
            out.add("cpp/include/" + dir + "/" + all[i].name + ".hpp", std::move(files[i].header));
            out.add("cpp/src/" + all[i].name + ".cpp", std::move(files[i].source));
            sources.push_back(all[i].name + ".cpp");
        }

        add_registry(ctx, names, out);
        sources.push_back("registry.cpp");
        add_operations(ctx, names, out, client_sources);
        std::sort(client_sources.begin(), client_sources.end());
        std::sort(sources.begin(), sources.end());

        List source_list;
        for (const auto& s : sources) source_list.push_back(Object{{"path", s}});
        std::string target = cmake_name(ctx.project.name) + "_bindings";
        Data cmake;
        cmake.set("header", set_header_text(ctx));
        cmake.set("target", target);
        cmake.set("alias", ctx.project.cpp_namespace + "::bindings");
        cmake.set("version", cmake_version(ctx.project.version));
        cmake.set("sources", std::move(source_list));
        List client_list;
        for (const auto& s : client_sources) client_list.push_back(Object{{"path", s}});
        cmake.set("client_target", cmake_name(ctx.project.name) + "_client");
        cmake.set("client_alias", ctx.project.cpp_namespace + "::client");
        cmake.set("client_sources", std::move(client_list));
        out.add("cpp/CMakeLists.txt",
                write::normalise_text(ctx.templates.render("cpp/CMakeLists.txt.mustache", cmake)));
    }
};

}  // namespace

std::unique_ptr<Target> make_cpp_target() { return std::make_unique<CppTarget>(); }

}  // namespace contractgen::emit
