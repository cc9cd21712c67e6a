// The writer's file-system operations, on POSIX calls so that every failure
// carries its reason (errno, as std::error_code), and every change passes
// through fault::before_change() (see fault_injection.h).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace contractgen::write::files {

namespace fs = std::filesystem;

// The whole file, or nullopt when it cannot be read (missing, a folder, ...).
std::optional<std::string> read(const fs::path& path);

// Whether the file at `path` holds exactly `content`, read a piece at a time
// (no copy of the whole file) and stopping at the first difference; a file
// of another size is Differs without being read. Unreadable: missing, not a
// regular file, or a read error.
enum class Comparison { Same, Differs, Unreadable };
Comparison compare(const fs::path& path, std::string_view content);

// mkdir -p. Appends the folders it created to `created` (outermost first),
// so that a rollback can remove exactly those. A file in the way of a folder
// is ENOTDIR; `failed_at` names the folder that could not be made.
std::error_code make_folders(const fs::path& dir, std::vector<fs::path>& created, fs::path& failed_at);

// Creates `path`, which must not exist (O_EXCL, and never through a symbolic
// link), with exactly `content`. With `sync`, the bytes reach the disk
// before it returns (fsync). On failure the partial file is removed.
std::error_code create_file(const fs::path& path, std::string_view content, bool sync);

// rename(2): atomic replacement of `to`, a symbolic link included (the link
// is replaced, not written through).
std::error_code replace(const fs::path& from, const fs::path& to);

// unlink(2); a file that is already gone is not an error. `removed` says
// whether this call removed it.
std::error_code remove_file(const fs::path& path, bool& removed);

// Removes `dir` and its parents while they are empty, stopping at `stop`
// (never removed). Failures are ignored: a folder someone else filled stays.
void remove_empty_folders(fs::path dir, const fs::path& stop);

// rmdir(2): removes `dir` if it is empty; failures are ignored.
void remove_folder(const fs::path& dir);

// fsync(2) of a folder: makes a rename or creation in it durable.
std::error_code sync_folder(const fs::path& dir);

// The temporary name a file is staged under before it is renamed into place:
// ".<name>.tmp<pid>" in the same folder (a rename across folders would not
// be atomic).
fs::path temporary_for(const fs::path& dest);

// True when `file_name` is the temporary name of `base` for some process:
// "." + base + ".tmp" + digits.
bool is_temporary_of(std::string_view file_name, std::string_view base);

}  // namespace contractgen::write::files
