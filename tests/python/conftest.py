"""Helpers shared by the tests of the generated Pydantic bindings.

Every generated package is called ``contract``; the golden cases' packages are
loaded from their folders under distinct names (the generated modules only use
relative imports), so one pytest run can exercise all of them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "golden"
# The golden cases' complete output (runtime included; their committed
# expected/ folders leave it out) as the current generator writes it:
# tests/fresh/generate.sh's output root, in the repository's layout (CTest
# sets it; the tests that use it require the fixture fresh_output).
OUTPUT_ROOT = os.environ.get("CONTRACTGEN_OUTPUT_ROOT")

# The repository's bindings: `contract` from PYTHONPATH when it is set (the
# CTest tests point it at generated/python), else generated/python itself.
if importlib.util.find_spec("contract") is None:
    sys.path.insert(0, str(REPO / "generated" / "python"))


def load_package(folder: Path, name: str) -> ModuleType:
    """Imports the package in ``folder`` (a generated ``contract``) as ``name``."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py", submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def golden_output(case: str) -> Path:
    """A golden case's output folder, as tests/fresh/generate.sh wrote it."""
    if not OUTPUT_ROOT:
        raise RuntimeError(
            "CONTRACTGEN_OUTPUT_ROOT is not set: run through ctest, or set it to the output root of "
            "tests/fresh/generate.sh (the committed golden expected/ folders leave the runtime out)"
        )
    return Path(OUTPUT_ROOT) / "tests" / "golden" / case / "expected"


def load_golden(case: str) -> ModuleType:
    return load_package(golden_output(case) / "python" / "contract", f"golden_{case}_contract")


def same_json(out: Any, expected: Any) -> bool:
    """The round-trip rule: the same JSON value, and integers stay integers.

    Members absent from ``expected`` must be absent from ``out``, nulls stay
    null, strings are compared exactly; a number read as an integer must be
    written as an integer (a float input may come back as an equal integer).
    """
    if isinstance(expected, bool) or isinstance(out, bool):
        return type(out) is type(expected) and out == expected
    if isinstance(expected, int):
        return type(out) is int and out == expected
    if isinstance(expected, float):
        return isinstance(out, (int, float)) and out == expected
    if expected is None or isinstance(expected, str):
        return type(out) is type(expected) and out == expected
    if isinstance(expected, list):
        return isinstance(out, list) and len(out) == len(expected) and all(map(same_json, out, expected))
    if isinstance(expected, dict):
        return (
            isinstance(out, dict)
            and set(out) == set(expected)
            and all(same_json(out[k], v) for k, v in expected.items())
        )
    raise TypeError(f"not a JSON value: {expected!r}")


def assert_json_location(instance: Any, loc: tuple[int | str, ...], missing: bool) -> None:
    """``loc`` is a JSON path into ``instance``: every step is a member or an
    index of the value before it (the last may be absent when it is missing)."""
    node = instance
    for i, step in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(node, dict) and isinstance(step, str) and (step in node or (last and missing)):
            node = node.get(step)
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
        else:
            raise AssertionError(f"{loc!r} is not a JSON path into {show(instance)} (at step {step!r})")


def show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
