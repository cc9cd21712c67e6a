#include "verify/command.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "app/pipeline.h"
#include "text/media_type.h"
#include "verify/checker.h"
#include "verify/http.h"

namespace contractgen::verify {

namespace {

constexpr int kOk = 0, kFindings = 1, kBadInput = 2;

int usage_error(std::ostream& err, bool colour, const std::string& file, const std::string& message) {
    diag::Sink sink;
    sink.error(file, 0, 0, message);
    sink.print(err, colour);
    return kBadInput;
}

bool has_header(const std::vector<std::string>& headers, std::string_view name) {
    for (const auto& h : headers) {
        if (h.size() <= name.size() || h[name.size()] != ':') continue;
        bool same = true;
        for (std::size_t i = 0; i < name.size(); ++i) same = same && std::tolower(h[i]) == std::tolower(name[i]);
        if (same) return true;
    }
    return false;
}

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// The summary: what was checked, then the items per tag (and the type each tag selects).
void summary(std::ostream& out, const Plan& plan, const Tally& t) {
    out << terminal_safe(plan.describe()) << ": " << t.items << (t.items == 1 ? " item" : " items");
    if (t.invalid) out << " (" << t.invalid << " invalid)";
    out << ", " << t.findings << (t.findings == 1 ? " finding" : " findings");
    if (t.warnings) out << " (" << t.warnings << (t.warnings == 1 ? " warning" : " warnings") << ")";
    out << "\n";
    std::size_t width = 0;
    for (const auto& [tag, n] : t.by_tag) width = std::max(width, terminal_safe(tag.empty() ? "(no tag)" : tag).size());
    for (const auto& [tag, n] : t.by_tag) {
        std::string shown = terminal_safe(tag.empty() ? "(no tag)" : tag);
        out << "  " << shown << std::string(width - shown.size() + 2, ' ') << std::setw(6) << n;
        auto type = plan.tag_types.find(tag);
        if (type != plan.tag_types.end() && !type->second.empty()) out << "  " << type->second;
        out << "\n";
    }
}

// Reads a file (or stdin for "-") into the checker in chunks; false with `why` when it cannot.
bool read_input(const std::string& path, Checker& checker, std::string& why) {
    std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
    if (!f) {
        why = std::strerror(errno);
        return false;
    }
    std::vector<char> buf(1 << 16);
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) checker.feed(std::string_view(buf.data(), n));
    bool ok = !std::ferror(f);
    if (!ok) why = std::strerror(errno);
    if (f != stdin) std::fclose(f);
    return ok;
}

// Errors fail the stream; warnings only with --strict.
bool fails(const Tally& t, bool strict) { return strict ? t.findings > 0 : t.findings > t.warnings; }

}  // namespace

int run_verify(const VerifyOptions& o, std::ostream& out, std::ostream& err, bool colour) {
    if (o.list_rules) {
        for (const auto& r : rules())
            out << std::left << std::setw(20) << r.id << " " << std::setw(7) << severity_name(r.severity) << " "
                << r.checks << "\n";
        return kOk;
    }
    if (!o.url.empty() && !o.input.empty())
        return usage_error(err, colour, "", "give a capture (FILE or -) or --url, not both");
    if (o.url.empty() && (!o.method.empty() || o.has_data || !o.headers.empty()))
        return usage_error(err, colour, "", "--method, --data and --header are for --url");
    for (const auto& h : o.headers)
        if (h.find(':') == std::string::npos || h.front() == ':')
            return usage_error(err, colour, "", "--header '" + terminal_safe(h) + "' is not 'Name: value'");

    diag::Sink sink;
    auto loaded = app::load_and_build(o.schemas, sink, o.reading);
    if (sink.has_errors()) {
        sink.print(err, colour);
        return kBadInput;
    }
    std::optional<ir::Framing> framing;
    if (o.framing == "sse") framing = ir::Framing::Sse;
    if (o.framing == "ndjson") framing = ir::Framing::Ndjson;
    std::string problem;
    auto plan = make_plan(loaded.model, framing, o.type, o.stream, problem);
    if (!plan) return usage_error(err, colour, "", problem);

    CheckerOptions options;
    options.decode.max_depth = o.max_depth;
    options.max_line_bytes = o.max_line_bytes;
    options.heartbeat_slack_ms = o.heartbeat_slack_ms;
    Checker checker(loaded.model, *plan, options, [&](const Finding& f) {
        out << format_finding(f) << "\n" << std::flush;
    });

    if (o.url.empty()) {
        std::string input = o.input.empty() ? "-" : o.input, why;
        if (!read_input(input, checker, why))
            return usage_error(err, colour, input == "-" ? "<stdin>" : input, "cannot read: " + why);
    } else {
        HttpRequest request;
        request.url = o.url;
        request.headers = o.headers;
        request.timeout_s = o.timeout_s;
        request.watchdog_ms = plan->watchdog_ms;
        if (o.has_data) {
            if (!o.data.empty() && o.data[0] == '@') {
                std::ifstream f(o.data.substr(1), std::ios::binary);
                if (!f)
                    return usage_error(err, colour, o.data.substr(1),
                                       "cannot read: " + std::string(std::strerror(errno)));
                std::stringstream body;
                body << f.rdbuf();
                request.body = body.str();
            } else {
                request.body = o.data;
            }
        }
        // Defaults from the operation that serves the stream.
        const ir::Operation* op = plan->operation;
        request.method = !o.method.empty() ? upper(o.method) : op ? upper(op->method) : request.body ? "POST" : "GET";
        std::vector<std::string> expected_types;
        for (const auto& m : plan->media_types) expected_types.push_back(text::media_type_essence(m));
        if (expected_types.empty() && plan->framing == ir::Framing::Sse) expected_types.push_back("text/event-stream");
        if (!has_header(request.headers, "Accept") && !plan->media_types.empty())
            request.headers.push_back("Accept: " + plan->media_types.front());
        if (request.body && !has_header(request.headers, "Content-Type"))
            request.headers.push_back("Content-Type: " + (op && !op->request.empty()
                                                              ? op->request.front().name
                                                              : std::string("application/json")));

        bool streaming = false;
        std::string error_body;
        HttpResponse response = fetch(
            request,
            [&](long status, const std::string& content_type) {
                streaming = status >= 200 && status < 300;
                if (!streaming) return;
                std::string essence = text::media_type_essence(content_type);
                if (!expected_types.empty() &&
                    std::find(expected_types.begin(), expected_types.end(), essence) == expected_types.end()) {
                    std::string list;
                    for (const auto& t : expected_types) list += (list.empty() ? "" : " or ") + t;
                    checker.report_here("http.content-type",
                                        "the response is " +
                                            (content_type.empty() ? std::string("untyped") : "'" + content_type + "'") +
                                            ", not " + list);
                }
            },
            [&](std::string_view chunk) {
                if (streaming) checker.feed(chunk);
                else if (error_body.size() < 300)
                    error_body.append(chunk.substr(0, 300 - error_body.size()));
            });
        if (!response.completed && !response.watchdog && response.status == 0)
            return usage_error(err, colour, o.url, "cannot read: " + response.error);
        if (response.status && !streaming) {
            checker.report_here("http.status", "the endpoint answered " + std::to_string(response.status) +
                                                   (error_body.empty() ? std::string() : ": " + error_body));
        } else if (response.watchdog) {
            checker.report_here("client.watchdog", "no data for " + std::to_string(*plan->watchdog_ms) +
                                                       " ms; a client gives up on the stream here");
        } else if (!response.completed) {
            checker.report_here("framing.truncated", "the connection ended abnormally: " + response.error);
        }
        if (!streaming) {
            if (!o.quiet) summary(out, *plan, checker.tally());
            return kFindings;
        }
    }
    checker.finish();
    if (!o.quiet) summary(out, *plan, checker.tally());
    return fails(checker.tally(), o.strict) ? kFindings : kOk;
}

}  // namespace contractgen::verify
