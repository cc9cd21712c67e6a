package client

import (
	"context"
	"encoding/json"
	"io"
	"net/url"
	"strings"

	"example.com/contractgen/runtime/contract"
	"example.com/contractgen/runtime/contract/stream"
)

// Text is a parameter's value as the wire carries it: a string as itself,
// any other value (a number, a boolean, a contract type) as its JSON text.
func Text(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	var s string
	if json.Unmarshal(data, &s) == nil {
		return s
	}
	return string(data)
}

// ExpandPath puts the path parameters (name, value pairs) into a path
// template ("/orders/{id}"), each value escaped as one path segment.
func ExpandPath(template string, pairs ...string) string {
	for i := 0; i+1 < len(pairs); i += 2 {
		template = strings.ReplaceAll(template, "{"+pairs[i]+"}", url.PathEscape(pairs[i+1]))
	}
	return template
}

// JSONBody is a request body of a type the contract does not name, as JSON.
func JSONBody(v any) []byte {
	data, _ := json.Marshal(v)
	return data
}

// RawJSON keeps a response body the contract does not type.
func RawJSON(data []byte) (json.RawMessage, error) { return append(json.RawMessage(nil), data...), nil }

// Call sends r for an operation whose success has no content: nil for any
// 2xx; any other response is an error (ErrorFor).
func Call(ctx context.Context, c *Client, r Request, errs []ErrorCase) error {
	resp, err := c.Send(ctx, r)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	text, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
		return nil
	}
	return ErrorFor(resp.StatusCode, resp.Header, text, errs)
}

// StreamOptions override a stream's declared client rules (nil: as declared).
type StreamOptions struct {
	WatchdogMs, MaxAttempts, InitialDelayMs, Multiplier, MaxDelayMs *int64
}

// Apply is the declared configuration with the overrides.
func (o StreamOptions) Apply(c stream.ReconnectConfig) stream.ReconnectConfig {
	for _, p := range []struct {
		from *int64
		to   *int64
	}{{o.WatchdogMs, &c.WatchdogTimeoutMs}, {o.MaxAttempts, &c.Backoff.MaxAttempts},
		{o.InitialDelayMs, &c.Backoff.InitialDelayMs}, {o.Multiplier, &c.Backoff.Multiplier},
		{o.MaxDelayMs, &c.Backoff.MaxDelayMs}} {
		if p.from != nil {
			*p.to = *p.from
		}
	}
	return c
}

// Ptr is a pointer to a rule's text (Rules' optional pointers).
func Ptr(s string) *string { return &s }

// Parser adapts a binding's Parse function (with the caller's options) to a body decoder.
func Parser[T any](parse func([]byte, ...contract.Option) (T, error), opts ...contract.Option) func([]byte) (T, error) {
	return func(data []byte) (T, error) { return parse(data, opts...) }
}

// TextParser adapts a binding's Parse function to an item decoder.
func TextParser[T any](parse func([]byte, ...contract.Option) (T, error),
	opts ...contract.Option) func(string) (T, error) {
	return func(text string) (T, error) { return parse([]byte(text), opts...) }
}

// Decoder adapts a binding's Parse function to an ErrorCase's decoder.
func Decoder[T any](parse func([]byte, ...contract.Option) (T, error)) func([]byte) (any, error) {
	return func(data []byte) (any, error) { return parse(data, contract.Tolerant()) }
}
