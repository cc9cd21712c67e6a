package stream

import (
	"encoding/json"
	"errors"
)

// Replay is the events to replay (JSON texts, in order, the synthesised
// terminal event last) and the log's unreadable lines.
type Replay struct {
	Events []string
	Errors []StreamError
}

// ReplayEvents is the `chat_stream` family's replay: the NDJSON log's events (one JSON event
// object a line) without heartbeats, then {"type": <done>, "message":
// <finalMessage>}. Event texts are kept as they are; finalMessage must be a
// JSON text (it is spliced in verbatim), else an error.
func ReplayEvents(
	log []byte, finalMessage, heartbeatEventType, doneEventType string, maxLineBytes int,
) (Replay, error) {
	if !json.Valid([]byte(finalMessage)) {
		return Replay{}, errors.New("the final message is not a JSON text")
	}
	var result Replay
	reader := NewNdjsonReader(maxLineBytes)
	take := func(record Record) {
		switch r := record.(type) {
		case NdjsonItem:
			eventType, ok := jsonEventType(r.Text)
			if !ok {
				result.Errors = append(result.Errors,
					StreamError{"decode", r.Offset, r.Line, `not a JSON object with a string member "type"`})
			} else if eventType != heartbeatEventType {
				result.Events = append(result.Events, r.Text)
			}
		case StreamError:
			result.Errors = append(result.Errors, r)
		}
	}
	_ = reader.FeedFunc(log, take) // a fresh reader: never after End
	reader.EndFunc(take)
	name, _ := json.Marshal(doneEventType)
	result.Events = append(result.Events, `{"type":`+string(name)+`,"message":`+finalMessage+"}")
	return result, nil
}

func jsonEventType(text string) (string, bool) {
	var object map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &object); err != nil || object == nil {
		return "", false
	}
	var eventType string
	if raw, ok := object["type"]; !ok || json.Unmarshal(raw, &eventType) != nil {
		return "", false
	}
	return eventType, true
}
