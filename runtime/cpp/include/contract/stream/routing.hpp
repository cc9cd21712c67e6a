// Table-driven routing: CloudEvents by `datacontenttype` (schemas/README.md: `cloudevents`), the
// legacy GraphEvent migration (schemas/README.md: `cloudevents`), and the run-event consumer rules of
// the `run_events` family (content routing with the scratchpad bleed filter, tool routing,
// status normalisation). Every table is an argument: the values are the
// contract's (EventContentType, GraphEventContentTypes, WebToolNames,
// ScratchpadToolNames, ScratchpadBleedFilterStrings, StrategyEntryPrefixes,
// StatusNormalization, ...).
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace contract {
namespace stream {

namespace detail {

inline bool contains(const std::vector<std::string>& list, std::string_view value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

inline std::string_view trim(std::string_view text, std::string_view space, bool right = true) {
    const std::size_t first = text.find_first_not_of(space);
    if (first == std::string_view::npos) return {};
    text.remove_prefix(first);
    if (right) text = text.substr(0, text.find_last_not_of(space) + 1);
    return text;
}

inline bool starts_with(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

inline constexpr std::string_view kAsciiSpace = " \t\r\n";

}  // namespace detail

// `type/subtype` in lower case, parameters and surrounding spaces dropped (RFC 2045: case-insensitive).
inline std::string normalize_media_type(std::string_view content_type) {
    std::string out(detail::trim(content_type.substr(0, content_type.find(';')), " \t"));
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

struct ContentTypeRoutes {
    std::map<std::string, std::string> routes;  // media type -> route name (e.g. the STREAM type -> "stream")
    std::string absent_content_type;            // what a CloudEvent without datacontenttype means (application/json)
    std::string fallback;                       // the route of any other media type (a generic renderer)
};

// The route of a CloudEvent by its datacontenttype (nullopt: the member is absent).
inline std::string route_content_type(const ContentTypeRoutes& config,
                                      const std::optional<std::string>& datacontenttype) {
    const std::string media = normalize_media_type(datacontenttype ? *datacontenttype : config.absent_content_type);
    for (const auto& [known, route] : config.routes)
        if (normalize_media_type(known) == media) return route;
    return config.fallback;
}

struct GraphEventMigration {
    std::map<std::string, std::string> content_types;  // GraphEventContentTypes
    std::string default_content_type;                  // GraphEventDefaultContentType: "all others"
    std::string specversion;                           // the CloudEvent specversion const
};

inline std::string graph_event_content_type(const GraphEventMigration& config, const std::string& graph_event_type) {
    const auto found = config.content_types.find(graph_event_type);
    return found == config.content_types.end() ? config.default_content_type : found->second;
}

struct GraphEventFields {
    std::string type;  // the CloudEvent type the caller names (the seeds give no rule from GraphEvent types)
    std::string source;
    std::optional<nlohmann::ordered_json> data;  // omitted when absent
    std::string id;  // required and not empty, as every CloudEvent's is (source + id identify the event)
};

// migrate_graph_event_to_cloud_event: a CloudEvent whose datacontenttype
// follows the legacy type. Throws std::invalid_argument for an empty id.
inline nlohmann::ordered_json migrate_graph_event(const GraphEventMigration& config,
                                                  const std::string& graph_event_type, const GraphEventFields& fields) {
    if (fields.id.empty()) throw std::invalid_argument("migrate_graph_event: a CloudEvent needs a non-empty id");
    nlohmann::ordered_json event = nlohmann::ordered_json::object();
    event["specversion"] = config.specversion;
    event["type"] = fields.type;
    event["source"] = fields.source;
    event["id"] = fields.id;
    event["datacontenttype"] = graph_event_content_type(config, graph_event_type);
    if (fields.data) event["data"] = *fields.data;
    return event;
}

struct RunEventRouting {
    std::vector<std::string> web_tools;
    std::vector<std::string> scratchpad_tools;
    std::string web_route;         // WebSearchStatus
    std::string scratchpad_route;  // ScratchpadStatus
    std::string default_route;     // DefaultToolRoute: DeepResearchStatus
    std::vector<std::string> strategy_prefixes;
    std::vector<std::string> bleed_strings;  // an entry ending with ':' is a prefix of variable messages
    std::string legacy_status_prefix;
    std::map<std::string, std::string> status_normalization;
    std::vector<std::string> terminal_states;  // normalised states that end an operation (success, error)
};

inline const std::string kSwallow = "swallow";

inline std::optional<std::string> normalize_status(const RunEventRouting& config, const std::string& value) {
    const auto found = config.status_normalization.find(value);
    if (found == config.status_normalization.end()) return std::nullopt;
    return found->second;
}

// Web tool: the web route; scratchpad tool: swallow; any other: the default route.
inline std::string route_tool_call_start(const RunEventRouting& config, std::string_view tool) {
    if (detail::contains(config.web_tools, tool)) return config.web_route;
    if (detail::contains(config.scratchpad_tools, tool)) return kSwallow;
    return config.default_route;
}

inline std::string route_web_status(const RunEventRouting& config, std::string_view tool) {
    return route_tool_call_start(config, tool);
}

// Scratchpad tool: the scratchpad route only when the (normalised) state is terminal, else swallow.
inline std::string route_research_status(const RunEventRouting& config, std::string_view tool,
                                         const std::string& state) {
    if (detail::contains(config.scratchpad_tools, tool)) {
        const auto normalized = normalize_status(config, state);
        return normalized && detail::contains(config.terminal_states, *normalized) ? config.scratchpad_route : kSwallow;
    }
    if (detail::contains(config.web_tools, tool)) return config.web_route;
    return config.default_route;
}

inline bool is_bleed(const RunEventRouting& config, std::string_view text) {
    const std::string_view trimmed = detail::trim(text, detail::kAsciiSpace);
    for (const std::string& bleed : config.bleed_strings)
        if (trimmed == bleed || (!bleed.empty() && bleed.back() == ':' && detail::starts_with(trimmed, bleed)))
            return true;
    return false;
}

// route: scratchpad_start, scratchpad_append, legacy_status, swallow or chat;
// closed_entry: the scratchpad entry a new entry start closed, if any.
struct ContentDecision {
    std::string route;
    std::optional<std::string> closed_entry;
};

// The `run_events` family's routing order for `content` events, with the scratchpad
// accumulation buffer: (1) a strategy prefix opens an entry (closing an open
// one); (2) while an entry is open, text is appended to it; (3) the legacy
// StatusEvent prefix goes to the web status; (4) a bleed string is swallowed;
// (5) anything else is chat. Prefixes are matched after leading ASCII
// whitespace; bleed strings on the text trimmed at both ends, exactly, or as
// a prefix when they end with ':'. flush() (on the lifecycle `status` event or
// a terminal run event) closes the open entry and returns it.
class ContentRouter {
public:
    explicit ContentRouter(RunEventRouting config) : config_(std::move(config)) {}

    ContentDecision route(std::string_view text) {
        const std::string_view lead = detail::trim(text, detail::kAsciiSpace, false);
        for (const std::string& prefix : config_.strategy_prefixes)
            if (detail::starts_with(lead, prefix)) {
                ContentDecision decision{"scratchpad_start", flush()};
                entry_ = std::string(text);
                return decision;
            }
        if (entry_) {
            entry_->append(text);
            return {"scratchpad_append", std::nullopt};
        }
        if (detail::starts_with(lead, config_.legacy_status_prefix)) return {"legacy_status", std::nullopt};
        if (is_bleed(config_, text)) return {kSwallow, std::nullopt};
        return {"chat", std::nullopt};
    }

    const std::optional<std::string>& open_entry() const { return entry_; }

    std::optional<std::string> flush() {
        std::optional<std::string> entry = std::move(entry_);
        entry_.reset();
        return entry;
    }

private:
    RunEventRouting config_;
    std::optional<std::string> entry_;
};

}  // namespace stream
}  // namespace contract
