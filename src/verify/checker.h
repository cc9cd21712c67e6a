// Checks one stream as it arrives: bytes go through the C++ runtime's
// NDJSON or SSE reader (runtime/cpp/include/contract/stream/), each item is
// decoded against the contract with the IR validator (src/validate/), and
// the declared rules are followed item by item (SSE event name and id,
// first item, sequence per key, nothing after a terminal item, heartbeat
// spacing), each finding weighed by the stream's severity for its rule
// (Plan::severity_of); finish() adds what only the end can tell (a missing terminal
// item, a cut-off line). Findings are reported as they are found.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ir/model.h"
#include "validate/decoder.h"
#include "verify/finding.h"
#include "verify/plan.h"

namespace contractgen::verify {

struct CheckerOptions {
    validate::Options decode;
    std::size_t max_line_bytes = std::size_t{16} << 20;
    std::int64_t heartbeat_slack_ms = 1000;  // jitter allowed beyond the heartbeat interval
};

// What came through, for the summary.
struct Tally {
    std::uint64_t items = 0, invalid = 0, findings = 0, warnings = 0, bytes = 0,
                  lines = 1;  // warnings: of the findings
    std::map<std::string, std::uint64_t> by_tag;  // tag value → items
};

class Checker {
public:
    Checker(const ir::Model& model, const Plan& plan, CheckerOptions options,
            std::function<void(const Finding&)> report);
    ~Checker();

    void feed(std::string_view chunk);
    void finish();
    // A finding from outside the stream (the HTTP layer), at the current end.
    void report_here(const std::string& rule, const std::string& message);
    const Tally& tally() const { return tally_; }

private:
    struct Item;
    struct KeyState;
    class Readers;
    void item(std::string_view text, std::uint64_t offset, std::uint64_t line, const std::string* event_type,
              const std::string* last_event_id, bool own_id);
    void sse_fields(const Item& it, const std::string& event_type, const std::string& last_event_id, bool own_id);
    void protocol(const Item& it);
    void sequence(const Item& it, KeyState& key);
    void heartbeat(const Item& it);
    void add(std::uint64_t offset, std::uint64_t line, const std::string& rule, const std::string& message);

    const ir::Model& model_;
    const Plan& plan_;
    CheckerOptions options_;
    std::function<void(const Finding&)> report_;
    std::unique_ptr<Readers> readers_;
    std::map<std::string, KeyState> keys_;  // by key value ("" without a key)
    std::vector<std::string> key_order_;    // in order of first appearance
    std::optional<std::int64_t> last_timestamp_ms_;
    bool finished_ = false;
    Tally tally_;
};

// Milliseconds since 1970 of an RFC 3339 date-time (as validated), or nullopt.
std::optional<std::int64_t> date_time_ms(std::string_view s);

}  // namespace contractgen::verify
