"""Judging runner output against the expected verdict, and reporting disagreements."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .jsonvalue import dumps, first_difference, json_equal


@dataclass
class Outcome:
    ok: bool                 # the runner accepted the instance
    output: Any = None       # its re-serialisation, when ok
    line: str = ""           # the raw line
    problem: str = ""        # a protocol problem (crash, unparsable output, unknown type)


def parse_line(line: str) -> Outcome:
    if line.startswith("ok "):
        try:
            return Outcome(True, json.loads(line[3:]), line)
        except json.JSONDecodeError as e:
            return Outcome(True, None, line, f"output is not JSON ({e})")
    if line.startswith("error "):
        message = line[6:]
        if not message.startswith("$"):
            return Outcome(False, None, line, "the error message does not start with a JSON path ($...)")
        return Outcome(False, None, line)
    return Outcome(False, None, line, "not an 'ok' or 'error' line")


@dataclass
class Disagreement:
    case: dict
    expected_valid: bool
    why: str
    lines: dict[str, str] = field(default_factory=dict)
    oracle_note: str = ""

    def render(self) -> str:
        c = self.case
        out = [f"DISAGREEMENT {c.get('type')} | {c.get('name')}",
               f"  vector:   {dumps(c.get('instance'))[:600]}",
               f"  expected: {'valid' if self.expected_valid else 'invalid'} ({self.oracle_note or 'oracle'})",
               f"  problem:  {self.why}"]
        for lang, line in self.lines.items():
            out.append(f"  {lang + ':':9} {line[:600]}")
        return "\n".join(out)


def judge(case: dict, expected_valid: bool, outputs: dict[str, str], oracle_note: str = "") -> Disagreement | None:
    """None when every language agrees with the expected verdict (and round-trips a valid instance)."""
    problems = []
    parsed = {lang: parse_line(line) for lang, line in outputs.items()}
    for lang, o in parsed.items():
        if o.problem:
            problems.append(f"{lang}: {o.problem}")
        elif o.ok != expected_valid:
            problems.append(f"{lang} says {'valid' if o.ok else 'invalid'}")
        elif o.ok and not json_equal(o.output, case["instance"]):
            problems.append(f"{lang} round trip changed the value at {first_difference(case['instance'], o.output)}")
    if expected_valid:
        values = [(lang, o.output) for lang, o in parsed.items() if o.ok and not o.problem]
        for (l1, v1), (l2, v2) in zip(values, values[1:]):
            if not json_equal(v1, v2):
                problems.append(f"{l1} and {l2} re-serialise differently")
    if not problems:
        return None
    return Disagreement(case, expected_valid, "; ".join(problems), outputs, oracle_note)
