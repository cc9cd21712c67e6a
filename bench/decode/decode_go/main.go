// Decode throughput of the Go binding on the decode corpus
// (bench/decode/corpus.py): every NDJSON line through
// chatstream.ParseStreamEnvelope (validated, typed), and, as the reference,
// encoding/json into the same structs without validation. encoding/json
// cannot fill a sealed interface, so the reference reads `data` as raw bytes,
// peeks at its tag and unmarshals the variant struct: the usual hand-written
// glue for a tagged union.
//
// usage: decode_go CORPUS [rounds]   (prints one JSON line per decoder: the
// median of `rounds` rounds; in each round the decoders run one after the
// other, so a noisy machine slows both alike)
// or: decode_go CORPUS NEGATIVE   (one round of bench/decode.py: the
// binding must accept every corpus line and reject every negative line, then
// a warm-up pass and one timed pass of the binding and of encoding/json
// into the hand-written structs of handwritten.go)
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"time"

	"github.com/contractgen/contract/generated/go/chatstream"
)

type variantDecoder func([]byte) (chatstream.StreamEvent, error)

func variant[T chatstream.StreamEvent]() (string, variantDecoder) {
	var zero T
	return zero.Type(), func(raw []byte) (chatstream.StreamEvent, error) {
		var v T
		err := json.Unmarshal(raw, &v)
		return v, err
	}
}

var variants = map[string]variantDecoder{}

func init() {
	for _, f := range []func() (string, variantDecoder){
		variant[chatstream.StreamStart], variant[chatstream.Heartbeat], variant[chatstream.DoneEvent],
		variant[chatstream.StreamError], variant[chatstream.MessageDelta], variant[chatstream.AiMessage],
		variant[chatstream.MessageIsAnswer], variant[chatstream.ChatTitleGenerated], variant[chatstream.ClarificationNeeded],
		variant[chatstream.UpdateMessageClarificationMessage], variant[chatstream.TaskUpdate], variant[chatstream.PendingSources],
		variant[chatstream.ReferencesFound], variant[chatstream.NodeToolsExecutionStart], variant[chatstream.NodeToolEvent],
		variant[chatstream.UpdateSubagentCurrentAction], variant[chatstream.NodeReportPreviewStart],
		variant[chatstream.NodeReportPreviewDelta], variant[chatstream.NodeReportPreviewDone], variant[chatstream.BrowserUseStart],
		variant[chatstream.BrowserUseStop], variant[chatstream.BrowserUseAwaitUserInput], variant[chatstream.PingEvent],
		variant[chatstream.ErrorEvent], variant[chatstream.MessageFileEvent], variant[chatstream.UsageUpdateEvent],
	} {
		tag, decode := f()
		variants[tag] = decode
	}
}

func encodingJSON(line []byte) (chatstream.StreamEnvelope, error) {
	var wire struct {
		Data      json.RawMessage `json:"data"`
		Timestamp int64           `json:"timestamp"`
	}
	if err := json.Unmarshal(line, &wire); err != nil {
		return chatstream.StreamEnvelope{}, err
	}
	var tag struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(wire.Data, &tag); err != nil {
		return chatstream.StreamEnvelope{}, err
	}
	decode, ok := variants[tag.Type]
	if !ok {
		return chatstream.StreamEnvelope{}, fmt.Errorf("unknown tag %q", tag.Type)
	}
	event, err := decode(wire.Data)
	return chatstream.StreamEnvelope{Data: event, Timestamp: wire.Timestamp}, err
}

// tokens reads every token with encoding/json's streaming Decoder.Token: the
// floor of a validating decoder built on it (no typed values, no checks yet).
func tokens(line []byte) (chatstream.StreamEnvelope, error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	for {
		if _, err := dec.Token(); err != nil {
			if err == io.EOF {
				return chatstream.StreamEnvelope{}, nil
			}
			return chatstream.StreamEnvelope{}, err
		}
	}
}

// valid is json.Valid: encoding/json's syntax scan alone.
func valid(line []byte) (chatstream.StreamEnvelope, error) {
	if !json.Valid(line) {
		return chatstream.StreamEnvelope{}, fmt.Errorf("invalid JSON")
	}
	return chatstream.StreamEnvelope{}, nil
}

func binding(line []byte) (chatstream.StreamEnvelope, error) {
	return chatstream.ParseStreamEnvelope(line)
}

func readLines(data []byte) [][]byte {
	var lines [][]byte
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(line) > 0 {
			lines = append(lines, line)
		}
	}
	return lines
}

// benchRound is one round of bench/decode.py: the verdicts, then the binding
// and its peer, encoding/json into the hand-written structs of handwritten.go
// (a warm-up pass and one timed pass each), printed as one JSON line each.
func benchRound(lines [][]byte, negative string, mb float64) int {
	data, err := os.ReadFile(negative)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	for _, line := range lines {
		if _, err := binding(line); err != nil {
			fmt.Fprintf(os.Stderr, "Go binding rejects a corpus line: %v\n%s\n", err, line)
			return 1
		}
	}
	for _, line := range readLines(data) {
		if _, err := binding(line); err == nil {
			fmt.Fprintf(os.Stderr, "Go binding accepts an invalid line: %s\n", line)
			return 1
		}
	}
	var checksum int64
	pass := func() float64 {
		start := time.Now()
		for _, line := range lines {
			v, _ := binding(line)
			checksum += v.Timestamp
		}
		return time.Since(start).Seconds()
	}
	// The peer must read every corpus line too (it rejects nothing: it does not validate).
	for _, line := range lines {
		if _, err := handwritten(line); err != nil {
			fmt.Fprintf(os.Stderr, "Go encoding/json (hand-written structs) rejects a corpus line: %v\n%s\n", err, line)
			return 1
		}
	}
	peer := func() float64 {
		start := time.Now()
		for _, line := range lines {
			v, _ := handwritten(line)
			checksum += v.Timestamp
		}
		return time.Since(start).Seconds()
	}
	// Warm-up passes, then one timed pass of each, the binding first.
	pass()
	peer()
	out, _ := json.Marshal(map[string]any{"row": "Go binding: ParseStreamEnvelope", "lines": len(lines), "mb": mb, "seconds": pass()})
	fmt.Println(string(out))
	out, _ = json.Marshal(map[string]any{"row": "Go encoding/json into hand-written structs (no validation)", "lines": len(lines),
		"mb": mb, "seconds": peer()})
	fmt.Println(string(out))
	fmt.Fprintf(os.Stderr, "checksum %d\n", checksum)
	return 0
}

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	lines := readLines(data)
	rounds := 5
	if len(os.Args) > 2 {
		if rounds, err = strconv.Atoi(os.Args[2]); err != nil {
			os.Exit(benchRound(lines, os.Args[2], float64(len(data))/1e6))
		}
	}
	decoders := []struct {
		name   string
		decode func([]byte) (chatstream.StreamEnvelope, error)
	}{
		{"Go (contractgen, streaming decoder)", binding},
		{"Go encoding/json into the structs (reference)", encodingJSON},
		{"Go encoding/json into hand-written structs (no validation)", func(line []byte) (chatstream.StreamEnvelope, error) {
			v, err := handwritten(line)
			return chatstream.StreamEnvelope{Timestamp: v.Timestamp}, err
		}},
		{"Go json Decoder.Token only (reference)", tokens},
		{"Go json.Valid only (reference)", valid},
	}
	times := make([][]float64, len(decoders))
	for r := 0; r < rounds; r++ {
		for i, d := range decoders {
			start := time.Now()
			for _, line := range lines {
				if _, err := d.decode(line); err != nil {
					fmt.Fprintf(os.Stderr, "%s: %v\n%s\n", d.name, err, line)
					os.Exit(1)
				}
			}
			times[i] = append(times[i], time.Since(start).Seconds())
		}
	}
	for i, d := range decoders {
		sort.Float64s(times[i])
		out, _ := json.Marshal(map[string]any{"binding": d.name, "lines": len(lines), "mb": float64(len(data)) / 1e6,
			"seconds": times[i][len(times[i])/2], "rounds": rounds})
		fmt.Println(string(out))
	}
}
