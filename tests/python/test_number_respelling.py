"""Canonical number spelling on dump (docs/semantics.md §3) where it could regress
for speed: pydantic-core writes doubles within [1e-6, 1e-5) as "1.5e-6", and the
text is respelled only where such a number sits outside every string. Strings
that merely hold those bytes ("3e-6" in a UUID, ":1e-6," in prose) stay as
they were; the numbers themselves are written as ECMAScript writes them
(0.0000015). Expected texts were worked out by hand from those rules; the
property test compares the respelling with an independent tokenizer.
"""

from __future__ import annotations

import json
import re

import contract
import pytest
from contract import _runtime, chat_stream, packets, registry
from contract._runtime.numeric import respell_numbers
from hypothesis import given, settings
from hypothesis import strategies as st

EVENT = registry.find("cloudevents.CloudEvent")
assert EVENT is not None

UUID_WITH_EXPONENT = "5f0c7c8e-2a49-4d8a-9a0e-6f1b2c3d4e5f"  # "0e-6" inside: not a number


def cloud_event(data: str) -> bytes:
    return ('{"specversion":"1.0","id":"1","source":"urn:node:1","type":"ai.coreason.node.stream","data":%s}' % data).encode()


@pytest.mark.parametrize(
    "delta",
    [
        UUID_WITH_EXPONENT,
        "1e-6",
        "1.5e-6",
        "x:1.5e-6,",  # what a number after a member name looks like, inside a string
        "[2e-6]",
        '{"a":1e-6}',  # escaped quotes before and after
        '\\":3e-6}',  # an escaped backslash, then an escaped quote
    ],
)
def test_strings_holding_exponents_are_written_as_they_are(delta: str) -> None:
    line = json.dumps({"data": {"type": "message_delta", "delta": delta}, "timestamp": 1}, separators=(",", ":"))
    value = chat_stream.StreamEnvelope.model_validate_json(line)
    assert contract.dump_json(value) == line
    assert registry.find("chat_stream.StreamEnvelope").dump_json(value) == line  # an Adapter


def test_free_form_doubles_are_respelled_and_strings_beside_them_are_not() -> None:
    data = '{"id":"%s","note":"x:1.5e-6,","n":1.5e-6,"m":[-2.5e-6,"3e-6",9.99e-6],"o":1e-6}' % UUID_WITH_EXPONENT
    written = '{"id":"%s","note":"x:1.5e-6,","n":0.0000015,"m":[-0.0000025,"3e-6",0.00000999],"o":0.000001}' % UUID_WITH_EXPONENT
    assert EVENT.dump_json(EVENT.validate_json(cloud_event(data))).endswith('"data":' + written + "}")
    value = EVENT.validate_json(cloud_event(data))
    assert contract.dump_json(value).endswith('"data":' + written + "}")


def test_a_typed_double_is_respelled_beside_a_string_that_looks_like_one() -> None:
    citation = packets.Citation(source_id="src:1.5e-6,", uri="https://example.com/3e-6", title="t", confidence=1.5e-6)
    assert contract.dump_json(citation) == (
        '{"source_id":"src:1.5e-6,","uri":"https://example.com/3e-6","title":"t","confidence":0.0000015}'
    )
    assert contract.dump_json(packets.Citation(source_id="s", uri="https://e.com", title="t", confidence=2e-7)).endswith(
        '"confidence":2e-7}'
    )


def test_a_model_is_dumped_through_its_own_serializer_after_its_references_resolve() -> None:
    # dump_json remembers each model class's serializer; a class whose forward
    # reference is still open has none yet, and must not be remembered as such.
    class Later(_runtime.ContractModel):
        inner: "Inner"

    value = Later.model_construct(inner=None)
    with pytest.raises(Exception, match="not fully defined"):
        contract.dump_json(value)

    class Inner(_runtime.ContractModel):
        x: float

    Later.model_rebuild(_types_namespace={"Inner": Inner})
    assert contract.dump_json(Later(inner=Inner(x=1.5e-6))) == '{"inner":{"x":0.0000015}}'


# An independent reference: every string and every number token, left to right,
# numbers in exponent form respelled with the runtime's format_number.
_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|-?[0-9][0-9.]*[eE][+-]?[0-9]+')


def _reference(text: bytes) -> bytes:
    return _TOKEN.sub(lambda m: m[0] if m[0][:1] == b'"' else _runtime.format_number(float(m[0])).encode(), text)


_TRICKY = st.sampled_from(['"', "\\", ":", ",", "[", "]", "}", "1e-6", "1.5e-6", "3e-6a", "e+21", "-2.5e-06", "1e-05", "é", "0"])
_TEXT = st.lists(_TRICKY | st.text(max_size=3), max_size=6).map("".join)
_DOUBLE = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from([1.5e-6, -3e-6, 1e-6, 9.99e-6, 1e-7, 1e-5, 1e21, 1e16])
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | _DOUBLE | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=2000, deadline=None)
@given(_JSON, st.booleans())
def test_respelling_agrees_with_a_tokenizer(value: object, ascii_only: bool) -> None:
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=ascii_only).encode()
    assert respell_numbers(text) == _reference(text)
