// The second contract's operation clients (tests/golden/operations, its Go
// module generated fresh into the build folder) against
// tests/clients/orders_engine.py: the vectors of vectors_test.go, which CMake
// copies here from tests/go/clients (go_clients_orders).
package clients_test

import (
	"testing"

	"example.com/acme-orders/operations"
)

func TestVectors(t *testing.T) {
	base := startEngine(t, "tests/clients/orders_engine.py")
	runVectors(t, "orders", base, func(base string) any { return operations.New(base) })
}
