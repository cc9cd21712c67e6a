// A stream's rules as the operation clients apply them, to items in arrival
// order across reconnections (docs/clients.md; the Go, Python and TypeScript
// clients apply the same): which items are delivered (heartbeats and items a
// reconnection sends again are not), which rules they break (a warning is
// reported and the item delivered; an error ends the stream with RuleError),
// and whether a connection's clean end is the stream's end.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "contract/client/client.hpp"

namespace contract {
namespace client {
namespace detail {

class RuleChecker {
public:
    explicit RuleChecker(Rules rules) : rules_(std::move(rules)) {}
    // A connection opened.
    void opened() { delivered_ = 0; }
    void reconnected() { ++reconnects_; }
    // Whether to deliver one item (its JSON text; its SSE event name and id
    // when framed so); throws RuleError for a broken rule of severity error.
    bool accept(std::string_view text, const std::string* event, const std::string* event_id);
    // Records a warning, or throws the RuleError that ends the stream.
    void finding(const std::string& rule, const std::string& message);
    // The warnings not yet handed on.
    std::vector<Finding> take_findings() { return std::exchange(findings_, {}); }
    // A connection's clean end is the stream's end.
    bool complete() const;
    // A stream without a key saw its terminal item.
    bool done() const { return done_; }

private:
    Rules rules_;
    std::vector<Finding> findings_;
    std::map<std::string, std::int64_t> last_seq_;
    std::set<std::string> terminated_, keys_;
    int reconnects_ = 0;
    int delivered_ = 0;  // on this connection
    bool done_ = false;
};

}  // namespace detail
}  // namespace client
}  // namespace contract
