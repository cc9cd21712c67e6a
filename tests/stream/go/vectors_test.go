// The shared stream vectors (tests/stream/vectors/) through the Go runtime:
// the readers at every chunking, the writers, the sequencer, the citation
// buffer and the backoff; transcripts_test.go runs the state machines. The
// C++, TypeScript and Python runners check the same files the same way.
package vectors

import (
	"testing"

	"contractgen.test/stream/support"
	"example.com/contractgen/runtime/contract/stream"
)

type feeder interface {
	Feed([]byte) ([]stream.Record, error)
	End() []stream.Record
}

func read(t *testing.T, reader feeder, chunks [][]byte) []any {
	var got []any
	for _, chunk := range chunks {
		records, err := reader.Feed(chunk)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range records {
			got = append(got, support.RecordJSON(r))
		}
	}
	for _, r := range reader.End() {
		got = append(got, support.RecordJSON(r))
	}
	return got
}

func expected(c support.Object, key string) string {
	if list, ok := c[key].([]any); ok && len(list) == 0 {
		return "null" // no records: a nil slice here
	}
	return support.Canonical(c[key])
}

func options(c support.Object) support.Object {
	if o, ok := c["options"].(support.Object); ok {
		return o
	}
	return support.Object{}
}

func optionInt(o support.Object, name string) int {
	if v, ok := o[name]; ok {
		return int(support.Int(v))
	}
	return 0
}

func TestNdjsonReader(t *testing.T) {
	for _, c := range support.Cases("ndjson.json") {
		data := support.InputBytes(c["input"])
		want := expected(c, "expect")
		for _, chunks := range support.Chunkings(data) {
			reader := stream.NewNdjsonReader(optionInt(options(c), "max_line_bytes"))
			if got := support.Canonical(read(t, reader, chunks)); got != want {
				t.Fatalf("%s, chunks %q:\n got  %s\n want %s", c["name"], chunks, got, want)
			}
		}
	}
}

func TestSseReader(t *testing.T) {
	for _, c := range support.Cases("sse.json") {
		o := options(c)
		data := support.InputBytes(c["input"])
		want := expected(c, "expect")
		final, _ := c["final"].(support.Object)
		for _, chunks := range support.Chunkings(data) {
			id, _ := o["last_event_id"].(string)
			reader := stream.NewSseReader(stream.SseOptions{MaxLineBytes: optionInt(o, "max_line_bytes"),
				MaxEventBytes: optionInt(o, "max_event_bytes"), LastEventID: id})
			if got := support.Canonical(read(t, reader, chunks)); got != want {
				t.Fatalf("%s, chunks %q:\n got  %s\n want %s", c["name"], chunks, got, want)
			}
			if id, ok := final["last_event_id"]; ok && reader.LastEventID() != id {
				t.Fatalf("%s: last event id %q, want %q", c["name"], reader.LastEventID(), id)
			}
			if ms, ok := final["reconnection_time"]; ok {
				got, has := reader.ReconnectionTime()
				if (ms == nil) == has || (ms != nil && got != support.Int(ms)) {
					t.Fatalf("%s: reconnection time %d (%v), want %v", c["name"], got, has, ms)
				}
			}
		}
	}
}

func TestWriters(t *testing.T) {
	for _, c := range support.Cases("writers.json") {
		var text string
		var err error
		switch {
		case c["ndjson"] != nil:
			text, err = stream.NdjsonLine(c["ndjson"].(string))
		case c["sse"] != nil:
			sse := c["sse"].(support.Object)
			var fields stream.SseFields
			if event, ok := sse["event"].(string); ok {
				fields.Event = &event
			}
			if id, ok := sse["id"].(string); ok {
				fields.ID = &id
			}
			if retry, ok := sse["retry"]; ok {
				ms := support.Int(retry)
				fields.Retry = &ms
			}
			text, err = stream.SseEventText(sse["data"].(string), fields)
		default:
			text = stream.SseComment(c["sse_comment"].(string))
		}
		if want, ok := c["error"].(string); ok {
			if err == nil || err.Error() != want {
				t.Fatalf("%s: error %v, want %q", c["name"], err, want)
			}
			continue
		}
		if err != nil || text != c["expect"] {
			t.Fatalf("%s: %q (%v), want %q", c["name"], text, err, c["expect"])
		}
		var reader feeder = stream.NewSseReader(stream.SseOptions{})
		if c["ndjson"] != nil {
			reader = stream.NewNdjsonReader(0)
		}
		if got, want := support.Canonical(read(t, reader, [][]byte{[]byte(text)})), expected(c, "read_back"); got != want {
			t.Fatalf("%s: read back %s, want %s", c["name"], got, want)
		}
	}
}

func sequencerJSON(t *testing.T, output stream.SequencerOutput) support.Object {
	switch o := output.(type) {
	case stream.Delivery[[2]any]:
		if o.Packet[0] != o.StreamID || o.Packet[1] != o.Seq {
			t.Fatalf("delivery %v carries packet %v", o, o.Packet)
		}
		return support.Object{"deliver": []any{o.StreamID, o.Seq}}
	case stream.Finding:
		var expected any
		if o.Expected != nil {
			expected = *o.Expected
		}
		return support.Object{"finding": o.Kind, "stream": o.StreamID, "seq": o.Seq, "expected": expected, "message": o.Message}
	}
	t.Fatalf("not a sequencer output: %#v", output)
	return nil
}

func TestSequencer(t *testing.T) {
	for _, c := range support.Cases("sequencer.json") {
		sequencer, err := stream.NewPacketSequencer[[2]any](support.SequencerConfig(c))
		if err != nil {
			t.Fatal(err)
		}
		got := []any{}
		for _, p := range c["packets"].([]any) {
			packet := p.([]any)
			id, seq, op := packet[0].(string), support.Int(packet[1]), packet[2].(string)
			for _, o := range sequencer.Push(id, seq, op, [2]any{id, seq}) {
				got = append(got, sequencerJSON(t, o))
			}
		}
		finish := []any{}
		for _, o := range sequencer.Finish() {
			finish = append(finish, sequencerJSON(t, o))
		}
		if support.Canonical(got) != support.Canonical(c["expect"]) || support.Canonical(finish) != support.Canonical(c["finish"]) {
			t.Fatalf("%s:\n got  %s %s\n want %s %s", c["name"], support.Canonical(got), support.Canonical(finish),
				support.Canonical(c["expect"]), support.Canonical(c["finish"]))
		}
	}
}

func TestCitationBuffer(t *testing.T) {
	for _, c := range support.Cases("citation.json") {
		var buffer stream.CitationBuffer
		ready, changed := []any{}, []any{}
		for _, chunk := range c["chunks"].([]any) {
			changed = append(changed, buffer.Feed(chunk.(string)))
			ready = append(ready, buffer.Ready())
		}
		got := support.Canonical([]any{ready, changed, buffer.Full()})
		if want := support.Canonical([]any{c["ready"], c["changed"], c["full"]}); got != want {
			t.Fatalf("%s:\n got  %s\n want %s", c["name"], got, want)
		}
	}
}

func TestBackoff(t *testing.T) {
	for _, c := range support.Cases("backoff.json") {
		overrides, _ := c["config"].(support.Object)
		config := support.BackoffConfig(overrides)
		delays := func(attempts []int64) string {
			out := []any{}
			for _, n := range attempts {
				if delay, ok := stream.BackoffDelay(config, n); ok {
					out = append(out, delay)
				} else {
					out = append(out, nil)
				}
			}
			return support.Canonical(out)
		}
		var attempts []int64
		for _, n := range c["attempts"].([]any) {
			attempts = append(attempts, support.Int(n))
		}
		if got, want := delays(attempts), support.Canonical(c["expect"]); got != want {
			t.Fatalf("%s: %s, want %s", c["name"], got, want)
		}
		if table, ok := c["equals_table"].(string); ok {
			var all []int64
			for n := int64(1); n <= config.MaxAttempts; n++ {
				all = append(all, n)
			}
			if got, want := delays(all), support.Canonical(support.Const(support.Chat, table)); got != want {
				t.Fatalf("%s: %s, want the table %s %s", c["name"], got, table, want)
			}
		}
	}
}
