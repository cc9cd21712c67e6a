"""The payload policy, the error rules and the number spelling of docs/semantics.md
(§1-§3) in the Pydantic binding. Every expectation below was worked out by hand
from the rules: the path and keyword of the one error reported, or the exact
text written back.
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

import contract
import pydantic
import pytest
from contract import _runtime, registry

ENVELOPE = registry.find("chat_stream.StreamEnvelope")
EVENT = registry.find("cloudevents.CloudEvent")
assert ENVELOPE is not None and EVENT is not None


def envelope(data: str, timestamp: str = "1") -> bytes:
    return ('{"data":%s,"timestamp":%s}' % (data, timestamp)).encode()


def cloud_event(data: str) -> bytes:
    return ('{"specversion":"1.0","id":"1","source":"urn:node:1","type":"ai.coreason.node.stream","data":%s}' % data).encode()


def error_of(adapter: Any, text: bytes | str) -> tuple[str, str]:
    with pytest.raises(pydantic.ValidationError) as caught:
        adapter.validate_json(text)
    errors = caught.value.errors()
    assert len(errors) == 1, errors  # one error per rejected instance
    line = contract.describe_error(caught.value)
    path, keyword, detail = line.split(": ", 2)
    assert detail, line
    return path, keyword


DELTA = '{"type":"message_delta","delta":"hi"}'


CASES: list[tuple[bytes, tuple[str, str]]] = [
        # §1.1 encoding: BOM, invalid UTF-8 (a stray byte, an encoded surrogate, an overlong form)
        (b"\xef\xbb\xbf" + envelope(DELTA), ("$", "syntax")),
        (envelope(DELTA).replace(b'"hi"', b'"\xff"'), ("$", "syntax")),
        (envelope(DELTA).replace(b'"hi"', b'"\xed\xa0\x80"'), ("$", "syntax")),
        (envelope(DELTA).replace(b'"hi"', b'"\xc0\xaf"'), ("$", "syntax")),
        # §1.2 duplicates: at the second occurrence, before a later error, also in free-form values
        (envelope('{"type":"message_delta","delta":"a","delta":"b"}'), ("$.data.delta", "duplicate")),
        (b'{"data":' + DELTA.encode() + b',"data":' + DELTA.encode() + b',"timestamp":"x"}', ("$.data", "duplicate")),
        (cloud_event('{"a":{"b":1,"b":1}}'), ("$.data.a.b", "duplicate")),
        # ... but an error earlier in the text comes first
        (b'{"timestamp":"x","data":{"type":"message_delta","delta":"a","delta":"b"}}', ("$.timestamp", "type")),
        # §1.3 lone surrogates (an escaped backslash before "ud800" is not an escape)
        (envelope('{"type":"message_delta","delta":"\\ud800"}'), ("$", "syntax")),
        (envelope('{"type":"message_delta","delta":"\\udc00\\ud800"}'), ("$", "syntax")),
        (envelope('{"type":"message_delta","delta":"\\ud800\\u0041"}'), ("$", "syntax")),
        (envelope('{"type":"message_delta","delta":"\\\\\\ud800"}'), ("$", "syntax")),
        # §1.4 depth: data is at depth 1, so 128 more arrays make 129
        (cloud_event("[" * 128 + "]" * 128), ("$.data" + "[0]" * 127, "depth")),
        (cloud_event("[" * 1_000_000), ("$.data" + "[0]" * 127, "depth")),
        (b"[" * 1_000_000, ("$", "type")),  # an array where an object belongs: known at its first byte
        (cloud_event('{"a":' * 200 + "1" + "}" * 200), ("$.data" + ".a" * 127, "depth")),
        # a closed object's unknown member is found before its too-deep value
        (b'{"a":' * 200 + b"1" + b"}" * 200, ("$.a", "additionalProperties")),
        # an error before the too-deep container comes first
        (b'{"specversion":"2.0","data":' + b"[" * 500 + b"]" * 500 + b"}", ("$.specversion", "const")),
        # §1.5 integers: ±(2^53−1), integral spellings accepted, fractions are type errors
        (envelope(DELTA, "9007199254740992"), ("$.timestamp", "range")),
        (envelope(DELTA, "9223372036854775808"), ("$.timestamp", "range")),
        (envelope(DELTA, "-9223372036854775809"), ("$.timestamp", "minimum")),  # the schema's bound fails first (minimum 0)
        (envelope(DELTA, "1.5"), ("$.timestamp", "type")),
        (envelope(DELTA, '"1"'), ("$.timestamp", "type")),
        (envelope(DELTA, "true"), ("$.timestamp", "type")),
        # §1.6 numbers that overflow a double, also deep inside free-form values
        (envelope(DELTA, "1e400"), ("$.timestamp", "range")),
        (cloud_event('[1,{"x":-1e400}]'), ("$.data[1].x", "range")),
        (cloud_event('{"__proto__":1e400}'), ("$.data.__proto__", "range")),
        # NaN, Infinity and other text that is not JSON
        (envelope(DELTA, "NaN"), ("$", "syntax")),
        (envelope(DELTA, "Infinity"), ("$", "syntax")),
        (envelope(DELTA, "01"), ("$", "syntax")),
        (b"", ("$", "syntax")),
        (envelope(DELTA) + b" x", ("$", "syntax")),
        # §2 locations: a missing member at its object, a tag problem, an unknown member
        (envelope('{"type":"message_delta"}'), ("$.data", "required")),
        (envelope('{"delta":"x"}'), ("$.data", "required")),
        (envelope('{"type":"nope"}'), ("$.data.type", "discriminator")),
        (envelope('{"type":5}'), ("$.data.type", "discriminator")),
        (envelope('{"type":"message_delta","delta":"x","z":1}'), ("$.data.z", "additionalProperties")),
        (envelope('"x"'), ("$.data", "type")),
        (b'{"timestamp":1}', ("$", "required")),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_rejected_with_the_path_and_keyword_of_the_rules(text: bytes, expected: tuple[str, str]) -> None:
    adapter = EVENT if b"specversion" in text else ENVELOPE
    assert error_of(adapter, text) == expected
    try:
        as_str = text.decode("utf-8")
    except UnicodeDecodeError:
        return
    assert error_of(adapter, as_str) == expected  # text given as str: the same verdict


@pytest.mark.parametrize("text,expected", [c for c in CASES if isinstance(c[0], bytes)])
def test_the_same_without_jiter(text: bytes, expected: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Without jiter the fast path is json.loads with hooks: the verdicts must not change.
    monkeypatch.setattr(_runtime.payload, "_jiter", None)
    adapter = EVENT if b"specversion" in text else ENVELOPE
    assert error_of(adapter, text) == expected
    assert ENVELOPE.dump_json(ENVELOPE.validate_json(envelope(DELTA))) == envelope(DELTA).decode()


def test_the_deepest_nesting_allowed_is_accepted_and_round_trips() -> None:
    text = cloud_event("[" * 127 + "]" * 127)
    assert EVENT.dump_json(EVENT.validate_json(text)).encode() == text


def test_a_million_brackets_never_raise_recursion_error() -> None:
    limit = sys.getrecursionlimit()
    for text in (b"[" * 1_000_000, b"[" * 500_000 + b"]" * 500_000, b'{"a":' * 300_000):
        with pytest.raises(pydantic.ValidationError):
            ENVELOPE.validate_json(text)
    assert sys.getrecursionlimit() == limit


def test_max_depth_comes_from_the_package_and_can_be_set() -> None:
    init = pathlib.Path(contract.__file__ or "").read_text(encoding="utf-8")
    assert "_runtime.configure(max_depth=128)" in init  # contractgen.toml: [payload] max_depth (the default)
    text = cloud_event('{"a":[1]}')  # data at depth 1, its object 2... the array's items at depth 3
    try:
        _runtime.configure(max_depth=3)
        EVENT.validate_json(text)
        _runtime.configure(max_depth=2)
        assert error_of(EVENT, text) == ("$.data.a", "depth")
    finally:
        _runtime.configure(max_depth=128)
    for wrong in (0, 10001):
        with pytest.raises(ValueError):
            _runtime.configure(max_depth=wrong)


@pytest.mark.parametrize(
    "data,written",
    [
        # §1.7 free-form values round-trip: member order, __proto__, exact integers of any size
        ('{"b":1,"__proto__":{"constructor":2},"a":3}', '{"b":1,"__proto__":{"constructor":2},"a":3}'),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("-" + "9" * 5000, "-" + "9" * 5000),
        ('"\\ud83d\\ude00 \\u00e9"', '"😀 é"'),
        # §3 doubles: ECMAScript's shortest spelling; integral doubles without ".0"
        ("[1.0,1e2,-0.0,0.1,100.5,1e21,1e-7,1.5e-6,2.5e-5,1.2345e-7,1e-400,1E+2]",
         "[1,100,0,0.1,100.5,1e+21,1e-7,0.0000015,0.000025,1.2345e-7,0,100]"),
        ("1.7976931348623157e308", "1.7976931348623157e+308"),
        ("123456789012345680000.0", "123456789012345680000"),
    ],
)
def test_free_form_values_and_number_spelling(data: str, written: str) -> None:
    out = EVENT.dump_json(EVENT.validate_json(cloud_event(data)))
    assert json.loads(out, parse_int=str)["data"] == json.loads(written, parse_int=str)
    assert out.endswith('"data":' + written + "}")


def test_integers_of_any_size_are_written_on_every_path() -> None:
    # Python turns at most sys.get_int_max_str_digits() (4300) digits into text; json.dumps
    # raised on more, on the paths that write through it: a value that is not a model, and
    # everything once a tolerant decode has happened.
    huge = 10**5000 - 1  # 5000 nines (int("9" * 5000) is refused too)
    assert contract.dump_json([huge, 1.5e-6, "é"]) == "[" + "9" * 5000 + ',0.0000015,"é"]'
    text = cloud_event("9" * 5000)
    value = EVENT.validate_json(text)
    EVENT.validate_json(text, tolerant=True)
    try:
        assert EVENT.dump_json(value).encode() == text
    finally:
        _runtime.tolerant.STATE.used = False
    with pytest.raises(ValueError):
        contract.dump_json([float("nan")])


def test_typed_numbers_are_spelled_canonically() -> None:
    # An integer member written as 1.0 or 1e12 comes back as plain digits.
    for spelling in ("1700000000000.0", "1.7e12", "17e11"):
        value = ENVELOPE.validate_json(envelope(DELTA, spelling))
        assert ENVELOPE.dump_json(value) == '{"data":{"type":"message_delta","delta":"hi"},"timestamp":1700000000000}'


def test_models_report_the_same_single_error() -> None:
    from contract import chat_stream

    with pytest.raises(pydantic.ValidationError) as caught:
        chat_stream.StreamEnvelope.model_validate_json(envelope('{"type":"message_delta","delta":"a","delta":"b"}'))
    assert [(e["type"], e["loc"]) for e in caught.value.errors()] == [("duplicate", ("data", "delta"))]
    assert contract.describe_error(caught.value).startswith("$.data.delta: duplicate: ")


def test_a_missing_member_is_named_in_the_error_context() -> None:
    # `required` sits at the object; the member it lacks is in ctx (an API can point at it).
    for text, member in ((envelope('{"type":"message_delta"}'), "delta"), (envelope('{"delta":"x"}'), "type")):
        with pytest.raises(pydantic.ValidationError) as caught:
            ENVELOPE.validate_json(text)
        (error,) = caught.value.errors()
        assert (error["type"], error["loc"], error.get("ctx")) == ("required", ("data",), {"member": member})


@pytest.mark.parametrize("bracket", ['{"a":[', '{"a":{"a":', "[["])
def test_the_model_entry_counts_both_kinds_of_bracket_for_the_depth_limit(bracket: str) -> None:
    # model_validate_json counts brackets itself before parsing (its inline fast
    # path): 128 containers inside the envelope (depth 129) are refused, 127 are not.
    from contract.cloudevents import CloudEvent

    closing = "".join({"{": "}", "[": "]"}[c] for c in reversed(bracket) if c in "{[")
    inner = {"{": '{"a":1}', "[": "[1]"}[bracket[0]]
    accepted = cloud_event(bracket * 63 + inner + closing * 63)
    refused = cloud_event(bracket * 64 + "1" + closing * 64)
    assert len(accepted) > 128  # long enough for the brackets to be counted
    CloudEvent.model_validate_json(accepted)
    with pytest.raises(pydantic.ValidationError) as caught:
        CloudEvent.model_validate_json(refused)
    assert contract.describe_error(caught.value).split(": ")[1] == "depth"
    assert error_of(EVENT, refused)[1] == "depth"
