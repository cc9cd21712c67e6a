package stream

import (
	"errors"
	"strconv"
	"strings"
)

// The writers give text (send it as UTF-8) that the readers read back
// exactly. What a reader could not give back unchanged is refused rather than
// written differently: a line break inside an NDJSON item, an SSE event name
// or id, a NUL in an id (the reader ignores such an id), a blank NDJSON item
// (the reader skips blank lines). SSE data is the one exception, because the
// format has no other way to carry a line break: it is split at CRLF, CR and
// LF into data lines, which the reader joins with LF.

// NdjsonLine is one NDJSON line: the item's JSON text and a LF.
func NdjsonLine(text string) (string, error) {
	if strings.ContainsAny(text, "\r\n") {
		return "", errors.New("an NDJSON item must not contain a line break")
	}
	if strings.Trim(text, " \t") == "" {
		return "", errors.New("an NDJSON item must not be blank")
	}
	return text + "\n", nil
}

// SseFields are the optional fields of an SSE event.
type SseFields struct {
	Event *string // nil: the reader's default type, message
	ID    *string // nil: no id line, so the reader keeps the last id ("" clears it)
	Retry *int64
}

// SseEventText is one SSE event: event, id, retry, the data lines and a blank line.
func SseEventText(data string, fields SseFields) (string, error) {
	var out strings.Builder
	out.Grow(len(data) + 64)
	if fields.Event != nil {
		if strings.ContainsAny(*fields.Event, "\r\n") {
			return "", errors.New("an SSE event name must not contain a line break")
		}
		writeField(&out, "event", *fields.Event)
	}
	if fields.ID != nil {
		if strings.ContainsAny(*fields.ID, "\r\n\x00") {
			return "", errors.New("an SSE id must not contain a line break or NUL")
		}
		writeField(&out, "id", *fields.ID)
	}
	if fields.Retry != nil {
		if *fields.Retry < 0 || *fields.Retry > MaxRetryMs {
			return "", errors.New("an SSE retry must be an integer from 0 to 2^53-1")
		}
		writeField(&out, "retry", strconv.FormatInt(*fields.Retry, 10))
	}
	forEachLine(data, func(piece string) { writeField(&out, "data", piece) })
	out.WriteByte('\n')
	return out.String(), nil
}

// SseComment is comment lines (": text"), e.g. a keep-alive; they do not end an event.
func SseComment(text string) string {
	var out strings.Builder
	forEachLine(text, func(piece string) { writeField(&out, "", piece) })
	return out.String()
}

func writeField(out *strings.Builder, name, value string) {
	out.WriteString(name)
	out.WriteByte(':')
	if value != "" {
		out.WriteByte(' ')
		out.WriteString(value)
	}
	out.WriteByte('\n')
}

// forEachLine calls f with each piece of text between CRLF, CR and LF.
func forEachLine(text string, f func(string)) {
	start := 0
	for i := 0; i < len(text); i++ {
		if text[i] != '\r' && text[i] != '\n' {
			continue
		}
		f(text[start:i])
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		start = i + 1
	}
	f(text[start:])
}
