#!/usr/bin/env bash
# Builds the Go stream runner (tests/stream/go/runner) into the file given:
#   build.sh OUT
# with the toolchain found in $CONTRACTGEN_GO, else on the PATH, else
# /usr/local/go/bin/go. Go's caches stay in the build folder (beside OUT)
# unless the environment sets them; nothing is downloaded (the runtime uses
# the standard library only).
set -euo pipefail
out="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"  # absolute: the build runs in tests/stream/go
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
go="${CONTRACTGEN_GO:-$(command -v go || echo /usr/local/go/bin/go)}"
home="$(dirname "$out")/gohome"
export GOCACHE="${GOCACHE:-$home/cache}" GOPATH="${GOPATH:-$home/path}" GOMODCACHE="${GOMODCACHE:-$home/path/pkg/mod}"
export GOTOOLCHAIN=local GOWORK=off GOFLAGS="-mod=mod -buildvcs=false" CGO_ENABLED=0
export XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-$home/config}"
cd "$here"
"$go" build -o "$out" ./runner
