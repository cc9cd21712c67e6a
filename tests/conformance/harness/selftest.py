"""`driver.py selftest`: the harness checks itself, so that a passing
conformance run means something.

  * JSON equality follows JSON Schema (1 == 1.0, true != 1, member order free);
  * the judge catches a wrong verdict, a changed round trip, an error without
    a JSON path, a crash and disagreeing outputs;
  * the generator is deterministic, its valid samples are valid (oracle),
    cover every optional member present and absent, null, every enum value and
    union alternative, and the boundary values; its near-misses break every
    kind of constraint of the fixture and the oracle rejects them all;
  * the strict judgement (harness/selftest_strict.py): number and path spelling
    agree with Node's, error lines are taken apart, every difference users
    would see is caught, near-misses and hostile cases carry the right
    expectations;
  * every available runner speaks the protocol (one line out per line in,
    errors name a JSON path, unknown types refused) and handles 100,000 lines
    in one process.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

from . import langs, selftest_strict
from .compare import judge
from .generate import Generator, cases_for
from .jsonvalue import dumps, json_equal
from .oracle import Oracle
from .schemas import SchemaSet

HERE = Path(__file__).resolve().parent.parent
FIXTURE = HERE / "fixtures" / "generator"
LINES = 100_000


class Checks:
    def __init__(self):
        self.failures: list[str] = []
        self.count = 0

    def check(self, ok: bool, what: str) -> None:
        self.count += 1
        if not ok:
            self.failures.append(what)
            print("FAILED: " + what, flush=True)


def check_equality(c: Checks) -> None:
    eq = [(1, 1.0), ({"a": [1, {"b": None}], "c": "x"}, {"c": "x", "a": [1.0, {"b": None}]}), ("é", "é"),
          (10**20, 1e20), ([], []), ({}, {})]
    ne = [(True, 1), (False, 0), (None, False), ([1, 2], [2, 1]), ({"a": 1}, {"a": 1, "b": 1}), ("1", 1),
          ({"a": None}, {}), (1.5, 1), ([True], [1])]
    for a, b in eq:
        c.check(json_equal(a, b) and json_equal(b, a), f"json_equal({a!r}, {b!r}) should be true")
    for a, b in ne:
        c.check(not json_equal(a, b) and not json_equal(b, a), f"json_equal({a!r}, {b!r}) should be false")


def check_judge(c: Checks) -> None:
    case = {"type": "t.T", "name": "n", "instance": {"a": 1, "b": None}}
    good = 'ok {"b":null,"a":1.0}'
    c.check(judge(case, True, {"cpp": good, "ts": good}) is None, "judge: agreeing outputs pass")
    c.check(judge(case, False, {"cpp": "error $.a: bad", "py": "error $: bad"}) is None, "judge: agreeing errors pass")
    bad = {
        "a wrong verdict": (True, {"cpp": good, "ts": "error $.a: no"}),
        "accepting an invalid value": (False, {"cpp": good}),
        "a dropped null": (True, {"cpp": 'ok {"a":1}'}),
        "a number turned string": (True, {"cpp": 'ok {"a":"1","b":null}'}),
        "an error without a JSON path": (False, {"cpp": "error something failed"}),
        "a crash": (False, {"cpp": "crash std::bad_alloc"}),
        "an unknown type": (True, {"cpp": "unknown-type t.T"}),
        "output that is not JSON": (True, {"cpp": "ok {oops"}),
    }
    for what, (valid, outputs) in bad.items():
        d = judge(case, valid, outputs)
        c.check(d is not None, f"judge must report {what}")
        if d is not None:
            text = d.render()
            c.check("vector:" in text and all(l in text for l in outputs), f"the report of {what} shows the vector and every line")


def check_generator(c: Checks) -> None:
    schemas = SchemaSet(FIXTURE)
    oracle = Oracle(schemas)
    types = dict(schemas.named_types())
    for name, loc in types.items():
        first = [(x.name, dumps(x.instance)) for x in cases_for(schemas, name, loc)]
        again = [(x.name, dumps(x.instance)) for x in cases_for(schemas, name, loc)]
        c.check(first == again, f"generator: {name} is not deterministic")
    everything = types["fixture.Everything"]
    cases = cases_for(schemas, "fixture.Everything", everything)
    valid = [x.instance for x in cases if x.intended_valid]
    misses = [x for x in cases if not x.intended_valid]
    for v in valid:
        c.check(oracle.verdict(everything, v)[0], f"generator: valid sample rejected by the oracle: {dumps(v)[:300]}")
    for m in misses:
        c.check(not oracle.verdict(everything, m.instance)[0], f"generator: near-miss accepted by the oracle: {m.name}")

    def seen(pred) -> bool:
        return any(pred(v) for v in valid)

    optional = ["at", "code", "home", "ratio", "step", "maybe", "color", "open_color", "tags", "scores", "anything"]
    for p in optional:
        c.check(seen(lambda v: p in v) and seen(lambda v: p not in v), f"generator: optional {p!r} not both present and absent")
    c.check(seen(lambda v: v.get("maybe", 0) is None), "generator: nullable 'maybe' never null")
    for color in ("RED", "GREEN", "BLUE"):
        c.check(seen(lambda v: v.get("color") == color), f"generator: enum value {color} never generated")
    for kind in ("cat", "dog"):
        c.check(seen(lambda v: v["pet"]["kind"] == kind), f"generator: union alternative {kind} never generated")
    boundaries = {"name length 2": lambda v: len(v["name"]) == 2, "name length 5": lambda v: len(v["name"]) == 5,
                  "count -3": lambda v: v["count"] == -3, "count 40": lambda v: v["count"] == 40,
                  "1 tag": lambda v: len(v.get("tags", [0, 0])) == 1, "3 tags": lambda v: len(v.get("tags", [])) == 3,
                  "lives 1": lambda v: v["pet"].get("lives") == 1, "lives 9": lambda v: v["pet"].get("lives") == 9,
                  "count written 5.0": lambda v: isinstance(v["count"], float)}
    for what, pred in boundaries.items():
        c.check(seen(pred), f"generator: boundary value never generated: {what}")
    kinds = ["null null instead", "not a uuid", "not a date-time", "not a uri", "fewer than minLength",
             "more than maxLength", "does not match the pattern", "below the lower bound", "above the upper bound",
             "not a multiple of", "has a fraction", "written as a string", "not in the enum", "not the const",
             "fewer than minItems", "more than maxItems", "duplicate item", "more than maxProperties",
             "extra member of the wrong type", "required member 'name' removed", "unknown member in a closed object",
             "where the union allows none"]
    for k in kinds:
        c.check(any(k in m.name for m in misses), f"generator: no near-miss breaks {k!r}")
    loose = cases_for(schemas, "fixture.Loose", types["fixture.Loose"])
    c.check(any("forbidden member 'b' present" in m.name for m in loose), "generator: forbidden member never added")
    c.check(any(isinstance(x.instance, dict) and set(x.instance) - {"a"} for x in loose if x.intended_valid),
            "generator: an open object never got unknown members")
    g = Generator(schemas, "fixture.Everything")
    c.check(g.cycle.incomplete() == 0, "generator: a fresh cycler has nothing pending")


def check_runner(c: Checks, lang: str, runner: langs.Runner) -> None:
    base = [x for x in runner.cmd if x != "--mixed"]
    # unknown types are refused up front (--type) and per line (--mixed)
    p = subprocess.run(base + ["--type", "chat_stream.NoSuchType"], input=b"{}\n", capture_output=True,
                       env={**os.environ, **runner.env})
    c.check(p.returncode == 2 and b"NoSuchType" in p.stderr, f"{lang}: --type with an unknown type must exit 2 naming it")
    lines: list[str | bytes] = [
        'chat_stream.StreamEnvelope\t{"data": {"type": "ping", "timestamp": "2024-01-01T00:00:00Z"}, "timestamp": 1}',
        'chat_stream.StreamEnvelope\t{"data": {"type": "task_update", "status": "DONE"}, "timestamp": 1}',
        "chat_stream.StreamEnvelope\t",
        "chat_stream.StreamEnvelope\t{not json",
        'chat_stream.NoSuchType\t{}',
        'chat_stream.UnixTimestampMs\t5.0',
        b'run_events.RunId\t"a\xffb"',
        'run_events.RunId\t"caf\u00e9 \\u00e9 \\ud83d\\udca9"',
    ]
    try:
        out = runner.run(lines)
    except langs.RunnerFailure as e:
        c.check(False, f"{lang}: protocol lines: {e}")
        return
    c.check(out[0].startswith("ok ") and json_equal(json.loads(out[0][3:]),
                                                   {"data": {"type": "ping", "timestamp": "2024-01-01T00:00:00Z"}, "timestamp": 1}),
            f"{lang}: a valid line must round-trip: {out[0]}")
    c.check(out[1].startswith("error $.data"), f"{lang}: an error inside data must name the path $.data...: {out[1]}")
    c.check(out[2].startswith("error $"), f"{lang}: an empty line is an error: {out[2]}")
    c.check(out[3].startswith("error $") and "JSON" in out[3], f"{lang}: invalid JSON is an error saying so: {out[3]}")
    c.check(out[4].startswith("unknown-type"), f"{lang}: an unknown type in --mixed is reported on its line: {out[4]}")
    c.check(out[5] == "ok 5", f"{lang}: 5.0 is the integer 5: {out[5]}")
    c.check(out[6].startswith("error $"), f"{lang}: a line that is not UTF-8 is an error: {out[6]}")
    c.check(out[7].startswith("ok ") and json.loads(out[7][3:]) == "café é 💩",
            f"{lang}: UTF-8 and escapes (a surrogate pair too) decode to the same string: {out[7]}")
    # 100,000 lines, one process
    instance = ('{"data": {"type": "message_delta", "delta": "Hello \\u00e9\\ud83d\\udca9"}, '
                '"timestamp": 1700000000000}')
    many: list[str | bytes] = [f"chat_stream.StreamEnvelope\t{instance}"] * LINES
    t = time.monotonic()
    try:
        out = runner.run(many, timeout=300)
    except langs.RunnerFailure as e:
        c.check(False, f"{lang}: {LINES} lines: {e}")
        return
    took = time.monotonic() - t
    ok = sum(1 for l in out if l.startswith("ok "))
    c.check(len(out) == LINES and ok == LINES, f"{lang}: {LINES} lines gave {len(out)} lines, {ok} ok (first: {out[0][:200]})")
    print(f"{lang}: {LINES} lines in one process in {took:.2f}s", flush=True)


def run(args) -> int:
    c = Checks()
    check_equality(c)
    check_judge(c)
    check_generator(c)
    selftest_strict.check_spelling(c)
    selftest_strict.check_error_lines(c)
    selftest_strict.check_strict_judge(c)
    selftest_strict.check_near_miss_errors(c, FIXTURE)
    selftest_strict.check_suite_errors(c)
    selftest_strict.check_hostile(c)
    work = Path(args.work)
    missing = []
    runners: dict[str, langs.Runner] = {}
    try:
        runners["cpp"] = langs.cpp_runner_from_binary(Path(args.cpp_runner))
    except langs.Unavailable as e:
        c.check(False, str(e))
    try:
        runners["ts"] = langs.ts_runner(langs.ts_registry(langs.REPO / "generated" / "ts"))
    except langs.Unavailable as e:
        missing.append(("ts", str(e)))
    except langs.CompileFailure as e:
        c.check(False, str(e))
    try:
        runners["py"] = langs.py_runner(langs.REPO / "generated" / "python")
    except langs.Unavailable as e:
        missing.append(("py", str(e)))
    try:
        runners["go"] = langs.compile_go_runner(langs.REPO / "generated" / "go", work.parent / "go")
    except langs.Unavailable as e:
        missing.append(("go", str(e)))
    except langs.CompileFailure as e:
        c.check(False, str(e))
    for lang, runner in runners.items():
        check_runner(c, lang, runner)
    for lang, why in missing:
        c.check(lang not in args.require, f"required language {lang} is unavailable: {why}")
        print(f"NOT CHECKED: {lang}: {why}")
    print(f"selftest: {c.count} checks, {len(c.failures)} failed; runners checked: {', '.join(runners)}")
    return 1 if c.failures else 0
