package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"example.com/contractgen/runtime/contract/stream"
)

// testItem stands for a generated item type; testProblem for a declared error body.
type testItem struct {
	Type string `json:"type"`
	Key  string `json:"key,omitempty"`
	Seq  *int64 `json:"seq,omitempty"`
}

type testProblem struct {
	Message string `json:"message"`
}

func decodeItem(text string) (testItem, error) {
	var item testItem
	err := json.Unmarshal([]byte(text), &item)
	if err == nil && item.Type == "" {
		err = errors.New("/type: required")
	}
	return item, err
}

func decodeProblem(body []byte) (any, error) {
	var p testProblem
	err := json.Unmarshal(body, &p)
	return p, err
}

var testErrors = []ErrorCase{{Status: "404", Media: "application/json", Decode: decodeProblem},
	{Status: "429", Media: "application/json", Decode: decodeProblem}}

func ptr(s string) *string { return &s }

func ndjsonSpec(warnings ...string) StreamSpec[testItem] {
	return StreamSpec[testItem]{
		Framing: NDJSON, Media: []string{"application/x-ndjson"}, Decode: decodeItem,
		Rules: Rules{TagPointer: "/type", First: []string{"start"}, Terminal: []string{"done"}, TerminalRequired: true,
			HeartbeatTag: ptr("heartbeat"), Warnings: warnings},
		Reconnect: stream.ReconnectConfig{WatchdogTimeoutMs: 300, NoRetryStatuses: []int{404},
			Backoff: stream.BackoffConfig{InitialDelayMs: 10, Multiplier: 2, MaxDelayMs: 100, MaxAttempts: 3}},
		Errors: testErrors,
	}
}

// outcome is a stream's events and end in one line each.
func outcome[T any](s *Stream[T], show func(T) string) []string {
	var out []string
	for s.Next() {
		e := s.Event()
		switch e.Kind {
		case EventItem:
			out = append(out, "item "+show(e.Item))
		case EventFinding:
			out = append(out, "finding "+e.Finding.Rule)
		case EventRetry:
			out = append(out, fmt.Sprintf("retry %d", e.Attempt))
		}
	}
	if s.Err() != nil {
		out = append(out, "error "+s.Err().Error())
	} else {
		out = append(out, "end")
	}
	return out
}

func showType(i testItem) string { return i.Type }

func lines(w http.ResponseWriter, media string, texts ...string) {
	w.Header().Set("Content-Type", media)
	w.WriteHeader(200)
	for _, t := range texts {
		fmt.Fprintln(w, t)
		w.(http.Flusher).Flush()
	}
}

func check(t *testing.T, got, want []string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

func TestStreamReadsToTheTerminalItemAndSendsTheRequest(t *testing.T) {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("id") != "m 1" || r.Header.Get("X-Client") != "1" || r.Header.Get("Accept") != "application/x-ndjson" {
			http.Error(w, "bad request", 400)
			return
		}
		lines(w, "application/x-ndjson", `{"type":"start"}`, `{"type":"heartbeat"}`, `{"type":"delta"}`, ``, `{"type":"done"}`,
			`{"type":"late"}`)
	}))
	defer server.Close()
	c := &Client{BaseURL: server.URL}
	request := Request{Method: "GET", Path: "/s", Query: map[string][]string{"id": {"m 1"}},
		Header: http.Header{"x-client": {"1"}}, Accept: "application/x-ndjson"}
	got := outcome(Open(context.Background(), c, request, ndjsonSpec()), showType)
	check(t, got, []string{"item start", "item delta", "item done", "end"})
}

func TestStreamReportsFirstItemAndUndecodableLinesAndReconnectsAfterADrop(t *testing.T) {
	var calls int32
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if atomic.AddInt32(&calls, 1) == 1 {
			lines(w, "application/x-ndjson", `{"type":"delta"}`, `{"nope":1}`)
			panic(http.ErrAbortHandler) // cut mid-stream
		}
		lines(w, "application/x-ndjson", `{"type":"start"}`, `{"type":"done"}`)
	}))
	defer server.Close()
	got := outcome(Open(context.Background(), &Client{BaseURL: server.URL}, Request{Method: "GET", Path: "/"},
		ndjsonSpec("first", "item")), showType)
	check(t, got, []string{"finding first", "item delta", "finding item", "retry 1", "item start", "item done", "end"})
}

func TestStreamWatchdogCancelsASilentConnection(t *testing.T) {
	var calls int32
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if atomic.AddInt32(&calls, 1) == 1 {
			lines(w, "application/x-ndjson", `{"type":"start"}`)
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return
		}
		lines(w, "application/x-ndjson", `{"type":"start"}`, `{"type":"done"}`)
	}))
	defer server.Close()
	got := outcome(Open(context.Background(), &Client{BaseURL: server.URL}, Request{Method: "GET", Path: "/"}, ndjsonSpec()),
		showType)
	check(t, got, []string{"item start", "retry 1", "item start", "item done", "end"})
}

func TestStreamHonoursRetryAfterOn429ThenStopsAtA404WithItsTypedBody(t *testing.T) {
	var calls int32
	start := time.Now()
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if atomic.AddInt32(&calls, 1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(429)
			fmt.Fprint(w, `{"message":"slow down"}`)
			return
		}
		w.WriteHeader(404)
		fmt.Fprint(w, `{"message":"no such stream"}`)
	}))
	defer server.Close()
	s := Open(context.Background(), &Client{BaseURL: server.URL}, Request{Method: "GET", Path: "/"}, ndjsonSpec())
	got := outcome(s, showType)
	check(t, got, []string{"retry 1", `error 404 Not Found: "{\"message\":\"no such stream\"}"`})
	if elapsed := time.Since(start); elapsed < time.Second {
		t.Fatalf("the retry came after %v, before Retry-After's second", elapsed)
	}
	var declared *ResponseError
	if !errors.As(s.Err(), &declared) || declared.Body != (testProblem{"no such stream"}) ||
		declared.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("error %#v", s.Err())
	}
}

func TestStreamResumesWithLastEventIDAndDropsReplayedSequenceNumbers(t *testing.T) {
	var calls int32
	var resumedWith atomic.Value
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		event := func(key string, seq int, op string) {
			fmt.Fprintf(w, "event: packet\nid: %s\ndata: {\"type\":%q,\"key\":%q,\"seq\":%d}\n\n", key, op, key, seq)
			w.(http.Flusher).Flush()
		}
		if atomic.AddInt32(&calls, 1) == 1 {
			event("a", 0, "DELTA")
			event("a", 2, "DELTA") // seq 1 lost
			panic(http.ErrAbortHandler)
		}
		resumedWith.Store(r.Header.Get("Last-Event-ID"))
		event("a", 2, "DELTA") // replayed
		event("a", 3, "CLOSE")
		event("a", 4, "DELTA") // after the terminal item
	}))
	defer server.Close()
	spec := StreamSpec[testItem]{
		Framing: SSE, Media: []string{"text/event-stream"}, Decode: decodeItem, Resume: true,
		Rules: Rules{TagPointer: "/type", Terminal: []string{"CLOSE"}, TerminalRequired: true, KeyPointer: ptr("/key"),
			SequencePointer: ptr("/seq"), Gapless: true, SseEvents: []string{"packet"}, SseIDPointer: ptr("/key"),
			Warnings: []string{"sequence.gap"}},
		Reconnect: stream.ReconnectConfig{Backoff: stream.BackoffConfig{InitialDelayMs: 5, Multiplier: 1, MaxDelayMs: 5,
			MaxAttempts: 1}},
	}
	s := Open(context.Background(), &Client{BaseURL: server.URL}, Request{Method: "GET", Path: "/"}, spec)
	var got []string
	for e := range s.Events() {
		switch e.Kind {
		case EventItem:
			got = append(got, fmt.Sprintf("item %s %d", e.Item.Type, *e.Item.Seq))
		case EventFinding:
			got = append(got, "finding "+e.Finding.Rule)
		case EventRetry:
			got = append(got, "retry")
		}
	}
	check(t, got, []string{"item DELTA 0", "finding sequence.gap", "item DELTA 2", "retry", "item CLOSE 3"})
	var broken *RuleError
	if !errors.As(s.Err(), &broken) || broken.Rule != "terminal.after" || resumedWith.Load() != "a" {
		t.Fatalf("error %v, Last-Event-ID %q", s.Err(), resumedWith.Load())
	}
}

func TestStreamEndsAtARuleOfSeverityErrorAndAtACleanEndWithoutTerminal(t *testing.T) {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/first" {
			lines(w, "application/x-ndjson", `{"type":"delta"}`, `{"type":"done"}`)
			return
		}
		lines(w, "application/x-ndjson", `{"type":"start"}`)
	}))
	defer server.Close()
	c := &Client{BaseURL: server.URL}
	got := outcome(Open(context.Background(), c, Request{Method: "GET", Path: "/first"}, ndjsonSpec()), showType)
	check(t, got, []string{`error first: the first item is "delta", not one of start`})
	spec := ndjsonSpec()
	spec.Reconnect.Backoff.MaxAttempts = 0
	got = outcome(Open(context.Background(), c, Request{Method: "GET", Path: "/"}, spec), showType)
	check(t, got, []string{"item start", "error stream failed: terminal.missing"})
}

func TestStreamFailsOnAnUndeclaredResponseQuotingItsText(t *testing.T) {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(502)
		fmt.Fprint(w, "<h1>upstream down</h1>"+strings.Repeat("x", 500))
	}))
	defer server.Close()
	s := Open(context.Background(), &Client{BaseURL: server.URL}, Request{Method: "GET", Path: "/"}, ndjsonSpec())
	for s.Next() {
	}
	var undeclared *UndeclaredError
	if !errors.As(s.Err(), &undeclared) || undeclared.Status != 502 || len(undeclared.Text) != MaxQuotedBytes {
		t.Fatalf("error %#v", s.Err())
	}
	want := `undeclared response 502 (text/html): the status is not declared: "<h1>upstream down</h1>x`
	if !strings.HasPrefix(s.Err().Error(), want) {
		t.Fatalf("message %q", s.Err().Error())
	}
}

func TestJSONDecodesTheSuccessBodyAndTypesDeclaredErrors(t *testing.T) {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok":
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			fmt.Fprint(w, `{"type":"answer"}`)
		case "/missing":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(404)
			fmt.Fprint(w, `{"message":"gone"}`)
		default:
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(404)
			fmt.Fprint(w, "no route")
		}
	}))
	defer server.Close()
	c := &Client{BaseURL: server.URL}
	decode := func(b []byte) (testItem, error) { return decodeItem(string(b)) }
	item, err := JSON(context.Background(), c, Request{Method: "POST", Path: "/ok", Body: []byte(`{}`)},
		"application/json", decode, testErrors)
	if err != nil || item.Type != "answer" {
		t.Fatalf("item %+v, error %v", item, err)
	}
	_, err = JSON(context.Background(), c, Request{Method: "GET", Path: "/missing"}, "application/json", decode, testErrors)
	var declared *ResponseError
	if !errors.As(err, &declared) || declared.Status != 404 || declared.Body != (testProblem{"gone"}) {
		t.Fatalf("error %#v", err)
	}
	_, err = JSON(context.Background(), c, Request{Method: "GET", Path: "/other"}, "application/json", decode, testErrors)
	if err == nil || err.Error() != `undeclared response 404 (text/plain): the media type is not declared for this status: "no route"` {
		t.Fatalf("error %v", err)
	}
}

func TestRetryAfterReadsDeltaSecondsOnly(t *testing.T) {
	for value, want := range map[string]int64{"": -1, "3": 3000, " 0 ": 0, "soon": -1, "-1": -1, "+1": -1,
		"Fri, 02 Jan 2026 03:04:07 GMT": -1} {
		if got := RetryAfterMs(http.Header{"Retry-After": {value}}); got != want {
			t.Errorf("Retry-After %q: %d, want %d", value, got, want)
		}
	}
}
