#include "load/walk.h"

#include "load/openapi/yaml_document.h"

#include <algorithm>
#include <optional>
#include <system_error>

namespace contractgen::load {

namespace fs = std::filesystem;

std::string display_path(const fs::path& root, const std::string& relative) {
    return relative.empty() ? root.generic_string() : (root / relative).generic_string();
}

bool is_candidate_name(const std::string& name) {
    return (name.size() >= 5 && name.compare(name.size() - 5, 5, ".json") == 0) || openapi::is_yaml_name(name);
}

namespace {

std::string join(const std::string& folder, const std::string& name) {
    return folder.empty() ? name : folder + "/" + name;
}

// `real` relative to `real_root` ('/'-separated; "" for the root itself), or
// nullopt when it is outside. Both are canonical, so no component is a link
// or "..", and comparing components is enough.
std::optional<std::string> inside(const fs::path& real, const fs::path& real_root) {
    fs::path rel = real.lexically_relative(real_root);
    if (rel.empty() || *rel.begin() == "..") return std::nullopt;
    return rel == "." ? std::string() : rel.generic_string();
}

const char* kind_of(fs::file_type type) {
    switch (type) {
        case fs::file_type::fifo: return "a FIFO";
        case fs::file_type::socket: return "a socket";
        case fs::file_type::block: return "a block device";
        case fs::file_type::character: return "a character device";
        case fs::file_type::directory: return "a folder";
        default: return "not a regular file";
    }
}

struct Entry {
    std::string rel;
    fs::file_status status;  // of the entry itself, links not followed
    std::string list_error;  // set when `rel` is a folder that could not be listed
};

class Walk {
public:
    Walk(const fs::path& root, const fs::path& real_root, diag::Sink& sink)
        : root_(root), real_root_(real_root), sink_(sink) {}

    void entry(const Entry& e, Listing& out) const {
        const std::string shown = display_path(root_, e.rel);
        if (!e.list_error.empty()) {
            sink_.error(shown, 0, 0, "cannot list folder: " + e.list_error);
        } else if (fs::is_symlink(e.status)) {
            link(e.rel, out);
        } else if (fs::is_directory(e.status) || !is_candidate_name(e.rel)) {
            // Folders are walked; a file not named *.json, *.yaml or *.yml
            // (a README, a template) is no schema candidate, as in any folder.
        } else if (fs::is_regular_file(e.status)) {
            out.files.push_back(e.rel);
        } else {
            sink_.warning(shown, 0, 0, std::string("skipped: ") + kind_of(e.status.type()) + ", not a regular file");
        }
    }

private:
    void link(const std::string& rel, Listing& out) const {
        const std::string shown = display_path(root_, rel);
        const fs::path path = root_ / rel;
        std::error_code ec;
        const std::string written = fs::read_symlink(path, ec).generic_string();
        const fs::path real = fs::canonical(path, ec);
        if (ec) {
            // A dangling *.json link is a schema that cannot be read; any other
            // name may have been meant as a folder, so it is worth a warning.
            if (is_candidate_name(rel))
                sink_.error(shown, 0, 0, "symbolic link to '" + written + "' cannot be followed: " + ec.message());
            else
                sink_.warning(shown, 0, 0,
                              "skipped: symbolic link to '" + written + "' cannot be followed (" + ec.message() + ")");
            return;
        }
        const fs::file_status target = fs::status(real, ec);
        const bool folder = fs::is_directory(target);
        if (!folder && !is_candidate_name(rel)) return;  // not a schema candidate by its name, like any such file
        std::optional<std::string> within = inside(real, real_root_);
        if (!within) {
            const std::string resolved = real.generic_string();
            sink_.error(shown, 0, 0,
                        std::string("symbolic link to ") + (folder ? "folder " : "") + "'" + written +
                            "' leads out of the schemas folder" +
                            (resolved != written ? " (to '" + resolved + "')" : std::string()) +
                            "; links are followed only within it: move the " + (folder ? "folder" : "file") + " into " +
                            root_.generic_string() + ", or point --schemas at a folder that holds both");
            return;
        }
        if (folder) {
            out.links.push_back(Link{rel, *within, true});
        } else if (!fs::is_regular_file(target)) {
            sink_.warning(shown, 0, 0,
                          "skipped: symbolic link to '" + written + "', which is " + kind_of(target.type()) +
                              ", not a regular file");
        } else if (!is_candidate_name(*within)) {
            sink_.warning(shown, 0, 0,
                          "skipped: symbolic link to '" + written +
                              "', which is not a *.json, *.yaml or *.yml file; a link is another name for the file it "
                              "points to, and only those files are read as schemas (YAML: OpenAPI documents)");
        } else {
            out.links.push_back(Link{rel, *within, false});
        }
    }

    const fs::path& root_;
    const fs::path& real_root_;
    diag::Sink& sink_;
};

}  // namespace

Listing list_schemas_folder(const fs::path& root, diag::Sink& sink) {
    Listing out;
    std::error_code ec;
    const fs::path real_root = fs::canonical(root, ec);
    if (ec) {  // it was a folder a moment ago (load_schemas checked)
        sink.error(root.generic_string(), 0, 0, "cannot list folder: " + ec.message());
        return out;
    }
    // Every entry first, then one pass in path order: messages and results
    // do not depend on the order folders are read in. Links are not walked
    // (whatever they name inside the root is reached under its own path),
    // so the walk is a tree and ends.
    std::vector<Entry> entries;
    std::vector<std::string> folders{""};
    while (!folders.empty()) {
        std::string folder = std::move(folders.back());
        folders.pop_back();
        std::vector<Entry> found;
        fs::directory_iterator it(root / folder, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            Entry e{join(folder, it->path().filename().string()), it->symlink_status(ec), {}};
            if (ec) break;
            if (fs::is_directory(e.status)) folders.push_back(e.rel);
            found.push_back(std::move(e));
        }
        for (Entry& e : found) entries.push_back(std::move(e));
        if (ec) {
            entries.push_back(Entry{folder, {}, ec.message()});
            ec.clear();
        }
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.rel < b.rel; });
    Walk walk(root, real_root, sink);
    for (const Entry& e : entries) walk.entry(e, out);
    return out;
}

}  // namespace contractgen::load
