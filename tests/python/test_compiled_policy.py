"""The runtime's optional C extension (_runtime/_policy.c): the payload policy's checks in one pass.

An installed package decodes bytes through it: when ``clean`` finds nothing the policy refuses,
pydantic's validate_json reads the text (bytes or str) directly. The extension is compiled (with -Wall
-Wextra -Werror, by the conformance harness's langs.py_with_extension) into a copy of
generated/python, loaded as ``compiled_contract``; then
 - ``clean`` is held to the cases below, each worked out by hand from the rules in _policy.c;
 - every case of test_payload_policy.py gets the same error (path and keyword) as without it;
 - valid lines decode to the same values and dump to the same text.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any

import pydantic
import pytest
from conftest import REPO, load_package
from test_payload_policy import CASES, DELTA, envelope

sys.path.insert(0, str(REPO / "tests" / "conformance"))
from harness import langs  # noqa: E402


@pytest.fixture(scope="module")
def compiled() -> ModuleType:
    copy = langs.py_with_extension(REPO / "generated" / "python")  # as the conformance runner judges it
    package = load_package(copy / "contract", "compiled_contract")
    for module in ("registry", "chat_stream", "cloudevents"):
        importlib.import_module(f"compiled_contract.{module}")
    return package


@pytest.fixture(scope="module")
def clean(compiled: ModuleType) -> Any:
    policy = compiled._runtime.models._clean
    assert policy is not None, "the package did not load its compiled checks"
    return policy


NAMES_64 = "{" + ",".join(f'"k{i}":{i}' for i in range(64)) + "}"
NAMES_65 = "{" + ",".join(f'"k{i}":{i}' for i in range(65)) + "}"

CLEAN = [
    '{"a":1,"b":[true,false,null],"c":{"a":2}}',  # the same name in two objects
    '{"a":{"b":1},"b":2}',  # a name of the inner object again in the outer one
    '[{"a":1},{"a":2}]',  # the same name in sibling objects
    '{"a":"b","b":"a"}',  # a value spelled like a name
    '{"ab":1,"a":1,"b":1}',  # names that are prefixes of each other
    '{"abcdefgh1":1,"abcdefgh2":2}',  # the same length and first eight bytes
    '{"a":"NaN","b":"Infinity"}',  # the words inside strings
    '{"a":-1.5e-3}',
    '{"a":"\\ud83d\\ude00 \\n \\" \\\\"}',  # a surrogate pair and other escapes in a value
    '{"é":1,"e":2}',  # UTF-8 names
    '"\u00e9\u4e2d\U0001f600"',  # two-, three- and four-byte UTF-8
    NAMES_64,
    "[" * 128 + "]" * 128,  # exactly max_depth
    '{"x":' + "[" * 127 + "]" * 127 + "}",
    "",  # no text at all: not JSON, but nothing the policy refuses in particular (validate_json fails)
]

NOT_CLEAN = [
    ('\ufeff{"a":1}', "a byte order mark"),
    ('{"a":1,"a":2}', "a duplicate"),
    ('{"x":{"a":1,"b":2,"a":3}}', "a duplicate in a nested object"),
    ('{"abcdefgh1":1,"b":2,"abcdefgh1":3}', "a duplicate longer than eight bytes"),
    ('{"a":[1,{"b":1}],"a":2}', "a duplicate after a nested container"),
    ('{"a":1,"\\u0061":2}', "an escaped name (not compared)"),
    ('{"\\n":1}', "an escaped name"),
    (NAMES_65, "more names than are compared"),
    ('{"a":NaN}', "NaN"),
    ('[Infinity]', "Infinity"),
    ('[-Infinity]', "-Infinity"),
    ('{"a":"x\ty"}', "a control character in a string"),
    ('{"a":"x', "a text that ends in a string"),
    ('{"a":"\\ud800"}', "a lone high surrogate"),
    ('{"a":"\\udc00"}', "a lone low surrogate"),
    ('{"a":"\\ud800\\u0041"}', "a high surrogate followed by another escape"),
    ('{"a":"\\u12"}', "a short escape"),
    ("[" * 129 + "]" * 129, "deeper than max_depth"),
    ("]", "a close without an open"),
]

NOT_CLEAN_BYTES = [
    (b'{"a":"\xff"}', "a stray byte"),
    (b'{"a":"\xc0\xaf"}', "an overlong form"),
    (b'{"a":"\xed\xa0\x80"}', "an encoded surrogate"),
    (b'{"a":"\xf4\x90\x80\x80"}', "beyond U+10FFFF"),
    (b'{"a":"\xe4\xb8"}', "a sequence cut short"),
]


@pytest.mark.parametrize("text", CLEAN)
def test_clean_texts(clean: Any, text: str) -> None:
    assert clean(text.encode(), 128) is True
    assert clean(text, 128) is True  # a str is scanned as its UTF-8


@pytest.mark.parametrize("text,why", NOT_CLEAN)
def test_texts_with_what_the_policy_refuses(clean: Any, text: str, why: str) -> None:
    assert clean(text.encode(), 128) is False, why
    assert clean(text, 128) is False, why


@pytest.mark.parametrize("data,why", NOT_CLEAN_BYTES)
def test_invalid_utf8(clean: Any, data: bytes, why: str) -> None:
    assert clean(data, 128) is False, why


def test_long_strings_are_scanned_sixteen_bytes_at_a_time_to_the_byte_that_matters(clean: Any) -> None:
    for at in range(40):  # the byte that matters at every offset of the block loop
        plain = "x" * at
        assert clean(('{"a":"' + plain + '","a":1}').encode(), 128) is False
        assert clean(('{"a":"' + plain + '\t"}').encode(), 128) is False
        assert clean(('{"a":"' + plain + "é" + plain + '","b":1}').encode(), 128) is True
        assert clean(('{"a":"' + plain + '\\"' + plain + '","b":1}').encode(), 128) is True


def test_max_depth_is_the_one_given(clean: Any) -> None:
    assert clean(b"[[[]]]", 3) is True
    assert clean(b"[[[]]]", 2) is False
    deep = b"[" * 5000 + b"]" * 5000  # deeper than the C stack's levels: held on the heap
    assert clean(deep, 5000) is True
    assert clean(deep, 4999) is False


def test_arguments_are_checked(clean: Any) -> None:
    assert clean('{"a":"\ud800"}', 128) is False  # a str with a lone surrogate has no UTF-8
    assert clean(bytearray(b'{"a":1}'), 128) is False  # only bytes and str are scanned
    assert clean(memoryview(b'{"a":1}'), 128) is False
    with pytest.raises(TypeError, match=r"clean\(data: bytes \| str, max_depth: int\)"):
        clean(b"{}")
    with pytest.raises(ValueError, match=r"max_depth must be within 1\.\.10000"):
        clean(b"{}", 0)
    with pytest.raises(ValueError, match=r"max_depth must be within 1\.\.10000"):
        clean(b"{}", 10001)


def error_of(adapter: Any, text: bytes, describe: Any) -> tuple[str, str]:
    with pytest.raises(pydantic.ValidationError) as caught:
        adapter.validate_json(text)
    errors = caught.value.errors()
    assert len(errors) == 1, errors
    path, keyword, _ = describe(caught.value).split(": ", 2)
    return path, keyword


@pytest.mark.parametrize("text,expected", CASES)
def test_the_same_errors_as_without_the_extension(compiled: ModuleType, text: bytes, expected: tuple[str, str]) -> None:
    name = "cloudevents.CloudEvent" if b"specversion" in text else "chat_stream.StreamEnvelope"
    adapter = compiled.registry.find(name)
    model = adapter.type
    forms: list[bytes | str] = [text]
    try:
        forms.append(text.decode("utf-8"))  # the same text given as str
    except UnicodeDecodeError:
        pass
    for form in forms:
        assert error_of(adapter, form, compiled.describe_error) == expected
        with pytest.raises(pydantic.ValidationError) as caught:
            model.model_validate_json(form)
        assert len(caught.value.errors()) == 1


VALID = [
    envelope(DELTA),
    envelope('{"type":"heartbeat"}', "0"),
    envelope('{"type":"message_delta","delta":"\\ud83d\\ude00 caf\\u00e9 \\"q\\""}', "9007199254740991"),
    envelope('{"type":"message_delta","delta":"' + "x" * 300 + '"}'),
    '{"data":{"type":"message_delta","delta":"é"},"timestamp":1}'.encode(),
]


@pytest.mark.parametrize("text", VALID)
def test_valid_lines_decode_through_validate_json_to_the_same_values(compiled: ModuleType, text: bytes) -> None:
    import contract  # the pure package, from generated/python

    fast = compiled.chat_stream.StreamEnvelope
    calls = []
    original = compiled._runtime.models._parse

    def parse(*args: Any) -> Any:  # the pure way: must not be taken for a clean text
        calls.append(args)
        return original(*args)

    compiled._runtime.models._parse = parse
    try:
        values = [fast.model_validate_json(text), fast.model_validate_json(text.decode())]
        adapter = compiled.registry.find("chat_stream.StreamEnvelope")
        values += [adapter.validate_json(text), adapter.validate_json(text.decode())]
    finally:
        compiled._runtime.models._parse = original
    assert calls == []
    expected = contract.chat_stream.StreamEnvelope.model_validate_json(text)
    for value in values:
        assert compiled.dump_json(value) == contract.dump_json(expected)
        assert compiled.dump(value) == contract.dump(expected)


def policy_entry(model: Any) -> Any:
    # The compiled entry of the checks: behind the codec's (_codec.c), which reads its table on the
    # first call and sends what it refuses there.
    model.model_validate_json(envelope(DELTA))
    codec_entry = model.model_validate_json
    assert type(codec_entry).__name__ == "Entry" and type(codec_entry).__module__ == "_codec"
    return codec_entry.fallback


def test_model_classes_get_the_compiled_entry(compiled: ModuleType) -> None:
    model = compiled.chat_stream.StreamEnvelope
    entry = policy_entry(model)
    assert repr(entry) == f"<compiled model_validate_json of {model!r}>"
    assert isinstance(entry, compiled._runtime.models._Entry)


def test_options_take_the_python_way(compiled: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    import contract

    # A tolerant decode changes how both packages dump from then on: undone after this test.
    monkeypatch.setattr(contract._runtime.tolerant.STATE, "used", False)
    monkeypatch.setattr(compiled._runtime.tolerant.STATE, "used", False)

    model = compiled.chat_stream.StreamEnvelope
    unknown = envelope('{"type":"not_yet_known","x":1}')
    tolerant = model.model_validate_json(unknown, tolerant=True)
    expected = contract.chat_stream.StreamEnvelope.model_validate_json(unknown, tolerant=True)
    assert compiled.dump_json(tolerant) == contract.dump_json(expected)
    with pytest.raises(pydantic.ValidationError):
        model.model_validate_json(unknown)
    with pytest.raises(TypeError):
        model.model_validate_json()
    assert model.model_validate_json(json_data=envelope(DELTA)) == model.model_validate_json(envelope(DELTA))


def test_subclasses_get_their_own_entry_and_an_own_method_is_kept(compiled: ModuleType) -> None:
    base = compiled.chat_stream.StreamEnvelope

    class Sub(base):  # type: ignore[misc, valid-type]
        pass

    assert type(Sub.model_validate_json(envelope(DELTA))) is Sub
    assert repr(policy_entry(Sub)) == f"<compiled model_validate_json of {Sub!r}>"

    class Own(base):  # type: ignore[misc, valid-type]
        @classmethod
        def model_validate_json(cls, json_data: Any, **options: Any) -> Any:
            return "own"

    class OwnSub(Own):
        pass

    assert Own.model_validate_json(envelope(DELTA)) == "own"
    assert OwnSub.model_validate_json(envelope(DELTA)) == "own"


def test_the_entries_follow_the_configured_depth(compiled: ModuleType) -> None:
    event = compiled.cloudevents.CloudEvent
    text = b'{"specversion":"1.0","id":"1","source":"urn:node:1","type":"ai.coreason.node.stream","data":{"a":[1]}}'
    try:
        compiled._runtime.configure(max_depth=3)
        assert compiled.dump_json(event.model_validate_json(text)).encode() == text
        compiled._runtime.configure(max_depth=2)
        with pytest.raises(pydantic.ValidationError) as caught:
            event.model_validate_json(text)
        assert compiled.describe_error(caught.value).startswith("$.data.a: depth: ")
    finally:
        compiled._runtime.configure(max_depth=128)
    policy = compiled._runtime.models._policy
    for wrong in (0, 10001):
        with pytest.raises(ValueError, match=r"max_depth must be within 1\.\.10000"):
            policy.configure(wrong)
