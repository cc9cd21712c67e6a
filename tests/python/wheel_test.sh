#!/usr/bin/env bash
# The generated Python package as a user gets it, from a folder outside the
# repository: `pip wheel` builds a wheel of generated/python (setuptools,
# which compiles the runtime's optional C extensions, _runtime/_policy.c and _codec.c),
# which installs into a new virtual environment; there it validates and dumps
# a chat-stream line (bytes through the compiled checks), reads it through the
# stream runtime the package ships (_stream), and mypy --strict accepts a user
# script that builds an event without its tag (`type_`), reading the
# package's types from the installed wheel (py.typed).
#
# No network: the wheel is installed with --no-deps, and its dependencies
# (pydantic, as the wheel's metadata requires) come from the project's .venv
# through a .pth file in the new environment.
#
#   wheel_test.sh <package dir>
set -euo pipefail
pkg="$(cd "$1" && pwd)"
root="$(cd "$(dirname "$0")/../.." && pwd)"
python="${CONTRACTGEN_PYTHON:-$root/.venv/bin/python}"
work="$(mktemp -d "${TMPDIR:-/tmp}/contractgen-wheel.XXXXXX")"
trap 'rm -rf "$work"' EXIT
case "$work" in "$root"/*) echo "error: $work is inside the repository" >&2; exit 1 ;; esac

# A copy, so that building leaves nothing behind in the repository.
cp -R "$pkg" "$work/source"
find "$work/source" -name __pycache__ -prune -exec rm -rf {} +
"$python" -m pip wheel --quiet --no-deps --no-build-isolation --no-index --disable-pip-version-check \
  --wheel-dir "$work/dist" "$work/source"
wheel="$(ls "$work"/dist/*.whl)"
echo "built $(basename "$wheel")"
distribution="$(sed -n 's/^name = "\(.*\)"$/\1/p' "$pkg/pyproject.toml")"
package="$(sed -n 's/^include = \["\([^"]*\)".*$/\1/p' "$pkg/pyproject.toml")"
"$python" - "$wheel" "$package" <<'PY'
import sys, zipfile
wheel, package = sys.argv[1], sys.argv[2]
names = zipfile.ZipFile(wheel).namelist()
metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
text = zipfile.ZipFile(wheel).read(metadata).decode()
for part in ("py.typed", "_runtime/__init__.py", "_runtime/payload.py", "_runtime/_policy.pyi", "_runtime/_codec.pyi", "_stream/__init__.py", "_stream/sse.py"):
    assert f"{package}/{part}" in names, (part, names)
# setup.py compiled the payload policy's checks and the codec (a C compiler is at hand here).
for extension in ("_policy", "_codec"):
    assert any(n.startswith(f"{package}/_runtime/{extension}.") and n.endswith(".so") for n in names), (extension, names)
for dependency in ("pydantic", "jiter", "regex"):
    assert any(line.startswith("Requires-Dist: " + dependency) for line in text.splitlines()), text
print("the wheel has py.typed, the runtime with its compiled checks and the stream runtime, and requires pydantic, jiter and regex")
PY

"$python" -m venv "$work/venv"
venv_python="$work/venv/bin/python"
"$venv_python" -m pip install --quiet --no-deps --no-index --disable-pip-version-check "$wheel"
site="$("$venv_python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
"$python" -c 'import pydantic, os; print(os.path.dirname(os.path.dirname(pydantic.__file__)))' > "$site/project-dependencies.pth"
echo "installed $distribution into a new virtual environment"

cd "$work"
cat > user.py <<EOF
import $package
from $package import chat_stream

line = '{"data": {"type": "message_delta", "delta": "Hello"}, "timestamp": 1700000000000}'
envelope = chat_stream.StreamEnvelope.model_validate_json(line)
built = chat_stream.StreamEnvelope(data=chat_stream.MessageDelta(delta="Hello"), timestamp=1700000000000)
assert envelope == built
# The installed package decodes bytes through its compiled payload checks.
from $package._runtime import models
assert models._clean is not None
assert chat_stream.StreamEnvelope.model_validate_json(line.encode()) == built
print($package.__file__)
print($package.dump_json(envelope))
print($package.dump_json(built))
# The stream runtime ships in the package: read an NDJSON stream in two chunks, decode its items.
from $package import _stream
reader = _stream.NdjsonReader()
items = reader.feed(line[:10].encode()) + reader.feed((line[10:] + "\\n").encode())
assert all(isinstance(item, _stream.NdjsonItem) for item in items), items
assert [chat_stream.StreamEnvelope.model_validate_json(item.text) for item in items if isinstance(item, _stream.NdjsonItem)] == [built]
EOF
out="$("$venv_python" -I user.py)"
location="$(sed -n 1p <<<"$out")"
case "$location" in "$site"/*) ;; *) echo "error: $package was imported from $location, not from the new environment" >&2; exit 1 ;; esac
expected='{"data":{"type":"message_delta","delta":"Hello"},"timestamp":1700000000000}'
[ "$(sed -n 2p <<<"$out")" = "$expected" ] && [ "$(sed -n 3p <<<"$out")" = "$expected" ] || {
  echo "error: user.py printed:" >&2; echo "$out" >&2; exit 1; }
echo "validated and dumped a line with the installed package: $expected"
"$python" -m mypy --strict --no-incremental --python-executable "$venv_python" user.py
echo "mypy --strict accepts building an event without its tag, with the installed package's types"
