"""Judging runner output against the expected verdict, and reporting disagreements.

Two judgements (docs/conformance.md, "The judgement"):

* every language: the verdict, an error line that starts with a JSON path, and
  for `ok` the input's JSON value (numbers by value, member order free);
* a *strict* language (CONTRACTGEN_CONFORMANCE_STRICT) is held to what users
  see, docs/semantics.md §2-§3: an error line is `<path>: <keyword>: <detail>`
  with a keyword of the vocabulary, its path and keyword equal the expected
  ones (or, where none is known, every other strict language's), and every
  number of an `ok` output is spelled canonically; free-form values keep their
  member order where the case says so.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import jsontext
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
        except (json.JSONDecodeError, RecursionError) as e:
            return Outcome(True, None, line, f"output is not JSON ({e})")
    if line.startswith("error "):
        message = line[6:]
        if not message.startswith("$"):
            return Outcome(False, None, line, "the error message does not start with a JSON path ($...)")
        return Outcome(False, None, line)
    return Outcome(False, None, line, "not an 'ok' or 'error' line")


@dataclass(frozen=True)
class Deviation:
    """A known departure of a strict language from docs/semantics.md: at the expected path, the
    language reports `reported` where the rules say `expected`. Counted and printed by every run,
    never failed; `driver.py vectors` fails when an entry no longer occurs (remove it then)."""

    lang: str
    expected: str
    reported: str
    why: str


KNOWN_DEVIATIONS = [
    Deviation("go", "type", "const",
              "a value of the wrong JSON kind for a schema with `type` and `const` is reported as `const`; "
              "§2 reports the first keyword of its table, `type` (Go reports `type` for `type` + `enum`)"),
]


@dataclass
class Expected:
    """What a strict language must print for one case, beyond the verdict."""

    error: tuple[str, str] | None = None   # (path, keyword) of an invalid case, when known
    text: Any = None                       # a jsontext tree of the `ok` output; None: derived from the instance
    ordered: dict[str, Any] = field(default_factory=dict)  # see jsontext.difference


@dataclass
class Disagreement:
    case: dict
    expected_valid: bool
    why: str
    lines: dict[str, str] = field(default_factory=dict)
    oracle_note: str = ""

    def render(self) -> str:
        c = self.case
        vector = c.get("text") if "text" in c else dumps(c.get("instance"))
        out = [f"DISAGREEMENT {c.get('type')} | {c.get('name')}",
               f"  vector:   {str(vector)[:600]}",
               f"  expected: {'valid' if self.expected_valid else 'invalid'} ({self.oracle_note or 'oracle'})",
               f"  problem:  {self.why}"]
        for lang, line in self.lines.items():
            out.append(f"  {lang + ':':9} {line[:600]}")
        return "\n".join(out)


def strict_problem(lang: str, o: Outcome, expected_valid: bool, case: dict, expected: Expected,
                   deviations: dict[Deviation, int] | None = None) -> str:
    """Why a strict language's line is not what the rules say ("" when it is)."""
    if o.ok:
        try:
            got = jsontext.loads(o.line[3:])
        except (ValueError, RecursionError) as e:
            return f"{lang}: output is not JSON ({e})"
        want = expected.text if expected.text is not None else jsontext.python_to_text_tree(case["instance"])
        d = jsontext.difference(want, got, ordered=expected.ordered)
        return f"{lang} output differs at {d}" if d else ""
    e = jsontext.parse_error(o.line[6:])
    if isinstance(e, str):
        # The path is still compared, so that a wrong path shows even before the line has its shape.
        path = jsontext.leading_path(o.line[6:])
        wrong_path = f"; it reports {path}, expected {expected.error[0]}" \
            if expected.error is not None and path != expected.error[0] else ""
        return f"{lang}: the error line is not '<path>: <keyword>: <detail>' ({e}){wrong_path}"
    if expected.error is not None and (e.path, e.keyword) != expected.error:
        for dev in KNOWN_DEVIATIONS:
            if (dev.lang, dev.expected, dev.reported) == (lang, expected.error[1], e.keyword) and e.path == expected.error[0]:
                if deviations is not None:
                    deviations[dev] = deviations.get(dev, 0) + 1
                return ""
        return f"{lang} reports {e.path}: {e.keyword}, expected {expected.error[0]}: {expected.error[1]}"
    return ""


def judge(case: dict, expected_valid: bool, outputs: dict[str, str], oracle_note: str = "",
          strict: frozenset[str] | set[str] = frozenset(), expected: Expected | None = None,
          deviations: dict[Deviation, int] | None = None) -> Disagreement | None:
    """None when every language agrees with the expected verdict (and round-trips a valid instance);
    strict languages also with the expected error location and number spelling. Known deviations
    are counted into `deviations` instead of failing."""
    expected = expected or Expected()
    problems = []
    parsed = {lang: parse_line(line) for lang, line in outputs.items()}
    for lang, o in parsed.items():
        if o.problem and not (o.ok and not expected_valid):  # accepting an invalid value is the failure to name
            problems.append(f"{lang}: {o.problem}")
        elif o.ok != expected_valid:
            problems.append(f"{lang} says {'valid' if o.ok else 'invalid'}")
        elif lang in strict:
            p = strict_problem(lang, o, expected_valid, case, expected, deviations)
            if p:
                problems.append(p)
        elif o.ok and "instance" in case and not json_equal(o.output, case["instance"]):
            problems.append(f"{lang} round trip changed the value at {first_difference(case['instance'], o.output)}")
    if expected_valid:
        values = [(lang, o.output) for lang, o in parsed.items() if o.ok and not o.problem]
        for (l1, v1), (l2, v2) in zip(values, values[1:]):
            if not json_equal(v1, v2):
                problems.append(f"{l1} and {l2} re-serialise differently")
    elif expected.error is None:
        # No expected location: the strict languages must at least agree with each other.
        located = {}
        for lang in sorted(strict):
            o = parsed.get(lang)
            e = jsontext.parse_error(o.line[6:]) if o and not o.ok and not o.problem else None
            if isinstance(e, jsontext.ErrorLine):
                located[lang] = (e.path, e.keyword)
        if len(set(located.values())) > 1:
            problems.append("strict languages disagree on the error: " +
                            ", ".join(f"{lang} {p}: {k}" for lang, (p, k) in located.items()))
    if not problems:
        return None
    return Disagreement(case, expected_valid, "; ".join(problems), outputs, oracle_note)
