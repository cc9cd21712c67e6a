"""`driver.py vectors`: every vector of the contract, hand-written and generated,
through every language's bindings, against the oracle."""

from __future__ import annotations

import collections
import hashlib
import json
import multiprocessing
import os
import subprocess
import time
from pathlib import Path
from typing import Any

from . import langs
from .compare import KNOWN_DEVIATIONS, Deviation, Expected, judge
from .generate import cases_for
from .jsonvalue import dumps
from .oracle import Oracle
from .schemas import SchemaSet



def load_vectors(folder: Path) -> list[dict]:
    cases = []
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for i, c in enumerate(doc["cases"]):
            cases.append({**c, "origin": f"{path.name}#{i}"})
    return cases


_ORACLE: tuple[Oracle, dict] | None = None


def _judge_type(job: tuple[str, list[Any]]) -> list[tuple[bool, str]]:
    assert _ORACLE is not None
    oracle, types = _ORACLE
    name, instances = job
    return [oracle.verdict(types[name], inst) for inst in instances]


def oracle_verdicts(oracle: Oracle, types: dict, cases: list[dict]) -> tuple[list[bool], list[str]]:
    """The oracle's verdict on every case, type by type, on every core (jsonschema is the slow part)."""
    global _ORACLE
    _ORACLE = (oracle, types)
    by_type: dict[str, list[int]] = collections.defaultdict(list)
    for i, c in enumerate(cases):
        by_type[c["type"]].append(i)
    jobs = sorted(by_type.items(), key=lambda kv: -len(kv[1]))  # big types first
    workers = min(4, os.cpu_count() or 1)
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_judge_type, [(t, [cases[i]["instance"] for i in idx]) for t, idx in jobs], chunksize=1)
    else:
        results = [_judge_type((t, [cases[i]["instance"] for i in idx])) for t, idx in jobs]
    verdicts, notes = [False] * len(cases), [""] * len(cases)
    for (t, idx), res in zip(jobs, results):
        for i, (ok, note) in zip(idx, res):
            verdicts[i], notes[i] = ok, note
    return verdicts, notes


def expected_error(case: dict) -> tuple[str, str] | None:
    """The (path, keyword) an invalid case must be reported with: a near-miss's, or a hand-written
    vector's `path` and `keyword` members."""
    if case.get("error"):
        return tuple(case["error"])  # type: ignore[return-value]
    if "path" in case and "keyword" in case:
        return case["path"], case["keyword"]
    return None


def run(args) -> int:
    t0 = time.monotonic()
    log = lambda *a: print(*a, flush=True)
    failures: list[str] = []
    schemas = SchemaSet(Path(args.schemas))
    oracle = Oracle(schemas)
    types = dict(schemas.named_types())
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)

    # ---- the runners ----------------------------------------------------------------------------
    runners: dict[str, langs.Runner] = {}
    missing: dict[str, str] = {}
    generated = Path(args.generated)
    for lang in args.langs:
        try:
            runners[lang] = langs.prepare(lang, generated, work.parent, Path(args.cpp_runner), log=log)
        except langs.Unavailable as e:
            missing[lang] = str(e)
        except langs.CompileFailure as e:
            failures.append(str(e))
    for lang in args.require:
        if lang in missing:
            failures.append(f"required language {lang} is unavailable: {missing[lang]}")

    # Every named type of the schemas must be registered in every binding.
    for lang, runner in runners.items():
        p = subprocess.run(runner.cmd[:-1] + ["--list"], capture_output=True, text=True, env={**os.environ, **runner.env})
        registered = set(p.stdout.split())
        if p.returncode != 0:
            failures.append(f"{lang}: --list failed: {p.stderr[-2000:]}")
            continue
        if set(types) - registered:
            failures.append(f"{lang}: types of the schemas missing from the registry: {sorted(set(types) - registered)}")
        if registered - set(types):
            failures.append(f"{lang}: registry types that are not named types of the schemas: {sorted(registered - set(types))}")

    # ---- the cases ------------------------------------------------------------------------------------
    cases: list[dict] = []
    for c in load_vectors(Path(args.vectors)):
        if c["type"] not in types:
            failures.append(f"vector {c['origin']} ({c['name']}): unknown type {c['type']}")
            continue
        cases.append({**c, "kind": "hand-written"})
    # The `examples` of every named type (the seeds' own JSON) are valid cases too.
    for name, loc in types.items():
        node = schemas.node(loc)
        for i, example in enumerate(node.get("examples", []) if isinstance(node, dict) else []):
            cases.append({"name": f"schema example #{i + 1}", "type": name, "instance": example, "valid": True,
                          "kind": "hand-written", "origin": f"{loc.key()}/examples/{i}"})
    hand_written = len(cases)
    if args.generated_cases:
        for name, loc in types.items():
            try:
                generated_cases = cases_for(schemas, name, loc)
            except Exception as e:  # a construct the generator does not know: say so, do not skip silently
                failures.append(f"the case generator cannot handle {name}: {type(e).__name__}: {e}")
                continue
            for g in generated_cases:
                cases.append({"name": g.name, "type": name, "instance": g.instance, "kind": "generated",
                              "intended_valid": g.intended_valid, "ascii": g.ascii_only, "error": g.error})
    log(f"{hand_written} hand-written and {len(cases) - hand_written} generated cases for {len(types)} types "
        f"({time.monotonic() - t0:.1f}s)")

    # ---- the oracle ---------------------------------------------------------------------------------------
    verdicts, notes = oracle_verdicts(oracle, types, cases)
    # The cross-check: ajv's verdicts on the generated cases. Reported, not used: where the
    # two validators differ, one of them is on a corner (docs/conformance.md lists the known ones).
    cross: list[tuple[dict, bool]] = []
    if args.ajv:
        generated_idx = [i for i, c in enumerate(cases) if c["kind"] == "generated"]
        try:
            ajv = oracle.ajv_verdicts([(types[cases[i]["type"]], cases[i]["instance"]) for i in generated_idx])
            cross = [(cases[i], verdicts[i]) for i, a in zip(generated_idx, ajv) if a != verdicts[i]]
        except RuntimeError as e:
            failures.append(str(e))
    for c, ok, note in zip(cases, verdicts, notes):
        if c["kind"] == "hand-written" and ok != c["valid"]:
            failures.append(f"vector {c['origin']} ({c['name']}) declares valid={c['valid']}, the oracle says "
                            f"{ok}{': ' + note if note else ''}")
        if c["kind"] == "generated" and c["intended_valid"] and not ok:
            failures.append(f"generator bug: a generated valid {c['type']} instance is rejected by the oracle "
                            f"({note}): {dumps(c['instance'])[:400]}")
    log(f"oracle verdicts ({time.monotonic() - t0:.1f}s)")

    # ---- the languages -------------------------------------------------------------------------------------
    live = list(range(len(cases)))
    lines: list[str | bytes] = [f"{cases[i]['type']}\t{dumps(cases[i]['instance'], cases[i].get('ascii', False))}" for i in live]
    outputs: dict[str, list[str]] = {}
    for lang, runner in runners.items():
        t = time.monotonic()
        try:
            outputs[lang] = runner.run(lines)
        except (langs.RunnerFailure, subprocess.TimeoutExpired) as e:
            failures.append(str(e))
            continue
        log(f"{lang}: {len(lines)} lines in {time.monotonic() - t:.2f}s")

    disagreements = []
    per_type: collections.Counter[str] = collections.Counter()
    strict = set(args.strict) & set(outputs)
    located = 0
    deviations: dict[Deviation, int] = {}
    for j, i in enumerate(live):
        error = None if verdicts[i] else expected_error(cases[i])
        located += error is not None
        d = judge(cases[i], verdicts[i], {lang: out[j] for lang, out in outputs.items()},
                  "oracle: " + (notes[i] or "accepts") + (f"; expected error {error[0]}: {error[1]}" if error else ""),
                  strict=strict, expected=Expected(error=error), deviations=deviations)
        if d:
            disagreements.append(d)
            per_type[cases[i]["type"]] += 1

    # ---- report --------------------------------------------------------------------------------------------
    if args.disagreements:  # machine-readable, for tests/mutation/run.py
        with open(args.disagreements, "w", encoding="utf-8") as f:
            for d in disagreements:
                key = hashlib.sha256(dumps(d.case["instance"]).encode()).hexdigest()[:16]
                f.write(json.dumps({"case": f"{d.case['type']} | {d.case['name']} | {key}", "why": d.why}) + "\n")
    out_file = work / "cases.ndjson"
    with out_file.open("w", encoding="utf-8") as f:
        for i, c in enumerate(cases):
            f.write(dumps({"type": c["type"], "name": c["name"], "valid": verdicts[i], "instance": c["instance"],
                           "kind": c["kind"]}) + "\n")
    for d in disagreements[:args.show]:
        print(d.render())
    if len(disagreements) > args.show:
        print(f"... and {len(disagreements) - args.show} more disagreements")
    if disagreements:
        print("disagreements per type: " + ", ".join(f"{t} {n}" for t, n in per_type.most_common()))
    for dev in KNOWN_DEVIATIONS:
        if dev.lang not in strict:
            continue
        if dev in deviations:
            print(f"KNOWN DEVIATION (counted, not failed) {dev.lang}: reports {dev.reported} where docs/semantics.md "
                  f"says {dev.expected}, in {deviations[dev]} cases: {dev.why}")
        else:
            failures.append(f"the known deviation of {dev.lang} ({dev.reported} for {dev.expected}) no longer occurs: "
                            "remove it from harness/compare.py KNOWN_DEVIATIONS")
    for failure in failures:
        print("FAILURE " + failure)

    valid_n = sum(1 for i in live if verdicts[i])
    gen = [cases[i] for i in live if cases[i]["kind"] == "generated"]
    samples = sum(1 for c in gen if c["intended_valid"])
    print()
    examples = sum(1 for c in cases if c["name"].startswith("schema example"))
    print(f"conformance vectors: {len(live)} cases for {len(types)} types: {hand_written - examples} hand-written, "
          f"{examples} schema examples, "
          f"{samples} generated valid samples, {len(gen) - samples} generated near-misses; "
          f"the oracle says {valid_n} valid, {len(live) - valid_n} invalid")
    if args.ajv:
        print(f"ajv cross-check: ajv and jsonschema differ on {len(cross)} of the generated cases "
              f"(judged by jsonschema; known ajv-formats deviations, see docs/conformance.md)")
        for c, ok in cross[:5]:
            print(f"  {c['type']} | {c['name'][:100]} | jsonschema: {'valid' if ok else 'invalid'} | {dumps(c['instance'])[:160]}")
    print(f"languages checked: {', '.join(outputs) or 'none'}; strict (error path and keyword, number spelling): "
          f"{', '.join(sorted(strict)) or 'none'}; {located} invalid cases with a known error location")
    for lang, why in missing.items():
        print(f"NOT CHECKED: {lang}: {why}")
    print(f"disagreements: {len(disagreements)}; other failures: {len(failures)}; cases written to {out_file}; "
          f"{time.monotonic() - t0:.1f}s")
    return 1 if disagreements or failures or not outputs else 0
