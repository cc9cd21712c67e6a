"""The whole vocabulary in the Pydantic bindings (docs/semantics.md, "The
whole vocabulary"): assertions, the nine formats, recursive types, tuples and
key patterns, generated from tests/python/vocabulary by the contractgen under
test (``CONTRACTGEN``, else build/contractgen) into a scratch folder.

Each expected error was worked out by hand from docs/semantics.md ("The
error" of an assertion, the tuple and key-pattern tables) and matches what
the Go reference reports.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pydantic_core
import pytest
from conftest import REPO, load_package

SCHEMAS = Path(__file__).resolve().parent / "vocabulary"


@pytest.fixture(scope="module")
def contract(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    out = tmp_path_factory.mktemp("vocabulary")
    tool = os.environ.get("CONTRACTGEN", str(REPO / "build" / "contractgen"))
    subprocess.run([tool, "generate", "--quiet", "--target", "python", "--schemas", str(SCHEMAS), "--out", str(out)], check=True)
    package = load_package(out / "python" / "contract", "vocabulary_contract")
    for module in ("registry", "vocab"):
        importlib.import_module(f"vocabulary_contract.{module}")
    return package


def decode(contract: ModuleType, type_name: str, text: str) -> str:
    """``ok <dump>`` or ``<path>: <keyword>`` as a binding reports it."""
    adapter = contract.registry.find(type_name)
    try:
        value = adapter.validate_json(text)
    except pydantic.ValidationError as e:
        return ": ".join(contract._runtime.describe_error(e).split(": ")[:2])
    return "ok " + adapter.dump_json(value)


@pytest.mark.parametrize(
    "type_name, text, expected",
    [
        # if / then at the object's start; a type error inside comes after it
        ("vocab.Shipping", '{"country": "US"}', "$: then"),
        ("vocab.Shipping", '{"country": "US", "postal_code": "1234"}', "$: then"),
        ("vocab.Shipping", '{"country": "US", "postal_code": "12345"}', 'ok {"country":"US","postal_code":"12345"}'),
        ("vocab.Shipping", '{"country": "FR"}', 'ok {"country":"FR"}'),
        ("vocab.Shipping", '{"country": 5}', "$.country: type"),
        ("vocab.Shipping", '[]', "$: type"),  # the type's error at the same place comes first
        # contains / maxContains, before an item's own error
        ("vocab.Tags", '["main", "x"]', 'ok ["main","x"]'),
        ("vocab.Tags", "[]", "$: contains"),
        ("vocab.Tags", '["main", "main"]', "$: maxContains"),
        ("vocab.Tags", '["x", 1]', "$: contains"),
        ("vocab.Tags", '["main", 1]', "$[1]: type"),
        # dependentRequired, not on a member, the formats
        ("vocab.Slot", '{"start": "10:00:00Z"}', "$: dependentRequired"),
        ("vocab.Slot", '{"start": "10:00:00Z", "day": "2024-02-29"}', 'ok {"start":"10:00:00Z","day":"2024-02-29"}'),
        ("vocab.Slot", '{"start": "25:00:00Z", "day": "2024-02-29"}', "$.start: format"),
        ("vocab.Slot", '{"day": "2023-02-29"}', "$.day: format"),
        ("vocab.Slot", '{"host": "-bad.example"}', "$.host: format"),
        ("vocab.Slot", '{"host": "good.example"}', 'ok {"host":"good.example"}'),
        ("vocab.Slot", '{"count": 13}', "$.count: not"),
        ("vocab.Slot", '{"count": 12}', 'ok {"count":12}'),
        # tuples: counts at the array, then each position's type
        ("vocab.Point", "[1, 2]", "ok [1,2]"),
        ("vocab.Point", '[1, 2.5, "a"]', 'ok [1,2.5,"a"]'),
        ("vocab.Point", "[1]", "$: minItems"),
        ("vocab.Point", '[1, 2, "a", 4]', "$: items"),
        ("vocab.Point", '[1, "x"]', "$[1]: type"),
        ("vocab.Point", '{"a": 1}', "$: type"),
        ("vocab.Row", '["a", 1, 2]', 'ok ["a",1,2]'),
        ("vocab.Row", '["a"]', 'ok ["a"]'),
        ("vocab.Row", '["a", 1, -1]', "$[2]: minimum"),
        ("vocab.Row", "[1]", "$[0]: type"),
        # key patterns: a member whose name does not match is not allowed
        ("vocab.Headers", '{"x-a": "b"}', 'ok {"x-a":"b"}'),
        ("vocab.Headers", '{"x-a": "b", "y": "c"}', "$.y: additionalProperties"),
        ("vocab.Headers", '{"x-a": 1}', '$["x-a"]: type'),
        ("vocab.Request", '{"path": "/", "x-n": 1}', 'ok {"path":"/","x-n":1}'),
        ("vocab.Request", '{"path": "/", "q": 1}', "$.q: additionalProperties"),
        ("vocab.Request", '{"path": "/", "x-n": "1"}', '$["x-n"]: type'),
        # recursive types
        ("vocab.Node", '{"name": "a", "children": [{"name": "b", "children": []}]}',
         'ok {"name":"a","children":[{"name":"b","children":[]}]}'),
        ("vocab.Node", '{"name": "a", "children": [{"children": []}]}', "$.children[0]: required"),
        ("vocab.Json", '[1, {"a": [null, true, "x"]}]', 'ok [1,{"a":[null,true,"x"]}]'),
    ],
)
def test_decode(contract: ModuleType, type_name: str, text: str, expected: str) -> None:
    assert decode(contract, type_name, text) == expected


def nested(depth: int) -> str:
    return '{"name": "n", "children": [' * depth + '{"name": "leaf"}' + "]}" * depth


def test_hostile_depth_is_a_depth_error(contract: ModuleType) -> None:
    # 100,000 levels: a `depth` error, never a RecursionError.
    assert decode(contract, "vocab.Node", nested(100_000)).endswith(": depth")
    assert decode(contract, "vocab.Json", "[" * 100_000 + "]" * 100_000).endswith(": depth")


def test_a_tree_round_trips_to_the_depth_limit(contract: ModuleType) -> None:
    text = nested(60)  # two levels of JSON each: 121 deep, within the default 128
    assert json.loads(decode(contract, "vocab.Node", text)[3:]) == json.loads(text)
    assert decode(contract, "vocab.Node", nested(64)).endswith(": depth")


def test_an_assertion_judges_a_model_built_in_python(contract: ModuleType) -> None:
    shipping: Any = contract.vocab.Shipping
    with pytest.raises(pydantic.ValidationError) as e:
        shipping(country="US")
    assert contract._runtime.describe_error(e.value).startswith("$: then")
    assert shipping(country="US", postal_code="12345").postal_code == "12345"


@pytest.mark.parametrize(
    "fmt, good, bad",
    [
        ("date", ["2024-02-29", "1999-12-31"], ["2023-02-29", "2024-1-01", "2024-01-01T00:00:00Z", "２０２４-01-01"]),
        ("time", ["23:59:60Z", "08:30:06.283+01:00", "12:00:00z"], ["23:59:60+01:00", "24:00:00Z", "12:00:00", "12:00:00+24:00"]),
        ("duration", ["P4DT12H30M5S", "P1W", "PT1M", "P1Y2M", "PT36H"], ["P", "PT", "P1D2H", "P2W1D", "P1YT", "PT1S1M"]),
        ("email", ["a.b@example.com", '"a b"@x.org', "x@[127.0.0.1]", "x@[IPv6:::1]"], ["a..b@x.org", ".a@x.org", "a@-x.org", "@x.org", "a@x@y"]),
        ("hostname", ["a.b-c.example", "xn--4gbwdl.xn--wgbh1c", "a" * 63], ["-a.b", "a_b", "a..b", "a" * 64, "a.b.", "é.example"]),
        ("ipv4", ["192.168.0.1", "0.0.0.0"], ["256.0.0.1", "1.2.3.04", "1.2.3", "1.2.3.4.5", "١.2.3.4"]),
        ("ipv6", ["::1", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4", "1::"], ["[::1]", "1:2:3:4:5:6:7:8:9", "1::2::3", "::ffff:01.2.3.4", "fe80::1%eth0"]),
        ("uri-reference", ["http://x/y", "/a/b?c#d", "//host/p", "a/b:c", "#f", ""], ["\\\\WINDOWS", "a:b c", "#%z", "1a:b"]),
        ("json-pointer", ["", "/a/b", "/a~0b~1c", "/"], ["a", "/a~2", "/a~"]),
    ],
)
def test_formats(contract: ModuleType, fmt: str, good: list[str], bad: list[str]) -> None:
    check = contract._runtime.formats.FORMATS[fmt][0]
    assert [s for s in good if not check(s)] == []
    assert [s for s in bad if check(s)] == []


@pytest.mark.parametrize(
    "type_name, value, expected",
    [
        ("vocab.Tags", ["x", 1], "$: contains"),  # before the item's own error, as from JSON text
        ("vocab.Tags", {"a": 1}, "$: type"),  # the type's error at the value itself comes first
        ("vocab.Slot", {"start": "25:00:00Z"}, "$: dependentRequired"),  # before $.start: format
    ],
)
def test_assertion_errors_of_a_parsed_value(contract: ModuleType, type_name: str, value: Any, expected: str) -> None:
    adapter = contract.registry.find(type_name)
    with pytest.raises(pydantic.ValidationError) as e:
        adapter.validate_python(value)
    assert contract._runtime.describe_error(e.value).startswith(expected + ":")


def test_encoding_a_hostile_tree_built_in_python_fails_cleanly(contract: ModuleType) -> None:
    # Built bottom-up (each level validates only its own members), 100,000 levels
    # deep: encoding stops with an error, never a RecursionError or a crash.
    node: Any = contract.vocab.Node
    tree = node(name="leaf")
    for _ in range(100_000):
        tree = node(name="n", children=[tree])
    adapter = contract.registry.find("vocab.Node")
    with pytest.raises(pydantic_core.PydanticSerializationError, match="depth"):
        adapter.dump_json(tree)
    with pytest.raises(pydantic_core.PydanticSerializationError, match="depth"):
        contract._runtime.dump_json(tree)


def built(contract: ModuleType, build: Any) -> str:
    """``ok <dump>`` of a value built in Python, or ``<path>: <keyword>`` of its error."""
    try:
        value = build(contract.vocab)
    except pydantic.ValidationError as e:
        return ": ".join(contract._runtime.describe_error(e).split(": ")[:2])
    return "ok " + contract._runtime.dump_json(value)


@pytest.mark.parametrize(
    "type_name, text, build",
    [
        # On the declaration, on a member, on an item that is such a declaration,
        # on items, and a member's null.
        ("vocab.Window", '{"kind":"range","start":1}', lambda v: v.Window(kind="range", start=1)),
        ("vocab.Window", '{"kind":"point","end":1}', lambda v: v.Window(kind="point", end=1)),
        ("vocab.Window", '{"tags":["a"]}', lambda v: v.Window(tags=["a"])),
        ("vocab.Schedule", '{"windows":[{"kind":"range","start":1,"end":2},{"kind":"range","start":1}]}',
         lambda v: v.Schedule(windows=[v.Window(kind="range", start=1, end=2), {"kind": "range", "start": 1}])),
        ("vocab.Schedule", '{"names":["a","none"]}', lambda v: v.Schedule(names=["a", "none"])),
        ("vocab.Schedule", '{"note":null}', lambda v: v.Schedule(note=None)),
    ],
)
def test_a_value_built_in_python_is_refused_as_its_text_is(contract: ModuleType, type_name: str, text: str,
                                                           build: Any) -> None:
    expected = decode(contract, type_name, text)
    assert not expected.startswith("ok ")
    assert built(contract, build) == expected


def test_a_valid_value_built_in_python_dumps_as_its_text(contract: ModuleType) -> None:
    text = ('{"windows":[{"kind":"point"},{"kind":"range","start":1,"end":2,"tags":["main"]}],'
            '"names":["a","b"],"note":"n","amounts":[2.5,3.5]}')
    assert decode(contract, "vocab.Schedule", text) == "ok " + text
    assert built(contract, lambda v: v.Schedule(
        windows=[v.Window(kind="point"), v.Window(kind="range", start=1, end=2, tags=["main"])],
        names=["a", "b"], note="n", amounts=[2.5, 3.5])) == "ok " + text
