"""The Python rows of bench/encode.py: every corpus line decoded once (not timed) into each row's
own values, then ROUNDS rounds, the rows in an order that rotates from round to round, each
writing every value to JSON text:
  - the generated Pydantic binding: contract.dump_json, through its compiled codec (_codec.c);
  - the same binding on its pure path: what dump_json does without the codec (pydantic-core's
    serializer, wire names, absent members left out, canonical numbers);
  - the hand-written Pydantic models: model_dump_json(exclude_unset=True);
  - the hand-written msgspec structs: Encoder.encode (bytes; omit_defaults).
Before timing, every row must write each line back to its JSON value (msgspec: to a value that
decodes to the same structs, since it cannot keep absent apart from null or an open object's
unknown members: handwritten/msgspec/chat_stream.py), and the codec must write every value
itself. The garbage collector is off while a row is timed. Prints one JSON object per row and
round: {"encoder", "round", "lines", "mb" (megabytes written), "seconds"}.

usage: python encode_python.py CORPUS ROUNDS   (the generated package on PYTHONPATH)
"""

import gc
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "decode"))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "decode", "handwritten", "pydantic"))
import chat_stream as handwritten  # noqa: E402
import contract  # noqa: E402
from contract import chat_stream as generated  # noqa: E402
from contract._runtime import codec, models  # noqa: E402
from handwritten_msgspec import load as load_msgspec  # noqa: E402

msgspec_peer = load_msgspec()
BINDING = "Python binding: contract.dump_json"
PURE = "Python binding, pure path (no codec)"
HAND_PYDANTIC = "Python hand-written Pydantic (model_dump_json)"
MSGSPEC = "Python hand-written msgspec (Encoder.encode)"


def pure_dump(value):
    # dump_json's way without the codec (models.py): the model's serializer, numbers respelled.
    return models._finish(type(value).__pydantic_serializer__.to_json(value, by_alias=True, exclude_unset=True))


def rows(lines):
    """Each row: (its values, its encoder)."""
    gen = [generated.StreamEnvelope.model_validate_json(line) for line in lines]
    hand = [handwritten.StreamEnvelope.model_validate_json(line) for line in lines]
    spec = [msgspec_peer.decoder.decode(line) for line in lines]
    return {
        BINDING: (gen, contract.dump_json),
        PURE: (gen, pure_dump),
        HAND_PYDANTIC: (hand, lambda v: v.model_dump_json(exclude_unset=True)),
        MSGSPEC: (spec, msgspec_peer.encoder.encode),
    }


def check(lines, table):
    """Stops unless every row writes every line back; returns each row's megabytes written."""
    table_dump = codec.table(generated.StreamEnvelope.__pydantic_core_schema__).dump
    written = {}
    for name, (values, encode) in table.items():
        size = 0
        for line, value in zip(lines, values):
            text = encode(value)
            size += len(text) if isinstance(text, bytes) else len(text.encode())
            if name == MSGSPEC:
                ok = msgspec_peer.decoder.decode(text) == value
            else:
                ok = json.loads(text) == json.loads(line)
            if not ok:
                sys.exit(f"{name} does not write back {line[:200]!r}: {text[:200]!r}")
            if name == BINDING and table_dump(value) is None:
                sys.exit(f"the compiled codec does not write {line[:200]!r}: the binding's row would time the pure path")
        written[name] = size / 1e6
    return written


def timed(encode, values):
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        for v in values:
            encode(v)
        return time.perf_counter() - start
    finally:
        gc.enable()


def main():
    corpus, rounds = sys.argv[1], int(sys.argv[2])
    if models._clean is None or not codec.ENABLED:
        sys.exit("the contract package was imported without its compiled parts (_runtime/_policy.c, _codec.c)")
    with open(corpus, "rb") as f:
        lines = [line for line in f.read().split(b"\n") if line]
    table = rows(lines)
    written = check(lines, table)
    names = list(table)
    for name in names:  # warm-up
        timed(table[name][1], table[name][0])
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            values, encode = table[name]
            seconds = timed(encode, values)
            print(json.dumps({"encoder": name, "round": r, "lines": len(lines), "mb": written[name], "seconds": seconds}),
                  flush=True)


if __name__ == "__main__":
    main()
