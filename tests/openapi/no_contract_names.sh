#!/usr/bin/env bash
# The generator knows no contract: operations, streams and their prose come
# from the schemas (x-openapi, x-streams), so no type, family or product name
# of this repository's contract may appear anywhere in src/.
#   no_contract_names.sh   (from the repository root)
# Exit 0 when grep finds nothing, 1 with the matches when it finds any, 2
# when grep itself fails (a missing src/ must not pass).
set -u
pattern='AgentRequest|StreamEnvelope|chat_stream|assist\.|Coreason'
[ -d src ] || { echo "error: no src/ here; run from the repository root" >&2; exit 2; }
grep -rnE "$pattern" src/
case $? in
  1) echo "no contract names in src/"; exit 0 ;;
  0) echo "error: contract names in src/ (above); move them into the schemas" >&2; exit 1 ;;
  *) exit 2 ;;
esac
