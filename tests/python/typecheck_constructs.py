"""How every IR construct looks to a type checker (tests/golden/constructs, Python output).

Checked by ``mypy --strict`` with the golden package as ``contract``; never
run. Every ``# type: ignore[code]`` asserts that mypy rejects that line.
"""

from typing import Any, Literal, assert_type

from contract import constructs, shared


def presence(p: constructs.Presence) -> None:
    assert_type(p.required_plain, str)
    assert_type(p.required_nullable, str | None)
    assert_type(p.optional_plain, int | None)
    assert_type(p.optional_nullable_ref, constructs.Closed | None)
    assert_type(p.any_required, Any)
    constructs.Presence(required_plain="a", required_nullable=None, any_required=1)
    constructs.Presence(required_plain="a", any_required=1)  # type: ignore[call-arg]
    constructs.Presence(required_plain=1, required_nullable=None, any_required=1)  # type: ignore[arg-type]


def objects(o: constructs.Open, c: constructs.Consts, n: constructs.Nested) -> None:
    assert_type(o.meta, shared.Meta | None)
    assert_type(c.kind, Literal["consts"])
    assert_type(c.version, Literal[2])
    assert_type(c.flag, Literal[True])
    assert_type(c.nothing, None)
    assert_type(n.inner.deep.leaf, int)
    assert_type(n.mode, Literal["fast", "slow"] | None)
    constructs.Consts(kind="other", version=2, flag=True, nothing=None, shape={})  # type: ignore[arg-type]


def unions(h: constructs.Holder) -> None:
    assert_type(h.shape, constructs.Circle | constructs.Square)
    if isinstance(h.shape, constructs.Circle):
        assert_type(h.shape.r, float)
    assert_type(h.maybe_shape, constructs.Circle | constructs.Square | None)
    assert_type(h.exclusive, str | None)
    assert_type(h.inclusive, int | float | None)
    constructs.Holder(shape=constructs.Closed(id="x"))  # type: ignore[arg-type]


def enums(p: constructs.Palette) -> None:
    assert_type(p.main, Literal["red", "green", "blue"] | None)
    assert_type(p.maybe, Literal["red", "green"] | None)
    assert_type(p.label, str | None)
    constructs.Palette(main="purple")  # type: ignore[arg-type]
    color: constructs.Color = constructs.PRIMARY
    assert_type(constructs.COLOR_VALUES, tuple[Literal["red", "green", "blue"], ...])
    del color


def values(s: constructs.Strings, a: constructs.Arrays, m: constructs.Maps) -> None:
    assert_type(s.when, str | None)
    assert_type(s.stamp, str | None)
    assert_type(a.tags, list[str] | None)
    assert_type(a.holes, list[str | None] | None)
    assert_type(m.counts, dict[str, int] | None)
    constructs.Strings(short=12)  # type: ignore[arg-type]


def tables() -> None:
    assert_type(constructs.ANSWER, int)
    assert_type(constructs.color_code("red"), str | None)
    assert_type(constructs.ORIGIN.id, str)
    value: constructs.Count = constructs.CountAdapter.validate_json("1")
    name: constructs.MaybeName = None
    del value, name


def variants(c: constructs.Carrier, d: constructs.Directory) -> None:
    assert_type(c.value, str | int | None)
    assert_type(c.shape_or_name, constructs.Circle | str | None)
    if c.signals:
        assert_type(c.signals[0], constructs.Ping | constructs.Pong)
    assert_type(constructs.EitherAdapter.validate_json("{}"), constructs.EitherVariant1 | constructs.EitherVariant2)
    assert_type(constructs.ORIGIN, constructs.Closed)
    constructs.Ping(type_="pong")  # type: ignore[arg-type]
    del d
