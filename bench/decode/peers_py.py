"""One round of the Python side of bench/decode_peers.py: every corpus line
validated into a typed model by the hand-written Pydantic model
(handwritten/pydantic/chat_stream.py) and by the generated Pydantic binding,
both with model_validate_json. First the negative set: both must reject every
line of it. Then a warm-up pass and one timed pass each.
usage: python peers_py.py <corpus.ndjson> <negative.ndjson>   (generated/python on PYTHONPATH)"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "handwritten", "pydantic"))
import chat_stream as handwritten  # noqa: E402
from contract import chat_stream as generated  # noqa: E402


def main():
    corpus, negative = sys.argv[1], sys.argv[2]
    with open(corpus, "rb") as f:
        lines = [line for line in f.read().split(b"\n") if line]
    with open(negative, "rb") as f:
        invalid = [line for line in f.read().split(b"\n") if line]
    mb = sum(len(line) + 1 for line in lines) / 1e6
    bindings = {
        "Python hand-written Pydantic (model_validate_json)": handwritten.StreamEnvelope.model_validate_json,
        "Python binding: Pydantic model_validate_json": generated.StreamEnvelope.model_validate_json,
    }
    for name, validate in bindings.items():
        for line in invalid:
            try:
                validate(line)
            except ValueError:
                continue
            sys.exit(f"{name} accepts an invalid line: {line!r}")
    for name, validate in bindings.items():
        for line in lines:  # warm-up
            validate(line)
        start = time.perf_counter()
        for line in lines:
            validate(line)
        seconds = time.perf_counter() - start
        print(json.dumps({"binding": name, "lines": len(lines), "mb": mb, "seconds": seconds}))


if __name__ == "__main__":
    main()
