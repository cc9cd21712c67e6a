// A recursive type reached through a member that may be absent or null
// (Tree.next: the tree itself, or null): Go holds it as a
// contract.Tristate of a pointer, since a struct cannot contain itself.
// Each of the three states reads and writes back as it was.
package vocab_test

import (
	"testing"

	"contractgen.test/vocab/vocab"
)

func TestTreeNextInEachState(t *testing.T) {
	for _, text := range []string{
		`{"label":"a"}`,
		`{"label":"a","next":null}`,
		`{"label":"a","next":{"label":"b","next":{"label":"c","next":null}}}`,
	} {
		tree, err := vocab.ParseTree([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := string(vocab.MarshalTree(tree)); got != text {
			t.Errorf("round trip of %s gave %s", text, got)
		}
	}
	tree, _ := vocab.ParseTree([]byte(`{"label":"a","next":{"label":"b","next":null}}`))
	next, ok := tree.Next.Get()
	if !ok || next == nil || next.Label != "b" || !next.Next.IsNull() {
		t.Fatalf("next: %+v, %v", next, ok)
	}
	if _, err := vocab.ParseTree([]byte(`{"label":"a","next":{"next":null}}`)); verdict(err) != "$.next required" {
		t.Errorf("a next without its label: %s", verdict(err))
	}
}
