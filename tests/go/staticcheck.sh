#!/usr/bin/env bash
# staticcheck's default checks on one Go module folder:
#   staticcheck.sh STATICCHECK DIR
# STATICCHECK is the binary scripts/deps.sh go installs (.gotools/bin).
set -euo pipefail
staticcheck="$1" dir="$2"
[ -x "$staticcheck" ] || { echo "error: $staticcheck is missing; run scripts/deps.sh go" >&2; exit 1; }
cd "$dir"
"$staticcheck" ./...
echo "staticcheck: clean ($dir)"
