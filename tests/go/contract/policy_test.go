// The cross-language payload policy and error rules (docs/semantics.md),
// each with the exact path and keyword the Go bindings must report.
package contract_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/contractgen/contract/generated/go/chatstream"
	"github.com/contractgen/contract/generated/go/contract"
	"github.com/contractgen/contract/generated/go/registry"
)

const entity = `{"entity_type": "WEB_PAGE", "identifier": "f47ac10b-58cc-4372-a567-0e02b2c3d479", "file_name": "a.html", "mimetype": "text/html", "workspace_id": "8d2f6a4e-1c3b-4e5f-9a7b-2c4d6e8f0a1b"`

func roundTrip(t *testing.T, typeName, input string, opts ...contract.Option) (string, *contract.DecodeError) {
	t.Helper()
	rt := registry.Find(typeName)
	if rt == nil {
		t.Fatalf("%s is not registered", typeName)
	}
	out, err := rt([]byte(input), opts...)
	if err == nil {
		return string(out), nil
	}
	var de *contract.DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("not a *contract.DecodeError: %v", err)
	}
	return "", de
}

func TestRejections(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	cases := []struct{ name, typeName, input, path, keyword string }{
		{"byte order mark", "chat_stream.StreamEnvelope", "\xEF\xBB\xBF{}", "$", "syntax"},
		{"invalid UTF-8 in a string", "chat_stream.StreamEnvelope", `{"data": {"type": "message_delta", "delta": "a` + "\xC3\x28" + `"}, "timestamp": 1}`, "$", "syntax"},
		{"lone high surrogate", "chat_stream.StreamEnvelope", `{"data": {"type": "message_delta", "delta": "\uD800"}, "timestamp": 1}`, "$", "syntax"},
		{"lone low surrogate", "chat_stream.StreamEnvelope", `{"data": {"type": "message_delta", "delta": "\uDC00x"}, "timestamp": 1}`, "$", "syntax"},
		{"not JSON after the value", "chat_stream.StreamEnvelope", `{"data": {"type": "heartbeat"}, "timestamp": 1} x`, "$", "syntax"},
		{"trailing comma", "chat_stream.StreamEnvelope", `{"data": {"type": "heartbeat"}, "timestamp": 1,}`, "$", "syntax"},
		{"duplicate member: the second one", "chat_stream.StreamEnvelope", `{"data": {"type": "message_delta", "delta": "a", "delta": "b"}, "timestamp": 1}`, "$.data.delta", "duplicate"},
		{"duplicate kept member", "chat_stream.Entity", entity + `, "x": 1, "x": 2}`, "$.x", "duplicate"},
		{"duplicate inside a free-form value", "chat_stream.Entity", entity + `, "x": {"a": 1, "a": 1}}`, "$.x.a", "duplicate"},
		{"too deep: the first container past 128", "chat_stream.Entity", entity + `, "x": ` + deep(128) + `}`, "$.x" + strings.Repeat("[0]", 127), "depth"},
		{"a million brackets", "chat_stream.Entity", entity + `, "x": ` + strings.Repeat("[", 1000000) + `}`, "$.x" + strings.Repeat("[0]", 127), "depth"},
		{"wrong kind", "chat_stream.StreamEnvelope", `{"data": {"type": "heartbeat"}, "timestamp": "1"}`, "$.timestamp", "type"},
		{"fraction for an integer", "chat_stream.StreamEnvelope", `{"data": {"type": "heartbeat"}, "timestamp": 1.5}`, "$.timestamp", "type"},
		{"integer beyond 2^53-1", "chat_stream.StreamEnvelope", `{"data": {"type": "heartbeat"}, "timestamp": 9007199254740993}`, "$.timestamp", "range"},
		{"number beyond a double", "chat_stream.StreamEnvelope", `{"data": {"type": "heartbeat"}, "timestamp": 1e400}`, "$.timestamp", "range"},
		{"required member missing: at the object", "chat_stream.StreamEnvelope", `{"data": {"type": "message_delta"}, "timestamp": 1}`, "$.data", "required"},
		{"undeclared member of a closed object", "chat_stream.StreamEnvelope", `{"data": {"type": "heartbeat", "extra": 1}, "timestamp": 1}`, "$.data.extra", "additionalProperties"},
		{"tag missing", "chat_stream.StreamEnvelope", `{"data": {"delta": "x"}, "timestamp": 1}`, "$.data", "required"},
		{"tag not a string", "chat_stream.StreamEnvelope", `{"data": {"delta": "x", "type": 3}, "timestamp": 1}`, "$.data.type", "discriminator"},
		{"unknown tag", "chat_stream.StreamEnvelope", `{"data": {"type": "nope"}, "timestamp": 1}`, "$.data.type", "discriminator"},
		{"enum", "chat_stream.Entity", `{"entity_type": "web_page"}`, "$.entity_type", "enum"},
		{"format", "packets.StreamPacketBase", `{"stream_id": "not a uuid"}`, "$.stream_id", "format"},
		{"minimum", "chat_stream.Entity", `{"content_length": -1}`, "$.content_length", "minimum"},
		{"member name that needs quoting", "chat_stream.Entity", entity + `, "content-type": {"b": 1, "b": 2}}`, `$["content-type"].b`, "duplicate"},
		// The first error in document order: the tag is read before any member.
		{"tag error before an earlier member's error", "chat_stream.StreamEnvelope", `{"data": {"delta": 5, "type": "nope"}, "timestamp": 1}`, "$.data.type", "discriminator"},
		{"first of two errors", "chat_stream.StreamEnvelope", `{"timestamp": "x", "data": {"type": "nope"}}`, "$.timestamp", "type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := roundTrip(t, c.typeName, c.input)
			if err == nil {
				t.Fatalf("accepted: %s", out)
			}
			if err.Path != c.path || err.Keyword != c.keyword {
				t.Fatalf("got %s: %s (%s), want path %s keyword %s", err.Path, err.Keyword, err.Detail, c.path, c.keyword)
			}
			if !strings.HasPrefix(err.Error(), c.path+": "+c.keyword+": ") {
				t.Fatalf("message %q does not start with path and keyword", err.Error())
			}
		})
	}
}

func TestCanonicalRoundTrip(t *testing.T) {
	cases := []struct{ name, typeName, input, output string }{
		{"integer spelled with a fraction", "chat_stream.StreamEnvelope", `{"data": {"type": "heartbeat"}, "timestamp": 1.0}`, `{"data":{"type":"heartbeat"},"timestamp":1}`},
		{"integer spelled with an exponent", "chat_stream.StreamEnvelope", `{"timestamp": 1e2, "data": {"type": "heartbeat"}}`, `{"data":{"type":"heartbeat"},"timestamp":100}`},
		{"largest integer", "chat_stream.StreamEnvelope", `{"data": {"type": "heartbeat"}, "timestamp": 9007199254740991}`, `{"data":{"type":"heartbeat"},"timestamp":9007199254740991}`},
		{"free-form values kept exactly, in order", "chat_stream.Entity", entity + `, "z": 123456789012345678901234567890, "__proto__": {"constructor": [1.50, 1e21, 1E-7, -0.0, 0.1, "\u00e9\ud83d\ude00"]}, "a": null}`,
			`{"entity_type":"WEB_PAGE","identifier":"f47ac10b-58cc-4372-a567-0e02b2c3d479","file_name":"a.html","mimetype":"text/html","workspace_id":"8d2f6a4e-1c3b-4e5f-9a7b-2c4d6e8f0a1b","z":123456789012345678901234567890,"__proto__":{"constructor":[1.5,1e+21,1e-7,0,0.1,"é😀"]},"a":null}`},
		{"escapes written minimally", "chat_stream.StreamEnvelope", `{"data": {"type": "message_delta", "delta": "\"\\\/\b\f\n\r\t\u0001\u007f"}, "timestamp": 1}`, `{"data":{"type":"message_delta","delta":"\"\\/\b\f\n\r\t\u0001` + "\x7f" + `"},"timestamp":1}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := roundTrip(t, c.typeName, c.input)
			if err != nil {
				t.Fatalf("rejected: %v", err)
			}
			if out != c.output {
				t.Fatalf("got  %s\nwant %s", out, c.output)
			}
		})
	}
}

func TestTolerantMode(t *testing.T) {
	// An unknown tag becomes the Unknown variant, re-encoded as it was.
	line := `{"data": {"type": "citation_added", "citation_id": "c1", "n": [1, 2.5]}, "timestamp": 5}`
	if _, err := chatstream.ParseStreamEnvelope([]byte(line)); err == nil {
		t.Fatal("strict mode accepted an unknown tag")
	}
	envelope, err := chatstream.ParseStreamEnvelope([]byte(line), contract.Tolerant())
	if err != nil {
		t.Fatal(err)
	}
	unknown, ok := envelope.Data.(chatstream.StreamEventUnknown)
	if !ok || unknown.Type() != "citation_added" {
		t.Fatalf("got %#v", envelope.Data)
	}
	if got := string(chatstream.MarshalStreamEnvelope(envelope)); got != `{"data":{"type":"citation_added","citation_id":"c1","n":[1,2.5]},"timestamp":5}` {
		t.Fatalf("re-encoded as %s", got)
	}
	// Undeclared members of a closed object are kept, after the declared ones.
	out, derr := roundTrip(t, "chat_stream.StreamEnvelope", `{"later": true, "data": {"extra": {"a": 1}, "type": "heartbeat"}, "timestamp": 5}`, contract.Tolerant())
	if derr != nil || out != `{"data":{"type":"heartbeat","extra":{"a":1}},"timestamp":5,"later":true}` {
		t.Fatalf("got %s, %v", out, derr)
	}
	// Nothing else relaxes: the payload policy, types, constraints, a non-string tag.
	for _, c := range []struct{ input, path, keyword string }{
		{`{"data": {"type": "heartbeat", "x": 1, "x": 2}, "timestamp": 5}`, "$.data.x", "duplicate"},
		{`{"data": {"type": 7}, "timestamp": 5}`, "$.data.type", "discriminator"},
		{`{"data": {"delta": "a"}, "timestamp": 5}`, "$.data", "required"},
		{`{"data": {"type": "task_update", "status": "DONE"}, "timestamp": 5}`, "$.data.status", "enum"},
		{`{"data": {"type": "heartbeat"}, "timestamp": 5.5}`, "$.timestamp", "type"},
	} {
		if _, err := roundTrip(t, "chat_stream.StreamEnvelope", c.input, contract.Tolerant()); err == nil || err.Path != c.path || err.Keyword != c.keyword {
			t.Errorf("%s: got %v, want %s %s", c.input, err, c.path, c.keyword)
		}
	}
}
