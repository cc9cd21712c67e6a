// The Go stream runner: raw bytes on stdin through the runtime's reader.
//
//	stream_runner_go --framing ndjson|sse [--chunk N] [--decode text|json]
//	                 [--max-line-bytes N] [--max-event-bytes N] [FILE...]
//
// Feeds stdin (or each FILE, as a stream of its own, after a line "stream
// FILE") to a reader in chunks of N bytes (default: all at once) and prints
// one line per record, the same in every language's runner:
//
//	item <json>                        an NDJSON line, or an SSE event {"event","id","data"}
//	retry <ms>                         an SSE retry field
//	error <offset> <line>: <code>: <message>
//
// With --decode text an item's text is a JSON string; with --decode json it
// is parsed and re-serialised (a parse failure is an error with code
// "decode"). Exit status 0, or 2 for a usage error.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"

	"example.com/contractgen/runtime/contract/stream"
)

type settings struct {
	framing       string
	chunk         int
	decodeJSON    bool
	maxLineBytes  int
	maxEventBytes int
}

func usage(message string) {
	fmt.Fprintf(os.Stderr, "stream_runner_go: %s\nusage: stream_runner_go --framing ndjson|sse [--chunk N] [--decode text|json] "+
		"[--max-line-bytes N] [--max-event-bytes N] [FILE...]\n", message)
	os.Exit(2)
}

func main() {
	s := settings{chunk: 0, maxLineBytes: stream.DefaultMaxLineBytes, maxEventBytes: stream.DefaultMaxEventBytes}
	var files []string
	args := os.Args[1:]
	for i := 0; i < len(args); i++ {
		name := args[i]
		if len(name) < 2 || name[:2] != "--" {
			files = append(files, name)
			continue
		}
		if i+1 >= len(args) {
			usage(name + " needs a value")
		}
		value := args[i+1]
		i++
		number := func() int {
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				usage(name + " must be a number, not " + strconv.Quote(value))
			}
			return n
		}
		switch name {
		case "--framing":
			if value != "ndjson" && value != "sse" {
				usage("--framing must be ndjson or sse")
			}
			s.framing = value
		case "--chunk":
			s.chunk = number()
		case "--decode":
			if value != "text" && value != "json" {
				usage("--decode must be text or json")
			}
			s.decodeJSON = value == "json"
		case "--max-line-bytes":
			s.maxLineBytes = number()
		case "--max-event-bytes":
			s.maxEventBytes = number()
		default:
			usage("unknown option " + name)
		}
	}
	if s.framing == "" {
		usage("--framing is required")
	}
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	defer out.Flush()
	if len(files) == 0 {
		data, err := io.ReadAll(os.Stdin)
		if err != nil {
			usage("cannot read stdin: " + err.Error())
		}
		run(s, data, out)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			out.Flush()
			usage("cannot read " + path + ": " + err.Error())
		}
		fmt.Fprintf(out, "stream %s\n", path)
		run(s, data, out)
	}
}

func run(s settings, data []byte, out *bufio.Writer) {
	var reader stream.Feeder
	if s.framing == "ndjson" {
		reader = stream.NewNdjsonReader(s.maxLineBytes)
	} else {
		reader = stream.NewSseReader(stream.SseOptions{MaxLineBytes: s.maxLineBytes, MaxEventBytes: s.maxEventBytes})
	}
	emit := func(record stream.Record) { write(s, record, out) }
	size := s.chunk
	if size == 0 {
		size = len(data)
		if size == 0 {
			size = 1
		}
	}
	for start := 0; start < len(data); start += size {
		end := start + size
		if end > len(data) {
			end = len(data)
		}
		_ = reader.FeedFunc(data[start:end], emit) // never after EndFunc
	}
	reader.EndFunc(emit)
}

func write(s settings, record stream.Record, out *bufio.Writer) {
	switch r := record.(type) {
	case stream.StreamError:
		fmt.Fprintf(out, "error %d %d: %s: %s\n", r.Offset, r.Line, r.Code, r.Message)
	case stream.SseRetry:
		fmt.Fprintf(out, "retry %d\n", r.Ms)
	case stream.NdjsonItem:
		if text, ok := value(s, r.Text, r.Offset, r.Line, out); ok {
			out.WriteString("item " + text + "\n")
		}
	case stream.SseEvent:
		if data, ok := value(s, r.Data, r.Offset, r.Line, out); ok {
			out.WriteString(`item {"event":` + dumpString(r.Type) + `,"id":` + dumpString(r.LastEventID) + `,"data":` + data + "}\n")
		}
	}
}

// value is the item's text as JSON: a string, or the parsed value re-serialised.
func value(s settings, text string, offset, line int64, out *bufio.Writer) (string, bool) {
	if !s.decodeJSON {
		return dumpString(text), true
	}
	decoder := json.NewDecoder(bytes.NewReader([]byte(text)))
	decoder.UseNumber()
	var parsed any
	if err := decoder.Decode(&parsed); err != nil || decoder.More() {
		fmt.Fprintf(out, "error %d %d: decode: not JSON\n", offset, line)
		return "", false
	}
	if _, err := decoder.Token(); err != io.EOF {
		fmt.Fprintf(out, "error %d %d: decode: not JSON\n", offset, line)
		return "", false
	}
	var b bytes.Buffer
	dump(&b, parsed)
	return b.String(), true
}

// dumpString writes a JSON string as the other runners do: UTF-8 kept, only
// the quote, the backslash and control characters escaped.
func dumpString(text string) string {
	var b bytes.Buffer
	writeString(&b, text)
	return b.String()
}

func writeString(b *bytes.Buffer, text string) {
	b.WriteByte('"')
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c < 0x20:
			fmt.Fprintf(b, `\u%04x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}

func dump(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		b.WriteString(x.String())
	case string:
		writeString(b, x)
	case []any:
		b.WriteByte('[')
		for i, item := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			dump(b, item)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			dump(b, x[k])
		}
		b.WriteByte('}')
	}
}
