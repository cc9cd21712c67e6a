// The Go example of docs/clients.md, run as a reader runs it: the page's
// ```go block is written as the main package of a module of its own, which
// requires this repository's generated/go, and `go run` against the reference
// engine (tests/engine/engine.py) must print the message the engine streams.
package clients_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"
)

// goBlocks are the ```go blocks of the page, in order.
func goBlocks(t *testing.T) []string {
	page, err := os.ReadFile(filepath.Join(repo(), "docs/clients.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range regexp.MustCompile("(?s)```go\n(.*?)```").FindAllSubmatch(page, -1) {
		out = append(out, string(m[1]))
	}
	return out
}

// goTool is the go command of the toolchain that built this test (CTest
// runs it with the toolchain CMake found, which need not be on PATH).
func goTool() string {
	tool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(tool); err == nil {
		return tool
	}
	return "go"
}

func TestDocsExample(t *testing.T) {
	blocks := goBlocks(t)
	if len(blocks) != 1 {
		t.Fatalf("docs/clients.md has %d ```go blocks, want 1", len(blocks))
	}
	generated, err := filepath.Abs(filepath.Join(repo(), "generated/go"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mod := "module docsexample\n\ngo 1.19\n\nrequire github.com/contractgen/contract/generated/go v0.0.0\n\n" +
		"replace github.com/contractgen/contract/generated/go => " + generated + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(blocks[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	base := startEngine(t, "tests/engine/engine.py")
	cmd := exec.Command(goTool(), "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ENGINE_URL="+base)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go run of the example: %v\n%s", err, stderr.String())
	}
	if want := "The answer is 42 [1]. Sources follow.\n"; stdout.String() != want {
		t.Errorf("the example printed %q, want %q", stdout.String(), want)
	}
}
