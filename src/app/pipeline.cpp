#include "app/pipeline.h"

#include <algorithm>
#include <ostream>

#include "emit/apidoc/shared_schemas.h"
#include "emit/target.h"
#include "ir/build.h"
#include "ir/operations.h"
#include "lint/conventions.h"
#include "load/dialect/dialect.h"
#include "parallel/work_pool.h"
#include "render/templates.h"
#include "resolve/vendored.h"
#include "write/safe_paths.h"
#include "write/writer.h"

namespace contractgen::app {

Loaded load_and_build(const std::filesystem::path& schemas, diag::Sink& sink, const config::SchemaReading& reading) {
    Loaded loaded;
    loaded.schemas = load::load_schemas(schemas, sink, reading.policy);
    if (sink.has_errors()) return loaded;
    if (loaded.schemas.documents.empty()) {
        sink.error(schemas.generic_string(), 0, 0,
                   "no schema files found (*.schema.json, *.json with a top-level $schema, or an OpenAPI document)");
        return loaded;
    }
    resolve::load_vendored(loaded.schemas, reading, sink);
    if (sink.has_errors()) return loaded;
    loaded.schemas.digest = load::schema_set_digest(loaded.schemas);
    loaded.model = ir::build_model(loaded.schemas, sink);
    // Operations and streams name types, so they are read once the types are sound.
    if (!sink.has_errors()) ir::build_operations(loaded.schemas, loaded.model, sink);
    return loaded;
}

bool generate_outputs(const Options& options, const Loaded& loaded, write::OutputSet& out,
                      std::vector<std::string>& owned_folders, diag::Sink& sink) {
    std::vector<const emit::TargetInfo*> selected;
    if (options.targets.empty()) {
        for (const auto& t : emit::targets())
            if (t.by_default) selected.push_back(&t);
    } else {
        for (const auto& name : options.targets) {
            const emit::TargetInfo* t = emit::find_target(name);
            if (t == nullptr) {
                std::string known;
                for (const auto& k : emit::targets()) known += (known.empty() ? "" : ", ") + std::string(k.name);
                sink.error("", 0, 0, "unknown target '" + name + "' (targets: " + known + ")");
                return false;
            }
            // Naming a target twice asks for it once (running it twice would emit every file twice).
            if (std::find(selected.begin(), selected.end(), t) == selected.end()) selected.push_back(t);
        }
    }
    // A construct a selected target does not implement yet is refused before anything runs.
    for (const auto* t : selected) {
        std::string alternatives;
        for (const auto& other : emit::targets()) {
            bool all = true;
            for (const auto& use : loaded.model.constructs) all = all && other.capabilities.supports(use);
            if (all) alternatives += (alternatives.empty() ? "" : ", ") + std::string(other.name);
        }
        emit::check_capabilities(t->name, t->capabilities, loaded.model, loaded.schemas, alternatives, sink);
    }
    if (sink.has_errors()) return false;
    // Targets only read the IR, so they run side by side (and split their
    // own work, family by family, on the same threads), each with its own
    // diagnostics and outputs; results are merged in table order, so output
    // and messages do not depend on scheduling. A Templates (its caches) is
    // not shared between threads: there is one per thread.
    struct Run {
        const emit::TargetInfo* target;
        write::OutputSet files;
        diag::Sink sink;
    };
    std::vector<Run> runs;
    for (const auto* t : selected) runs.push_back(Run{t, {}, {}});
    parallel::WorkPool pool;
    std::vector<render::Templates> templates;
    templates.reserve(pool.size());
    for (std::size_t i = 0; i < pool.size(); ++i) templates.emplace_back(options.templates);
    emit::apidoc::SharedSchemas shared_schemas;
    pool.for_each(runs.size(), [&](std::size_t i, std::size_t worker) {
        Run& run = runs[i];
        emit::EmitContext ctx{loaded.model, loaded.schemas, options.project, templates[worker], run.sink,
                              &pool,        worker,         &templates,      &shared_schemas};
        try {
            run.target->make()->emit(ctx, run.files);
        } catch (const std::exception& e) {  // RenderError, or a bug reported as one
            run.sink.error("", 0, 0, std::string(run.target->name) + " target: " + e.what());
        }
    });

    for (auto& run : runs) {
        owned_folders.push_back(run.target->name);
        for (const auto& d : run.sink.all()) sink.add(d);
        out.merge(std::move(run.files));
    }
    // The targets mark what they copy from their runtime; a project that
    // ships the runtime by other means gets only the rest.
    if (options.project.runtime == "omit") out.drop_runtime();
    return !sink.has_errors();
}

namespace {

// Moves `value` to an object that is never destroyed. It stays reachable
// from a static pointer, so a leak checker (the fuzz build's sanitizers)
// sees memory in use, not memory lost.
template <class T>
void keep_until_exit(T& value) {
    [[maybe_unused]] static T* volatile kept = nullptr;  // volatile: the store is not optimised away
    kept = new T(std::move(value));
}

// When the process is about to end, `values` are left for the operating
// system to reclaim, so that freeing them does not add to the run's time.
template <class... T>
void leave_to_os(const Options& options, T&... values) {
    if (options.ends_process) (keep_until_exit(values), ...);
}

const char* drift_word(write::DriftKind kind) {
    switch (kind) {
        case write::DriftKind::Missing: return "missing";
        case write::DriftKind::Stale: return "stale";
        case write::DriftKind::Extra: return "extra";
        case write::DriftKind::Leftover: return "leftover";
        case write::DriftKind::Interrupted: return "interrupted";
    }
    return "drift";
}

// Printed when another run holds the output folder for a while: the wait is
// then the user's to understand, not a hang.
write::OutputLock::WaitNotice waiting_notice(std::ostream& err) {
    return [&err](const std::filesystem::path& lock_file) {
        err << "contractgen: waiting for another contractgen run to finish with '"
            << lock_file.parent_path().generic_string() << "' (it holds " << lock_file.generic_string() << ")"
            << std::endl;
    };
}

int report_failure(const diag::Sink& sink, std::ostream& err, bool colour) {
    sink.print(err, colour);
    err << sink.error_count() << (sink.error_count() == 1 ? " error" : " errors") << "; nothing was written\n";
    return kBadInput;
}

}  // namespace

int run_lint(const Options& options, std::ostream& out, std::ostream& err, bool colour) {
    diag::Sink sink;
    Loaded loaded = load_and_build(options.project.schemas, sink, options.project.reading());
    // The conventions a contract declares (x-tag-enum, x-keys-of): only lint
    // enforces them, so that generate still works on a schema half edited.
    if (!sink.has_errors()) lint::check_conventions(loaded.schemas, sink);
    // Every target runs in memory too: what `generate` would refuse (names
    // that collide in some language) is a problem of the schemas as well.
    write::OutputSet outputs;
    std::vector<std::string> owned;
    if (sink.has_errors() || !generate_outputs(options, loaded, outputs, owned, sink)) {
        sink.print(err, colour);
        err << sink.error_count() << (sink.error_count() == 1 ? " error\n" : " errors\n");
        return kBadInput;
    }
    sink.print(err, colour);  // warnings
    if (!options.quiet) {
        out << options.project.schemas.generic_string() << ": " << loaded.schemas.documents.size() << " files, "
            << loaded.model.families.size() << " families, " << loaded.model.decls.size() << " types: ok\n";
    }
    return kOk;
}

int run_generate(const Options& options, std::ostream& out, std::ostream& err, bool colour) {
    diag::Sink sink;
    const auto& out_dir = options.project.out;
    if (!write::output_folder_allowed(out_dir, options.project.schemas, sink)) return report_failure(sink, err, colour);
    Loaded loaded = load_and_build(options.project.schemas, sink, options.project.reading());
    write::OutputSet outputs;
    std::vector<std::string> owned;
    if (sink.has_errors() || !generate_outputs(options, loaded, outputs, owned, sink))
        return report_failure(sink, err, colour);
    write::WriteReport report;
    if (!write::write_outputs(out_dir, outputs, owned, report, sink, waiting_notice(err))) {
        if (!report.partial) return report_failure(sink, err, colour);
        sink.print(err, colour);
        err << sink.error_count() << (sink.error_count() == 1 ? " error" : " errors") << "; "
            << out_dir.generic_string() << " is partly written: run contractgen generate again once this is fixed\n";
        return kBadInput;
    }
    sink.print(err, colour);  // warnings
    if (!options.quiet) {
        for (const auto& f : report.recovered)
            out << "removed " << (out_dir / f).generic_string() << " (left by an interrupted run)\n";
        for (const auto& f : report.written) out << "wrote   " << (out_dir / f).generic_string() << "\n";
        for (const auto& f : report.removed) out << "removed " << (out_dir / f).generic_string() << "\n";
        out << report.written.size() << " written, " << report.unchanged.size() << " unchanged, "
            << report.removed.size() << " removed";
        if (!report.recovered.empty()) out << ", " << report.recovered.size() << " left by an interrupted run removed";
        out << "\n";
    }
    leave_to_os(options, loaded, outputs);
    return kOk;
}

int run_check(const Options& options, std::ostream& out, std::ostream& err, bool colour) {
    diag::Sink sink;
    const auto& out_dir = options.project.out;
    auto failed = [&] {
        sink.print(err, colour);
        err << sink.error_count() << (sink.error_count() == 1 ? " error\n" : " errors\n");
        return kBadInput;
    };
    if (!write::output_folder_allowed(out_dir, options.project.schemas, sink)) return failed();
    Loaded loaded = load_and_build(options.project.schemas, sink, options.project.reading());
    write::OutputSet outputs;
    std::vector<std::string> owned;
    if (sink.has_errors() || !generate_outputs(options, loaded, outputs, owned, sink)) return failed();
    std::vector<write::Drift> drift;
    if (!write::check_outputs(out_dir, outputs, owned, drift, sink, waiting_notice(err))) return failed();
    sink.print(err, colour);
    const std::size_t produced = outputs.files().size();
    leave_to_os(options, loaded, outputs);
    if (drift.empty()) {
        if (!options.quiet) out << out_dir.generic_string() << " is up to date (" << produced << " files)\n";
        return kOk;
    }
    bool interrupted = false;
    for (const auto& d : drift) {
        err << drift_word(d.kind) << ": " << (out_dir / d.path).generic_string();
        if (d.kind == write::DriftKind::Leftover) err << " (left by a generate that did not finish)";
        if (d.kind == write::DriftKind::Interrupted) err << " (lists the files of a generate that did not finish)";
        err << "\n";
        if (!d.diff.empty() && !options.quiet) err << d.diff;
        interrupted |= d.kind == write::DriftKind::Leftover || d.kind == write::DriftKind::Interrupted;
    }
    err << drift.size() << (drift.size() == 1 ? " file differs" : " files differ") << " from the schemas"
        << (interrupted ? ", some left by an interrupted generate" : "") << "; run: contractgen generate"
        << (options.project.schemas != "schemas" ? " --schemas " + options.project.schemas.generic_string()
                                                 : std::string())
        << (out_dir != "generated" ? " --out " + out_dir.generic_string() : std::string()) << "\n";
    return kDrift;
}

}  // namespace contractgen::app
