#!/usr/bin/env bash
# The steps of action.yml, runnable anywhere (tests/package runs them):
#   1. pip installs contractgen into a venv of its own (in RUNNER_TEMP, or a
#      temporary folder): CONTRACTGEN_PACKAGE, default contractgen at this
#      action's version (CMakeLists.txt's project(VERSION), the one place it lives);
#   2. contractgen check: the generated code is what the schemas produce;
#   3. contractgen breaking --against CONTRACTGEN_AGAINST --format github:
#      breaking changes as workflow annotations.
# CONTRACTGEN_SCHEMAS and CONTRACTGEN_OUT, when set, become --schemas (both
# commands) and --out (check); else contractgen.toml or the defaults. The exit
# status is the first failing command's (1 drift or breaking, 2 bad input).
set -euo pipefail
action_dir="${CONTRACTGEN_ACTION_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
against="${CONTRACTGEN_AGAINST:-HEAD~1}"
package="${CONTRACTGEN_PACKAGE:-}"
if [ -z "$package" ]; then
  version="$(sed -n 's/^project(contractgen VERSION \([0-9.]*\).*/\1/p' "$action_dir/CMakeLists.txt")"
  package="contractgen==$version"
fi
schemas=(); out=()
[ -z "${CONTRACTGEN_SCHEMAS:-}" ] || schemas=(--schemas "$CONTRACTGEN_SCHEMAS")
[ -z "${CONTRACTGEN_OUT:-}" ] || out=(--out "$CONTRACTGEN_OUT")

venv="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/contractgen-venv.XXXXXX")"
trap 'rm -rf "$venv"' EXIT
echo "::group::pip install $package"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$package"
"$venv/bin/contractgen" --version
echo "::endgroup::"

status=0
"$venv/bin/contractgen" check "${schemas[@]}" "${out[@]}" || status=$?
"$venv/bin/contractgen" breaking --against "$against" --format github "${schemas[@]}" || { s=$?; [ "$status" -ne 0 ] || status=$s; }
exit "$status"
