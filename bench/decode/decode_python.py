"""One round of bench/decode.py for Python: every corpus line decoded by
  - the generated Pydantic binding (chat_stream.StreamEnvelope.model_validate_json:
    the payload policy, then the models);
  - the hand-written Pydantic models (handwritten/pydantic/chat_stream.py,
    model_validate_json);
  - json.loads alone (a reference: no validation, no types).
First the verdicts: both models must accept every corpus line and reject every
line of the negative set (the process exits 1 otherwise). Then, per row in
the order given, a warm-up pass and one timed pass, with the garbage collector
off while timing (as timeit does), so that one row does not pay for collecting
what another left behind. Prints one JSON object per row.

usage: python decode_python.py CORPUS NEGATIVE   (generated/python on PYTHONPATH)
"""

import gc
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "handwritten", "pydantic"))
import chat_stream as handwritten  # noqa: E402
from contract import chat_stream as generated  # noqa: E402

ROWS = {
    "Python binding: Pydantic model_validate_json": generated.StreamEnvelope.model_validate_json,
    "Python hand-written Pydantic (model_validate_json)": handwritten.StreamEnvelope.model_validate_json,
    "Python json.loads only (reference)": json.loads,
}


def read_lines(path):
    with open(path, "rb") as f:
        return [line for line in f.read().split(b"\n") if line]


def check_verdicts(lines, invalid):
    for name, decode in ROWS.items():
        if "reference" in name:
            continue
        for line in lines:
            try:
                decode(line)
            except ValueError as e:
                sys.exit(f"{name} rejects a corpus line: {line[:200]!r}: {str(e)[:300]}")
        for line in invalid:
            try:
                decode(line)
            except ValueError:
                continue
            sys.exit(f"{name} accepts an invalid line: {line!r}")


def timed_pass(decode, lines):
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        for line in lines:
            decode(line)
        return time.perf_counter() - start
    finally:
        gc.enable()


def main():
    lines, invalid = read_lines(sys.argv[1]), read_lines(sys.argv[2])
    mb = sum(len(line) + 1 for line in lines) / 1e6
    check_verdicts(lines, invalid)
    from contract._runtime import models
    if models._clean is None:  # bench/decode.py installs the package with it
        sys.exit("the contract package was imported without its compiled payload checks (_runtime/_policy.c)")
    for name, decode in ROWS.items():
        timed_pass(decode, lines)  # warm-up
        seconds = timed_pass(decode, lines)
        print(json.dumps({"row": name, "lines": len(lines), "mb": mb, "seconds": seconds}), flush=True)


if __name__ == "__main__":
    main()
