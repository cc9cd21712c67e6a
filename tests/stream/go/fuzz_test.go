package vectors

import (
	"reflect"
	"testing"

	"contractgen.test/stream/support"
	"example.com/contractgen/runtime/contract/stream"
)

// Go's fuzzing over the readers: whatever the bytes, the records do not
// depend on where the chunks are cut (whole, at one position, byte by byte),
// and every record lies inside the input. `go test` runs the seeds (every
// reader vector's input); `go test -fuzz FuzzSseChunking` searches further.

func readAll(newReader func() feeder, chunks [][]byte) []stream.Record {
	reader := newReader()
	var out []stream.Record
	for _, chunk := range chunks {
		records, _ := reader.Feed(chunk)
		out = append(out, records...)
	}
	return append(out, reader.End()...)
}

func checkChunking(t *testing.T, newReader func() feeder, data []byte, cut uint) {
	whole := readAll(newReader, [][]byte{data})
	at := int(cut % uint(len(data)+1))
	if split := readAll(newReader, [][]byte{data[:at], data[at:]}); !reflect.DeepEqual(split, whole) {
		t.Fatalf("cut at %d: %v, whole: %v", at, split, whole)
	}
	var bytes [][]byte
	for i := range data {
		bytes = append(bytes, data[i:i+1])
	}
	if byByte := readAll(newReader, bytes); !reflect.DeepEqual(byByte, whole) {
		t.Fatalf("byte by byte: %v, whole: %v", byByte, whole)
	}
	for _, record := range whole {
		if offset, line := record.Position(); offset < 0 || offset > int64(len(data)) || line < 1 {
			t.Fatalf("record outside the input: %v", record)
		}
	}
}

func seeds(f *testing.F, file string) {
	for _, c := range support.Cases(file) {
		f.Add(support.InputBytes(c["input"]), uint(7))
	}
}

func FuzzNdjsonChunking(f *testing.F) {
	seeds(f, "ndjson.json")
	f.Fuzz(func(t *testing.T, data []byte, cut uint) {
		checkChunking(t, func() feeder { return stream.NewNdjsonReader(8) }, data, cut)
		checkChunking(t, func() feeder { return stream.NewNdjsonReader(0) }, data, cut)
	})
}

func FuzzSseChunking(f *testing.F) {
	seeds(f, "sse.json")
	f.Fuzz(func(t *testing.T, data []byte, cut uint) {
		checkChunking(t, func() feeder { return stream.NewSseReader(stream.SseOptions{MaxLineBytes: 12, MaxEventBytes: 6}) }, data, cut)
		checkChunking(t, func() feeder { return stream.NewSseReader(stream.SseOptions{}) }, data, cut)
	})
}
