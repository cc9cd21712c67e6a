// contractgen's command line (CLI11). Everything else lives in the stages.
#include <iostream>

#include <CLI/CLI.hpp>

#include "app/pipeline.h"
#include "diag/diagnostics.h"
#include "emit/target.h"

#ifndef CONTRACTGEN_VERSION
#define CONTRACTGEN_VERSION "0.0.0"
#endif

namespace {

using contractgen::app::Options;

void add_common(CLI::App* cmd, Options& o, bool with_output) {
    cmd->add_option("--schemas", o.schemas, "Folder of *.schema.json files, one subfolder per family")
        ->capture_default_str();
    if (!with_output) return;
    cmd->add_option("--templates", o.templates,
                    "Folder whose files override built-in templates of the same path (e.g. cpp/family.hpp.mustache)")
        ->check(CLI::ExistingDirectory);  // a mistyped folder must not silently mean "no overrides"
    cmd->add_option("--out", o.out, "Output folder")->capture_default_str();
    std::string names;
    for (const auto& t : contractgen::emit::targets())
        names += std::string("\n  ") + t.name + ": " + t.description;
    cmd->add_option("--target", o.targets, "Target to run (repeatable; default: all):" + names);
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"contractgen: one event contract, written once as JSON Schema, generated into C++, TypeScript/Zod, "
                 "Pydantic v2 and OpenAPI"};
    app.name("contractgen");
    app.set_version_flag("--version", std::string("contractgen ") + CONTRACTGEN_VERSION);
    app.require_subcommand(1);
    std::string target_list = "Targets (--target NAME, repeatable; default: all):\n";
    for (const auto& t : contractgen::emit::targets()) {
        std::string name = t.name;
        target_list += "  " + name + std::string(name.size() < 9 ? 9 - name.size() : 1, ' ') + t.description + "\n";
    }
    app.footer(
        target_list +
        "\nExamples:\n"
        "  contractgen generate                         regenerate generated/ from schemas/\n"
        "  contractgen check                            exit 1 if generated/ is stale (CI)\n"
        "  contractgen generate --target cpp --out out  only the C++ headers, into out/\n"
        "  contractgen generate --templates my-tpl      override some built-in templates\n"
        "  contractgen lint --schemas schemas           validate the schemas only\n"
        "Exit codes: 0 ok, 1 drift (check), 2 bad input or usage.");

    Options options;
    bool quiet = false;
    app.add_flag("-q,--quiet", quiet, "Print only diagnostics");

    CLI::App* generate = app.add_subcommand("generate", "Regenerate the output folder from the schemas");
    add_common(generate, options, true);
    CLI::App* check = app.add_subcommand("check", "Regenerate in memory and compare with the output folder; writes nothing");
    add_common(check, options, true);
    CLI::App* lint = app.add_subcommand("lint", "Validate the schemas: load, build and run every target in memory; writes nothing");
    add_common(lint, options, false);
    for (CLI::App* cmd : {generate, check, lint}) cmd->add_flag("-q,--quiet", quiet, "Print only diagnostics");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : contractgen::app::kBadInput;
    }
    options.quiet = quiet;
    bool colour = contractgen::diag::stderr_wants_colour();
    if (generate->parsed()) return contractgen::app::run_generate(options, std::cout, std::cerr, colour);
    if (check->parsed()) return contractgen::app::run_check(options, std::cout, std::cerr, colour);
    return contractgen::app::run_lint(options, std::cout, std::cerr, colour);
}
