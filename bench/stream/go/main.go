// Stream read throughput in Go: plain NDJSON line splitting vs the runtime's
// NDJSON and SSE readers, each item decoded with encoding/json into a struct
// with the packet's seq (the generated bindings will be plugged in later).
// Median of REPEATS rounds, round robin; one JSON line per measurement on stdout.
//
//	go run . PREFIX REPEATS
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"time"

	"example.com/contractgen/runtime/contract/stream"
)

const chunkSize = 65536

type packet struct {
	Seq int64 `json:"seq"`
}

func seq(text []byte) int64 {
	var p packet
	if err := json.Unmarshal(text, &p); err != nil {
		panic(err)
	}
	return p.Seq
}

func plain(data []byte) int64 {
	var n int64
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			i = len(data)
		}
		if i > 0 {
			n += seq(data[:i])
		}
		data = data[min(i+1, len(data)):]
	}
	return n
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func read(reader stream.Feeder, data []byte, decode bool) int64 {
	var n int64
	emit := func(record stream.Record) {
		switch r := record.(type) {
		case stream.NdjsonItem:
			if decode {
				n += seq([]byte(r.Text))
			} else {
				n++
			}
		case stream.SseEvent:
			if decode {
				n += seq([]byte(r.Data))
			} else {
				n++
			}
		}
	}
	for start := 0; start < len(data); start += chunkSize {
		_ = reader.FeedFunc(data[start:min(start+chunkSize, len(data))], emit)
	}
	reader.EndFunc(emit)
	return n
}

func main() {
	prefix := os.Args[1]
	repeats, _ := strconv.Atoi(os.Args[2])
	ndjson, err := os.ReadFile(prefix + ".ndjson")
	if err != nil {
		panic(err)
	}
	sse, err := os.ReadFile(prefix + ".sse")
	if err != nil {
		panic(err)
	}
	items := bytes.Count(ndjson, []byte{'\n'})
	newNdjson := func() stream.Feeder { return stream.NewNdjsonReader(0) }
	newSse := func() stream.Feeder { return stream.NewSseReader(stream.SseOptions{}) }
	runs := []struct {
		what string
		run  func() int64
		mb   float64
	}{
		{"plain NDJSON split + encoding/json", func() int64 { return plain(ndjson) }, float64(len(ndjson)) / 1e6},
		{"NdjsonReader + encoding/json", func() int64 { return read(newNdjson(), ndjson, true) }, float64(len(ndjson)) / 1e6},
		{"SseReader + encoding/json", func() int64 { return read(newSse(), sse, true) }, float64(len(sse)) / 1e6},
		{"NdjsonReader only", func() int64 { return read(newNdjson(), ndjson, false) }, float64(len(ndjson)) / 1e6},
		{"SseReader only", func() int64 { return read(newSse(), sse, false) }, float64(len(sse)) / 1e6},
	}
	times := make([][]float64, len(runs))
	for round := 0; round < repeats; round++ {
		for i, r := range runs {
			start := time.Now()
			r.run()
			times[i] = append(times[i], time.Since(start).Seconds())
		}
	}
	for i, r := range runs {
		sort.Float64s(times[i])
		median := times[i][len(times[i])/2]
		if len(times[i])%2 == 0 {
			median = (times[i][len(times[i])/2-1] + median) / 2
		}
		line, _ := json.Marshal(map[string]any{"lang": "Go", "what": r.what, "items": items, "mb": r.mb, "seconds": median})
		fmt.Println(string(line))
	}
}
