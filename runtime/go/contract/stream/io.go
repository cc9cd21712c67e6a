package stream

import "io"

// Feeder is a reader of a framing: NdjsonReader or SseReader.
type Feeder interface {
	FeedFunc(chunk []byte, emit func(Record)) error
	EndFunc(emit func(Record))
}

var (
	_ Feeder = (*NdjsonReader)(nil)
	_ Feeder = (*SseReader)(nil)
)

// RecordReader reads the records of a byte stream from an io.Reader:
//
//	records := stream.NewRecordReader(body, stream.NewSseReader(stream.SseOptions{}))
//	for {
//		record, err := records.Next()
//		if err == io.EOF {
//			break
//		} else if err != nil {
//			return err // the io.Reader's error
//		}
//		switch r := record.(type) {
//		case stream.SseEvent: ...
//		case stream.StreamError: ... // a framing problem; reading goes on
//		}
//	}
type RecordReader struct {
	src    io.Reader
	feeder Feeder
	buf    []byte
	queue  []Record
	done   bool
}

// NewRecordReader reads src through feeder, 64 KiB at a time.
func NewRecordReader(src io.Reader, feeder Feeder) *RecordReader {
	return &RecordReader{src: src, feeder: feeder, buf: make([]byte, 64<<10)}
}

// Next is the next record; io.EOF after the last one (End's records
// included), or the io.Reader's error.
func (r *RecordReader) Next() (Record, error) {
	for len(r.queue) == 0 {
		if r.done {
			return nil, io.EOF
		}
		n, err := r.src.Read(r.buf)
		if n > 0 {
			if ferr := r.feeder.FeedFunc(r.buf[:n], r.push); ferr != nil {
				return nil, ferr
			}
		}
		if err == io.EOF {
			r.done = true
			r.feeder.EndFunc(r.push)
		} else if err != nil {
			return nil, err
		}
	}
	record := r.queue[0]
	r.queue = r.queue[1:]
	return record, nil
}

func (r *RecordReader) push(record Record) { r.queue = append(r.queue, record) }
