"""`driver.py hostile`: the hostile-payload suite (tests/conformance/hostile/) through the bindings.

Default (CTest `conformance_hostile`): the strict languages only, judged strictly (verdict, error
path and keyword, canonical output text); any disagreement fails. `--report`: every available
language, each judged on everything, and a table of how many cases each one gets wrong, per rule:
for the languages that do not follow docs/semantics.md yet, what is left to do. A line that kills a
runner (a crash, a hang) is answered "crash" and the rest of the batch still runs.
"""

from __future__ import annotations

import collections
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from . import jsontext, langs
from .compare import Deviation, Expected, judge
from .oracle import Oracle
from .schemas import SchemaSet

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))
from hostile.build import RULES, Case  # noqa: E402
from hostile.generate import all_cases  # noqa: E402

# What a disagreement is about, in the order of the table's columns.
KINDS = ["no answer or crash", "verdict", "error path or keyword", "ok output"]


def oracle_problems(schemas: SchemaSet, cases: list[Case]) -> tuple[list[str], int]:
    """Every case the oracle can judge (its bytes are UTF-8 JSON without duplicates, lone
    surrogates, overflowing numbers or excessive nesting, and its verdict is not the payload
    policy's alone) must get the oracle's verdict. Returns the problems and how many were judged."""
    oracle = Oracle(schemas)
    types = dict(schemas.named_types())
    problems, judged = [], 0
    for c in cases:
        if c.policy:
            continue
        instance = _plain_json(c.data)
        if instance is _NOT_JUDGED:
            continue
        judged += 1
        valid, note = oracle.verdict(types[c.type], instance)
        if valid != c.ok:
            problems.append(f"hostile case {c.type} | {c.name}: the generator says {'ok' if c.ok else 'error'}, "
                            f"the oracle says {'valid' if valid else 'invalid'} {note}")
    return problems, judged


_NOT_JUDGED = object()


def _plain_json(data: bytes) -> Any:
    def pairs(members: list[tuple[str, Any]]) -> dict:
        if len({k for k, _ in members}) != len(members):
            raise ValueError("duplicate member")
        return dict(members)

    def finite(text: str) -> float:
        v = float(text)
        if not math.isfinite(v):
            raise ValueError("overflow")
        return v

    try:
        text = data.decode("utf-8")
        if text.startswith("\ufeff"):
            return _NOT_JUDGED
        value = json.loads(text, object_pairs_hook=pairs, parse_float=finite)
        json.dumps(value).encode("utf-8")  # lone surrogates cannot be encoded
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError, UnicodeEncodeError):
        return _NOT_JUDGED
    return value


def answers(runner: langs.Runner, cases: list[Case], timeout: float) -> list[str]:
    """Each case's answer: the "mixed" cases in one process, the "type" ones in one per type."""
    out = [""] * len(cases)
    mixed = [i for i, c in enumerate(cases) if c.mode == "mixed"]
    for i, line in zip(mixed, runner.run_each([cases[i].type.encode() + b"\t" + cases[i].data for i in mixed], timeout)):
        out[i] = line
    by_type: dict[str, list[int]] = collections.defaultdict(list)
    for i, c in enumerate(cases):
        if c.mode == "type":
            by_type[c.type].append(i)
    for type_name, idx in by_type.items():
        single = langs.Runner(runner.lang, [a for a in runner.cmd if a != "--mixed"] + ["--type", type_name], runner.env)
        for i, line in zip(idx, single.run_each([cases[i].data for i in idx], timeout)):
            out[i] = line
    return out


def classify(why: str) -> str:
    if "says valid" in why or "says invalid" in why:
        return "verdict"
    if "output differs" in why:
        return "ok output"
    if " reports " in why or "the error line is not" in why:
        return "error path or keyword"
    return "no answer or crash"


def run(args) -> int:
    t0 = time.monotonic()
    log = lambda *a: print(*a, flush=True)  # noqa: E731
    cases = all_cases()
    failures, judged = oracle_problems(SchemaSet(Path(args.schemas)), cases)
    log(f"{len(cases)} hostile cases; the oracle agrees on the {judged} it can judge ({time.monotonic() - t0:.1f}s)")

    strict = set(args.strict)
    wanted = list(args.langs) if args.report else [l for l in args.langs if l in strict]
    runners: dict[str, langs.Runner] = {}
    for lang in wanted:
        try:
            runners[lang] = langs.prepare(lang, Path(args.generated), Path(args.work).parent, Path(args.cpp_runner), log=log)
        except (langs.Unavailable, langs.CompileFailure) as e:
            (failures.append if lang in args.require or (lang in strict and not args.report) else log)(
                f"{lang} unavailable: {e}")
    outputs: dict[str, list[str]] = {}
    for lang, runner in runners.items():
        t = time.monotonic()
        outputs[lang] = answers(runner, cases, args.timeout)
        log(f"{lang}: {len(cases)} cases ({sum(len(c.data) for c in cases) / 1e6:.1f} MB) in {time.monotonic() - t:.1f}s")

    # ---- judging: each language on its own, against the rules ----------------------------------------
    wrong: dict[str, list[tuple[Case, str, str]]] = {lang: [] for lang in outputs}
    deviations: dict[Deviation, int] = {}
    for i, c in enumerate(cases):
        expected = Expected(error=None if c.ok else (c.path, c.keyword),
                            text=jsontext.loads(c.output) if c.ok else None, ordered=c.ordered)
        record = {"type": c.type, "name": c.name, "text": c.data.decode("utf-8", errors="backslashreplace")[:300]}
        for lang, out in outputs.items():
            judged_strictly = lang in strict or args.report
            d = judge(record, c.ok, {lang: out[i]}, strict={lang} if judged_strictly else set(), expected=expected,
                      deviations=deviations)
            if d is not None:
                wrong[lang].append((c, classify(d.why), d.render()))

    # ---- report ------------------------------------------------------------------------------------------
    blocking = [w for lang in outputs if lang in strict for w in wrong[lang]]
    shown = blocking if not args.report else [w for lang in outputs for w in wrong[lang]]
    for _, _, text in shown[:args.show]:
        print(text)
    if len(shown) > args.show:
        print(f"... and {len(shown) - args.show} more (--show N prints more)")
    print()
    text = table(cases, outputs, wrong, strict, args.report)
    print(text)
    if args.update_doc:
        failures += update_doc(Path(args.update_doc), text)
    for dev, n in deviations.items():
        print(f"KNOWN DEVIATION (counted, not failed) {dev.lang}: {dev.reported} where docs/semantics.md says "
              f"{dev.expected}, in {n} cases")
    for failure in failures:
        print("FAILURE " + failure)
    if args.disagreements:  # machine-readable, for tests/mutation/run.py
        with open(args.disagreements, "w", encoding="utf-8") as f:
            for lang in outputs:
                for c, kind, text in wrong[lang]:
                    f.write(json.dumps({"case": f"{lang} | {c.type} | {c.name}", "why": kind + ": " + text.split("problem:  ")[-1].split("\n")[0]}) + "\n")
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            for c in cases:
                f.write(json.dumps(c.record(), ensure_ascii=False) + "\n")
    print(f"hostile: {len(cases)} cases; strict languages {', '.join(sorted(strict & set(outputs))) or 'none'}: "
          f"{len(blocking)} disagreements; other failures: {len(failures)}; {time.monotonic() - t0:.1f}s")
    if not strict:
        print("NOT CHECKED: no strict language (CONTRACTGEN_CONFORMANCE_STRICT is empty)")
    if args.report:
        return 1 if failures else 0
    return 1 if blocking or failures or (strict and not outputs) else 0


DOC_BEGIN, DOC_END = "<!-- hostile-report:begin -->", "<!-- hostile-report:end -->"


def update_doc(doc: Path, text: str) -> list[str]:
    """Replaces the table between the hostile-report markers of a Markdown file."""
    content = doc.read_text(encoding="utf-8")
    if DOC_BEGIN not in content or DOC_END not in content:
        return [f"{doc} has no {DOC_BEGIN} ... {DOC_END} markers"]
    head, rest = content.split(DOC_BEGIN, 1)
    doc.write_text(head + DOC_BEGIN + "\n" + text + "\n" + DOC_END + rest.split(DOC_END, 1)[1], encoding="utf-8")
    print(f"updated the table in {doc}")
    return []


def table(cases: list[Case], outputs: dict[str, list[str]], wrong: dict, strict: set[str], report: bool) -> str:
    """Per language: cases it gets wrong on the verdict alone (or by not answering), and in all
    (the strict judgement); then the same per rule, as `verdict / all`."""
    per_rule = collections.Counter(c.rule for c in cases)
    shown = list(outputs)
    verdict_level = KINDS[:2]
    out = ["| language | CTest holds it to | cases | wrong verdict (or no answer) | wrong at all (strict) | " + " | ".join(KINDS) + " |",
           "|---|---|---:|---:|---:|" + "---:|" * len(KINDS)]
    for lang in shown:
        kinds = collections.Counter(k for _, k, _ in wrong[lang])
        held = "all (strict)" if lang in strict else "the verdict"
        out.append(f"| {lang} | {held} | {len(cases)} | {sum(kinds[k] for k in verdict_level)} | {len(wrong[lang])} | "
                   + " | ".join(str(kinds[k]) for k in KINDS) + " |")
    out += ["", "Cases gotten wrong per rule, `wrong verdict / wrong at all`:", "",
            "| rule | cases | " + " | ".join(shown) + " |", "|---|---:|" + "---:|" * len(shown)]
    for rule in RULES:
        cells = []
        for lang in shown:
            mine = [k for c, k, _ in wrong[lang] if c.rule == rule]
            cells.append(f"{sum(1 for k in mine if k in verdict_level)} / {len(mine)}")
        out.append(f"| {rule} | {per_rule[rule]} | " + " | ".join(cells) + " |")
    return "\n".join(out)
