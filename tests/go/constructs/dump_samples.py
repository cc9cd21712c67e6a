"""Writes the constructs samples of tests/python/test_constructs.py (each
verdict confirmed there by a standard validator on the case's schemas) as
JSON lines {"type", "instance", "valid"}, for the Go test of the same case.

  python dump_samples.py OUT.ndjson
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python"))
sys.dont_write_bytecode = True

import test_constructs  # noqa: E402

with open(sys.argv[1], "w", encoding="utf-8") as out:
    for sample in test_constructs.SAMPLES:
        type_name, instance, verdict = sample[:3]
        out.write(json.dumps({"type": type_name, "instance": instance, "valid": verdict}, ensure_ascii=False) + "\n")
