// The repository's contract through the generated Go bindings: every
// hand-written conformance vector (tests/conformance/vectors, whose verdicts
// the conformance tests check against a standard validator) decodes to the
// verdict it declares, and every valid one re-encodes to the same JSON value.
package contract_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contract/generated/go/contract"
	"github.com/contractgen/contract/generated/go/registry"
)

type vectorFile struct {
	Cases []struct {
		Name     string          `json:"name"`
		Type     string          `json:"type"`
		Valid    bool            `json:"valid"`
		Instance json.RawMessage `json:"instance"`
	} `json:"cases"`
}

func TestHandWrittenVectors(t *testing.T) {
	files, err := filepath.Glob("../../conformance/vectors/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no vector files found: %v", err)
	}
	count := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var vf vectorFile
		if err := json.Unmarshal(data, &vf); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, c := range vf.Cases {
			count++
			rt := registry.Find(c.Type)
			if rt == nil {
				t.Errorf("%s: type %s is not registered", c.Name, c.Type)
				continue
			}
			out, err := rt(c.Instance)
			if c.Valid {
				if err != nil {
					t.Errorf("%s (%s): rejected a valid instance: %v", c.Name, c.Type, err)
				} else if !contract.Equal(contract.MustParseValue(string(out)), contract.MustParseValue(string(c.Instance))) {
					t.Errorf("%s (%s): round trip changed the value:\n  in:  %s\n  out: %s", c.Name, c.Type, c.Instance, out)
				}
				continue
			}
			var de *contract.DecodeError
			if err == nil {
				t.Errorf("%s (%s): accepted an invalid instance: %s", c.Name, c.Type, c.Instance)
			} else if !errors.As(err, &de) || !strings.HasPrefix(de.Path, "$") || de.Keyword == "" {
				t.Errorf("%s (%s): the error has no JSON path or keyword: %v", c.Name, c.Type, err)
			}
		}
	}
	if count < 500 {
		t.Fatalf("only %d vectors read; expected the ~600 hand-written ones", count)
	}
}

func TestEveryTypeRegistered(t *testing.T) {
	if len(registry.Types) < 90 {
		t.Fatalf("registry lists %d types", len(registry.Types))
	}
	for _, name := range registry.Types {
		if registry.Find(name) == nil {
			t.Errorf("%s is listed but Find returns nil", name)
		}
	}
	if registry.Find("chat_stream.NoSuchType") != nil {
		t.Error("Find returned a round trip for an unknown name")
	}
}
