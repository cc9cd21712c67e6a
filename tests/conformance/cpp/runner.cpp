// The C++ conformance runner: decodes each stdin line with the generated
// bindings and re-encodes it (see docs/conformance.md).
//
//   runner --type family.Type   every line is one JSON instance of that type
//   runner --mixed              every line is "family.Type<TAB>instance"
//   runner --list               prints every registered type name
//   --tolerant                  decode in the tolerant-reader mode
//
// One output line per input line: "ok <compact JSON>" (the binding's own
// re-serialisation) or "error <path>: <keyword>: <detail>".
// Built against any contractgen C++ output with namespace `contract`: it only
// uses registry.hpp, and links the output's src/ (the contract_bindings library).
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

#include "contract/registry.hpp"

namespace {

// Error texts must stay on one line.
std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

void run_one(contract::RoundTrip round_trip, std::string_view text, const contract::Options& options,
             std::string& out) {
    try {
        std::string encoded = round_trip(text, options);  // the binding's own encoder: compact JSON
        out += "ok ";
        out += encoded;
    } catch (const contract::DecodeError& e) {
        out += "error ";
        out += one_line(e.what());
    } catch (const std::exception& e) {  // a runtime bug (an EncodeError after a decode, too), not a verdict
        out += "crash ";
        out += one_line(e.what());
    }
    out += '\n';
}

int usage(const char* argv0) {
    std::fprintf(stderr,
                 "usage: %s --type family.Type   (one JSON instance per stdin line)\n"
                 "       %s --mixed              (stdin lines are \"family.Type<TAB>instance\")\n"
                 "       %s --list               (print the registered type names)\n"
                 "       --tolerant               (decode in the tolerant-reader mode)\n",
                 argv0, argv0, argv0);
    return 2;
}

int unknown_type(std::string_view name) {
    std::fprintf(stderr, "unknown type '%.*s'; known types of that family:\n", static_cast<int>(name.size()),
                 name.data());
    std::string_view family = name.substr(0, name.find('.') + 1);
    for (const auto& t : contract::kRegisteredTypes)
        if (!family.empty() && std::string_view(t.name).substr(0, family.size()) == family)
            std::fprintf(stderr, "  %s\n", t.name);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    std::string type;
    bool mixed = false, list = false;
    contract::Options options;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        if (a == "--type" && i + 1 < argc) type = argv[++i];
        else if (a.substr(0, 7) == "--type=")
            type = std::string(a.substr(7));
        else if (a == "--mixed")
            mixed = true;
        else if (a == "--list")
            list = true;
        else if (a == "--tolerant")
            options.tolerant = true;
        else
            return usage(argv[0]);
    }
    if (list) {
        for (const auto& t : contract::kRegisteredTypes) std::printf("%s\n", t.name);
        return 0;
    }
    if (mixed == !type.empty()) return usage(argv[0]);
    contract::RoundTrip fixed = nullptr;
    if (!mixed && !(fixed = contract::find_type(type))) return unknown_type(type);

    // Output is written in blocks, and flushed whenever no more input is
    // waiting: cheap for 100,000 piped lines, prompt for a coprocess or a
    // terminal that sends one line at a time.
    std::string line, out;
    while (std::getline(std::cin, line)) {
        if (!mixed) {
            run_one(fixed, line, options, out);
        } else {
            std::size_t tab = line.find('\t');
            std::string_view name = std::string_view(line).substr(0, tab == std::string::npos ? 0 : tab);
            contract::RoundTrip rt = tab == std::string::npos ? nullptr : contract::find_type(name);
            if (rt) run_one(rt, std::string_view(line).substr(tab + 1), options, out);
            else
                out += "unknown-type " + std::string(name) + "\n";
        }
        if (out.size() >= (1 << 16) || std::cin.rdbuf()->in_avail() <= 0) {
            std::fwrite(out.data(), 1, out.size(), stdout);
            std::fflush(stdout);
            out.clear();
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
    return 0;
}
