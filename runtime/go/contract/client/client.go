// Package client is the transport of the generated operation clients:
// net/http with context, the declared responses picked by status and media
// type, typed errors, and streams read through the stream runtime's readers
// with the stream's rules (package stream: one Reconnector for reconnection,
// backoff and the watchdog). It holds no contract constant: the generated
// methods pass the request, the declared responses and the stream's rules,
// all taken from the contract's `x-openapi` and `x-streams`.
package client

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"example.com/contractgen/runtime/contract/stream"
)

// Client is what every call shares: where the engine is, the http.Client
// (nil: http.DefaultClient) and headers sent with every request
// (authorisation, a session cookie).
type Client struct {
	BaseURL string
	HTTP    *http.Client
	Header  http.Header
}

// Request is one call as a generated method builds it. Path has its
// parameters in place, escaped; Body is JSON text (nil: none).
type Request struct {
	Method string
	Path   string
	Query  url.Values
	Header http.Header
	Body   []byte
	Accept string
}

// ErrorCase is a declared response other than the success one: a status
// ("404", "4XX", "default") and a media type with the decoder of its body
// (nil for a response without content).
type ErrorCase struct {
	Status string
	Media  string
	Decode func(body []byte) (any, error)
}

// ResponseError is a declared error response: its status, headers, the
// decoded body (the declared type, e.g. a ValidationErrorResponse) and its text.
type ResponseError struct {
	Status int
	Header http.Header
	Body   any
	Text   string
}

func (e *ResponseError) Error() string {
	return fmt.Sprintf("%d %s: %s", e.Status, http.StatusText(e.Status), quoteStart(e.Text))
}

// UndeclaredError is a response the operation does not declare (its status,
// or its media type, or a body its declared type refuses); Text is the start
// of the body, Reason why it matched nothing.
type UndeclaredError struct {
	Status      int
	ContentType string
	Header      http.Header
	Text        string
	Reason      string
}

// MaxQuotedBytes is how much of an undeclared body an error quotes.
const MaxQuotedBytes = 200

// maxErrorBody is how much of an error response is read.
const maxErrorBody = 1 << 20

func (e *UndeclaredError) Error() string {
	return fmt.Sprintf("undeclared response %d (%s): %s: %s", e.Status, e.ContentType, e.Reason, quoteStart(e.Text))
}

func quoteStart(text string) string {
	if len(text) > MaxQuotedBytes {
		return strconv.Quote(text[:MaxQuotedBytes]) + "..."
	}
	return strconv.Quote(text)
}

// Send makes the HTTP request and returns the response, whatever its status.
func (c *Client) Send(ctx context.Context, r Request) (*http.Response, error) {
	target := strings.TrimSuffix(c.BaseURL, "/") + r.Path
	if len(r.Query) > 0 {
		target += "?" + r.Query.Encode()
	}
	var body io.Reader
	if r.Body != nil {
		body = bytes.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, target, body)
	if err != nil {
		return nil, err
	}
	for name, values := range c.Header {
		req.Header[name] = append([]string(nil), values...)
	}
	for name, values := range r.Header {
		req.Header[http.CanonicalHeaderKey(name)] = append([]string(nil), values...)
	}
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.Accept != "" {
		req.Header.Set("Accept", r.Accept)
	}
	httpClient := c.HTTP
	if httpClient == nil {
		httpClient = http.DefaultClient
	}
	return httpClient.Do(req)
}

// JSON sends r and decodes the success response (a 2xx of media type media)
// with decode; any other response is an error (ErrorFor).
func JSON[T any](ctx context.Context, c *Client, r Request, media string, decode func([]byte) (T, error),
	errs []ErrorCase) (T, error) {
	var zero T
	resp, err := c.Send(ctx, r)
	if err != nil {
		return zero, err
	}
	defer resp.Body.Close()
	text, err := io.ReadAll(resp.Body)
	if err != nil {
		return zero, err
	}
	if resp.StatusCode >= 200 && resp.StatusCode <= 299 && MediaType(resp.Header.Get("Content-Type")) == media {
		value, err := decode(text)
		if err != nil {
			why := "the body is not the declared type: " + err.Error()
			return zero, undeclared(resp.StatusCode, resp.Header, text, why)
		}
		return value, nil
	}
	return zero, ErrorFor(resp.StatusCode, resp.Header, text, errs)
}

// ErrorFor is the error of a response other than the success one: a
// *ResponseError when a declared case matches it and its body decodes, else
// an *UndeclaredError.
func ErrorFor(status int, header http.Header, text []byte, errs []ErrorCase) error {
	media := MediaType(header.Get("Content-Type"))
	matched := false
	for _, rank := range []func(string) bool{
		func(s string) bool { return s == strconv.Itoa(status) },
		func(s string) bool {
			return len(s) == 3 && s[0] == byte('0'+status/100) && strings.EqualFold(s[1:], "XX")
		},
		func(s string) bool { return s == "default" },
	} {
		for _, c := range errs {
			if !rank(c.Status) {
				continue
			}
			matched = true
			if c.Decode == nil && len(text) == 0 {
				return &ResponseError{Status: status, Header: header}
			}
			if c.Decode == nil || MediaType(c.Media) != media {
				continue
			}
			body, err := c.Decode(text)
			if err != nil {
				return undeclared(status, header, text, "the body is not the declared type: "+err.Error())
			}
			return &ResponseError{Status: status, Header: header, Body: body, Text: string(text)}
		}
		if matched {
			return undeclared(status, header, text, "the media type is not declared for this status")
		}
	}
	return undeclared(status, header, text, "the status is not declared")
}

func undeclared(status int, header http.Header, text []byte, reason string) *UndeclaredError {
	if len(text) > MaxQuotedBytes {
		text = text[:MaxQuotedBytes]
	}
	return &UndeclaredError{Status: status, ContentType: header.Get("Content-Type"), Header: header,
		Text: string(text), Reason: reason}
}

// MediaType is a Content-Type's media type without parameters, lower case.
func MediaType(contentType string) string {
	media, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		media = strings.TrimSpace(strings.SplitN(contentType, ";", 2)[0])
	}
	return strings.ToLower(media)
}

// RetryAfterMs reads a Retry-After header in delta-seconds as milliseconds;
// -1 when absent or not delta-seconds (an HTTP date is not honoured: the
// clocks of client and server differ; every language's client agrees).
func RetryAfterMs(header http.Header) int64 {
	value := strings.TrimSpace(header.Get("Retry-After"))
	seconds, err := strconv.ParseUint(value, 10, 64)
	if err != nil || value == "" || value[0] == '+' {
		return -1
	}
	if seconds > uint64(stream.MaxRetryMs/1000) {
		seconds = uint64(stream.MaxRetryMs / 1000)
	}
	return int64(seconds) * 1000
}
