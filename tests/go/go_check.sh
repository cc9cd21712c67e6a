#!/usr/bin/env bash
# Checks one Go module folder with Go's own tools:
#   go_check.sh GO GOFMT DIR [test]
# gofmt -l must list nothing, go vet ./... must be clean, and with "test",
# go test ./... must pass. Go's caches come from the environment (CTest sets
# them inside the build folder).
# With GO_CHECK_REPLACE="<module>=<folder>" and GO_CHECK_COPY=<work folder>,
# a copy of DIR is checked instead, whose go.mod replaces <module> by
# <folder>: a test module that uses output generated in the build folder.
set -euo pipefail
go="$1" gofmt="$2" dir="$3" mode="${4:-}"
if [ -n "${GO_CHECK_REPLACE:-}" ]; then
  copy="${GO_CHECK_COPY:?GO_CHECK_COPY names the folder to check a copy of $dir in}"
  rm -rf "$copy"
  mkdir -p "$(dirname "$copy")"
  cp -R "$dir" "$copy"
  (cd "$copy" && "$go" mod edit -replace "$GO_CHECK_REPLACE")
  dir="$copy"
fi
cd "$dir"
unformatted="$("$gofmt" -l .)"
if [ -n "$unformatted" ]; then
  echo "gofmt -l lists files that are not formatted as gofmt would:"
  echo "$unformatted"
  "$gofmt" -d . | head -60
  exit 1
fi
"$go" vet ./...
if [ "$mode" = test ]; then
  "$go" test -count=1 ./...
fi
echo "gofmt -l: nothing; go vet: clean${mode:+; go test: passed} ($dir)"
