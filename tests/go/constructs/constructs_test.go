// Every IR construct through the Go output of the golden case
// tests/golden/constructs: the samples of the Python test of the same case
// (whose verdicts it confirms with a standard validator), written out by
// dump_samples.py to $CONTRACTGEN_CONSTRUCTS_SAMPLES. Valid samples must
// round-trip to the same JSON value, invalid ones fail with a path and a keyword.
package constructs_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"example.com/contract/constructs"
	"example.com/contract/contract"
	"example.com/contract/registry"
)

// Samples JSON Schema alone accepts but the contract's payload policy
// (docs/semantics.md) rejects: integers beyond ±(2^53−1) without format
// int64/uint64 are `range` errors in every binding.
var policyRejects = map[string]string{
	`constructs.Numbers {"whole": 12345678901234567}`: "range",
}

func TestSamples(t *testing.T) {
	path := os.Getenv("CONTRACTGEN_CONSTRUCTS_SAMPLES")
	if path == "" {
		t.Fatal("CONTRACTGEN_CONSTRUCTS_SAMPLES is not set: run python dump_samples.py OUT and point it at OUT (CTest does)")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	scanner := bufio.NewScanner(f)
	scanner.Buffer(nil, 1<<24)
	types := map[string]bool{}
	n := 0
	for scanner.Scan() {
		var s struct {
			Type     string          `json:"type"`
			Instance json.RawMessage `json:"instance"`
			Valid    bool            `json:"valid"`
		}
		if err := json.Unmarshal(scanner.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		n++
		types[s.Type] = true
		rt := registry.Find(s.Type)
		if rt == nil {
			t.Errorf("%s is not registered", s.Type)
			continue
		}
		out, err := rt(s.Instance)
		if keyword, ok := policyRejects[s.Type+" "+string(s.Instance)]; ok {
			var de *contract.DecodeError
			if !errors.As(err, &de) || de.Keyword != keyword {
				t.Errorf("%s %s: want a %s error by the payload policy, got %v", s.Type, s.Instance, keyword, err)
			}
			continue
		}
		switch {
		case s.Valid && err != nil:
			t.Errorf("%s %s: rejected: %v", s.Type, s.Instance, err)
		case s.Valid && !contract.Equal(contract.MustParseValue(string(out)), contract.MustParseValue(string(s.Instance))):
			t.Errorf("%s: round trip changed the value:\n  in:  %s\n  out: %s", s.Type, s.Instance, out)
		case !s.Valid && err == nil:
			t.Errorf("%s %s: accepted as %s", s.Type, s.Instance, out)
		case !s.Valid:
			var de *contract.DecodeError
			if !errors.As(err, &de) || !strings.HasPrefix(de.Path, "$") || de.Keyword == "" {
				t.Errorf("%s %s: error without a path or keyword: %v", s.Type, s.Instance, err)
			}
		}
	}
	if err := scanner.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d samples", n)
	}
	// Every registered type has samples.
	for _, name := range registry.Types {
		if !types[name] && strings.HasPrefix(name, "constructs.") {
			t.Errorf("no sample for %s", name)
		}
	}
}

func TestShapes(t *testing.T) {
	// A discriminated union decodes to its variant; its tag method reads the tag.
	shape, err := constructs.ParseShape([]byte(`{"kind": "circle", "r": 1.5}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := shape.(constructs.Circle); !ok || shape.Kind() != "circle" {
		t.Fatalf("got %#v", shape)
	}
}
