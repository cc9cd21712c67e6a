"""Self-checks of the strict judgement: number spelling and path spelling against Node (an
independent implementation of ECMAScript's Number#toString and JSON.stringify), error lines taken
apart, the strict judge catching every kind of difference users would see, the near-misses'
expected errors, and the hostile cases' derivation."""

from __future__ import annotations

import json
import random
import struct
import subprocess

from . import jsontext
from .compare import Expected, judge
from .generate import cases_for
from .schemas import SchemaSet

NODE_SPELL = """
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {numbers: input.numbers.map((bits) => String(new Float64Array(new BigUint64Array([BigInt(bits)]).buffer)[0])),
             names: input.names.map((n) => JSON.stringify(n))};
process.stdout.write(JSON.stringify(out));
"""


def doubles(n: int) -> list[float]:
    rng = random.Random(19)
    special = [0.0, -0.0, 0.1, 1.5, 100.0, 1e21, 1e20, 1e-7, 1.2345e-7, 0.000001, 123456789012345680000.0, 5e-324,
               1.7976931348623157e308, 0.1 + 0.2, 2.0**53, 2.0**53 + 2, -1e-7, 9.999999999999999e20, 1e-6]
    out = list(special)
    while len(out) < n:
        v = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        if v == v and abs(v) != float("inf"):
            out.append(v)
        out.append(rng.choice([1, -1]) * rng.randint(0, 10**rng.randint(1, 25)) / 10**rng.randint(0, 12))
    return out[:n]


def check_spelling(c) -> None:
    nums = doubles(5000)
    names = ["a", "a b", "é", "\u0000", 'x"y', "\\", "\t", "\u2028", "\x7f", "😀", "", "\x1f", "\ud7ff", "\ufeff"]
    payload = {"numbers": [str(struct.unpack("<Q", struct.pack("<d", v))[0]) for v in nums], "names": names}
    p = subprocess.run(["node", "-e", NODE_SPELL], input=json.dumps(payload), capture_output=True, text=True)
    if p.returncode != 0:
        c.check(False, f"node for the spelling cross-check failed: {p.stderr[-500:]}")
        return
    node = json.loads(p.stdout)
    bad = [(v, mine, theirs) for v, theirs in zip(nums, node["numbers"]) if (mine := jsontext.es_number(v)) != theirs]
    c.check(not bad, f"es_number differs from Node's Number#toString for {len(bad)} doubles, e.g. {bad[:3]}")
    for name, stringified in zip(names, node["names"]):
        want = "$." + name if jsontext.IDENTIFIER.match(name) else f"$[{stringified}]"
        c.check(jsontext.member_path("$", name) == want, f"member_path({name!r}) = {jsontext.member_path('$', name)!r}, "
                                                          f"JSON.stringify gives {want!r}")
    c.check(jsontext.canonical_integer("-0") == "0" and jsontext.canonical_integer("18446744073709551616") == "18446744073709551616",
            "canonical_integer: -0 is 0, big integers keep their digits")
    c.check(jsontext.canonical_double("1e400") is None and jsontext.canonical_double("-1e-400") == "0",
            "canonical_double: 1e400 overflows, -1e-400 is 0")


def check_error_lines(c) -> None:
    good = {'$.errors[1]: required: missing member "message"': ("$.errors[1]", "required"),
            '$.headers["content-type"]: type: expected a string': ('$.headers["content-type"]', "type"),
            "$: syntax: invalid JSON": ("$", "syntax"), '$["a: b"].c: enum: x': ('$["a: b"].c', "enum"),
            '$["\\u0000"]: not: x: y': ('$["\\u0000"]', "not")}
    for line, want in good.items():
        e = jsontext.parse_error(line)
        c.check(isinstance(e, jsontext.ErrorLine) and (e.path, e.keyword) == want, f"parse_error({line!r}) gave {e}")
    bad = ['$.a: Invalid input', '$["a"]: type: x', "$[01]: type: x", "$.a: nope: x", "a: type: x", "$.a type: x",
           "$.a: type", '$["unterminated: type: x', "$..a: type: x", '$["\\u0041"]: type: x']
    for line in bad:
        c.check(isinstance(jsontext.parse_error(line), str), f"parse_error must refuse {line!r}")


def check_strict_judge(c) -> None:
    case = {"type": "t.T", "name": "n", "instance": {"errors": [{"m": 1}, {}], "n": 1.0, "f": {"b": 1, "a": [1e21]}}}
    good = 'ok {"n":1,"errors":[{"m":1},{}],"f":{"b":1,"a":[1e+21]}}'
    ordered = Expected(ordered={"$.f": "all"})
    c.check(judge(case, True, {"go": good}, strict={"go"}, expected=ordered) is None,
            "strict judge: canonical text passes, declared members in any order")
    c.check(judge(case, True, {"go": good.replace('"m":1', '"\\u006d":1')}, strict={"go"}, expected=ordered) is None,
            "strict judge: strings compare by value, not by escapes")
    spelled = {"1.0 for the integer 1": good.replace('"n":1', '"n":1.0'), "1e21 spelled 1e21": good.replace("1e+21", "1e21"),
               "a free-form object reordered": good.replace('{"b":1,"a":[1e+21]}', '{"a":[1e+21],"b":1}'),
               "a member dropped": good.replace('"b":1,', ""), "an item added": good.replace("[{\"m\":1},{}]", "[{\"m\":1},{},{}]"),
               "a member written twice": good.replace('"n":1,', '"n":1,"n":1,'), "a number as a string": good.replace('"n":1', '"n":"1"')}
    for what, line in spelled.items():
        c.check(judge(case, True, {"go": line}, strict={"go"}, expected=ordered) is not None, f"strict judge must catch {what}")
        c.check(judge(case, True, {"go": line}, strict=set(), expected=ordered) is None or what in (
            "a member dropped", "an item added", "a number as a string"),
            f"the non-strict judge compares values only, {what} passes it")
    invalid = Expected(error=("$.errors[1]", "required"))
    lines = {"the right path and keyword": ("error $.errors[1]: required: missing member", True),
             "an index off by one": ("error $.errors[2]: required: missing member", False),
             "a path one level too deep": ("error $.errors[1].message: required: missing member", False),
             "the wrong keyword": ("error $.errors[1]: type: missing member", False),
             "no keyword": ("error $.errors[1]: missing member", False)}
    for what, (line, passes) in lines.items():
        d = judge(case, False, {"go": line}, strict={"go"}, expected=invalid)
        c.check((d is None) == passes, f"strict judge on {what}: {'passed' if d is None else d.why}")
        c.check(judge(case, False, {"go": line}, strict=set(), expected=invalid) is None,
                f"the non-strict judge accepts any error with a path ({what})")
    d = judge(case, False, {"cpp": "error $.errors[2]: missing member"}, strict={"cpp"}, expected=invalid)
    c.check(d is not None and "$.errors[2]" in d.why, "a line without a keyword still has its path compared")
    deep = "ok " + "[" * 5000 + "]" * 5000
    d = judge(case, False, {"ts": deep})
    c.check(d is not None and "ts says valid" in d.why, f"accepting a value nested too deep to compare is a wrong verdict: {d and d.why}")
    two = {"go": "error $.a: type: x", "cpp": "error $.b: type: x"}
    c.check(judge(case, False, two, strict={"go", "cpp"}) is not None, "strict languages that disagree on an error are caught")
    c.check(judge(case, False, two, strict={"go"}) is None, "a non-strict language's path is not compared")
    extras = Expected(ordered={"$": ["z", "a"]})
    keep = {"type": "t.T", "name": "n", "instance": {"id": 1, "z": 1, "a": 2}}
    c.check(judge(keep, True, {"go": 'ok {"z":1,"id":1,"a":2}'}, strict={"go"}, expected=extras) is None,
            "kept members keep their relative order, declared ones may move")
    c.check(judge(keep, True, {"go": 'ok {"id":1,"a":2,"z":1}'}, strict={"go"}, expected=extras) is not None,
            "kept members reordered are caught")


def check_near_miss_errors(c, fixture) -> None:
    schemas = SchemaSet(fixture)
    types = dict(schemas.named_types())
    misses = {m.name.split(": ", 1)[1]: m.error for m in cases_for(schemas, "fixture.Everything", types["fixture.Everything"])
              if not m.intended_valid}
    c.check(all(e is not None for e in misses.values()), "every near-miss records its expected error")
    # Checked by hand against docs/semantics.md §2.
    want = {"$: required member 'name' removed": ("$", "required"),
            "$: unknown member in a closed object": ("$.unexpected_member", "additionalProperties"),
            "$: forbidden member 'legacy' present": ("$.legacy", "additionalProperties"),
            "$.pet.kind: not the const \"cat\"": ("$.pet.kind", "discriminator"),
            "$.pet.kind: null null instead of string": ("$.pet.kind", "discriminator"),
            "$.pet: required member 'kind' removed": ("$.pet", "required"),
            "$.pet: null where the union allows none": ("$.pet", "type"),
            "$.pet.lives: 10 is above the upper bound 9": ("$.pet.lives", "maximum"),
            "$.open_color: integer where the union allows none": ("$.open_color", "anyOf"),
            "$.tags[0]: integer 7 instead of string": ("$.tags[0]", "type"),
            "$.tags: a duplicate item (uniqueItems)": ("$.tags", "uniqueItems"),
            "$.ratio: 0 is below the lower bound 0": ("$.ratio", "exclusiveMinimum"),
            "$.count: -2.5 has a fraction": ("$.count", "type"),
            "$.scores: more than maxProperties 2": ("$.scores", "maxProperties"),
            "$.fixed: not the const \"v1\"": ("$.fixed", "const"),
            "$.code: \"M-566\" does not match the pattern '^[A-Z]{2}-[0-9]{3}$'": ("$.code", "pattern")}
    for name, error in want.items():
        c.check(misses.get(name, error) == error, f"near-miss {name!r}: expected {error}, recorded {misses.get(name)}")
        c.check(name in misses, f"the fixture has no near-miss {name!r} any more")
    loose = {m.name: m.error for m in cases_for(schemas, "fixture.Loose", types["fixture.Loose"]) if not m.intended_valid}
    c.check(loose.get("generated near-miss: $: forbidden member 'b' present") == ("$.b", "not"),
            f"a member forbidden by not: {{required}} in an open object is `not`: {loose}")


def check_suite_errors(c) -> None:
    from .suite_errors import expected_error

    # Checked by hand against docs/semantics.md §2.
    want = [({"type": "integer"}, 1.5, ("$", "type")), ({"type": "string", "minLength": 2}, "a", ("$", "minLength")),
            ({"type": "string", "minLength": 2}, 5, ("$", "type")), ({"type": "number", "maximum": 3}, 4, ("$", "maximum")),
            ({"enum": [1, 2]}, "x", ("$", "enum")), ({"const": 2}, 3, ("$", "const")),
            ({"oneOf": [{"type": "integer"}, {"minimum": 2}]}, 3, ("$", "oneOf")),
            ({"anyOf": [{"type": "string"}, {"type": "null"}]}, 1, ("$", "anyOf")),
            ({"maxLength": 2}, "abc", None), ({"type": ["array", "object"]}, 1, None),
            ({"oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"const": "b"}}}]}, {}, None),
            ({"anyOf": [{"type": "string"}]}, 1, None), ({"properties": {"a": {"type": "string"}}}, {"a": 1}, None)]
    for schema, data, error in want:
        c.check(expected_error(schema, data) == error, f"suite expectation for {schema} / {data!r}: "
                                                       f"{expected_error(schema, data)}, expected {error}")


def check_hostile(c) -> None:
    from hostile.build import dump, ok
    from hostile.generate import all_cases

    first, again = [x.record() for x in all_cases()], [x.record() for x in all_cases()]
    c.check(first == again, "hostile cases are deterministic")
    c.check(len(first) >= 300, f"the hostile suite has {len(first)} cases")
    case = ok("t.T", "n", "§3 number spelling", '{"i":1e2,"f":{"n":-0,"d":1.50,"b":18446744073709551616},"x":-0.0}',
              free=("$.f",), ints=("$.i",))
    c.check(case.output == '{"i":100,"f":{"n":0,"d":1.5,"b":18446744073709551616},"x":0}',
            f"hostile ok(): canonical output by position: {case.output}")
    c.check(dump(jsontext.loads('{"a":[1.0,"é"]}')) == '{"a":[1.0,"é"]}', "hostile dump keeps the text")
