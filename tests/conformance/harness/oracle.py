"""The oracle: a standard JSON Schema validator run on the source schemas.

Primary: Python `jsonschema` (Draft 2020-12, format assertion through its
FORMAT_CHECKER, patterns searched as ECMA-262 by `regress`: ecma_patterns.py),
the validator tests/schemas already trusts. Cross-check for
generated cases: ajv 2020 with ajv-formats (tests/conformance/oracle/ajv_check.mjs).
Where the two disagree on a generated case, the case sits on a corner of one
of them and is left out (counted and listed; docs/conformance.md explains).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from . import ecma_patterns
from .schemas import Loc, SchemaSet

ecma_patterns.install()  # `pattern` is ECMA-262, not Python's `re`

BASE = "https://contract.invalid/"
HERE = Path(__file__).resolve().parent.parent


def type_uri(loc: Loc) -> str:
    return f"{BASE}{loc.file}#{loc.pointer}"


class Oracle:
    def __init__(self, schemas: SchemaSet):
        self.schemas = schemas
        self.registry = Registry().with_resources(
            [(BASE + rel, Resource.from_contents(doc, default_specification=DRAFT202012)) for rel, doc in schemas.docs.items()])
        self.validators: dict[str, Draft202012Validator] = {}

    def validator(self, loc: Loc) -> Draft202012Validator:
        uri = type_uri(loc)
        if uri not in self.validators:
            self.validators[uri] = Draft202012Validator({"$ref": uri}, registry=self.registry,
                                                        format_checker=Draft202012Validator.FORMAT_CHECKER)
        return self.validators[uri]

    def verdict(self, loc: Loc, instance: Any) -> tuple[bool, str]:
        error = next(iter(self.validator(loc).iter_errors(instance)), None)
        if error is None:
            return True, ""
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        return False, f"{where}: {error.message[:200]}"

    def ajv_verdicts(self, checks: list[tuple[Loc, Any]], node: str = "node") -> list[bool]:
        """ajv 2020 + ajv-formats verdicts, in one Node process."""
        payload = {"resources": {BASE + rel: doc for rel, doc in self.schemas.docs.items()},
                   "checks": [[type_uri(loc), inst] for loc, inst in checks]}
        p = subprocess.run([node, str(HERE / "oracle" / "ajv_check.mjs")], input=json.dumps(payload),
                           capture_output=True, text=True, encoding="utf-8")
        if p.returncode != 0:
            raise RuntimeError(f"ajv cross-check failed:\n{p.stderr}")
        verdicts = json.loads(p.stdout)
        assert len(verdicts) == len(checks)
        return verdicts
