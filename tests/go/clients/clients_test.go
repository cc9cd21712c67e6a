// This contract's operation clients (generated/go/operations) against the
// reference engine (tests/engine/engine.py): the vectors of vectors_test.go.
package clients_test

import (
	"testing"

	"github.com/contractgen/contract/generated/go/operations"
)

func TestVectors(t *testing.T) {
	base := startEngine(t, "tests/engine/engine.py", "--stall-ms", "1500")
	runVectors(t, "engine", base, func(base string) any { return operations.New(base) })
}
