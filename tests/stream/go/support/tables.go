package support

import (
	"strings"

	"example.com/contractgen/runtime/contract/stream"
)

// The configuration of the state machines and routers, from the schema tables.

const (
	chat       = "chat_stream/tables.schema.json"
	chatEvents = "chat_stream/events.schema.json"
	// ChatEvents is the schema file of the chat-stream events.
	ChatEvents = chatEvents
	// Chat is the schema file of the chat-stream tables.
	Chat = chat
)

// noRetryStatuses: HTTP statuses never retried (seed 004: "404 Not Found ...
// no retry"): a transport fact, not one of the contract's tables.
var noRetryStatuses = []int{404}

// BackoffConfig is Reconnect* of the chat-stream tables, with overrides
// named as in the vectors (initial_delay_ms, multiplier, max_delay_ms, max_attempts).
func BackoffConfig(overrides Object) stream.BackoffConfig {
	values := map[string]int64{
		"initial_delay_ms": Int(Const(chat, "ReconnectInitialDelayMs")),
		"multiplier":       Int(Const(chat, "ReconnectBackoffMultiplier")),
		"max_delay_ms":     Int(Const(chat, "ReconnectMaxDelayMs")),
		"max_attempts":     Int(Const(chat, "ReconnectMaxAttempts")),
	}
	for k, v := range overrides {
		if _, ok := values[k]; !ok {
			panic("unknown backoff override " + k)
		}
		values[k] = Int(v)
	}
	return stream.BackoffConfig{InitialDelayMs: values["initial_delay_ms"], Multiplier: values["multiplier"],
		MaxDelayMs: values["max_delay_ms"], MaxAttempts: values["max_attempts"]}
}

// ChatConfig is the chat client's configuration.
func ChatConfig(overrides Object) stream.ChatClientConfig {
	return stream.ChatClientConfig{
		WatchdogTimeoutMs:     Int(Const(chat, "WatchdogTimeoutMs")),
		Backoff:               BackoffConfig(overrides),
		TerminalEventTypes:    Strings(Const(chat, "TerminalEventTypes")),
		HeartbeatEventType:    TypeConst(chatEvents, "Heartbeat"),
		StreamStartEventType:  Const(chat, "FirstEventType").(string),
		MessageDeltaEventType: TypeConst(chatEvents, "MessageDelta"),
		NoRetryStatuses:       noRetryStatuses,
	}
}

// SequencerConfig is TerminalOpCodes and the ERROR packet's op, with the case's policy.
func SequencerConfig(c Object) stream.SequencerConfig {
	errorPacket := Defs("packets/stream_packet.schema.json")["ErrorPacket"].(Object)
	config := stream.SequencerConfig{
		TerminalOps: Strings(Const("packets/tables.schema.json", "TerminalOpCodes")),
		ErrorOp:     errorPacket["allOf"].([]any)[1].(Object)["properties"].(Object)["op"].(Object)["const"].(string),
		Policy:      c["policy"].(string),
	}
	if w, ok := c["window"]; ok {
		config.Window = int(Int(w))
	}
	if f, ok := c["first_seq"]; ok && f != nil {
		first := Int(f)
		config.FirstSeq = &first
	}
	return config
}

// ContentTypeRoutes: EventContentType, routes named after its x-enum-varnames in lower case.
func ContentTypeRoutes() stream.ContentTypeRoutes {
	defs := Defs("cloudevents/cloudevent.schema.json")
	contentType := defs["EventContentType"].(Object)
	names := Strings(contentType["x-enum-varnames"])
	routes := map[string]string{}
	for i, value := range Strings(contentType["enum"]) {
		routes[value] = strings.ToLower(names[i])
	}
	absent := defs["CloudEvent"].(Object)["properties"].(Object)["datacontenttype"].(Object)["default"].(string)
	return stream.ContentTypeRoutes{Routes: routes, AbsentContentType: absent, Fallback: "generic"}
}

// GraphEventMigration: GraphEventContentTypes, GraphEventDefaultContentType and the specversion const.
func GraphEventMigration() stream.GraphEventMigration {
	cloudEvent := Defs("cloudevents/cloudevent.schema.json")["CloudEvent"].(Object)
	return stream.GraphEventMigration{
		ContentTypes:       StringMap(Const("cloudevents/legacy.schema.json", "GraphEventContentTypes")),
		DefaultContentType: Const("cloudevents/legacy.schema.json", "GraphEventDefaultContentType").(string),
		SpecVersion:        cloudEvent["properties"].(Object)["specversion"].(Object)["const"].(string),
	}
}

// RunEventRouting: the run-event tables of seed 001.
func RunEventRouting() stream.RunEventRouting {
	tables := "run_events/tables.schema.json"
	components := Strings(Defs(tables)["UiComponent"].(Object)["enum"])
	webRoutes := map[string]bool{}
	for _, route := range StringMap(Const(tables, "WebToolRoutes")) {
		webRoutes[route] = true
	}
	if len(webRoutes) != 1 {
		panic("every web tool routes to one component")
	}
	var webRoute string
	for route := range webRoutes {
		webRoute = route
	}
	normalized := Strings(Defs("run_events/events.schema.json")["NormalizedStatus"].(Object)["enum"])
	terminalStates := []string{"success", "error"} // the NormalizedStatus values that end an operation
	if !contains(components, "ScratchpadStatus") || !contains(normalized, "success") || !contains(normalized, "error") {
		panic("the tables no longer have ScratchpadStatus, success and error")
	}
	return stream.RunEventRouting{
		WebTools:            Strings(Const(tables, "WebToolNames")),
		ScratchpadTools:     Strings(Const(tables, "ScratchpadToolNames")),
		WebRoute:            webRoute,
		ScratchpadRoute:     "ScratchpadStatus",
		DefaultRoute:        Const(tables, "DefaultToolRoute").(string),
		StrategyPrefixes:    Strings(Const(tables, "StrategyEntryPrefixes")),
		BleedStrings:        Strings(Const(tables, "ScratchpadBleedFilterStrings")),
		LegacyStatusPrefix:  Const(tables, "LegacyStatusEventPrefix").(string),
		StatusNormalization: StringMap(Const(tables, "StatusNormalization")),
		TerminalStates:      terminalStates,
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
