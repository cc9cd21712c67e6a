// The generated Go operation clients against a server on loopback in its
// fault mode, one test per shared scenario vector (tests/clients/vectors/README.md
// says how they run): the same outcome the TypeScript, Python and C++ clients
// must have. The vector names the method and its parameters by wire name; the
// client is driven through reflection on the generated method, its
// parameters' `wire` tags and the runtime's types by name, so nothing here is
// written per operation or per contract: this file serves this contract
// (clients_test.go: generated/go against tests/engine/engine.py) and, copied
// next to tests/go/clients_orders/orders_test.go, the second contract
// (tests/golden/operations, against tests/clients/orders_engine.py).
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
)

type vector struct {
	Server     string                     `json:"server"`
	Method     string                     `json:"method"`
	Parameters map[string]string          `json:"parameters"`
	Body       json.RawMessage            `json:"body"`
	Fault      *string                    `json:"fault"`
	Client     map[string]int64           `json:"client"`
	Expect     map[string]json.RawMessage `json:"expect"`
}

// repo is the repository's folder (CONTRACTGEN_REPO when the test runs in a copy).
func repo() string {
	if dir := os.Getenv("CONTRACTGEN_REPO"); dir != "" {
		return dir
	}
	return "../../.."
}

// startEngine runs a server script of the repository (and its arguments) on a free port; its address.
func startEngine(t *testing.T, script string, args ...string) string {
	python := os.Getenv("CONTRACTGEN_VENV_PYTHON")
	if python == "" {
		python = filepath.Join(repo(), ".venv/bin/python")
	}
	cmd := exec.Command(python, append([]string{filepath.Join(repo(), script), "--port", "0"}, args...)...)
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

// runVectors runs every vector of `server` ("engine" when a vector names none)
// with a client newClient makes (the generated operations.New).
func runVectors(t *testing.T, server, base string, newClient func(string) any) {
	files, _ := filepath.Glob(filepath.Join(repo(), "tests/clients/vectors/*.json"))
	ran := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var v vector
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		if v.Server == "" {
			v.Server = "engine"
		}
		if v.Server != server {
			continue
		}
		ran++
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) { runVector(t, base, name, v, newClient(base)) })
	}
	if ran == 0 {
		t.Fatalf("no vector of the server %q", server)
	}
}

// The stream options of the vectors, by the fields of the runtime's client.StreamOptions.
var optionFields = map[string]string{"watchdogMs": "WatchdogMs", "maxAttempts": "MaxAttempts",
	"initialDelayMs": "InitialDelayMs", "multiplier": "Multiplier", "maxDelayMs": "MaxDelayMs"}

func runVector(t *testing.T, base, name string, v vector, c any) {
	client := reflect.ValueOf(c).Elem()
	key := fmt.Sprintf("go-%s-%d", name, time.Now().UnixNano())
	header := http.Header{"X-Engine-Fault-Key": {key}}
	if v.Fault != nil {
		header.Set("X-Engine-Fault", *v.Fault)
	}
	client.FieldByName("Header").Set(reflect.ValueOf(header))
	streams := client.FieldByName("Streams")
	for option, value := range v.Client {
		value := value
		field, ok := optionFields[option]
		if !ok {
			t.Fatalf("unknown client option %s", option)
		}
		streams.FieldByName(field).Set(reflect.ValueOf(&value))
	}
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
			checkMembers(t, asJSON(t, results[0].Interface()), v.Expect["value"])
		}
	} else { // *client.Stream[T]
		s := results[0]
		for s.MethodByName("Next").Call(nil)[0].Bool() {
			event := s.MethodByName("Event").Call(nil)[0]
			switch event.FieldByName("Kind").String() {
			case "item":
				items = append(items, asJSON(t, event.FieldByName("Item").Interface()))
			case "finding":
				findings = append(findings, event.FieldByName("Finding").Elem().FieldByName("Rule").String())
			case "retry":
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

// checkMembers compares the members the vector names (README: "compared
// member by member"): the server adds what it makes, an order's id.
func checkMembers(t *testing.T, got any, want json.RawMessage) {
	t.Helper()
	var w map[string]any
	_ = json.Unmarshal(want, &w)
	value, _ := got.(map[string]any)
	for name, member := range w {
		if !reflect.DeepEqual(value[name], member) {
			t.Errorf("value %v: %s is %v, want %v", got, name, value[name], member)
		}
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

// errorOf is the first error in err's chain whose type is *client.<name> (of
// whichever module's runtime), as the struct it points to.
func errorOf(err error, name string) (reflect.Value, bool) {
	for ; err != nil; err = errors.Unwrap(err) {
		v := reflect.ValueOf(err)
		if v.Kind() == reflect.Ptr && v.Elem().Kind() == reflect.Struct && v.Elem().Type().Name() == name &&
			strings.HasSuffix(v.Elem().Type().PkgPath(), "/contract/client") {
			return v.Elem(), true
		}
	}
	return reflect.Value{}, false
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
	declared, isDeclared := errorOf(err, "ResponseError")
	undeclared, isUndeclared := errorOf(err, "UndeclaredError")
	failed, isFailed := errorOf(err, "StreamFailed")
	switch kind := want["kind"]; {
	case kind == "status" && isDeclared:
		status := declared.FieldByName("Status").Int()
		if float64(status) != want["status"] {
			t.Errorf("status %d, want %v", status, want["status"])
		}
		body, _ := asJSON(t, declared.FieldByName("Body").Interface()).(map[string]any)
		for k, v := range asMap(want["body"]) {
			if !reflect.DeepEqual(body[k], v) {
				t.Errorf("body %s: %v, want %v", k, body[k], v)
			}
		}
		header := declared.FieldByName("Header").Interface().(http.Header)
		for k, v := range asMap(want["headers"]) {
			if header.Get(k) != v {
				t.Errorf("header %s: %q, want %v", k, header.Get(k), v)
			}
		}
	case kind == "unexpected" && isUndeclared:
		text, _ := want["text"].(string)
		status, got := undeclared.FieldByName("Status").Int(), undeclared.FieldByName("Text").String()
		if float64(status) != want["status"] || !strings.HasPrefix(got, text) {
			t.Errorf("undeclared %d %q, want %v %q", status, got, want["status"], text)
		}
	case isFailed && failed.FieldByName("Kind").String() == kind:
	default:
		t.Errorf("error %v (%T), want %v", err, err, want)
	}
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}
