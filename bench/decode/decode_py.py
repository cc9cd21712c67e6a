"""Decode throughput of the Pydantic binding: every NDJSON line through
chat_stream.StreamEnvelope.model_validate_json (validated, typed), the same
in the tolerant-reader mode (tolerant=True), and json.loads of the same lines
as a reference.
usage: python decode_py.py <corpus.ndjson> [repeats]   (generated/python on PYTHONPATH)"""
import json
import sys
import time

from contract import chat_stream


def best(repeats, fn):
    fastest = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def main():
    corpus = sys.argv[1]
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with open(corpus, "rb") as f:
        data = f.read()
    lines = [line for line in data.split(b"\n") if line]
    validate = chat_stream.StreamEnvelope.model_validate_json

    def typed():
        for line in lines:
            validate(line)

    def tolerant():
        for line in lines:
            validate(line, tolerant=True)

    def plain():
        for line in lines:
            json.loads(line)

    mb = len(data) / 1e6
    print(json.dumps({"binding": "Python (Pydantic v2)", "lines": len(lines), "mb": mb, "seconds": best(repeats, typed)}))
    print(json.dumps({"binding": "Python (Pydantic v2, tolerant=True)", "lines": len(lines), "mb": mb, "seconds": best(repeats, tolerant)}))
    print(json.dumps({"binding": "Python json.loads only (reference)", "lines": len(lines), "mb": mb, "seconds": best(repeats, plain)}))


if __name__ == "__main__":
    main()
