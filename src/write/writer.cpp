// The write protocol.
//
// Invariant: at every instant, every file a run has created in --out is
// listed in the manifest on disk, or is the temporary of a listed path or of
// the manifest itself (".<name>.tmp<pid>", found by leftover_temporaries), or
// is the lock file. So wherever a run is killed, the next one knows all it
// may have to remove, and `check` can report it. The steps:
//
//   1. Lock the folder (output_lock.h): runs into one folder take turns.
//   2. Read the manifest. Stale: listed in an owned folder, not produced.
//      Leftovers: temporaries of listed or produced paths.
//   3. Refuse symbolic links out of --out on any path about to be touched.
//   4. Find the changed outputs; a folder where a file goes is an error.
//   5. When a changed output is not listed yet, first write a *pending*
//      manifest listing the old entries and every output (fsync'd, so that
//      it is on disk before any new file is).
//   6. Remove the leftover temporaries.
//   7. Stage every changed file as a temporary beside its destination. If
//      that fails, remove what was staged and the folders made for it, and
//      put the old manifest back: nothing has changed.
//   8. Rename the temporaries into place.
//   9. Remove the stale files and the folders they leave empty: while the
//      manifest on disk (old or pending) still lists them.
//  10. Write the final manifest: the outputs, plus other targets' entries.
//  11. Unlock; the lock file goes.
//
// Killed anywhere from 5 to 10, the manifest on disk lists every file the
// run may have created or not yet removed; the next `generate` replaces what
// differs and removes what it does not produce. Writing the final manifest
// before removing stale files (the old order) lost them for good.
// Power loss is not covered beyond step 5's fsync: renamed files may then
// hold old or partial bytes, which `check` reports and `generate` rewrites.
#include "write/writer.h"

#include <unistd.h>
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "parallel/work_pool.h"
#include "write/file_ops.h"
#include "write/safe_paths.h"

namespace contractgen::write {

namespace fs = std::filesystem;

std::vector<std::string> leftover_temporaries(const fs::path& out, const std::set<std::string>& names) {
    // Folder → base names expected there; each folder is listed once.
    std::map<std::string, std::set<std::string>> by_folder;
    for (const auto& name : names) {
        auto slash = name.rfind('/');
        by_folder[slash == std::string::npos ? "" : name.substr(0, slash)].insert(
            slash == std::string::npos ? name : name.substr(slash + 1));
    }
    std::vector<std::string> found;
    for (const auto& [folder, bases] : by_folder) {
        std::error_code ec;
        fs::path dir = folder.empty() ? out : out / folder;
        if (fs::is_symlink(dir, ec)) continue;  // refused by no_symlink_out_of when it matters
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            std::string file = it->path().filename().string();
            if (file.size() < 6 || file[0] != '.') continue;
            auto tmp = file.rfind(".tmp");
            if (tmp == std::string::npos || tmp < 2 || bases.count(file.substr(1, tmp - 1)) == 0) continue;
            if (files::is_temporary_of(file, file.substr(1, tmp - 1)))
                found.push_back(folder.empty() ? file : folder + "/" + file);
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

std::vector<files::Comparison> compare_with_folder(const fs::path& out, const OutputSet& outputs) {
    std::vector<const std::pair<const std::string, std::string>*> items;
    items.reserve(outputs.files().size());
    for (const auto& item : outputs.files()) items.push_back(&item);
    std::vector<files::Comparison> found(items.size());
    auto compare = [&](std::size_t i, std::size_t) {
        found[i] = files::compare(out / items[i]->first, items[i]->second);
    };
    // Reading back what a run leaves unchanged is most of a repeated run's
    // writing stage, and the cores share it.
    parallel::WorkPool::run_batch(items.size(), compare);
    return found;
}

namespace {

// Writes `text` to `dest` through a temporary and a rename.
std::error_code write_whole(const fs::path& dest, const std::string& text, bool sync) {
    fs::path tmp = files::temporary_for(dest);
    if (auto ec = files::create_file(tmp, text, sync)) return ec;
    if (auto ec = files::replace(tmp, dest)) {
        bool removed = false;
        files::remove_file(tmp, removed);
        return ec;
    }
    return sync ? files::sync_folder(dest.parent_path()) : std::error_code{};
}

struct Staged {
    std::string rel;
    fs::path tmp, dest;
};

enum class Outcome {
    Done,
    Untouched,  // failed; the folder is as it was
    Partial,    // failed after files were replaced or removed
};

// One write of `outputs` into `out`, under the lock: steps 2 to 10.
class LockedWrite {
public:
    LockedWrite(const fs::path& out, const OutputSet& outputs, const std::vector<std::string>& owned_folders,
                WriteReport& report, diag::Sink& sink)
        : out_(out),
          outputs_(outputs),
          owned_(owned_folders),
          report_(report),
          sink_(sink),
          manifest_path_(out / kManifestName) {}

    Outcome run() {
        survey();
        if (!no_symlink_out_of(out_, touched_, sink_) || !find_changes()) return Outcome::Untouched;
        if (!list_new_files() || !remove_leftovers() || !stage()) {
            roll_back();
            return Outcome::Untouched;
        }
        return replace_all() && remove_stale() && write_final_manifest() ? Outcome::Done : Outcome::Partial;
    }

private:
    bool fail(const fs::path& where, const std::string& what, const std::error_code& ec) {
        sink_.error(where.generic_string(), 0, 0, what + ": " + ec.message());
        return false;
    }

    // 2. What is there: the manifest, stale files, leftover temporaries.
    void survey() {
        old_manifest_text_ = files::read(manifest_path_);
        current_ = read_manifest(out_);
        for (const auto& e : current_.entries)
            if (owned(e, owned_) && !outputs_.contains(e)) stale_.push_back(e);
        std::set<std::string> known = current_.entries;
        for (const auto& [rel, content] : outputs_.files()) known.insert(rel);
        known.insert(kManifestName);
        temporaries_ = leftover_temporaries(out_, known);
        touched_ = known;  // 3: every path this run may create, replace or remove
        touched_.insert(temporaries_.begin(), temporaries_.end());
    }

    // 4. What changed: each output compared where it is with its file on
    // disk (compare_with_folder; a copy of either would add to the peak
    // memory of a run).
    bool find_changes() {
        const std::vector<files::Comparison> found = compare_with_folder(out_, outputs_);
        std::size_t i = 0;
        for (const auto& [rel, content] : outputs_.files()) {
            fs::path dest = out_ / rel;
            if (found[i++] == files::Comparison::Same) {
                report_.unchanged.push_back(rel);
                continue;
            }
            std::error_code ec;
            if (fs::is_directory(fs::symlink_status(dest, ec))) {
                sink_.error(dest.generic_string(), 0, 0, "cannot write file: a folder of that name is in the way");
                return false;
            }
            changed_.emplace_back(rel, &content);
            if (current_.entries.count(rel) == 0) adds_entries_ = true;
        }
        return true;
    }

    // 5. New files are listed before any of them exists.
    bool list_new_files() {
        if (!adds_entries_) return true;
        std::set<std::string> all = current_.entries;
        for (const auto& [rel, content] : outputs_.files()) all.insert(rel);
        pending_written_ = true;  // from here on, a rollback restores the old manifest
        if (auto ec = write_whole(manifest_path_, format_manifest(all, true), true))
            return fail(manifest_path_, "cannot write file", ec);
        return true;
    }

    // 6. What an interrupted run left.
    bool remove_leftovers() {
        for (const auto& rel : temporaries_) {
            bool removed = false;
            if (auto ec = files::remove_file(out_ / rel, removed))
                return fail(out_ / rel, "cannot remove a temporary file of an interrupted run", ec);
            if (removed) report_.recovered.push_back(rel);
            files::remove_empty_folders((out_ / rel).parent_path(), out_);
        }
        return true;
    }

    // 7. Every changed file as a temporary beside its destination. The
    // folders first, in order; then the files side by side: on a first run
    // the kernel's copy of the bytes is most of the write, and the cores
    // share it. Which file failed is reported as a loop in order would.
    bool stage() {
        std::vector<Staged> planned;
        planned.reserve(changed_.size());
        for (const auto& [rel, content] : changed_) {
            fs::path dest = out_ / rel, failed_at;
            if (auto ec = files::make_folders(dest.parent_path(), folders_made_, failed_at))
                return fail(failed_at, "cannot create folder", ec);
            planned.push_back({rel, files::temporary_for(dest), dest});
        }
        // The largest first, so that no core is left writing a big file alone at the end.
        std::vector<std::size_t> by_size(planned.size());
        for (std::size_t i = 0; i < by_size.size(); ++i) by_size[i] = i;
        std::stable_sort(by_size.begin(), by_size.end(), [&](std::size_t a, std::size_t b) {
            return changed_[a].second->size() > changed_[b].second->size();
        });
        std::vector<std::error_code> errors(planned.size());
        auto create = [&](std::size_t k, std::size_t) {
            const std::size_t i = by_size[k];
            errors[i] = files::create_file(planned[i].tmp, *changed_[i].second, false);
        };
        parallel::WorkPool::run_batch(planned.size(), create);
        std::optional<std::size_t> first_failure;
        for (std::size_t i = 0; i < planned.size(); ++i) {
            if (!errors[i]) staged_.push_back(std::move(planned[i]));  // a failed one removed its own temporary
            else if (!first_failure)
                first_failure = i;
        }
        if (first_failure)
            return fail(out_ / changed_[*first_failure].first, "cannot write file", errors[*first_failure]);
        return true;
    }

    // A failure in 5 to 7: remove what was staged and the folders made for
    // it, put the old manifest back. (Leftovers removed in 6 stay removed.)
    void roll_back() {
        bool removed = false;
        for (const auto& s : staged_) files::remove_file(s.tmp, removed);
        for (auto it = folders_made_.rbegin(); it != folders_made_.rend(); ++it) files::remove_folder(*it);
        if (!pending_written_) return;
        if (old_manifest_text_) write_whole(manifest_path_, *old_manifest_text_, false);
        else
            files::remove_file(manifest_path_, removed);
    }

    // 8. Into place. A failure here leaves a mix of old and new files, all
    // listed: `check` reports it and the next run finishes the job.
    bool replace_all() {
        for (std::size_t i = 0; i < staged_.size(); ++i) {
            if (auto ec = files::replace(staged_[i].tmp, staged_[i].dest)) {
                bool removed = false;
                for (std::size_t j = i; j < staged_.size(); ++j) files::remove_file(staged_[j].tmp, removed);
                return fail(staged_[i].dest, "cannot replace file", ec);
            }
            report_.written.push_back(staged_[i].rel);
        }
        return true;
    }

    // 9. Stale files, while the manifest on disk still lists them. The
    // folders of a listed file that was never written (a run killed after
    // making them) go too.
    bool remove_stale() {
        for (const auto& rel : stale_) {
            bool removed = false;
            if (auto ec = files::remove_file(out_ / rel, removed))
                return fail(out_ / rel, "cannot remove stale file", ec);
            if (removed) report_.removed.push_back(rel);
            files::remove_empty_folders((out_ / rel).parent_path(), out_);
        }
        return true;
    }

    // 10. Exactly the outputs, plus the entries of targets this run did not run.
    bool write_final_manifest() {
        std::string text = format_manifest(final_entries(current_, outputs_, owned_), false);
        if (!pending_written_ && old_manifest_text_ == text) return true;
        if (auto ec = write_whole(manifest_path_, text, false)) return fail(manifest_path_, "cannot write file", ec);
        return true;
    }

    const fs::path& out_;
    const OutputSet& outputs_;
    const std::vector<std::string>& owned_;
    WriteReport& report_;
    diag::Sink& sink_;
    const fs::path manifest_path_;

    std::optional<std::string> old_manifest_text_;
    Manifest current_;
    std::vector<std::string> stale_, temporaries_;
    std::set<std::string> touched_;
    std::vector<std::pair<std::string, const std::string*>> changed_;
    bool adds_entries_ = false, pending_written_ = false;
    std::vector<Staged> staged_;
    std::vector<fs::path> folders_made_;
};

}  // namespace

bool write_outputs(const fs::path& out_arg, const OutputSet& outputs, const std::vector<std::string>& owned_folders,
                   WriteReport& report, diag::Sink& sink, const OutputLock::WaitNotice& notice) {
    const fs::path out = normalised_folder(out_arg);
    std::vector<fs::path> made;
    fs::path failed_at;
    if (auto ec = files::make_folders(out, made, failed_at)) {
        sink.error(failed_at.generic_string(), 0, 0, "cannot create folder: " + ec.message());
        for (auto it = made.rbegin(); it != made.rend(); ++it) files::remove_folder(*it);
        return false;
    }
    Outcome outcome = Outcome::Untouched;
    if (auto lock = OutputLock::exclusive(out, notice, sink))  // 1; 11 when it goes out of scope
        outcome = LockedWrite(out, outputs, owned_folders, report, sink).run();
    // A failed first run into a new folder leaves no folder behind.
    if (outcome == Outcome::Untouched)
        for (auto it = made.rbegin(); it != made.rend(); ++it) files::remove_folder(*it);
    report.partial = outcome == Outcome::Partial;
    return outcome == Outcome::Done;
}

}  // namespace contractgen::write
