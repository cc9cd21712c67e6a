package stream

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Reader limits and the largest reconnection time accepted.
const (
	DefaultMaxLineBytes  = 16 << 20
	DefaultMaxEventBytes = 16 << 20
	// MaxRetryMs is 2^53-1: what every language holds exactly.
	MaxRetryMs int64 = 1<<53 - 1
)

// ErrFeedAfterEnd is returned by Feed once End has been called.
var ErrFeedAfterEnd = errors.New("stream: Feed after End")

// Record is what the readers give: NdjsonItem, SseEvent, SseRetry or StreamError.
type Record interface {
	// Position is the byte offset (0-based, from the start of the stream) and
	// the line (1-based) where the record starts.
	Position() (offset, line int64)
	record()
}

// StreamError is a framing problem. Code is utf8, line_too_long,
// event_too_long or truncated (decode: the host's decoder refused an item).
// It is a record, and an error too.
type StreamError struct {
	Code    string
	Offset  int64
	Line    int64
	Message string
}

func (e StreamError) Error() string {
	return strconv.FormatInt(e.Offset, 10) + "/" + strconv.FormatInt(e.Line, 10) + ": " + e.Code + ": " + e.Message
}

// Position implements Record.
func (e StreamError) Position() (int64, int64) { return e.Offset, e.Line }
func (StreamError) record()                    {}

// NdjsonItem is one non-blank NDJSON line, without its line end.
type NdjsonItem struct {
	Text   string
	Offset int64
	Line   int64
}

// Position implements Record.
func (i NdjsonItem) Position() (int64, int64) { return i.Offset, i.Line }
func (NdjsonItem) record()                    {}

// SseEvent is a dispatched SSE event; Offset and Line are those of its first line.
type SseEvent struct {
	Type        string
	Data        string
	LastEventID string
	Offset      int64
	Line        int64
}

// Position implements Record.
func (e SseEvent) Position() (int64, int64) { return e.Offset, e.Line }
func (SseEvent) record()                    {}

// SseRetry is a valid retry field: the reconnection time is now Ms.
type SseRetry struct {
	Ms     int64
	Offset int64
	Line   int64
}

// Position implements Record.
func (r SseRetry) Position() (int64, int64) { return r.Offset, r.Line }
func (SseRetry) record()                    {}

// InvalidUTF8At is the index of the first byte of the first ill-formed UTF-8
// sequence in b, or -1 (Unicode table 3-7: no overlongs, surrogates or values
// above U+10FFFF; a sequence cut off by the end of b is ill-formed).
func InvalidUTF8At(b []byte) int {
	if utf8.Valid(b) { // the standard library's check is as strict, and fast
		return -1
	}
	n := len(b)
	for i := 0; i < n; {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		var need int
		lo, hi := byte(0x80), byte(0xbf)
		switch {
		case c >= 0xc2 && c <= 0xdf:
			need = 1
		case c >= 0xe0 && c <= 0xef:
			need = 2
			if c == 0xe0 {
				lo = 0xa0
			} else if c == 0xed {
				hi = 0x9f
			}
		case c >= 0xf0 && c <= 0xf4:
			need = 3
			if c == 0xf0 {
				lo = 0x90
			} else if c == 0xf4 {
				hi = 0x8f
			}
		default:
			return i
		}
		if i+need >= n || b[i+1] < lo || b[i+1] > hi {
			return i
		}
		for k := 2; k <= need; k++ {
			if b[i+k] < 0x80 || b[i+k] > 0xbf {
				return i
			}
		}
		i += need + 1
	}
	return -1
}

func utf8Error(text []byte, at int, start, line int64) StreamError {
	return StreamError{"utf8", start + int64(at), line, fmt.Sprintf("invalid UTF-8 (byte 0x%02X)", text[at])}
}

func tooLong(start, line int64, limit int) StreamError {
	return StreamError{"line_too_long", start, line, "line longer than " + strconv.Itoa(limit) + " bytes"}
}

// isBlank: JSON whitespace only (LF cannot occur inside a line).
func isBlank(text []byte) bool {
	for _, c := range text {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}
