// A stream's rules applied to items (rules.hpp); items are read as JSON
// through nlohmann_json, the bindings' own dependency.
#include "contract/client/rules.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace contract {
namespace client {
namespace detail {

namespace {

bool listed(const std::vector<std::string>& list, const std::string& s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

const nlohmann::json* at_pointer(const nlohmann::json& item, const std::string& pointer) {
    try {
        const nlohmann::json::json_pointer p(pointer);
        return item.contains(p) ? &item.at(p) : nullptr;
    } catch (const nlohmann::json::exception&) {
        return nullptr;
    }
}

// A string as itself, any other value as its JSON text.
std::optional<std::string> text_at(const nlohmann::json& item, const std::string& pointer) {
    const nlohmann::json* v = at_pointer(item, pointer);
    if (!v) return std::nullopt;
    return v->is_string() ? v->get<std::string>() : v->dump();
}

std::string json_quoted(const std::string& s) { return nlohmann::json(s).dump(); }

std::string joined(const std::vector<std::string>& list) {
    std::string out;
    for (const auto& s : list) out += (out.empty() ? "" : ", ") + s;
    return out;
}

}  // namespace

void RuleChecker::finding(const std::string& rule, const std::string& message) {
    if (!listed(rules_.warnings, rule)) throw RuleError(rule, message);
    findings_.push_back(Finding{rule, message});
}

bool RuleChecker::accept(std::string_view text, const std::string* event, const std::string* event_id) {
    const Rules& r = rules_;
    nlohmann::json item;
    try {
        item = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        finding("item", e.what());
        return false;
    }
    if (event) {
        if (!r.sse_events.empty() && !listed(r.sse_events, *event))
            finding("sse.event", "event " + json_quoted(*event) + ", not one of " + joined(r.sse_events));
        if (r.sse_event_pointer && text_at(item, *r.sse_event_pointer) != *event)
            finding("sse.event", "event " + json_quoted(*event) + " is not the item's " + *r.sse_event_pointer);
    }
    if (r.sse_id_pointer && event_id && !event_id->empty()) {
        auto own = text_at(item, *r.sse_id_pointer);
        if (own && *own != *event_id)
            finding("sse.id", "id " + json_quoted(*event_id) + " is not the item's " + *r.sse_id_pointer);
    }
    std::string tag = text_at(item, r.tag_pointer).value_or(r.tag_default.value_or(""));
    std::string key = r.key_pointer ? text_at(item, *r.key_pointer).value_or("") : "";
    if (r.sequence_pointer) {
        const nlohmann::json* seq_value = at_pointer(item, *r.sequence_pointer);
        if (seq_value && seq_value->is_number_integer()) {
            const std::int64_t seq = seq_value->get<std::int64_t>();
            auto last = last_seq_.find(key);
            if (last != last_seq_.end()) {
                const std::string where = " (key " + json_quoted(key) + ")";
                if (seq <= last->second) {
                    if (reconnects_ > 0) return false;  // sent again after a reconnection: delivered already
                    finding(seq == last->second ? "sequence.duplicate" : "sequence.reorder",
                            "seq " + std::to_string(seq) + " after " + std::to_string(last->second) + where);
                    return false;
                }
                if (r.gapless && seq > last->second + 1)
                    finding("sequence.gap", "seq " + std::to_string(seq) + " after " + std::to_string(last->second) +
                                                where + ": " + std::to_string(seq - last->second - 1) + " lost");
            }
            last_seq_[key] = seq;
        }
    }
    if (r.heartbeat_tag && tag == *r.heartbeat_tag) return false;  // it kept the connection alive
    ++delivered_;
    const bool first_of_key = r.sequence_pointer ? !keys_.count(key) : delivered_ == 1;
    if (terminated_.count(key)) {
        finding("terminal.after", "an item after the terminal one (key " + json_quoted(key) + ")");
        return false;
    }
    keys_.insert(key);
    if (first_of_key && !r.first.empty() && !listed(r.first, tag))
        finding("first", "the first item is " + json_quoted(tag) + ", not one of " + joined(r.first));
    if (listed(r.terminal, tag)) {
        terminated_.insert(key);
        if (!r.key_pointer) done_ = true;
    }
    return true;
}

bool RuleChecker::complete() const {
    if (done_ || !rules_.terminal_required) return true;
    return !keys_.empty() &&
           std::all_of(keys_.begin(), keys_.end(), [&](const std::string& key) { return terminated_.count(key) > 0; });
}

}  // namespace detail
}  // namespace client
}  // namespace contract
