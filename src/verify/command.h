// `contractgen verify`: checks a captured stream (a file or stdin) or a live
// endpoint (--url) against the contract: every item decoded against the
// item type, and the stream's declared rules (docs/verify.md). Findings one
// per line on `out`, `<offset>/<line>: <rule>: <message>`, then a summary
// with the item counts per tag. Exit 0 when the stream conforms (no
// finding at the error level: warnings are reported, and fail only with
// --strict), 1 with findings that fail, 2 for usage errors or input that
// cannot be read.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "config/project.h"

namespace contractgen::verify {

struct VerifyOptions {
    std::filesystem::path schemas = "schemas";
    config::SchemaReading reading;  // [schemas] and [resolve]
    std::string framing;  // "sse" | "ndjson" | "" (from --stream)
    std::string type;     // family.Type
    std::string stream;   // family.Name
    std::string input;    // FILE or "-"
    // --url and the request.
    std::string url;
    std::string method;
    std::string data;  // "@FILE" or the body itself
    bool has_data = false;
    std::vector<std::string> headers;
    double timeout_s = 0;
    // Limits and slack.
    std::int64_t heartbeat_slack_ms = 1000;
    std::size_t max_line_bytes = std::size_t{16} << 20;
    std::size_t max_depth = 128;
    bool quiet = false;
    bool strict = false;  // warnings fail too
    bool list_rules = false;
};

int run_verify(const VerifyOptions& options, std::ostream& out, std::ostream& err, bool colour);

}  // namespace contractgen::verify
