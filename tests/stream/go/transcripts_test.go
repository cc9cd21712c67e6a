package vectors

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"contractgen.test/stream/support"
	"example.com/contractgen/runtime/contract/stream"
)

// The state-machine and table vectors: chat_client, timers, replay, routing.

func event(value any, config stream.ChatClientConfig) (stream.ChatEvent[any], error) {
	object, _ := value.(support.Object)
	eventType, ok := object["type"].(string)
	if !ok {
		return stream.ChatEvent[any]{}, errors.New("no data.type")
	}
	e := stream.ChatEvent[any]{Type: eventType, Value: value}
	if delta, ok := object["delta"].(string); ok && eventType == config.MessageDeltaEventType {
		e.Delta = &delta
	}
	return e, nil
}

func parse(text string) (value any, err error) {
	defer func() {
		if recover() != nil {
			value, err = nil, errors.New("not JSON")
		}
	}()
	return support.Decode([]byte(text)), nil
}

// decodeEnvelope: a live line is a StreamEnvelope {"data": event, "timestamp": ...} (the bindings' job, in tests).
func decodeEnvelope(config stream.ChatClientConfig, text string) (stream.ChatEvent[any], error) {
	value, err := parse(text)
	if err != nil {
		return stream.ChatEvent[any]{}, err
	}
	object, _ := value.(support.Object)
	return event(object["data"], config)
}

// decodeBare: a replayed line is the event itself.
func decodeBare(config stream.ChatClientConfig, text string) (stream.ChatEvent[any], error) {
	value, err := parse(text)
	if err != nil {
		return stream.ChatEvent[any]{}, err
	}
	return event(value, config)
}

func actionJSON(a stream.ChatAction[any]) support.Object {
	switch a.Kind {
	case stream.ActionConnect:
		return support.Object{"connect": a.Attempt}
	case stream.ActionRetry:
		return support.Object{"retry": support.Object{"attempt": a.Attempt, "delay_ms": a.DelayMs}}
	case stream.ActionEvent, stream.ActionTerminal:
		return support.Object{string(a.Kind): a.Event.Type}
	case stream.ActionInvalid:
		e := a.Error
		return support.Object{"invalid": support.Object{"code": e.Code, "offset": e.Offset, "line": e.Line, "message": e.Message}}
	case stream.ActionText:
		return support.Object{"text": a.Text}
	}
	return support.Object{string(a.Kind): a.Reason}
}

func only(step support.Object) (string, any) {
	in := step["in"].(support.Object)
	if len(in) != 1 {
		panic(fmt.Sprintf("a step has one input: %v", in))
	}
	for verb, arg := range in {
		return verb, arg
	}
	return "", nil
}

func runChat(t *testing.T, c support.Object) {
	overrides, _ := c["config"].(support.Object)
	config := support.ChatConfig(overrides)
	scheduler := &stream.ManualScheduler{}
	got := []any{}
	client := stream.NewChatClient(config, scheduler,
		func(text string) (stream.ChatEvent[any], error) { return decodeEnvelope(config, text) },
		func(a stream.ChatAction[any]) { got = append(got, actionJSON(a)) })
	for index, s := range c["steps"].([]any) {
		step := s.(support.Object)
		got = got[:0]
		verb, arg := only(step)
		switch verb {
		case "start":
			if err := client.Start(); err != nil {
				t.Fatal(err)
			}
		case "response":
			client.Response(int(support.Int(arg)))
		case "chunk":
			client.Chunk(support.InputBytes(arg))
		case "closed":
			client.Closed()
		case "abort":
			client.Abort()
		case "advance":
			scheduler.Advance(support.Int(arg))
		case "play":
			play := arg.(support.Object)
			done := support.TypeConst(support.ChatEvents, "DoneEvent")
			replay, err := stream.ReplayEvents([]byte(play["log"].(string)), play["final_message"].(string),
				config.HeartbeatEventType, done, 0)
			if err != nil || len(replay.Errors) != 0 {
				t.Fatalf("%s: replay %v %v", c["name"], err, replay.Errors)
			}
			var events []stream.ChatEvent[any]
			for _, text := range replay.Events {
				e, err := decodeBare(config, text)
				if err != nil {
					t.Fatal(err)
				}
				events = append(events, e)
			}
			if err := client.Play(events, support.Int(play["spacing_ms"])); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("unknown input %s", verb)
		}
		if g, w := support.Canonical(got), support.Canonical(step["out"]); g != w {
			t.Fatalf("%s: step %d %v:\n got  %s\n want %s", c["name"], index, step["in"], g, w)
		}
		if state, ok := step["state"]; ok && string(client.State()) != state {
			t.Fatalf("%s: step %d: state %s, want %s", c["name"], index, client.State(), state)
		}
	}
}

func runTimer(t *testing.T, c support.Object) {
	scheduler := &stream.ManualScheduler{}
	got := []any{}
	interval := support.Int(support.Const(support.Chat, c["interval"].(string)))
	heartbeat := stream.NewHeartbeatEmitter(scheduler, interval, func() { got = append(got, "beat") })
	watchdog := stream.NewWatchdog(scheduler, interval, func() { got = append(got, "timeout") })
	isHeartbeat := c["timer"] == "heartbeat"
	for index, s := range c["steps"].([]any) {
		step := s.(support.Object)
		got = got[:0]
		verb, arg := only(step)
		switch {
		case verb == "advance":
			scheduler.Advance(support.Int(arg))
		case verb == "start" && isHeartbeat:
			heartbeat.Start()
		case verb == "stop" && isHeartbeat:
			heartbeat.Stop()
		case verb == "sent" && isHeartbeat:
			heartbeat.Sent()
		case verb == "start":
			watchdog.Start()
		case verb == "stop":
			watchdog.Stop()
		case verb == "reset":
			watchdog.Reset()
		default:
			t.Fatalf("unknown input %s", verb)
		}
		if g, w := support.Canonical(got), support.Canonical(step["out"]); g != w {
			t.Fatalf("%s: step %d %v:\n got  %s\n want %s", c["name"], index, step["in"], g, w)
		}
	}
}

func runReplay(t *testing.T, c support.Object) {
	heartbeat := support.TypeConst(support.ChatEvents, "Heartbeat")
	done := support.TypeConst(support.ChatEvents, "DoneEvent")
	replay, err := stream.ReplayEvents([]byte(c["log"].(string)), c["final_message"].(string), heartbeat, done, 0)
	if c["error"] == true {
		if err == nil {
			t.Fatalf("%s: the final message was accepted", c["name"])
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	errs := []any{}
	for _, e := range replay.Errors {
		errs = append(errs, support.RecordJSON(e))
	}
	if g, w := support.Canonical([]any{replay.Events, errs}), support.Canonical([]any{c["events"], c["errors"]}); g != w {
		t.Fatalf("%s:\n got  %s\n want %s", c["name"], g, w)
	}
}

func optionalString(v any) *string {
	if s, ok := v.(string); ok {
		return &s
	}
	return nil
}

func runRouting(t *testing.T, c support.Object) {
	var got any
	switch {
	case hasKey(c, "content_type"):
		got = stream.RouteContentType(support.ContentTypeRoutes(), optionalString(c["content_type"]))
	case hasKey(c, "cloudevent"):
		got = stream.RouteContentType(support.ContentTypeRoutes(), optionalString(c["cloudevent"].(support.Object)["datacontenttype"]))
	case hasKey(c, "graph_event_type"):
		got = stream.GraphEventContentType(support.GraphEventMigration(), c["graph_event_type"].(string))
	case hasKey(c, "migrate"):
		m := c["migrate"].(support.Object)
		fields := stream.GraphEventFields{Type: m["type"].(string), Source: m["source"].(string), ID: m["id"].(string)}
		if data, ok := m["data"]; ok {
			fields.Data, _ = json.Marshal(data)
		}
		event, err := stream.MigrateGraphEvent(support.GraphEventMigration(), m["graph_event_type"].(string), fields)
		if want, ok := c["expect_error"].(string); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("%s: error %v, want one saying %q", c["name"], err, want)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		text, err := json.Marshal(event)
		if err != nil {
			t.Fatal(err)
		}
		// The members in the vector's order, too.
		if g, w := support.TopLevelKeys(text), support.TopLevelKeys(support.RawMember("routing.json", c["name"].(string), "expect")); g != w {
			t.Fatalf("%s: members %s, want %s", c["name"], g, w)
		}
		got = support.Decode(text)
	case hasKey(c, "tool_call_start"):
		got = stream.RouteToolCallStart(support.RunEventRouting(), c["tool_call_start"].(string))
	case hasKey(c, "web_status"):
		got = stream.RouteWebStatus(support.RunEventRouting(), c["web_status"].(string))
	case hasKey(c, "research_status"):
		args := support.Strings(c["research_status"])
		got = stream.RouteResearchStatus(support.RunEventRouting(), args[0], args[1])
	case hasKey(c, "normalize"):
		if normalized, ok := stream.NormalizeStatus(support.RunEventRouting(), c["normalize"].(string)); ok {
			got = normalized
		}
	default:
		router := stream.NewContentRouter(support.RunEventRouting())
		steps := []any{}
		for _, s := range c["content"].([]any) {
			step := s.(support.Object)
			if hasKey(step, "flush") {
				steps = append(steps, support.Object{"flushed": router.Flush()})
				continue
			}
			decision := router.Route(step["text"].(string))
			out := support.Object{"route": decision.Route}
			if decision.Route == "scratchpad_start" {
				out["closed_entry"] = decision.ClosedEntry
			}
			steps = append(steps, out)
		}
		got = steps
	}
	if g, w := support.Canonical(got), support.Canonical(c["expect"]); g != w {
		t.Fatalf("%s:\n got  %s\n want %s", c["name"], g, w)
	}
}

func hasKey(o support.Object, key string) bool {
	_, ok := o[key]
	return ok
}

func TestTranscripts(t *testing.T) {
	runners := map[string]func(*testing.T, support.Object){
		"chat_client.json": runChat, "timers.json": runTimer, "replay.json": runReplay, "routing.json": runRouting,
	}
	for _, file := range []string{"chat_client.json", "timers.json", "replay.json", "routing.json"} {
		for _, c := range support.Cases(file) {
			c := c
			t.Run(file+":"+c["name"].(string), func(t *testing.T) { runners[file](t, c) })
		}
	}
}
