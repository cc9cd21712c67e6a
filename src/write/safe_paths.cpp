#include "write/safe_paths.h"

#include <algorithm>
#include <map>
#include <system_error>

namespace contractgen::write {

namespace fs = std::filesystem;

namespace {

// `inner` is `outer` or below it; both absolute and without symlinks.
bool within(const fs::path& inner, const fs::path& outer) {
    auto [o, i] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
    // A trailing empty element (from "dir/") of `outer` does not count.
    return o == outer.end() || (std::next(o) == outer.end() && o->empty());
}

// Absolute, with every symlink of its existing part resolved.
fs::path resolved(const fs::path& p) {
    std::error_code ec;
    fs::path r = fs::weakly_canonical(fs::absolute(p, ec), ec);
    return ec ? fs::absolute(p).lexically_normal() : r;
}

}  // namespace

fs::path normalised_folder(const fs::path& path) {
    fs::path p = path.lexically_normal();
    while (!p.has_filename() && p.has_relative_path()) p = p.parent_path();
    return p.empty() ? fs::path(".") : p;
}

bool output_folder_allowed(const fs::path& out, const fs::path& schemas, diag::Sink& sink) {
    // An empty path resolves to nothing here but is written as the working
    // folder, so it would slip past the checks below: it names no folder at all.
    if (out.empty()) {
        sink.error("", 0, 0, "--out is empty: name the output folder (for the working folder, '.')");
        return false;
    }
    fs::path o = resolved(out), s = resolved(schemas);
    if (o == s) {
        sink.error("", 0, 0,
                   "--out '" + out.generic_string() +
                       "' is the schemas folder: generated files must not be written "
                       "among the schemas; choose another output folder");
        return false;
    }
    if (within(o, s)) {
        sink.error("", 0, 0,
                   "--out '" + out.generic_string() + "' is inside the schemas folder '" + schemas.generic_string() +
                       "': generated files must not be written among the schemas; choose an output folder outside it");
        return false;
    }
    return true;
}

bool no_symlink_out_of(const fs::path& out, const std::set<std::string>& paths, diag::Sink& sink) {
    std::error_code ec;
    if (!fs::exists(out, ec)) return true;  // nothing below it yet
    const fs::path root = resolved(out);
    // Verdict per path prefix (relative to out): true when safe. Paths share
    // most of their folders, so each is looked at once.
    std::map<std::string, bool> seen;
    bool ok = true;
    for (const auto& rel : paths) {
        fs::path shown = out;
        std::string prefix;
        for (const auto& part : fs::path(rel)) {
            shown /= part;
            prefix += (prefix.empty() ? "" : "/") + part.string();
            auto [it, fresh] = seen.emplace(prefix, true);
            if (!fresh) {
                if (!it->second) break;
                continue;
            }
            fs::file_status st = fs::symlink_status(shown, ec);
            if (ec || !fs::exists(st)) break;  // nothing further down exists
            if (!fs::is_symlink(st)) continue;
            // Where the link leads: resolved fully when its target exists,
            // else lexically from its text (a dangling link).
            fs::path target = fs::read_symlink(shown, ec);
            fs::path lands = fs::exists(shown, ec)
                                 ? resolved(shown)
                                 : resolved(target.is_absolute() ? target : shown.parent_path() / target);
            if (within(lands, root)) continue;
            it->second = false;
            ok = false;
            sink.error(shown.generic_string(), 0, 0,
                       "symbolic link to '" + target.generic_string() + "' leads out of the output folder '" +
                           out.generic_string() +
                           "'; contractgen does not write through it (remove the link, or make it point inside)");
            break;
        }
    }
    return ok;
}

}  // namespace contractgen::write
