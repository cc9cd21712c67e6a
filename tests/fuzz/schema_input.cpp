#include "schema_input.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "app/pipeline.h"
#include "diag/diagnostics.h"
#include "ir/build.h"
#include "ir/operations.h"
#include "load/document.h"

namespace fuzz {

namespace {

namespace app = contractgen::app;
namespace load = contractgen::load;
namespace diag = contractgen::diag;

[[noreturn]] void finding(const std::string& what) {
    std::fprintf(stderr, "schema harness: %s\n", what.c_str());
    std::abort();
}

void check_diagnostics(const diag::Sink& sink, const SchemaFiles& files) {
    for (const diag::Diagnostic& d : sink.all()) {
        const std::string line = diag::format(d, false);
        if (diag::printable(line) != line)
            finding("a diagnostic that is not one printable line: " + diag::printable(line));
        for (const auto& [path, text] : files) {
            if (d.file != "schemas/" + path) continue;
            const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
            if (d.line > lines || d.line < 0 || d.column < 0) finding("a position past the end of its file: " + line);
        }
    }
}

void check_model(const contractgen::ir::Model& model) {
    std::vector<int> listed(model.decls.size(), 0);
    for (const auto& family : model.families)
        for (auto id : family.decls) {
            if (id >= model.decls.size()) finding("family " + family.name + " lists a declaration that does not exist");
            if (model.decls[id].family != family.name)
                finding("family " + family.name + " lists a declaration of another");
            ++listed[id];
        }
    for (std::size_t id = 0; id < listed.size(); ++id)
        if (listed[id] != 1)
            finding(model.decls[id].qualified_name() + " is listed " + std::to_string(listed[id]) + " times");
}

// Loads and builds into `loaded`; true when the model has no errors.
bool build(const SchemaFiles& files, app::Loaded& loaded, diag::Sink& sink) {
    load::SchemaSet& set = loaded.schemas;
    set.root = "schemas";
    for (const auto& [path, text] : files) {
        std::optional<load::Document> doc = load::load_document(path, "schemas/" + path, std::string(text), sink);
        if (doc) set.documents.push_back(std::move(*doc));
    }
    if (sink.has_errors() || set.documents.empty()) return false;
    set.digest = load::schema_set_digest(set);
    loaded.model = contractgen::ir::build_model(set, sink);
    if (sink.has_errors()) return false;
    check_model(loaded.model);
    return true;
}

void check_target_errors(const diag::Sink& sink) {
    for (const diag::Diagnostic& d : sink.all()) {
        const std::size_t at = d.message.find(" target: ");
        if (d.file.empty() && at != std::string::npos && d.message.find(' ') == at)
            finding("an exception escaped a target: " + diag::printable(d.message));
    }
}

}  // namespace

void load_and_build(const SchemaFiles& files) {
    diag::Sink sink;
    app::Loaded loaded;
    build(files, loaded, sink);
    check_diagnostics(sink, files);
}

void load_build_and_emit(const SchemaFiles& files) {
    diag::Sink sink;
    app::Loaded loaded;
    if (build(files, loaded, sink)) {
        contractgen::ir::build_operations(loaded.schemas, loaded.model, sink);
        if (!sink.has_errors()) {
            app::Options options;
            options.project.runtime = "omit";
            contractgen::write::OutputSet out;
            std::vector<std::string> owned;
            app::generate_outputs(options, loaded, out, owned, sink);
            check_target_errors(sink);
        }
    }
    check_diagnostics(sink, files);
}

}  // namespace fuzz
