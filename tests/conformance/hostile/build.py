"""Building hostile cases: raw bytes, and the verdict docs/semantics.md gives them, derived by rule.

An `ok` case's expected output is its input re-spelled by semantics §3: every
number at an integer-typed member, and every integer literal inside a
free-form value, as exact decimal digits; every other number as the shortest
ECMAScript spelling of its double. Free-form values keep their member order
(§1.7), so their paths are listed as ordered; declared members may come back
in any order.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from harness import jsontext
from harness.jsontext import Num, Obj

# Rules (the rows of the report): the sections of docs/semantics.md a case is about.
ENCODING = "§1.1 encoding, BOM"
DUPLICATE = "§1.2 duplicate members"
SURROGATE = "§1.3 lone surrogates"
DEPTH = "§1.4 nesting depth"
INTEGER = "§1.5 integer range and spelling"
NUMBER = "§1.6 number overflow, underflow"
FREE_FORM = "§1.7 free-form values"
SYNTAX = "§1 whitespace, garbage, empty"
LONG = "long strings and patterns"
LOCATION = "§2 error location"
SPELLING = "§3 number spelling"
RULES = [ENCODING, DUPLICATE, SURROGATE, DEPTH, INTEGER, NUMBER, FREE_FORM, SYNTAX, LONG, LOCATION, SPELLING]

# Keywords that only the payload policy gives: a JSON Schema validator (the oracle) cannot judge
# these cases (it sees parsed values: no duplicates, surrogates, depth or precision).
POLICY_KEYWORDS = {"syntax", "duplicate", "depth", "range"}


@dataclass
class Case:
    type: str
    name: str
    rule: str
    data: bytes
    ok: bool
    path: str | None = None
    keyword: str | None = None
    output: str | None = None                            # canonical text of an ok case
    ordered: dict[str, Any] = field(default_factory=dict)  # jsontext.difference's order rules
    policy: bool = False                                 # the verdict comes from the payload policy alone
    mode: str = "mixed"  # how the runner is fed: "mixed" (type<TAB>instance lines) or "type" (--type, the bytes alone)

    def record(self) -> dict:
        """The case as one line of hostile.ndjson."""
        try:
            text = self.data.decode("utf-8")
            raw = {"text": text}
        except UnicodeDecodeError:
            raw = {"base64": base64.b64encode(self.data).decode("ascii")}
        expect: dict[str, Any] = {"verdict": "ok" if self.ok else "error"}
        if self.ok:
            expect["output"] = self.output
            if self.ordered:
                expect["ordered"] = self.ordered
        else:
            expect["path"], expect["keyword"] = self.path, self.keyword
        return {"type": self.type, "name": self.name, "rule": self.rule, **raw, "expect": expect,
                "oracle": "policy-only" if self.policy else "checked", "runner_mode": self.mode}


def _bytes(text: str | bytes) -> bytes:
    data = text if isinstance(text, bytes) else text.encode("utf-8", errors="surrogatepass")
    if b"\n" in data:
        raise ValueError("a case cannot hold a raw newline: the runner protocol is one instance per line")
    return data


def error(type_: str, name: str, rule: str, text: str | bytes, path: str, keyword: str) -> Case:
    assert keyword in jsontext.KEYWORDS, keyword
    return Case(type_, name, rule, _bytes(text), False, path, keyword, policy=keyword in POLICY_KEYWORDS)


def ok(type_: str, name: str, rule: str, text: str, free: tuple[str, ...] = (), ints: tuple[str, ...] = (),
       extras: dict[str, list[str]] | None = None, policy: bool = False) -> Case:
    """A valid case. `free`: paths of free-form values (member order kept, integer literals exact);
    `ints`: paths of integer-typed members; `extras`: an open object's kept members, by its path."""
    tree = jsontext.loads(text)
    canonical = _canonical(tree, "$", free, ints)
    ordered: dict[str, Any] = {p: "all" for p in free}
    ordered.update(extras or {})
    return Case(type_, name, rule, _bytes(text), True, output=dump(canonical), ordered=ordered, policy=policy)


def _canonical(v: Any, path: str, free: tuple[str, ...], ints: tuple[str, ...]) -> Any:
    if isinstance(v, Num):
        if path in ints:
            return Num(str(int(Decimal(v.text))))
        if any(path == f or path.startswith(f + ".") or path.startswith(f + "[") for f in free) \
                and jsontext.is_integer_literal(v.text):
            return Num(jsontext.canonical_integer(v.text))
        spelled = jsontext.canonical_double(v.text)
        assert spelled is not None, f"{path}: {v.text} overflows; it is no ok case"
        return Num(spelled)
    if isinstance(v, Obj):
        return Obj((k, _canonical(x, jsontext.member_path(path, k), free, ints)) for k, x in v)
    if isinstance(v, list):
        return [_canonical(x, jsontext.index_path(path, i), free, ints) for i, x in enumerate(v)]
    return v


def dump(v: Any) -> str:
    """Compact JSON text of a jsontext tree (members in order, numbers as spelled)."""
    if isinstance(v, Num):
        return v.text
    if isinstance(v, Obj):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + dump(x) for k, x in v) + "}"
    if isinstance(v, list):
        return "[" + ",".join(dump(x) for x in v) + "]"
    return json.dumps(v, ensure_ascii=False)


def nested_path(base: str, steps: list[str | int]) -> str:
    for s in steps:
        base = jsontext.index_path(base, s) if isinstance(s, int) else jsontext.member_path(base, s)
    return base


# ---- base instances (members in schema order) -------------------------------------------------------
UUID = "123e4567-e89b-12d3-a456-426614174000"


def packet(p: str = '"bye"', seq: str = "1", op: str = "CLOSE", t: str = '"2023-10-27T10:00:02Z"') -> str:
    """A packets.StreamPacket; with op CLOSE, `p` is a string or a free-form object."""
    return f'{{"stream_id":"{UUID}","seq":{seq},"op":"{op}","t":{t},"p":{p}}}'


def cloud_event(data: str = '{"chunk":"Hello"}', extra: str = "", dct: str | None = None) -> str:
    """A cloudevents.CloudEvent (open: `extra` members are kept); `data` is free-form."""
    content = f',"datacontenttype":{dct}' if dct is not None else ""
    return (f'{{"specversion":"1.0","id":"e1","source":"urn:node:1","type":"ai.coreason.node.stream"{content}'
            f',"data":{data}{extra}}}')


def envelope(data: str = '{"type":"message_delta","delta":"Hello"}', timestamp: str = "1730000000000") -> str:
    """A chat_stream.StreamEnvelope: `data` a union discriminated by `type`."""
    return f'{{"data":{data},"timestamp":{timestamp}}}'


def tool_call(args: str = "{}") -> str:
    """A run_events.ToolCallStartEvent: `args` a free-form object."""
    return f'{{"type":"tool_call_start","run_id":"r1","tool":"read_web_page","args":{args}}}'


def citation(confidence: str = "0.5") -> str:
    """A packets.Citation: `confidence` a number in [0, 1]."""
    return f'{{"source_id":"src_1","uri":"https://example.com","title":"T","confidence":{confidence}}}'


def issue(path: str = '"/a"', message: str = '"m"') -> str:
    return f'{{"location":"body","path":{path},"message":{message}}}'


def validation_errors(*items: str) -> str:
    """An assist.ValidationErrorResponse with these `errors` items."""
    return (f'{{"error_message":"bad","code":400,"domain":"REQUEST","retryable":false,'
            f'"errors":[{",".join(items or (issue(),))}]}}')
