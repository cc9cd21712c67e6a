#include "verify/plan.h"

#include "validate/validate.h"

namespace contractgen::verify {

namespace {

const char* framing_name(ir::Framing f) { return f == ir::Framing::Sse ? "sse" : "ndjson"; }

std::vector<std::string> strings_of(const ir::json& v) {
    std::vector<std::string> out;
    if (v.is_string()) out.push_back(v.get<std::string>());
    if (v.is_array())
        for (const auto& e : v)
            if (e.is_string()) out.push_back(e.get<std::string>());
    return out;
}

std::optional<std::int64_t> integer_of(const std::optional<ir::RuleValue>& v) {
    if (!v || !v->value.is_number_integer()) return std::nullopt;
    return v->value.get<std::int64_t>();
}

Plan from_stream(const ir::Model& model, const ir::Stream& s) {
    Plan p;
    p.framing = s.framing;
    p.item = s.item;
    p.item_name = model.decl(s.item).qualified_name();
    p.stream = &s;
    p.tag_pointer = s.tag.pointer;
    if (s.tag_default && s.tag_default->value.is_string()) p.tag_default = s.tag_default->value.get<std::string>();
    for (const auto& t : s.tag_values)
        p.tag_types[t.value] = t.variant ? model.decl(*t.variant).qualified_name() : std::string();
    if (s.sse) {
        if (s.sse->event_name && s.sse->event_name->value.is_string())
            p.event_name = s.sse->event_name->value.get<std::string>();
        if (s.sse->event_field) p.event_pointer = s.sse->event_field->pointer;
        for (const auto& v : s.sse->reader_also_accepts)
            if (v.value.is_string()) p.event_also_accepted.push_back(v.value.get<std::string>());
        if (s.sse->id) p.id_pointer = s.sse->id->pointer;
        p.id_optional = s.sse->id_optional;
    }
    if (s.key) p.key_pointer = s.key->pointer;
    if (s.sequence) {
        p.sequence_pointer = s.sequence->field.pointer;
        p.gapless = s.sequence->gapless;
    }
    if (s.first) p.first = strings_of(s.first->value);
    if (s.terminal) p.terminal = strings_of(s.terminal->value);
    p.terminal_required = s.terminal_required;
    if (s.heartbeat) {
        if (s.heartbeat->tag.value.is_string()) p.heartbeat_tag = s.heartbeat->tag.value.get<std::string>();
        p.heartbeat_ms = integer_of(s.heartbeat->interval_ms);
        p.heartbeat_max_ms = integer_of(s.heartbeat->max_interval_ms);
    }
    if (s.timestamp) {
        p.timestamp_pointer = s.timestamp->field.pointer;
        p.timestamp_format = s.timestamp->format;
    }
    if (s.client) p.watchdog_ms = integer_of(s.client->watchdog_ms);
    for (const auto& [rule, level] : s.severities)
        p.severities[rule] = level == "warning" ? Severity::Warning : Severity::Error;
    for (const auto& op : model.operations)
        for (const auto& r : op.responses)
            for (const auto& m : r.content)
                if (m.stream && &model.streams.at(*m.stream) == &s && (!p.operation || p.operation == &op)) {
                    p.operation = &op;
                    p.media_types.push_back(m.name);
                }
    return p;
}

}  // namespace

Severity Plan::severity_of(const std::string& rule) const {
    auto declared = severities.find(rule);
    return declared != severities.end() ? declared->second : default_severity(rule);
}

std::string Plan::describe() const {
    std::string out = stream
                          ? stream->qualified_name() + " (" + framing_name(framing) + ", items " + item_name + ")"
                          : item_name + " items (" + framing_name(framing) + "; no stream declared for it: items only)";
    return out;
}

std::optional<Plan> make_plan(const ir::Model& model, std::optional<ir::Framing> framing, const std::string& type,
                              const std::string& stream, std::string& error) {
    if (!stream.empty()) {
        for (const auto& s : model.streams) {
            if (s.qualified_name() != stream) continue;
            if (framing && *framing != s.framing) {
                error = "stream '" + stream + "' has framing " + framing_name(s.framing) + ", not " +
                        framing_name(*framing);
                return std::nullopt;
            }
            Plan p = from_stream(model, s);
            if (!type.empty() && type != p.item_name &&
                !(s.sse && model.decl(s.sse->event_schema).qualified_name() == type)) {
                error = "stream '" + stream + "' carries " + p.item_name + " items, not " + type;
                return std::nullopt;
            }
            return p;
        }
        std::string known;
        for (const auto& s : model.streams) known += (known.empty() ? "" : ", ") + s.qualified_name();
        error =
            "no stream '" + stream + "' is declared" + (known.empty() ? std::string() : " (streams: " + known + ")");
        return std::nullopt;
    }
    if (type.empty()) {
        error = "say what the stream carries: --type family.Type or --stream family.Name";
        return std::nullopt;
    }
    if (!framing) {
        error = "--framing sse|ndjson is required with --type";
        return std::nullopt;
    }
    auto id = validate::find_type(model, type);
    if (!id) {
        error = "unknown type '" + type + "' (a type is addressed as family.Type)";
        return std::nullopt;
    }
    std::vector<const ir::Stream*> matches;
    for (const auto& s : model.streams)
        if (s.framing == *framing && (s.item == *id || (s.sse && s.sse->event_schema == *id))) matches.push_back(&s);
    if (matches.size() > 1) {
        std::string names;
        for (const auto* s : matches) names += (names.empty() ? "" : ", ") + s->qualified_name();
        error = "several " + std::string(framing_name(*framing)) + " streams carry " + type + " (" + names +
                "); pick one with --stream";
        return std::nullopt;
    }
    if (matches.size() == 1) return from_stream(model, *matches.front());
    Plan p;
    p.framing = *framing;
    p.item = *id;
    p.item_name = type;
    return p;
}

}  // namespace contractgen::verify
