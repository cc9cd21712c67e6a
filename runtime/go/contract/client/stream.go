package client

import (
	"context"
	"io"
	"net/http"

	"example.com/contractgen/runtime/contract/stream"
)

// Framing is how a streaming response carries its items.
type Framing string

// The framings of `x-streams`.
const (
	SSE    Framing = "sse"
	NDJSON Framing = "ndjson"
)

// StreamSpec is one streaming response as the generated method declares it:
// its framing and media types, the item's decoder (strict or tolerant, as
// the caller chose), the rules, the client rules (reconnection, watchdog,
// statuses never retried; FailOnStatus is set by Open), whether to resume
// with Last-Event-ID (an SSE stream whose items carry ids) and the declared
// error responses.
type StreamSpec[T any] struct {
	Framing      Framing
	Media        []string
	Decode       func(text string) (T, error)
	Rules        Rules
	Reconnect    stream.ReconnectConfig
	Resume       bool
	Errors       []ErrorCase
	MaxLineBytes int
}

// EventKind says what an Event carries.
type EventKind string

// The kinds of Event.
const (
	EventItem    EventKind = "item"    // a decoded item (Item)
	EventFinding EventKind = "finding" // a rule the stream weighs as a warning was broken (Finding)
	EventRetry   EventKind = "retry"   // the connection dropped; reconnecting (Attempt, DelayMs)
)

// Event is one thing a stream tells its reader.
type Event[T any] struct {
	Kind    EventKind
	Item    T
	Finding *Finding
	Attempt int64
	DelayMs int64
}

// StreamFailed ends a stream that could not be read to its end. Kind:
// dropped (a connection was cut), watchdog (a connection went silent),
// terminal.missing (a response ended before its terminal item), or
// retries_exhausted (reconnections were declared and all of them failed);
// Cause is the last connection's error, when it had one.
type StreamFailed struct {
	Kind  string
	Cause error
}

func (e *StreamFailed) Error() string {
	if e.Cause == nil {
		return "stream failed: " + e.Kind
	}
	return "stream failed: " + e.Kind + ": " + e.Cause.Error()
}

func (e *StreamFailed) Unwrap() error { return e.Cause }

// Stream is a streaming call in progress: read it as a channel (Events) or
// as an iterator (Next, Event); Err is the end's error (nil: the stream
// ended as its rules say). Close stops it early.
type Stream[T any] struct {
	events  chan Event[T]
	cancel  context.CancelFunc
	err     error
	current Event[T]
}

// Open starts the call; the stream runs on a goroutine of its own until its
// end, an error, ctx's end or Close.
func Open[T any](ctx context.Context, c *Client, r Request, spec StreamSpec[T]) *Stream[T] {
	ctx, cancel := context.WithCancel(ctx)
	s := &Stream[T]{events: make(chan Event[T]), cancel: cancel}
	spec.Reconnect.FailOnStatus = true
	run := &streamRun[T]{stream: s, client: c, request: r, spec: spec, check: newChecker(spec.Rules)}
	go run.loop(ctx)
	return s
}

// Events gives the events; it is closed at the end (then read Err).
func (s *Stream[T]) Events() <-chan Event[T] { return s.events }

// Next waits for the next event; false at the end.
func (s *Stream[T]) Next() bool {
	event, ok := <-s.events
	s.current = event
	return ok
}

// Event is the event Next moved to.
func (s *Stream[T]) Event() Event[T] { return s.current }

// Err is why the stream ended, once Events is closed: nil for its declared end.
func (s *Stream[T]) Err() error { return s.err }

// Close stops the stream and waits for its goroutine.
func (s *Stream[T]) Close() {
	s.cancel()
	for range s.events {
	}
}

type connEventKind int

const (
	connResponse connEventKind = iota
	connChunk
	connEnd
)

// connEvent is what a connection's goroutine reports to the loop.
type connEvent struct {
	kind   connEventKind
	status int
	header http.Header
	data   []byte // a chunk, or the body of a response other than 2xx
	err    error  // connEnd: nil at the body's normal end
}

type connection struct {
	events chan connEvent
	cancel context.CancelFunc
	feeder stream.Feeder // after a 2xx
	sse    *stream.SseReader
}

// streamRun is the loop's state; only the loop's goroutine touches it.
type streamRun[T any] struct {
	stream      *Stream[T]
	client      *Client
	request     Request
	spec        StreamSpec[T]
	check       *checker
	connections *stream.Reconnector
	conn        *connection
	queue       []Event[T]
	lastEventID string
	lastErr     error  // the last connection's error
	cut         string // how the last connection ended early: dropped, watchdog, terminal.missing
	finished    bool
	final       error
}

func (r *streamRun[T]) loop(ctx context.Context) {
	defer close(r.stream.events)
	scheduler := stream.NewChannelScheduler(4)
	r.connections = stream.NewReconnector(r.spec.Reconnect, scheduler, func(a stream.ReconnectAction) { r.act(ctx, a) })
	_ = r.connections.Start()
	for !r.finished || len(r.queue) > 0 {
		var out chan<- Event[T]
		var head Event[T]
		if len(r.queue) > 0 {
			out, head = r.stream.events, r.queue[0]
		}
		var incoming <-chan connEvent
		if r.conn != nil && !r.finished {
			incoming = r.conn.events
		}
		select {
		case <-ctx.Done():
			r.finish(ctx.Err())
			r.queue = nil
		case out <- head:
			r.queue = r.queue[1:]
		case fire := <-scheduler.C():
			if !r.finished {
				fire()
			}
		case event := <-incoming:
			r.take(event)
		}
	}
	r.stream.err = r.final
}

// act carries out the Reconnector's actions.
func (r *streamRun[T]) act(ctx context.Context, a stream.ReconnectAction) {
	switch a.Kind {
	case stream.ActionConnect:
		r.check.opened()
		r.conn = r.connect(ctx)
	case stream.ActionCancel:
		r.dropConnection()
		if a.Reason == "watchdog" {
			r.cut, r.lastErr = "watchdog", nil
		}
	case stream.ActionRetry:
		r.dropConnection()
		r.check.reconnects++
		r.queue = append(r.queue, Event[T]{Kind: EventRetry, Attempt: a.Attempt, DelayMs: a.DelayMs})
	case stream.ActionFailed:
		switch {
		case a.Reason == "status" || a.Status != 0: // refused, or a 429/503 out of attempts: the caller's error
			r.finish(r.lastErr)
		case a.Reason == "retries_exhausted" && r.spec.Reconnect.Backoff.MaxAttempts > 0:
			r.finish(&StreamFailed{Kind: "retries_exhausted", Cause: r.lastErr})
		default:
			r.finish(&StreamFailed{Kind: r.cut, Cause: r.lastErr})
		}
	}
}

func (r *streamRun[T]) finish(err error) {
	if r.finished {
		return
	}
	r.finished, r.final = true, err
	r.dropConnection()
	r.connections.Done() // stops its timers
}

func (r *streamRun[T]) dropConnection() {
	if r.conn != nil {
		r.conn.cancel()
		r.conn = nil
	}
}

// flush hands the checker's warnings on.
func (r *streamRun[T]) flush() {
	for i := range r.check.findings {
		r.queue = append(r.queue, Event[T]{Kind: EventFinding, Finding: &r.check.findings[i]})
	}
	r.check.findings = nil
}

// connect opens one connection on a goroutine that reports to the loop.
func (r *streamRun[T]) connect(ctx context.Context) *connection {
	cctx, cancel := context.WithCancel(ctx)
	conn := &connection{events: make(chan connEvent, 16), cancel: cancel}
	request := r.request
	request.Header = http.Header{}
	for name, values := range r.request.Header {
		request.Header[http.CanonicalHeaderKey(name)] = values
	}
	if r.spec.Resume && r.lastEventID != "" {
		request.Header.Set("Last-Event-ID", r.lastEventID)
	}
	go func() {
		send := func(e connEvent) bool {
			select {
			case conn.events <- e:
				return true
			case <-cctx.Done():
				return false
			}
		}
		resp, err := r.client.Send(cctx, request)
		if err != nil {
			send(connEvent{kind: connEnd, err: err})
			return
		}
		defer resp.Body.Close()
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			text, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
			send(connEvent{kind: connResponse, status: resp.StatusCode, header: resp.Header, data: text})
			return
		}
		if !send(connEvent{kind: connResponse, status: resp.StatusCode, header: resp.Header}) {
			return
		}
		for buf := make([]byte, 32<<10); ; {
			n, err := resp.Body.Read(buf)
			if n > 0 && !send(connEvent{kind: connChunk, data: append([]byte(nil), buf[:n]...)}) {
				return
			}
			if err == io.EOF {
				send(connEvent{kind: connEnd})
				return
			} else if err != nil {
				send(connEvent{kind: connEnd, err: err})
				return
			}
		}
	}()
	return conn
}

// take handles what a connection reports.
func (r *streamRun[T]) take(event connEvent) {
	conn := r.conn
	switch event.kind {
	case connResponse:
		if event.status < 200 || event.status > 299 {
			r.lastErr = ErrorFor(event.status, event.header, event.data, r.spec.Errors)
			r.connections.Response(event.status, RetryAfterMs(event.header))
			return
		}
		media := MediaType(event.header.Get("Content-Type"))
		if len(r.spec.Media) > 0 && !contains(r.spec.Media, media) {
			r.finish(undeclared(event.status, event.header, nil, "the media type is not declared for the stream"))
			return
		}
		r.lastErr = nil
		if r.spec.Framing == SSE {
			conn.sse = stream.NewSseReader(stream.SseOptions{MaxLineBytes: r.spec.MaxLineBytes,
				MaxEventBytes: r.spec.MaxLineBytes, LastEventID: r.lastEventID})
			conn.feeder = conn.sse
		} else {
			conn.feeder = stream.NewNdjsonReader(r.spec.MaxLineBytes)
		}
		r.connections.Response(event.status, -1)
	case connChunk:
		if conn.feeder != nil && r.connections.Data() {
			_ = conn.feeder.FeedFunc(event.data, r.record) // a connection's reader never ends before it is dropped
		}
	case connEnd:
		if conn.feeder != nil {
			conn.feeder.EndFunc(r.record)
		}
		if r.finished || r.conn != conn {
			return
		}
		if event.err == nil && r.check.complete() {
			r.finish(nil)
			return
		}
		r.cut, r.lastErr = "dropped", event.err
		if event.err == nil {
			r.cut = "terminal.missing"
		}
		r.connections.Dropped()
	}
}

// record handles one record of the current connection's reader.
func (r *streamRun[T]) record(record stream.Record) {
	if r.finished {
		return
	}
	var text string
	var event, eventID *string
	switch rec := record.(type) {
	case stream.SseEvent:
		r.lastEventID = rec.LastEventID
		text, event, eventID = rec.Data, &rec.Type, &rec.LastEventID
	case stream.NdjsonItem:
		text = rec.Text
	case stream.StreamError:
		if err := r.check.finding("framing."+rec.Code, rec.Error()); err != nil {
			r.finish(err)
		}
		r.flush()
		return
	default: // SseRetry: the declared backoff rules
		return
	}
	deliver, err := r.check.accept(text, event, eventID)
	r.flush()
	if err != nil {
		r.finish(err)
		return
	}
	if !deliver {
		return
	}
	item, err := r.spec.Decode(text)
	if err != nil {
		if err := r.check.finding("item", err.Error()); err != nil {
			r.finish(err)
		}
		r.flush()
		return
	}
	r.queue = append(r.queue, Event[T]{Kind: EventItem, Item: item})
	if r.check.done {
		r.finish(nil)
	}
}
