#!/usr/bin/env bash
# The shipped code cites the contract's own documents (schemas/README.md), never the design-time
# source documents by number ("seed 004"), which no user of the packages has.
#   no_seed_refs.sh DIR...    exit 0 when no file under the DIRs says "seed 00N", else 1 and the lines
set -euo pipefail
if [ $# -eq 0 ]; then echo "usage: no_seed_refs.sh DIR..." >&2; exit 2; fi
if grep -rniI "seed 00" "$@"; then
  echo "error: the lines above cite a seed document; cite schemas/README.md instead" >&2
  exit 1
fi
echo "no seed references in $*"
