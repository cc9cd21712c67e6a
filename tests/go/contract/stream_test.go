// The stream runtime as a Go engine or client uses it from the generated
// module: contract/stream configured from the generated constants, lines
// decoded by the generated bindings.
package contract_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/contractgen/contract/generated/go/chatstream"
	"github.com/contractgen/contract/generated/go/contract/stream"
)

func chatClientConfig() stream.ChatClientConfig {
	terminal := make([]string, len(chatstream.TerminalEventTypes))
	for i, t := range chatstream.TerminalEventTypes {
		terminal[i] = string(t)
	}
	return stream.ChatClientConfig{
		WatchdogTimeoutMs: chatstream.WatchdogTimeoutMs,
		Backoff: stream.BackoffConfig{InitialDelayMs: chatstream.ReconnectInitialDelayMs,
			Multiplier: chatstream.ReconnectBackoffMultiplier, MaxDelayMs: chatstream.ReconnectMaxDelayMs,
			MaxAttempts: chatstream.ReconnectMaxAttempts},
		TerminalEventTypes:    terminal,
		HeartbeatEventType:    string(chatstream.StreamEventTypeHeartbeat),
		StreamStartEventType:  string(chatstream.FirstEventType),
		MessageDeltaEventType: string(chatstream.StreamEventTypeMessageDelta),
		NoRetryStatuses:       []int{404},
	}
}

func decodeEnvelope(line string) (stream.ChatEvent[chatstream.StreamEvent], error) {
	envelope, err := chatstream.ParseStreamEnvelope([]byte(line))
	if err != nil {
		return stream.ChatEvent[chatstream.StreamEvent]{}, err
	}
	event := stream.ChatEvent[chatstream.StreamEvent]{Type: envelope.Data.Type(), Value: envelope.Data}
	if delta, ok := envelope.Data.(chatstream.MessageDelta); ok {
		event.Delta = &delta.Delta
	}
	return event, nil
}

// Seed 004's citation example over the wire: "[1" is never shown; an
// invalid envelope is reported with its line, and the stream goes on.
func TestChatClientWithTheBindings(t *testing.T) {
	var got []string
	scheduler := &stream.ManualScheduler{}
	client := stream.NewChatClient(chatClientConfig(), scheduler, decodeEnvelope,
		func(a stream.ChatAction[chatstream.StreamEvent]) {
			switch {
			case a.Kind == stream.ActionText:
				got = append(got, "text "+a.Text)
			case a.Event != nil:
				got = append(got, string(a.Kind)+" "+a.Event.Type)
			case a.Error != nil:
				got = append(got, "invalid "+a.Error.Code+" line "+strconv.FormatInt(a.Error.Line, 10))
			default:
				got = append(got, string(a.Kind))
			}
		})
	if err := client.Start(); err != nil {
		t.Fatal(err)
	}
	client.Response(200)
	envelope := func(event string) string { return `{"data":` + event + `,"timestamp":1730000000000}` + "\n" }
	body := envelope(`{"type":"stream_start","chat_id":"c1","creator_user_id":"u1","user_chat_message_id":"m1","workspace_id":"w1"}`) +
		envelope(`{"type":"message_delta","delta":7}`) + // not a string: the bindings refuse it
		envelope(`{"type":"message_delta","delta":"The answer is"}`) +
		envelope(`{"type":"message_delta","delta":" ["}`) +
		envelope(`{"type":"heartbeat"}`) +
		envelope(`{"type":"message_delta","delta":"1"}`) +
		envelope(`{"type":"message_delta","delta":"]"}`) +
		envelope(`{"type":"message_delta","delta":" complete"}`) +
		envelope(`{"type":"done","has_async_entities_pending":false}`)
	for i := 0; i < len(body); i += 5 { // the body in 5-byte chunks
		end := i + 5
		if end > len(body) {
			end = len(body)
		}
		client.Chunk([]byte(body[i:end]))
	}
	want := []string{"connect", "event stream_start", "invalid decode line 2", "text The answer is", "text The answer is ",
		"text The answer is [1]", "text The answer is [1] complete", "terminal done"}
	if strings.Join(got, "|") != strings.Join(want, "|") || client.State() != stream.StateDone {
		t.Fatalf("got %q in state %s,\nwant %q", got, client.State(), want)
	}
}
