// What `contractgen verify` checks a stream against: the stream the schemas
// declare (`x-streams`, read into ir::Model::streams) with its rules turned
// into plain values, or, when no stream carries the type, the item type
// alone. Nothing here knows a contract name: every event name, tag, pointer
// and interval comes from the declaration.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/model.h"
#include "verify/finding.h"

namespace contractgen::verify {

struct Plan {
    ir::Framing framing = ir::Framing::Ndjson;
    ir::DeclId item = 0;    // one NDJSON line, or the JSON of one SSE event's data
    std::string item_name;  // family.Type
    const ir::Stream* stream = nullptr;  // null: no stream declared, items only

    // The rules, from the declaration (absent when it does not state them).
    std::optional<std::string> tag_pointer;
    std::optional<std::string> tag_default;
    std::map<std::string, std::string> tag_types;  // tag value → the variant type it selects (family.Type)
    std::optional<std::string> event_name;          // SSE `event:` is this name ...
    std::optional<std::string> event_pointer;       // ... or this item field
    std::vector<std::string> event_also_accepted;   // names readers accept, writers never send
    std::optional<std::string> id_pointer;          // SSE `id:` is this item field
    bool id_optional = false;
    std::optional<std::string> key_pointer;
    std::optional<std::string> sequence_pointer;
    bool gapless = false;
    std::vector<std::string> first;     // tag values the first item may have (empty: any)
    std::vector<std::string> terminal;  // tag values that end a stream (per key)
    bool terminal_required = false;
    std::optional<std::string> heartbeat_tag;
    std::optional<std::int64_t> heartbeat_ms;
    std::optional<std::int64_t> heartbeat_max_ms;  // the longest silence allowed (else heartbeat_ms)
    std::optional<std::string> timestamp_pointer;
    ir::TimestampFormat timestamp_format = ir::TimestampFormat::UnixMs;
    std::optional<std::int64_t> watchdog_ms;
    std::map<std::string, Severity> severities;  // the declaration's `severity`, over the rules' defaults

    // How much a finding of `rule` weighs for this stream.
    Severity severity_of(const std::string& rule) const;

    // Where the stream is served (for --url defaults and checks): the first
    // operation whose response carries it, and the media types that carry it there.
    const ir::Operation* operation = nullptr;
    std::vector<std::string> media_types;

    std::string describe() const;  // "packets.PacketStream (sse, items packets.StreamPacket)"
};

// The plan for --stream family.Name, or for --type family.Type (the stream
// whose item or SSE event type it is, with that framing). On a usage
// problem (no such type, several streams match, a framing that contradicts
// the stream) `error` says what and what to do.
std::optional<Plan> make_plan(const ir::Model& model, std::optional<ir::Framing> framing, const std::string& type,
                              const std::string& stream, std::string& error);

}  // namespace contractgen::verify
