package stream

import (
	"bytes"
	"strconv"
)

// SseOptions configures an SseReader; zero limits mean the defaults.
type SseOptions struct {
	MaxLineBytes int
	// MaxEventBytes bounds an event's data buffer as the standard builds it:
	// each data line's value plus one LF.
	MaxEventBytes int
	// LastEventID seeds the last event ID (to resume after a reconnection, as EventSource keeps it).
	LastEventID string
}

// SseReader is the incremental SSE reader: the WHATWG HTML "event stream"
// interpretation with strict UTF-8 and size limits. One leading BOM is
// stripped; lines end at CR, LF or CRLF; data lines are joined with LF;
// event, id (ignored if it contains NUL, kept across events), retry (ASCII
// digits only, at most MaxRetryMs), ":" comments and fields without a colon;
// one space after the colon is stripped; a blank line dispatches, never with
// an empty data buffer. After an error the event being read is discarded and
// the reader skips to the next blank line; End reports a started,
// undispatched event as truncated.
type SseReader struct {
	maxLine, maxEvent int
	pending           []byte // the unfinished line's bytes
	held              []byte // the first bytes while they may be a BOM
	bomDecided        bool
	afterCR           bool // the last line ended with CR: a LF next is part of its line end
	discardLine       bool // the rest of a too-long line
	discardEvent      bool // skipping to the next blank line
	ended             bool
	offset, lineStart int64
	line              int64
	data              []byte
	dataLines         int
	eventType         string
	idBuffer          string
	lastEventID       string
	reconnection      int64
	hasReconnection   bool
	hasBlock          bool // the event's first line was seen
	blockOffset       int64
	blockLine         int64
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// NewSseReader makes a reader.
func NewSseReader(options SseOptions) *SseReader {
	r := &SseReader{maxLine: options.MaxLineBytes, maxEvent: options.MaxEventBytes, line: 1,
		idBuffer: options.LastEventID, lastEventID: options.LastEventID}
	if r.maxLine <= 0 {
		r.maxLine = DefaultMaxLineBytes
	}
	if r.maxEvent <= 0 {
		r.maxEvent = DefaultMaxEventBytes
	}
	return r
}

// LastEventID is the last event ID string: set when an event is dispatched (also with empty data).
func (r *SseReader) LastEventID() string { return r.lastEventID }

// ReconnectionTime is the reconnection time of the last valid retry field, if any.
func (r *SseReader) ReconnectionTime() (int64, bool) { return r.reconnection, r.hasReconnection }

// Feed reads a chunk and returns its records (SseEvent, SseRetry, StreamError) in stream order.
func (r *SseReader) Feed(chunk []byte) ([]Record, error) {
	var out []Record
	err := r.FeedFunc(chunk, func(rec Record) { out = append(out, rec) })
	return out, err
}

// FeedFunc is Feed with a callback per record instead of a slice.
func (r *SseReader) FeedFunc(chunk []byte, emit func(Record)) error {
	if r.ended {
		return ErrFeedAfterEnd
	}
	if !r.bomDecided {
		chunk = r.stripBOM(chunk)
		if !r.bomDecided {
			return nil
		}
	}
	if r.afterCR && len(chunk) > 0 {
		r.afterCR = false
		if chunk[0] == '\n' { // the LF of a CRLF split across chunks
			chunk = chunk[1:]
			r.offset++
			r.lineStart++
		}
	}
	base := r.offset
	n := len(chunk)
	pos := 0
	cr := indexFrom(chunk, '\r', 0) // kept across lines: most streams have no CR at all
	for pos < n {
		if cr >= 0 && cr < pos {
			cr = indexFrom(chunk, '\r', pos)
		}
		end := indexFrom(chunk, '\n', pos)
		if cr >= 0 && (end < 0 || cr < end) {
			end = cr
		}
		if end < 0 {
			break
		}
		next := end + 1
		if end == cr {
			if next < n && chunk[next] == '\n' {
				next++
			} else if next == n {
				r.afterCR = true
			}
		}
		r.completeLine(chunk[pos:end], emit)
		pos = next
		r.line++
		r.lineStart = base + int64(pos)
	}
	if pos < n {
		r.partial(chunk[pos:], emit)
	}
	r.offset = base + int64(n)
	return nil
}

// End marks the end of the input; a second call returns nothing.
func (r *SseReader) End() []Record {
	var out []Record
	r.EndFunc(func(rec Record) { out = append(out, rec) })
	return out
}

// EndFunc is End with a callback per record.
func (r *SseReader) EndFunc(emit func(Record)) {
	if r.ended {
		return
	}
	if !r.bomDecided && len(r.held) > 0 {
		// Fewer than three bytes, all a prefix of the BOM: they are data.
		held := r.held
		r.held = nil
		r.bomDecided = true
		r.partial(held, emit)
	}
	r.ended = true
	if r.discardEvent || r.discardLine {
		return
	}
	if len(r.pending) > 0 || r.dataLines > 0 || r.eventType != "" {
		offset, line := r.lineStart, r.line
		if r.hasBlock {
			offset, line = r.blockOffset, r.blockLine
		}
		emit(StreamError{"truncated", offset, line, "stream ends inside an event (no blank line after it)"})
	}
}

// stripBOM compares the stream's first bytes with EF BB BF, across chunks.
func (r *SseReader) stripBOM(chunk []byte) []byte {
	used := 0
	for len(r.held) < 3 && used < len(chunk) && chunk[used] == bom[len(r.held)] {
		r.held = append(r.held, chunk[used])
		used++
	}
	if len(r.held) < 3 && used == len(chunk) {
		return nil // still undecided
	}
	r.bomDecided = true
	if len(r.held) == 3 {
		r.held = nil
		r.offset, r.lineStart = 3, 3
		return chunk[used:]
	}
	// Not a BOM: the held bytes are data, followed by the rest of the chunk.
	joined := append(r.held, chunk[used:]...)
	r.held = nil
	return joined
}

func (r *SseReader) partial(tail []byte, emit func(Record)) {
	if r.discardLine {
		return
	}
	if r.discardEvent {
		r.discardLine = true // a non-empty line while skipping an event: never buffered
		return
	}
	if len(r.pending)+len(tail) > r.maxLine {
		r.fail(tooLong(r.lineStart, r.line, r.maxLine), emit)
		r.discardLine = true
		r.pending = r.pending[:0]
	} else {
		r.pending = append(r.pending, tail...)
	}
}

func (r *SseReader) completeLine(piece []byte, emit func(Record)) {
	if r.discardLine {
		r.discardLine = false
		return
	}
	if len(r.pending) > 0 {
		if len(r.pending)+len(piece) > r.maxLine {
			r.pending = r.pending[:0]
			r.fail(tooLong(r.lineStart, r.line, r.maxLine), emit)
			return
		}
		r.pending = append(r.pending, piece...)
		piece = r.pending
		defer func() { r.pending = r.pending[:0] }()
	}
	if len(piece) == 0 {
		if r.discardEvent {
			r.discardEvent = false
			r.hasBlock = false
		} else {
			r.dispatch(emit)
		}
		return
	}
	if r.discardEvent {
		return
	}
	if len(piece) > r.maxLine {
		r.fail(tooLong(r.lineStart, r.line, r.maxLine), emit)
		return
	}
	if !r.hasBlock {
		r.hasBlock, r.blockOffset, r.blockLine = true, r.lineStart, r.line
	}
	if bad := InvalidUTF8At(piece); bad >= 0 {
		r.fail(utf8Error(piece, bad, r.lineStart, r.line), emit)
		return
	}
	r.field(piece, emit)
}

func (r *SseReader) field(text []byte, emit func(Record)) {
	colon := bytes.IndexByte(text, ':')
	if colon == 0 {
		return // a comment
	}
	name, value := text, []byte(nil)
	if colon > 0 {
		name, value = text[:colon], text[colon+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	}
	switch string(name) {
	case "data":
		size := len(value) + 1
		if r.dataLines > 0 {
			size += len(r.data) + 1
		}
		if size > r.maxEvent {
			r.fail(StreamError{"event_too_long", r.lineStart, r.line,
				"event data longer than " + strconv.Itoa(r.maxEvent) + " bytes"}, emit)
			return
		}
		if r.dataLines > 0 {
			r.data = append(r.data, '\n')
		}
		r.dataLines++
		r.data = append(r.data, value...)
	case "event":
		r.eventType = string(value)
	case "id":
		if bytes.IndexByte(value, 0) < 0 {
			r.idBuffer = string(value)
		}
	case "retry":
		if ms, ok := retryValue(value); ok {
			r.reconnection, r.hasReconnection = ms, true
			emit(SseRetry{ms, r.lineStart, r.line})
		}
	}
}

// retryValue: ASCII digits only (at least one), at most MaxRetryMs.
func retryValue(value []byte) (int64, bool) {
	if len(value) == 0 {
		return 0, false
	}
	for _, c := range value {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	for len(value) > 1 && value[0] == '0' {
		value = value[1:]
	}
	if len(value) > 16 {
		return 0, false
	}
	var ms int64
	for _, c := range value {
		ms = ms*10 + int64(c-'0')
	}
	return ms, ms <= MaxRetryMs
}

func (r *SseReader) dispatch(emit func(Record)) {
	r.lastEventID = r.idBuffer
	hadBlock := r.hasBlock
	r.hasBlock = false
	if r.dataLines == 0 {
		r.eventType = ""
		return
	}
	eventType := r.eventType
	if eventType == "" {
		eventType = "message"
	}
	offset := int64(0)
	if hadBlock {
		offset = r.blockOffset
	}
	emit(SseEvent{eventType, string(r.data), r.lastEventID, offset, r.blockLine})
	r.resetEvent()
}

func (r *SseReader) fail(err StreamError, emit func(Record)) {
	emit(err)
	r.discardEvent = true
	r.resetEvent()
}

func (r *SseReader) resetEvent() {
	r.data = r.data[:0]
	r.dataLines = 0
	r.eventType = ""
}

// indexFrom is the index of c in b at or after from, or -1.
func indexFrom(b []byte, c byte, from int) int {
	i := bytes.IndexByte(b[from:], c)
	if i < 0 {
		return -1
	}
	return from + i
}
