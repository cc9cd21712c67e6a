// contractgen's command line (CLI11). Everything else lives in the stages.
#include <algorithm>
#include <iostream>
#include <map>

#include <CLI/CLI.hpp>

#include "app/breaking_command.h"
#include "app/pipeline.h"
#include "config/project.h"
#include "config/version.h"
#include "diag/diagnostics.h"
#include "emit/target.h"
#include "verify/command.h"

namespace {

using contractgen::app::Options;

// Values given on the command line, by config key ("project.name"); they
// override contractgen.toml.
struct Overrides {
    std::optional<std::filesystem::path> config;
    std::map<std::string, std::string> values;
};

void add_common(CLI::App* cmd, Overrides& o, Options& options, bool with_output) {
    cmd->add_option("--config", o.config, "Project config (default: ./contractgen.toml if it exists)");
    for (const auto& key : contractgen::config::keys()) {
        std::string id = std::string(key.section) + "." + key.name;
        cmd->add_option_function<std::string>(
            key.flag, [&o, id](const std::string& v) { o.values[id] = v; },
            std::string(key.description) + " [" + key.section + "] " + key.name);
    }
    if (!with_output) return;
    cmd->add_option("--templates", options.templates,
                    "Folder whose files override built-in templates of the same path (e.g. cpp/family.hpp.mustache)")
        ->check(CLI::ExistingDirectory);  // a mistyped folder must not silently mean "no overrides"
    std::string names;
    for (const auto& t : contractgen::emit::targets()) names += std::string("\n  ") + t.name + ": " + t.description;
    cmd->add_option("--target", options.targets,
                    "Target to run (repeatable; default: all but those marked on request):" + names);
}

// contractgen.toml (found or given), then the flags, then derived names;
// false (with diagnostics printed) when the config is unusable.
bool resolve_project(const Overrides& o, Options& options, bool colour) {
    contractgen::diag::Sink sink;
    auto project = contractgen::config::find_and_read(o.config, sink);
    if (project) {
        for (const auto& key : contractgen::config::keys()) {
            auto it = o.values.find(std::string(key.section) + "." + key.name);
            if (it == o.values.end()) continue;
            project->positions.erase(it->first);  // a bad value is now the command line's
            if (key.kind == contractgen::config::Key::Kind::Text) {
                (*project).*(key.text) = it->second;
            } else if (key.kind == contractgen::config::Key::Kind::Path) {
                (*project).*(key.path) = it->second;  // relative to the working directory, like any flag
            } else {
                try {
                    std::size_t used = 0;
                    long long n = std::stoll(it->second, &used);
                    if (used != it->second.size()) throw std::invalid_argument(it->second);
                    (*project).*(key.integer) = n;
                } catch (const std::exception&) {
                    sink.error(
                        "command line", 0, 0,
                        std::string(key.flag) + " expects an integer, got " + contractgen::config::quoted(it->second));
                }
            }
        }
        project->derive_defaults();
        contractgen::config::validate(*project, sink);
    }
    if (sink.has_errors() || !project) {
        sink.print(std::cerr, colour);
        std::cerr << sink.error_count() << (sink.error_count() == 1 ? " error" : " errors")
                  << " in the project config\n";
        return false;
    }
    options.project = std::move(*project);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "contractgen: one event contract, written once as JSON Schema, generated into C++, TypeScript/Zod, "
        "Pydantic v2 and Go, with its OpenAPI and AsyncAPI documents"};
    app.name("contractgen");
    app.set_version_flag("--version", std::string("contractgen ") + contractgen::config::generator_version());
    app.require_subcommand(1);
    std::string target_list = "Targets (--target NAME, repeatable; default: all but those marked on request):\n";
    std::size_t width = 0;  // the descriptions start in one column
    for (const auto& t : contractgen::emit::targets()) width = std::max(width, std::string(t.name).size());
    for (const auto& t : contractgen::emit::targets()) {
        std::string name = t.name;
        target_list += "  " + name + std::string(width + 2 - name.size(), ' ') + t.description + "\n";
    }
    app.footer(
        target_list +
        "\nProject config: contractgen.toml in the working directory (or --config FILE); every key has a flag\n"
        "that overrides it (--project-name, --cpp-namespace, ...; see a command's --help).\n"
        "\nExamples:\n"
        "  contractgen generate                         regenerate generated/ from schemas/\n"
        "  contractgen check                            exit 1 if generated/ is stale (CI)\n"
        "  contractgen generate --target cpp --out out  only the C++ headers, into out/\n"
        "  contractgen generate --templates my-tpl      override some built-in templates\n"
        "  contractgen lint --schemas schemas           validate the schemas and their conventions only\n"
        "  contractgen breaking --against main          what the changes since main break (exit 1 if anything)\n"
        "  contractgen verify --stream family.Name capture.ndjson   check a captured stream against its x-streams rules\n"
        "Exit codes: 0 ok, 1 drift (check), breaking changes (breaking) or findings (verify), 2 bad input or usage.");

    Options options;
    Overrides overrides;
    bool quiet = false;
    app.add_flag("-q,--quiet", quiet, "Print only diagnostics");

    CLI::App* generate = app.add_subcommand("generate", "Regenerate the output folder from the schemas");
    add_common(generate, overrides, options, true);
    CLI::App* check =
        app.add_subcommand("check", "Regenerate in memory and compare with the output folder; writes nothing");
    add_common(check, overrides, options, true);
    CLI::App* lint = app.add_subcommand(
        "lint",
        "Validate the schemas and the conventions they declare (x-tag-enum, x-keys-of): load, build and run every "
        "target in memory; writes nothing");
    add_common(lint, overrides, options, false);
    for (CLI::App* cmd : {generate, check, lint}) cmd->add_flag("-q,--quiet", quiet, "Print only diagnostics");
    contractgen::app::BreakingOptions compare;
    CLI::App* breaking =
        app.add_subcommand("breaking", "Compare the schemas with a previous version: what breaks whom");
    CLI::App* changelog =
        app.add_subcommand("changelog", "Markdown release notes: the changes since a previous version");
    for (CLI::App* cmd : {breaking, changelog}) {
        add_common(cmd, overrides, options, false);
        cmd->add_option("--against", compare.against, "The previous version: a folder of schemas, or a git revision");
        cmd->add_option(
               "--consumers", compare.consumers,
               "How clients read responses and streams: strict (default) or tolerant (the runtimes' tolerant-reader "
               "mode: new members and new tagged variants are then not breaking for them)")
            ->transform(CLI::CheckedTransformer(std::map<std::string, contractgen::breaking::Consumers>{
                {"strict", contractgen::breaking::Consumers::Strict},
                {"tolerant", contractgen::breaking::Consumers::Tolerant}}));
    }
    breaking->add_flag("--list-rules", compare.list_rules, "List the rules, with what each looks for, and exit");
    breaking->add_option("--ignore", compare.ignore, "Acknowledged breaks, one a line: RULE_ID family.Type [PATH]")
        ->check(CLI::ExistingFile);
    breaking->add_option("--format", compare.format, "text (default), json or github (workflow annotations)")
        ->transform(CLI::CheckedTransformer(std::map<std::string, contractgen::app::BreakingOptions::Format>{
            {"text", contractgen::app::BreakingOptions::Format::Text},
            {"json", contractgen::app::BreakingOptions::Format::Json},
            {"github", contractgen::app::BreakingOptions::Format::Github}}));
    breaking->add_option("--fail-on", compare.fail_on, "Exit 1 from this severity up: error (default) or warn")
        ->transform(CLI::CheckedTransformer(std::map<std::string, contractgen::breaking::Severity>{
            {"error", contractgen::breaking::Severity::Error}, {"warn", contractgen::breaking::Severity::Warn}}));

    contractgen::verify::VerifyOptions verify_options;
    CLI::App* verify = app.add_subcommand(
        "verify",
        "Check a captured stream (FILE or -) or a live endpoint (--url) against the contract: items and stream rules");
    add_common(verify, overrides, options, false);
    verify->add_option("--framing", verify_options.framing, "sse or ndjson (required with --type)")
        ->check(CLI::IsMember({"sse", "ndjson"}));
    verify->add_option("--type", verify_options.type, "The item type (or SSE event type), family.Type");
    verify->add_option("--stream", verify_options.stream, "The declared stream (x-streams), family.Name");
    verify->add_option("input", verify_options.input, "The captured stream: a file, or - for stdin (default)");
    verify->add_option("--url", verify_options.url, "Check a live endpoint instead: the URL to request");
    verify->add_option("--method", verify_options.method,
                       "--url: the HTTP method (default: the operation's, else GET)");
    verify->add_option_function<std::string>(
        "--data", [&verify_options](const std::string& v) { verify_options.data = v, verify_options.has_data = true; },
        "--url: the request body, or @FILE");
    verify->add_option("--header", verify_options.headers, "--url: a request header 'Name: value' (repeatable)");
    verify->add_option("--timeout", verify_options.timeout_s,
                       "--url: give up after this many seconds (default: never)");
    verify->add_option("--heartbeat-slack", verify_options.heartbeat_slack_ms,
                       "Milliseconds of jitter allowed beyond the heartbeat interval (default 1000)");
    verify->add_option("--max-line-bytes", verify_options.max_line_bytes, "The longest line or event (default 16 MiB)");
    verify->add_flag(
        "--strict", verify_options.strict,
        "Warnings fail too (exit 1): what the contract leaves optional or loosely timed, held to its recommendation");
    verify->add_flag("--list-rules", verify_options.list_rules,
                     "List the rules, with their default severity and what breaks each, and exit");
    verify->add_flag("-q,--quiet", quiet, "Print only the findings (no summary)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : contractgen::app::kBadInput;
    }
    options.quiet = quiet;
    options.ends_process = true;  // main returns right after the command
    bool colour = contractgen::diag::stderr_wants_colour();
    if (!resolve_project(overrides, options, colour)) return contractgen::app::kBadInput;
    if (generate->parsed()) return contractgen::app::run_generate(options, std::cout, std::cerr, colour);
    if (check->parsed()) return contractgen::app::run_check(options, std::cout, std::cerr, colour);
    compare.schemas = options.project.schemas;
    compare.reading = options.project.reading();
    if (breaking->parsed()) return contractgen::app::run_breaking(compare, std::cout, std::cerr, colour);
    if (changelog->parsed()) return contractgen::app::run_changelog(compare, std::cout, std::cerr, colour);
    if (verify->parsed()) {
        verify_options.schemas = options.project.schemas;
        verify_options.reading = options.project.reading();
        verify_options.max_depth = static_cast<std::size_t>(options.project.payload_max_depth);
        verify_options.quiet = quiet;
        return contractgen::verify::run_verify(verify_options, std::cout, std::cerr, colour);
    }
    return contractgen::app::run_lint(options, std::cout, std::cerr, colour);
}
