"""One round of bench/decode.py for Python: every corpus line decoded by
  - the generated Pydantic binding (chat_stream.StreamEnvelope.model_validate_json:
    the payload policy, then the models), through its compiled codec (_runtime/_codec.c);
  - the same binding on its pure path (the codec turned off: what a machine without a
    C compiler runs; the payload policy's compiled checks stay);
  - the hand-written Pydantic models (handwritten/pydantic/chat_stream.py,
    model_validate_json);
  - the hand-written msgspec structs (handwritten/msgspec/chat_stream.py, Decoder.decode);
  - json.loads alone (a reference: no validation, no types).
First the verdicts: every row but the reference must accept every corpus line and
reject every line of the negative set (the process exits 1 otherwise), and the codec
must take every corpus line itself. Then, per row in the order given, a warm-up pass
and one timed pass, with the garbage collector off while timing (as timeit does), so
that one row does not pay for collecting what another left behind. Prints one JSON
object per row.

usage: python decode_python.py CORPUS NEGATIVE   (the generated package on PYTHONPATH)
"""

import gc
import json
import os
import sys
import time

import pydantic

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "handwritten", "pydantic"))
import chat_stream as handwritten  # noqa: E402
from contract import chat_stream as generated  # noqa: E402
from contract._runtime import codec, models  # noqa: E402
from handwritten_msgspec import load as load_msgspec  # noqa: E402

handwritten_msgspec = load_msgspec()
# The pure path as a model class has it without the codec: the payload policy's compiled entry.
pure = models._Entry and models._Entry(generated.StreamEnvelope, models._PURE_VALIDATE_JSON, models._located, pydantic.ValidationError)

ROWS = {
    "Python binding: Pydantic model_validate_json": generated.StreamEnvelope.model_validate_json,
    "Python binding, pure path (no codec)": pure,
    "Python hand-written Pydantic (model_validate_json)": handwritten.StreamEnvelope.model_validate_json,
    "Python hand-written msgspec (Decoder.decode)": handwritten_msgspec.decoder.decode,
    "Python json.loads only (reference)": json.loads,
}


def read_lines(path):
    with open(path, "rb") as f:
        return [line for line in f.read().split(b"\n") if line]


def check_verdicts(lines, invalid):
    table = codec.table(generated.StreamEnvelope.__pydantic_core_schema__)
    if table is None or any(table.decode(line) is codec.REFUSED for line in lines):
        sys.exit("the compiled codec does not take every corpus line: the binding's row would time the pure path")
    for name, decode in ROWS.items():
        if "reference" in name:
            continue
        for line in lines:
            try:
                decode(line)
            except (ValueError, handwritten_msgspec.msgspec.ValidationError) as e:
                sys.exit(f"{name} rejects a corpus line: {line[:200]!r}: {str(e)[:300]}")
        for line in invalid:
            try:
                decode(line)
            except (ValueError, handwritten_msgspec.msgspec.ValidationError):
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
    if models._clean is None or not codec.ENABLED:  # bench/decode.py installs the package with them
        sys.exit("the contract package was imported without its compiled parts (_runtime/_policy.c, _codec.c)")
    lines, invalid = read_lines(sys.argv[1]), read_lines(sys.argv[2])
    mb = sum(len(line) + 1 for line in lines) / 1e6
    check_verdicts(lines, invalid)
    for name, decode in ROWS.items():
        timed_pass(decode, lines)  # warm-up
        seconds = timed_pass(decode, lines)
        print(json.dumps({"row": name, "lines": len(lines), "mb": mb, "seconds": seconds}), flush=True)


if __name__ == "__main__":
    main()
