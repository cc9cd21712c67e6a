"""The Python conformance runner: decodes each stdin line with the generated
Pydantic models (``contract.registry``, generated/python on PYTHONPATH) and
re-encodes it. Protocol: docs/conformance.md.

  python runner.py --type family.Type    one JSON instance per stdin line
  python runner.py --mixed               stdin lines are "family.Type<TAB>instance"
  python runner.py --list                print every registered type name
  --tolerant                             decode in the tolerant-reader mode (tolerant=True)
"""

from __future__ import annotations

import argparse
import os
import sys

import pydantic

from contract import _runtime, registry


def one_line(s: str) -> str:
    return s.replace("\r", " ").replace("\n", " ")


TOLERANT = False  # --tolerant


def respond(adapter, text: bytes) -> str:
    try:
        value = adapter.validate_json(text, tolerant=True) if TOLERANT else adapter.validate_json(text)
    except pydantic.ValidationError as e:
        # One error, the first in the text: `<path>: <keyword>: <detail>` (docs/semantics.md §2).
        return "error " + one_line(_runtime.describe_error(e))
    except Exception as e:  # a binding bug, reported as such rather than as a verdict
        return "crash " + one_line(f"{type(e).__name__}: {e}")
    try:
        return "ok " + adapter.dump_json(value)
    except Exception as e:
        return "crash " + one_line(f"dump failed: {type(e).__name__}: {e}")


def answer(fixed, line: bytes) -> str:
    if fixed is not None:
        return respond(fixed, line)
    name, tab, text = line.partition(b"\t")
    adapter = registry.find(name.decode("utf-8", errors="replace")) if tab else None
    return respond(adapter, text) if adapter else f"unknown-type {name.decode('utf-8', errors='replace')}"


def main() -> int:
    ap = argparse.ArgumentParser()
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--type")
    mode.add_argument("--mixed", action="store_true")
    mode.add_argument("--list", action="store_true")
    ap.add_argument("--tolerant", action="store_true", help="decode in the tolerant-reader mode")
    args = ap.parse_args()
    global TOLERANT
    TOLERANT = args.tolerant
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    if args.list:
        print("\n".join(registry.TYPES))
        return 0
    fixed = None
    if args.type is not None:
        fixed = registry.find(args.type)
        if fixed is None:
            family = args.type.split(".")[0] + "."
            known = "\n".join("  " + k for k in registry.TYPES if k.startswith(family))
            print(f"unknown type '{args.type}'; known types of that family:\n{known}", file=sys.stderr)
            return 2
    # Lines are read in blocks straight from the file descriptor, and the
    # answers to a block are flushed together: prompt for one line at a time,
    # cheap for 100,000 lines.
    fd = sys.stdin.fileno()
    pending = b""
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        pending += chunk
        *lines, pending = pending.split(b"\n")
        answers = [answer(fixed, line) for line in lines]
        if answers:
            sys.stdout.write("".join(a + "\n" for a in answers))
            sys.stdout.flush()
    if pending:
        sys.stdout.write(answer(fixed, pending) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
