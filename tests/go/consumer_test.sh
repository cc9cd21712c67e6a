#!/usr/bin/env bash
# A Go consumer outside the repository: a fresh module in a temporary folder
# `go get`s the generated module by its path (a replace directive points the
# path at generated/go), parses a chat-stream line with it, and passes go vet.
#   consumer_test.sh GO GENERATED_GO_DIR
set -euo pipefail
go="$1" bindings="$(cd "$2" && pwd)"
module="$(sed -n 's/^module //p' "$bindings/go.mod")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
"$go" mod init example.com/consumer >/dev/null 2>&1
"$go" mod edit -replace "$module=$bindings"
"$go" get "$module@v0.0.0"
cat > main.go <<GO
package main

import (
	"fmt"
	"os"

	"$module/chatstream"
)

func main() {
	line := []byte(\`{"data": {"type": "message_delta", "delta": "Hel"}, "timestamp": 1730000000000}\`)
	envelope, err := chatstream.ParseStreamEnvelope(line)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	delta, ok := envelope.Data.(chatstream.MessageDelta)
	if !ok {
		fmt.Fprintf(os.Stderr, "expected a message_delta, got %T\n", envelope.Data)
		os.Exit(1)
	}
	fmt.Printf("%s %s %s\n", envelope.Data.Type(), delta.Delta, chatstream.MarshalStreamEnvelope(envelope))
}
GO
"$go" vet ./...
got="$("$go" run .)"
want='message_delta Hel {"data":{"type":"message_delta","delta":"Hel"},"timestamp":1730000000000}'
if [ "$got" != "$want" ]; then
  echo "consumer printed: $got"
  echo "expected:         $want"
  exit 1
fi
echo "consumer outside the repository: go get $module, parse, go vet: ok"
