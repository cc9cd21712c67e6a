"""The compiled codec (_runtime/_codec.c, its tables from _runtime/codec.py) against the pure path.

The codec only ever accepts: what it refuses goes to the pure path, which gives the verdict and
the located error. So the one way it could differ is by accepting, or by accepting into another
value; held here, on the conformance vectors, the hostile payloads and the bench corpus:
 - whatever the codec accepts, the pure path accepts too, into the same model objects (the
   __dict__ in the same order, the fields set, the extras, the private attributes) and the same
   text when dumped;
 - the codec takes every line of the bench corpus (else the bench would measure the pure path);
 - a text it refuses gets the pure path's error, word for word, through model_validate_json;
 - CONTRACTGEN_CODEC=pure turns it off.
The package is a copy of generated/python with both C extensions compiled (warnings are errors),
as the conformance runner judges it (langs.py_with_extension).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pytest
from conftest import REPO, load_package

sys.path.insert(0, str(REPO / "tests" / "conformance"))
from harness import langs  # noqa: E402
from hostile.generate import all_cases  # noqa: E402


@pytest.fixture(scope="module")
def pkg() -> ModuleType:
    copy = langs.py_with_extension(REPO / "generated" / "python")
    package = load_package(copy / "contract", "codec_contract")
    for module in ("registry", "chat_stream"):
        importlib.import_module(f"codec_contract.{module}")
    assert package._runtime.codec.ENABLED, "the copy did not load its compiled codec"
    return package


def same(a: Any, b: Any) -> bool:
    """Equal values of the same types, models compared slot by slot and dicts in order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, pydantic.BaseModel):
        return (
            same(a.__dict__, b.__dict__)
            and a.__pydantic_fields_set__ == b.__pydantic_fields_set__
            and same(getattr(a, "__pydantic_extra__", None), getattr(b, "__pydantic_extra__", None))
            and a.__pydantic_private__ == b.__pydantic_private__
        )
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


class Judge:
    """The codec and the pure path of one package, on one type's adapter."""

    def __init__(self, pkg: ModuleType) -> None:
        self.pkg = pkg
        self.codec = pkg._runtime.codec
        self.models = pkg._runtime.models
        self.tables: dict[str, Any] = {}
        self.accepted = self.refused = 0

    def table(self, name: str) -> Any:
        if name not in self.tables:
            self.tables[name] = self.codec.table(self.pkg.registry.find(name).type_adapter.core_schema)
        return self.tables[name]

    def pure(self, name: str, data: bytes) -> tuple[bool, Any]:
        adapter = self.pkg.registry.find(name)
        self.codec.ENABLED = False
        try:
            return True, adapter.validate_json(data)
        except pydantic.ValidationError as e:
            return False, str(e)
        finally:
            self.codec.ENABLED = True

    def check(self, name: str, data: bytes, label: str) -> None:
        table = self.table(name)
        if table is None:
            return
        value = table.decode(data)
        if value is self.codec.REFUSED:
            self.refused += 1
            return
        self.accepted += 1
        ok, expected = self.pure(name, data)
        assert ok, f"{label}: the codec accepts what the pure path rejects: {expected}"
        assert same(value, expected), f"{label}: the codec reads another value than the pure path"
        adapter = self.pkg.registry.find(name)
        pure_text = self.models._finish(adapter.type_adapter.dump_json(expected, by_alias=True, exclude_unset=True))
        written = table.dump(value)
        assert written is None or written == pure_text, f"{label}: the codec writes {written!r}, the pure path {pure_text!r}"


def test_vectors_and_hostile_payloads_get_the_pure_verdicts(pkg: ModuleType) -> None:
    judge = Judge(pkg)
    for path in sorted((REPO / "tests" / "conformance" / "vectors").glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            text = json.dumps(case["instance"], ensure_ascii=False).encode()
            judge.check(case["type"], text, f"{path.name}: {case['name']}")
    vectors = judge.accepted
    for case in all_cases():
        judge.check(case.type, case.data, f"hostile: {case.name}")
    # Both sets give the codec work (a table that refused everything would pass the loop above).
    assert vectors >= 200 and judge.accepted - vectors >= 10 and judge.refused >= 200, (vectors, judge.accepted, judge.refused)


def test_the_codec_takes_the_whole_bench_corpus(pkg: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "corpus.ndjson"
    subprocess.run([sys.executable, str(REPO / "bench" / "decode" / "corpus.py"), str(out), "--lines", "3000"], check=True)
    lines = out.read_text().splitlines()
    judge = Judge(pkg)
    for i, line in enumerate(lines):
        judge.check("chat_stream.StreamEnvelope", line.encode(), f"corpus line {i}")
    assert judge.refused == 0 and judge.accepted == len(lines)


def test_every_chat_stream_model_has_a_table(pkg: ModuleType) -> None:
    chat = pkg.chat_stream
    models = [getattr(chat, n) for n in chat.__all__ if isinstance(getattr(chat, n), type) and issubclass(getattr(chat, n), pydantic.BaseModel)]
    assert len(models) >= 30
    missing = [m.__name__ for m in models if pkg._runtime.codec.table(m.__pydantic_core_schema__) is None]
    assert missing == []


ENVELOPE = '{"data":{"type":"message_delta","delta":"hi"},"timestamp":1}'
REFUSED = {
    "duplicate member": '{"data":{"type":"message_delta","delta":"hi","delta":"ho"},"timestamp":1}',
    "lone surrogate escape": '{"data":{"type":"message_delta","delta":"\\ud800"},"timestamp":1}',
    "integer beyond 2^53-1": '{"data":{"type":"message_delta","delta":"hi"},"timestamp":9007199254740992}',
    "integer of 19 digits": '{"data":{"type":"message_delta","delta":"hi"},"timestamp":1000000000000000000}',
    "integral double": '{"data":{"type":"message_delta","delta":"hi"},"timestamp":1.0}',
    "unknown member": '{"data":{"type":"message_delta","delta":"hi","x":1},"timestamp":1}',
    "missing member": '{"data":{"type":"message_delta"},"timestamp":1}',
    "escaped member name": '{"data":{"type":"message_delta","d\\u0065lta":"hi"},"timestamp":1}',
    "unknown tag": '{"data":{"type":"nope"},"timestamp":1}',
    "text after the value": ENVELOPE + " x",
    "byte order mark": "\ufeff" + ENVELOPE,
    "NaN": '{"data":{"type":"done","message":{"a":NaN}},"timestamp":1}',
}


@pytest.mark.parametrize("text", REFUSED.values(), ids=REFUSED.keys())
def test_a_refused_text_gets_the_pure_paths_verdict(pkg: ModuleType, text: str) -> None:
    table = pkg._runtime.codec.table(pkg.chat_stream.StreamEnvelope.__pydantic_core_schema__)
    assert table.decode(text.encode()) is pkg._runtime.codec.REFUSED
    judge = Judge(pkg)
    ok, pure = judge.pure("chat_stream.StreamEnvelope", text.encode())
    entry = pkg.chat_stream.StreamEnvelope.model_validate_json
    if ok:  # (an integral double is an integer: the pure path accepts it)
        assert same(entry(text.encode()), pure)
        return
    with pytest.raises(pydantic.ValidationError) as e:
        entry(text.encode())
    assert str(e.value) == pure


def test_absent_null_and_kept_members(pkg: ModuleType) -> None:
    entity = '{"entity_type":"WEB_PAGE","identifier":"e","title":null,"file_name":"f","mimetype":"m","workspace_id":"w","zz":[1,{"k":true}]}'
    value = pkg.chat_stream.Entity.model_validate_json(entity)
    assert type(pkg.chat_stream.Entity.__dict__["model_validate_json"]).__name__ == "Entry"
    assert value.title is None and value.description is None
    assert "title" in value.__pydantic_fields_set__ and "description" not in value.__pydantic_fields_set__
    assert value.__pydantic_extra__ == {"zz": [1, {"k": True}]}
    assert pkg.dump_json(value) == entity  # null kept, absent left out, the extra member after the fields


def test_the_environment_turns_the_codec_off(pkg: ModuleType) -> None:
    folder = os.path.dirname(os.path.dirname(pkg.__file__))
    probe = "import contract._runtime.codec as c; print(c.ENABLED, c._codec is not None)"
    for setting, expected in (("pure", "False True"), ("", "True True")):
        env = {**os.environ, "PYTHONPATH": folder, "CONTRACTGEN_CODEC": setting}
        out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True).stdout
        assert out.strip() == expected


def test_a_subclass_decodes_to_itself_both_ways(pkg: ModuleType) -> None:
    class Sub(pkg.chat_stream.StreamEnvelope):  # type: ignore[misc, name-defined]
        pass

    assert type(Sub.model_validate_json(ENVELOPE)) is Sub  # the codec, with Sub's own table
    # A text the codec refuses goes to Sub's own pure path (once, the parent's: a StreamEnvelope).
    assert type(Sub.model_validate_json(REFUSED["integral double"])) is Sub


def test_string_lengths_count_characters(pkg: ModuleType) -> None:
    # run_events.RunId: a string of at least one character (minLength 1).
    judge = Judge(pkg)
    assert judge.table("run_events.RunId") is not None
    assert judge.table("run_events.RunId").decode(b'""') is pkg._runtime.codec.REFUSED
    for text in (b'"r"', '"\u00e9"'.encode(), b'"\\ud83d\\ude00"'):  # one character each (2 and 4 UTF-8 bytes)
        judge.check("run_events.RunId", text, repr(text))
    assert judge.accepted == 3
