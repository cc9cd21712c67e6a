// Package support is what the Go vector tests and stream runner share: the
// configuration read from the contract's schema tables (the runtime itself
// has no contract constant), the chunkings, and records as JSON values.
package support

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"example.com/contractgen/runtime/contract/stream"
)

// Object is a JSON object as decoded here (numbers as json.Number).
type Object = map[string]any

var chunkSizes = []int{1, 2, 3, 7, 64}

// short: inputs up to this many bytes are also split at every pair of positions.
const short = 64

// Root is the repository: $CONTRACTGEN_ROOT, else the first folder up from
// the working directory that has schemas/ and tests/stream/.
func Root() string {
	if root := os.Getenv("CONTRACTGEN_ROOT"); root != "" {
		return root
	}
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "tests", "stream", "vectors")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			panic("the repository was not found: set CONTRACTGEN_ROOT")
		}
		dir = parent
	}
}

// ReadJSON decodes a file, numbers as json.Number.
func ReadJSON(path string) any {
	text, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return Decode(text)
}

// Decode decodes JSON text, numbers as json.Number; it panics on bad JSON.
func Decode(text []byte) any {
	decoder := json.NewDecoder(bytes.NewReader(text))
	decoder.UseNumber()
	var value any
	if err := decoder.Decode(&value); err != nil {
		panic(err)
	}
	return value
}

// Cases are the cases of a vector file of tests/stream/vectors.
func Cases(name string) []Object {
	var cases []Object
	for _, c := range ReadJSON(filepath.Join(Root(), "tests", "stream", "vectors", name)).(Object)["cases"].([]any) {
		cases = append(cases, c.(Object))
	}
	return cases
}

// Defs are the $defs of a schema file under schemas/.
func Defs(path string) Object {
	return ReadJSON(filepath.Join(Root(), "schemas", path)).(Object)["$defs"].(Object)
}

// Const is a def's const.
func Const(path, name string) any { return Defs(path)[name].(Object)["const"] }

// TypeConst is the discriminator value of an event def (its type property's const).
func TypeConst(path, name string) string {
	return Defs(path)[name].(Object)["properties"].(Object)["type"].(Object)["const"].(string)
}

// Int is a JSON number as an int64.
func Int(v any) int64 {
	n, err := v.(json.Number).Int64()
	if err != nil {
		panic(err)
	}
	return n
}

// Strings is a JSON array of strings.
func Strings(v any) []string {
	var out []string
	for _, s := range v.([]any) {
		out = append(out, s.(string))
	}
	return out
}

// StringMap is a JSON object of strings.
func StringMap(v any) map[string]string {
	out := map[string]string{}
	for k, s := range v.(Object) {
		out[k] = s.(string)
	}
	return out
}

// InputBytes is vector input: strings are UTF-8 text, {"hex": "..."} raw bytes.
func InputBytes(segments any) []byte {
	list, ok := segments.([]any)
	if !ok {
		list = []any{segments}
	}
	var out []byte
	for _, s := range list {
		if text, ok := s.(string); ok {
			out = append(out, text...)
			continue
		}
		raw, err := hex.DecodeString(strings.ReplaceAll(s.(Object)["hex"].(string), " ", ""))
		if err != nil {
			panic(err)
		}
		out = append(out, raw...)
	}
	return out
}

// Chunkings: whole, in chunks of 1, 2, 3, 7 and 64 bytes, and (short inputs)
// split at every pair of positions, empty chunks included.
func Chunkings(data []byte) [][][]byte {
	out := [][][]byte{{data}}
	for _, size := range chunkSizes {
		var chunks [][]byte
		for i := 0; i < len(data); i += size {
			end := i + size
			if end > len(data) {
				end = len(data)
			}
			chunks = append(chunks, data[i:end])
		}
		out = append(out, chunks)
	}
	if len(data) <= short {
		for i := 0; i <= len(data); i++ {
			for j := i; j <= len(data); j++ {
				out = append(out, [][]byte{data[:i], data[i:j], data[j:]})
			}
		}
	}
	return out
}

// RecordJSON is a reader record as the vectors write it.
func RecordJSON(record stream.Record) Object {
	switch r := record.(type) {
	case stream.NdjsonItem:
		return Object{"item": r.Text, "offset": r.Offset, "line": r.Line}
	case stream.SseEvent:
		return Object{"event": r.Type, "data": r.Data, "id": r.LastEventID, "offset": r.Offset, "line": r.Line}
	case stream.SseRetry:
		return Object{"retry": r.Ms, "offset": r.Offset, "line": r.Line}
	case stream.StreamError:
		return Object{"error": r.Code, "offset": r.Offset, "line": r.Line, "message": r.Message}
	}
	panic(fmt.Sprintf("not a reader record: %#v", record))
}

// Canonical is a JSON value's canonical text (keys sorted), to compare values
// decoded from the vectors with values built here.
func Canonical(v any) string {
	text, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(text)
}

// RawMember is a member of the named case of a vector file, as written.
func RawMember(file, name, member string) []byte {
	text, err := os.ReadFile(filepath.Join(Root(), "tests", "stream", "vectors", file))
	if err != nil {
		panic(err)
	}
	var document struct{ Cases []map[string]json.RawMessage }
	if err := json.Unmarshal(text, &document); err != nil {
		panic(err)
	}
	for _, c := range document.Cases {
		var caseName string
		if json.Unmarshal(c["name"], &caseName) == nil && caseName == name {
			return c[member]
		}
	}
	panic("no case " + name + " in " + file)
}

// TopLevelKeys are the member names of a JSON object text, in order, comma-separated.
func TopLevelKeys(text []byte) string {
	decoder := json.NewDecoder(bytes.NewReader(text))
	var keys []string
	depth := 0
	expectKey := false
	for {
		token, err := decoder.Token()
		if err != nil {
			break
		}
		switch v := token.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				depth++
			} else {
				depth--
			}
			expectKey = depth == 1 && v == '{'
			if depth == 1 && (v == '}' || v == ']') {
				expectKey = true
			}
			continue
		case string:
			if depth == 1 && expectKey {
				keys = append(keys, v)
				expectKey = false
				continue
			}
		}
		if depth == 1 {
			expectKey = true
		}
	}
	return strings.Join(keys, ",")
}
