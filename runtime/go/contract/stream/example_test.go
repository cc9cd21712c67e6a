package stream_test

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"example.com/contractgen/runtime/contract/stream"
)

// Reading an SSE body from an io.Reader: events, retry fields and framing
// problems come out in stream order, whatever the reads return.
func ExampleRecordReader() {
	body := strings.NewReader("event: stream.packet\nid: s1\ndata: {\"seq\":1}\n\n: keep-alive\ndata: \xff\n\nretry: 5000\n")
	records := stream.NewRecordReader(body, stream.NewSseReader(stream.SseOptions{}))
	for {
		record, err := records.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			fmt.Println("read:", err)
			return
		}
		switch r := record.(type) {
		case stream.SseEvent:
			fmt.Printf("event %s id %s data %s\n", r.Type, r.LastEventID, r.Data)
		case stream.SseRetry:
			fmt.Println("retry", r.Ms)
		case stream.StreamError:
			fmt.Println("error", r)
		}
	}
	// Output:
	// event stream.packet id s1 data {"seq":1}
	// error 64/6: utf8: invalid UTF-8 (byte 0xFF)
	// retry 5000
}

// Writing: text the readers read back exactly, or an error.
func ExampleSseEventText() {
	event, id := "stream.packet", "s1"
	text, _ := stream.SseEventText("{\"seq\":1}", stream.SseFields{Event: &event, ID: &id})
	fmt.Print(text)
	_, err := stream.NdjsonLine("{\"a\":\n1}")
	fmt.Println(err)
	// Output:
	// event: stream.packet
	// id: s1
	// data: {"seq":1}
	//
	// an NDJSON item must not contain a line break
}

// The chat client on virtual time: the host carries out the actions.
func ExampleChatClient() {
	config := stream.ChatClientConfig{ // the values of the contract's tables
		WatchdogTimeoutMs:     30000,
		Backoff:               stream.BackoffConfig{InitialDelayMs: 1000, Multiplier: 2, MaxDelayMs: 30000, MaxAttempts: 5},
		TerminalEventTypes:    []string{"done", "ERROR", "clarification_needed"},
		HeartbeatEventType:    "heartbeat",
		StreamStartEventType:  "stream_start",
		MessageDeltaEventType: "message_delta",
		NoRetryStatuses:       []int{404},
	}
	decode := func(line string) (stream.ChatEvent[struct{}], error) {
		var envelope struct {
			Data struct {
				Type  string  `json:"type"`
				Delta *string `json:"delta"`
			} `json:"data"`
		}
		err := json.Unmarshal([]byte(line), &envelope)
		return stream.ChatEvent[struct{}]{Type: envelope.Data.Type, Delta: envelope.Data.Delta}, err
	}
	scheduler := &stream.ManualScheduler{}
	client := stream.NewChatClient(config, scheduler, decode, func(a stream.ChatAction[struct{}]) {
		switch a.Kind {
		case stream.ActionText:
			fmt.Printf("show %q\n", a.Text)
		case stream.ActionRetry:
			fmt.Println("retry", a.Attempt, "in", a.DelayMs, "ms")
		default:
			fmt.Println(a.Kind, a.Attempt)
		}
	})
	_ = client.Start()
	client.Response(200)
	client.Chunk([]byte(`{"data":{"type":"message_delta","delta":"See [1"}}` + "\n"))
	client.Closed()
	scheduler.Advance(1000)
	fmt.Println(client.State())
	// Output:
	// connect 0
	// show "See "
	// retry 1 in 1000 ms
	// connect 1
	// connecting
}
