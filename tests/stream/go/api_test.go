package vectors

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"contractgen.test/stream/support"
	"example.com/contractgen/runtime/contract/stream"
)

// What the vectors cannot show: misuse errors (each message once), the
// io.Reader adaptor, and the real-time scheduler.

func TestFeedAfterEnd(t *testing.T) {
	for _, reader := range []feeder{stream.NewNdjsonReader(0), stream.NewSseReader(stream.SseOptions{})} {
		if got := reader.End(); len(got) != 0 {
			t.Fatalf("End on nothing: %v", got)
		}
		if got := reader.End(); len(got) != 0 { // a second End has nothing more to say
			t.Fatalf("second End: %v", got)
		}
		if _, err := reader.Feed([]byte("x")); !errors.Is(err, stream.ErrFeedAfterEnd) || err.Error() != "stream: Feed after End" {
			t.Fatalf("Feed after End: %v", err)
		}
	}
}

func TestChatClientMisuse(t *testing.T) {
	client := stream.NewChatClient(support.ChatConfig(nil), &stream.ManualScheduler{},
		func(string) (stream.ChatEvent[any], error) { return stream.ChatEvent[any]{Type: "x"}, nil },
		func(stream.ChatAction[any]) {})
	if err := client.Start(); err != nil {
		t.Fatal(err)
	}
	if err := client.Start(); err == nil || err.Error() != "ChatClient.Start in state connecting" {
		t.Fatalf("second Start: %v", err)
	}
	if err := client.Play(nil, 0); err == nil || err.Error() != "ChatClient.Play in state connecting" {
		t.Fatalf("Play when connecting: %v", err)
	}
}

func TestUnknownSequencerPolicy(t *testing.T) {
	_, err := stream.NewPacketSequencer[int](stream.SequencerConfig{TerminalOps: []string{"CLOSE"}, ErrorOp: "ERROR", Policy: "buffer"})
	if err == nil || err.Error() != "unknown sequencer policy 'buffer'" {
		t.Fatalf("policy buffer: %v", err)
	}
}

func TestReplayRefusesAFinalMessageThatIsNotJSON(t *testing.T) {
	_, err := stream.ReplayEvents(nil, "{", "heartbeat", "done", 0)
	if err == nil || err.Error() != "the final message is not a JSON text" {
		t.Fatalf("final message {: %v", err)
	}
}

// oneByteReader gives one byte per Read, then fails if fail is set.
type oneByteReader struct {
	data string
	fail error
}

func (r *oneByteReader) Read(p []byte) (int, error) {
	if r.data == "" {
		if r.fail != nil {
			return 0, r.fail
		}
		return 0, io.EOF
	}
	p[0] = r.data[0]
	r.data = r.data[1:]
	return 1, nil
}

func TestRecordReaderOverAnIOReader(t *testing.T) {
	records := stream.NewRecordReader(&oneByteReader{data: "\xef\xbb\xbfid: 7\ndata: a\r\n\r\nretry: 5\ndata: b"}, stream.NewSseReader(stream.SseOptions{}))
	var got []string
	for {
		record, err := records.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, support.Canonical(support.RecordJSON(record)))
	}
	want := []string{
		`{"data":"a","event":"message","id":"7","line":1,"offset":3}`,
		`{"line":4,"offset":20,"retry":5}`,
		`{"error":"truncated","line":4,"message":"stream ends inside an event (no blank line after it)","offset":20}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	broken := errors.New("connection reset")
	records = stream.NewRecordReader(&oneByteReader{data: "{}\n", fail: broken}, stream.NewNdjsonReader(0))
	if record, err := records.Next(); err != nil || record.(stream.NdjsonItem).Text != "{}" {
		t.Fatalf("first record: %v %v", record, err)
	}
	if _, err := records.Next(); err != broken {
		t.Fatalf("the source's error: %v", err)
	}
}

func TestChannelSchedulerRunsTimersInOrderAndCancels(t *testing.T) {
	scheduler := stream.NewChannelScheduler(8)
	var fired []string
	scheduler.Schedule(30, func() { fired = append(fired, "late") })
	scheduler.Schedule(5, func() { fired = append(fired, "early") })
	scheduler.Cancel(scheduler.Schedule(10, func() { fired = append(fired, "cancelled") }))
	stream.NewWatchdog(scheduler, 15, func() { fired = append(fired, "timeout") }).Start()
	deadline := time.After(2 * time.Second)
	for len(fired) < 3 {
		select {
		case f := <-scheduler.C():
			f()
		case <-deadline:
			t.Fatalf("timers did not fire: %v", fired)
		}
	}
	select {
	case f := <-scheduler.C():
		f()
	case <-time.After(30 * time.Millisecond):
	}
	if strings.Join(fired, ",") != "early,timeout,late" {
		t.Fatalf("fired %v", fired)
	}
}
