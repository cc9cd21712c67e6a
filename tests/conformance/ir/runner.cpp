// The conformance runner of contractgen's own validator (src/validate/):
// each stdin line is checked against a type of the schemas as read into the
// IR, with no generated code at all. The harness holds it to the same
// verdicts as the four bindings (docs/conformance.md), which is what lets
// `contractgen verify` and `contractgen breaking` say "valid" and mean what
// the bindings mean.
//
//   runner [--schemas DIR] --type family.Type   every line is one JSON instance of that type
//   runner [--schemas DIR] --mixed              every line is "family.Type<TAB>instance"
//   runner [--schemas DIR] --list               prints every type name the bindings register
//   --tolerant                                  the tolerant-reader mode
//   --max-depth N                               the nesting limit (default 128)
//
// One output line per input line: "ok <canonical JSON>" or
// "error <path>: <keyword>: <detail>". Schemas that do not load: their
// diagnostics on stderr, exit 2.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

#include "app/pipeline.h"
#include "validate/validate.h"

namespace cv = contractgen::validate;

namespace {

int usage() {
    std::fprintf(stderr,
                 "usage: runner [--schemas DIR] [--tolerant] [--max-depth N] --type family.Type | --mixed | --list\n");
    return 2;
}

void answer(const contractgen::ir::Model& model, contractgen::ir::DeclId id, std::string_view text,
            const cv::Options& options, std::string& out) {
    cv::Result r = cv::check_decl(model, id, text, options);
    if (r.ok()) {
        out += "ok ";
        out += r.canonical;
    } else {
        std::string message = r.error->message();
        for (char& c : message)
            if (c == '\n' || c == '\r') c = ' ';
        out += "error ";
        out += message;
    }
    out += '\n';
}

}  // namespace

int main(int argc, char** argv) {
    std::string schemas = "schemas", type;
    bool mixed = false, list = false;
    cv::Options options;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        if (a == "--schemas" && i + 1 < argc) {
            schemas = argv[++i];
        } else if (a == "--type" && i + 1 < argc) {
            type = argv[++i];
        } else if (a == "--max-depth" && i + 1 < argc) {
            options.max_depth = std::stoul(argv[++i]);
        } else if (a == "--mixed") {
            mixed = true;
        } else if (a == "--list") {
            list = true;
        } else if (a == "--tolerant") {
            options.tolerant = true;
        } else {
            return usage();
        }
    }
    if (!list && mixed == !type.empty()) return usage();

    contractgen::diag::Sink sink;
    auto loaded = contractgen::app::load_and_build(schemas, sink);
    if (sink.has_errors()) {
        sink.print(std::cerr, false);
        return 2;
    }
    const auto& model = loaded.model;
    if (list) {
        for (auto id : cv::registered_types(model)) std::printf("%s\n", model.decl(id).qualified_name().c_str());
        return 0;
    }
    std::optional<contractgen::ir::DeclId> fixed;
    if (!mixed) {
        fixed = cv::find_type(model, type);
        if (!fixed) {
            std::fprintf(stderr, "unknown type '%s'\n", type.c_str());
            return 2;
        }
    }
    std::string line, out;
    while (std::getline(std::cin, line)) {
        if (fixed) {
            answer(model, *fixed, line, options, out);
        } else if (auto tab = line.find('\t'); tab == std::string::npos) {
            out += "unknown-type \n";
        } else if (auto id = cv::find_type(model, std::string_view(line).substr(0, tab)); !id) {
            out += "unknown-type " + line.substr(0, tab) + "\n";
        } else {
            answer(model, *id, std::string_view(line).substr(tab + 1), options, out);
        }
        if (out.size() > (1 << 16) || std::cin.rdbuf()->in_avail() <= 0) {
            std::fwrite(out.data(), 1, out.size(), stdout);
            std::fflush(stdout);
            out.clear();
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
