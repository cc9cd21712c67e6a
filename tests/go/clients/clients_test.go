// The generated Go operation clients (generated/go/operations) against the
// reference engine on loopback in its fault mode, one test per shared
// scenario vector (tests/clients/vectors/README.md says how they run): the
// same outcome the TypeScript, Python and C++ clients must have. The vector
// names the method and its parameters by wire name; the client is driven
// through reflection on the generated method and its parameters' `wire`
// tags, so nothing here is written per operation.
package clients_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/contractgen/contract/generated/go/contract/client"
	"github.com/contractgen/contract/generated/go/operations"
)

type vector struct {
	Method     string                     `json:"method"`
	Parameters map[string]string          `json:"parameters"`
	Body       json.RawMessage            `json:"body"`
	Fault      *string                    `json:"fault"`
	Client     map[string]int64           `json:"client"`
	Expect     map[string]json.RawMessage `json:"expect"`
}

// startEngine runs tests/engine/engine.py on a free port; its address.
func startEngine(t *testing.T) string {
	python := os.Getenv("CONTRACTGEN_VENV_PYTHON")
	if python == "" {
		python = "../../../.venv/bin/python"
	}
	cmd := exec.Command(python, "../../engine/engine.py", "--port", "0", "--stall-ms", "1500")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the engine with %s: %v", python, err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "listening on ") {
		t.Fatalf("the engine said %q (%v)", line, err)
	}
	return strings.TrimSpace(strings.TrimPrefix(line, "listening on "))
}

func pointer(value any, p string) any {
	if p == "" {
		return value
	}
	for _, token := range strings.Split(p[1:], "/") {
		m, ok := value.(map[string]any)
		if !ok {
			return nil
		}
		value = m[token]
	}
	return value
}

func asJSON(t *testing.T, v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	_ = json.Unmarshal(data, &out)
	return out
}

// params fills the method's parameter struct from the vector, by the fields' wire tags.
func params(t *testing.T, typ reflect.Type, values map[string]string) reflect.Value {
	p := reflect.New(typ).Elem()
	for wire, value := range values {
		found := false
		for i := 0; i < typ.NumField(); i++ {
			tag := strings.SplitN(typ.Field(i).Tag.Get("wire"), ",", 2)
			if len(tag) == 2 && tag[1] == wire {
				found = true
				f := p.Field(i)
				v := reflect.ValueOf(value)
				if f.Kind() == reflect.Ptr {
					ptr := reflect.New(f.Type().Elem())
					ptr.Elem().Set(v.Convert(f.Type().Elem()))
					v = ptr
				}
				f.Set(v.Convert(f.Type()))
			}
		}
		if !found {
			t.Logf("parameter %s has no field: a constant of the contract, which the client sends", wire)
		}
	}
	return p
}

func TestVectors(t *testing.T) {
	files, _ := filepath.Glob("../../clients/vectors/*.json")
	base := startEngine(t)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		if strings.HasPrefix(name, "orders-") {
			continue // the second contract: its engine and module (not built here yet)
		}
		t.Run(name, func(t *testing.T) { runVector(t, base, file, name) })
	}
}

func runVector(t *testing.T, base, file, name string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var v vector
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	c := operations.New(base)
	key := fmt.Sprintf("go-%s-%d", name, time.Now().UnixNano())
	c.Header = http.Header{"X-Engine-Fault-Key": {key}}
	if v.Fault != nil {
		c.Header.Set("X-Engine-Fault", *v.Fault)
	}
	o := client.StreamOptions{}
	for option, value := range v.Client {
		value := value
		switch option {
		case "watchdogMs":
			o.WatchdogMs = &value
		case "maxAttempts":
			o.MaxAttempts = &value
		case "initialDelayMs":
			o.InitialDelayMs = &value
		case "multiplier":
			o.Multiplier = &value
		case "maxDelayMs":
			o.MaxDelayMs = &value
		}
	}
	c.Streams = o
	method := reflect.ValueOf(c).MethodByName(strings.ToUpper(v.Method[:1]) + v.Method[1:])
	if !method.IsValid() {
		t.Fatalf("no method for %s", v.Method)
	}
	mt := method.Type()
	args := []reflect.Value{reflect.ValueOf(context.Background()), params(t, mt.In(1), v.Parameters)}
	if mt.NumIn() == 3 {
		body := reflect.New(mt.In(2))
		if err := json.Unmarshal(v.Body, body.Interface()); err != nil {
			t.Fatal(err)
		}
		args = append(args, body.Elem())
	}
	start := time.Now()
	results := method.Call(args)
	var items []any
	var findings []string
	reconnects := 0
	var callErr error
	if mt.NumOut() == 2 { // (T, error)
		if e := results[1].Interface(); e != nil {
			callErr = e.(error)
		} else {
			check(t, "value", asJSON(t, results[0].Interface()), v.Expect["value"])
		}
	} else { // *client.Stream[T]
		s := results[0]
		for s.MethodByName("Next").Call(nil)[0].Bool() {
			event := s.MethodByName("Event").Call(nil)[0]
			switch client.EventKind(event.FieldByName("Kind").String()) {
			case client.EventItem:
				items = append(items, asJSON(t, event.FieldByName("Item").Interface()))
			case client.EventFinding:
				findings = append(findings, event.FieldByName("Finding").Interface().(*client.Finding).Rule)
			case client.EventRetry:
				reconnects++
			}
		}
		if e := s.MethodByName("Err").Call(nil)[0].Interface(); e != nil {
			callErr = e.(error)
		}
	}
	elapsed := time.Since(start)
	compareStream(t, v, items, findings, reconnects)
	compareError(t, callErr, v.Expect["error"])
	if raw, ok := v.Expect["minElapsedMs"]; ok {
		var ms int64
		_ = json.Unmarshal(raw, &ms)
		if elapsed < time.Duration(ms)*time.Millisecond {
			t.Errorf("took %v, want at least %d ms", elapsed, ms)
		}
	}
	if raw, ok := v.Expect["lastEventIds"]; ok {
		resp, err := http.Get(base + "/_faults/" + key)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var seen map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&seen)
		check(t, "lastEventIds", seen["lastEventIds"], raw)
	}
}

func check(t *testing.T, what string, got any, want json.RawMessage) {
	t.Helper()
	var w any
	_ = json.Unmarshal(want, &w)
	if !reflect.DeepEqual(asJSON(t, got), w) {
		t.Errorf("%s: got %v, want %v", what, asJSON(t, got), w)
	}
}

func compareStream(t *testing.T, v vector, items []any, findings []string, reconnects int) {
	t.Helper()
	if raw, ok := v.Expect["tags"]; ok {
		var tags struct {
			Pointer string `json:"pointer"`
			Values  []any  `json:"values"`
		}
		_ = json.Unmarshal(raw, &tags)
		got := []any{}
		for _, item := range items {
			got = append(got, pointer(item, tags.Pointer))
		}
		check(t, "tags", got, mustJSON(tags.Values))
	}
	if raw, ok := v.Expect["text"]; ok {
		var text struct{ Tag, Pointer, ResetOn, Value string }
		_ = json.Unmarshal(raw, &text)
		var tagPointer string
		var tags struct {
			Pointer string `json:"pointer"`
		}
		_ = json.Unmarshal(v.Expect["tags"], &tags)
		tagPointer = tags.Pointer
		shown := ""
		for _, item := range items {
			tag, _ := pointer(item, tagPointer).(string)
			if text.ResetOn != "" && tag == text.ResetOn {
				shown = ""
			}
			if tag == text.Tag {
				s, _ := pointer(item, text.Pointer).(string)
				shown += s
			}
		}
		if shown != text.Value {
			t.Errorf("text %q, want %q", shown, text.Value)
		}
	}
	if raw, ok := v.Expect["findings"]; ok {
		if findings == nil {
			findings = []string{}
		}
		check(t, "findings", findings, raw)
	}
	if raw, ok := v.Expect["reconnects"]; ok {
		check(t, "reconnects", reconnects, raw)
	}
}

func mustJSON(v any) json.RawMessage {
	data, _ := json.Marshal(v)
	return data
}

func compareError(t *testing.T, err error, raw json.RawMessage) {
	t.Helper()
	var want map[string]any
	_ = json.Unmarshal(raw, &want)
	if want == nil {
		if err != nil {
			t.Errorf("error %v, want none", err)
		}
		return
	}
	var declared *client.ResponseError
	var undeclared *client.UndeclaredError
	var failed *client.StreamFailed
	switch kind := want["kind"]; {
	case kind == "status" && errors.As(err, &declared):
		if float64(declared.Status) != want["status"] {
			t.Errorf("status %d, want %v", declared.Status, want["status"])
		}
		body, _ := asJSON(t, declared.Body).(map[string]any)
		for k, v := range asMap(want["body"]) {
			if !reflect.DeepEqual(body[k], v) {
				t.Errorf("body %s: %v, want %v", k, body[k], v)
			}
		}
		for k, v := range asMap(want["headers"]) {
			if declared.Header.Get(k) != v {
				t.Errorf("header %s: %q, want %v", k, declared.Header.Get(k), v)
			}
		}
	case kind == "unexpected" && errors.As(err, &undeclared):
		text, _ := want["text"].(string)
		if float64(undeclared.Status) != want["status"] || !strings.HasPrefix(undeclared.Text, text) {
			t.Errorf("undeclared %d %q, want %v %q", undeclared.Status, undeclared.Text, want["status"], text)
		}
	case errors.As(err, &failed) && failed.Kind == kind:
	default:
		t.Errorf("error %v (%T), want %v", err, err, want)
	}
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}
