package stream

import "bytes"

// NdjsonReader is the incremental NDJSON reader: feed byte chunks of any
// size, get lines out. Lines end at LF; one CR before the LF is dropped;
// blank lines (JSON whitespace only) are skipped. Every byte before the LF
// counts against the maximum line size. A BOM is not special: it stays in the
// first item, where the JSON decoder rejects it. End reports an unfinished,
// non-blank last line as truncated: a stream cut mid-line must not yield half
// an event that happens to parse.
type NdjsonReader struct {
	max       int
	pending   []byte // the unfinished line's bytes
	skipping  bool   // inside a line already reported too long
	offset    int64  // stream offset of the next byte fed
	lineStart int64
	line      int64
	ended     bool
}

// NewNdjsonReader makes a reader; maxLineBytes <= 0 means DefaultMaxLineBytes.
func NewNdjsonReader(maxLineBytes int) *NdjsonReader {
	if maxLineBytes <= 0 {
		maxLineBytes = DefaultMaxLineBytes
	}
	return &NdjsonReader{max: maxLineBytes, line: 1}
}

// Feed reads a chunk and returns its records (NdjsonItem, StreamError) in stream order.
func (r *NdjsonReader) Feed(chunk []byte) ([]Record, error) {
	var out []Record
	err := r.FeedFunc(chunk, func(rec Record) { out = append(out, rec) })
	return out, err
}

// FeedFunc is Feed with a callback per record instead of a slice.
func (r *NdjsonReader) FeedFunc(chunk []byte, emit func(Record)) error {
	if r.ended {
		return ErrFeedAfterEnd
	}
	base := r.offset
	pos := 0
	for pos < len(chunk) {
		i := bytes.IndexByte(chunk[pos:], '\n')
		if i < 0 {
			break
		}
		piece := chunk[pos : pos+i]
		switch {
		case r.skipping:
			r.skipping = false
		case len(r.pending) == 0:
			r.takeLine(piece, emit)
		case len(r.pending)+len(piece) > r.max:
			r.pending = r.pending[:0]
			emit(tooLong(r.lineStart, r.line, r.max))
		default:
			r.pending = append(r.pending, piece...)
			r.takeLine(r.pending, emit)
			r.pending = r.pending[:0]
		}
		pos += i + 1
		r.line++
		r.lineStart = base + int64(pos)
	}
	if pos < len(chunk) && !r.skipping {
		if len(r.pending)+len(chunk)-pos > r.max {
			emit(tooLong(r.lineStart, r.line, r.max))
			r.skipping = true
			r.pending = r.pending[:0]
		} else {
			r.pending = append(r.pending, chunk[pos:]...)
		}
	}
	r.offset = base + int64(len(chunk))
	return nil
}

// End marks the end of the input; a second call returns nothing.
func (r *NdjsonReader) End() []Record {
	var out []Record
	r.EndFunc(func(rec Record) { out = append(out, rec) })
	return out
}

// EndFunc is End with a callback per record.
func (r *NdjsonReader) EndFunc(emit func(Record)) {
	if r.ended {
		return
	}
	r.ended = true
	if r.skipping || isBlank(r.pending) {
		return
	}
	emit(StreamError{"truncated", r.lineStart, r.line, "stream ends inside a line (no line feed after it)"})
}

func (r *NdjsonReader) takeLine(raw []byte, emit func(Record)) {
	if len(raw) > r.max {
		emit(tooLong(r.lineStart, r.line, r.max))
		return
	}
	if isBlank(raw) {
		return
	}
	if raw[len(raw)-1] == '\r' {
		raw = raw[:len(raw)-1]
	}
	if bad := InvalidUTF8At(raw); bad >= 0 {
		emit(utf8Error(raw, bad, r.lineStart, r.line))
		return
	}
	emit(NdjsonItem{string(raw), r.lineStart, r.line})
}
