"""`contractgen lint` enforces the conventions a contract declares as schema data.

  "x-tag-enum": "<enum>"  on a discriminated union: the enum lists the variants' tags, in order,
                          and every variant's tag states "type": "string";
  "x-keys-of": "<enum>"   on an object constant: one key per enum value, in order.

Each test writes a small schema set, runs the binary (CONTRACTGEN, else build/contractgen) and
checks the exact diagnostic (GCC style, at the place to change) and the exit code: 2 on any
finding, nothing on stdout. Positions were checked by hand against the fixture text.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path


REPO = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("CONTRACTGEN", str(REPO / "build" / "contractgen"))


def event(tag: str, typed: bool = True) -> dict:
    tag_schema = {"type": "string", "const": tag} if typed else {"const": tag}
    return {"description": f"The {tag} event.", "type": "object",
            "properties": {"type": tag_schema}, "required": ["type"], "additionalProperties": False}


def write_set(root: Path, events: dict, enum: list[str], table: dict | None = None,
              union_extra: dict | None = None, order: list[str] | None = None) -> None:
    """f/events.schema.json: the events and the union; f/tables.schema.json: the enum and a table."""
    fam = root / "schemas" / "f"
    fam.mkdir(parents=True)
    union = {"description": "Every event.", "oneOf": [{"$ref": f"#/$defs/{n}"} for n in (order or events)],
             "x-discriminator": "type", "x-tag-enum": "tables.schema.json#/$defs/Kind"}
    union.update(union_extra or {})
    defs = dict(events)
    defs["Event"] = union
    (fam / "events.schema.json").write_text(json.dumps({"$defs": defs}, indent=1) + "\n")
    tables = {"Kind": {"description": "Every tag.", "type": "string", "enum": enum}}
    if table is not None:
        tables["Labels"] = {"description": "A label per tag.", "type": "object",
                            "additionalProperties": {"type": "string"}, "x-keys-of": "#/$defs/Kind", "const": table}
    (fam / "tables.schema.json").write_text(json.dumps({"$defs": tables}, indent=1) + "\n")


def lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([BINARY, "lint", "--schemas", "schemas"], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "NO_COLOR": "1"})


def errors(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stderr.splitlines() if ": error: " in line]


def line_col(path: Path, needle: str, occurrence: int = 0) -> str:
    """line:col (1-based) of the n-th occurrence of `needle` in a file: where the message must point."""
    text = path.read_text()
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"{line}:{col}"


VALUE_OFFSET = '"const": '
EVENTS = {"Started": event("started"), "Stopped": event("stopped")}


def test_a_set_that_keeps_its_conventions_passes(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"], {"started": "a", "stopped": "b"})
    result = lint(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "schemas: 2 files, 1 families, 5 types: ok\n"  # constants are declarations too


def test_a_tag_missing_from_the_enum(tmp_path):
    write_set(tmp_path, EVENTS, ["started"])
    result = lint(tmp_path)
    at = line_col(tmp_path / "schemas/f/tables.schema.json", '[\n')
    assert result.returncode == 2 and result.stdout == ""
    assert errors(result) == [
        f"schemas/f/tables.schema.json:{at}: error: enum 'Kind' lacks \"stopped\", the tag of 'Stopped' in union "
        "'Event' (x-tag-enum): add it to the enum, after \"started\""]


def test_the_first_tag_missing_says_first(tmp_path):
    write_set(tmp_path, EVENTS, ["stopped"])
    assert "add it to the enum, first" in errors(lint(tmp_path))[0]


def test_an_enum_value_no_variant_carries(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped", "paused"])
    result = lint(tmp_path)
    assert result.returncode == 2
    assert [e.split(": error: ")[1] for e in errors(result)] == [
        "enum 'Kind' has \"paused\", which no variant of union 'Event' carries (x-tag-enum): remove it, "
        "or add its variant to the union"]


def test_the_enum_in_another_order(tmp_path):
    write_set(tmp_path, EVENTS, ["stopped", "started"])
    result = lint(tmp_path)
    assert result.returncode == 2
    assert [e.split(": error: ")[1] for e in errors(result)] == [
        "enum 'Kind' lists \"stopped\" where union 'Event' has \"started\" (position 1): list the tags in the "
        "union's order (x-tag-enum)"]


def test_a_tag_without_its_type(tmp_path):
    write_set(tmp_path, {"Started": event("started"), "Stopped": event("stopped", typed=False)},
              ["started", "stopped"])
    result = lint(tmp_path)
    events = tmp_path / "schemas/f/events.schema.json"
    at = line_col(events, '"type": {', 1)  # the tag property of the second event
    assert result.returncode == 2
    assert errors(result) == [
        f"schemas/f/events.schema.json:{at}: error: the tag 'type' of 'Stopped' (a variant of union 'Event') "
        "gives no type: add \"type\": \"string\" beside its \"const\""]


def test_a_variant_without_a_tag(tmp_path):
    untagged = {"description": "No tag.", "type": "object", "properties": {"x": {"type": "string"}}}
    write_set(tmp_path, {"Started": event("started"), "Odd": untagged}, ["started"])
    result = lint(tmp_path)
    at = line_col(tmp_path / "schemas/f/events.schema.json", '"Odd"')
    assert f"schemas/f/events.schema.json:{at}: error: 'Odd', a variant of union 'Event', has no tag: add " \
           "\"type\": {\"type\": \"string\", \"const\": \"<wire value>\"} to its properties and required" \
           in errors(lint(tmp_path))
    assert result.returncode == 2


def test_x_tag_enum_needs_the_tag_property(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"], union_extra={"x-discriminator": None})
    # A null x-discriminator stands for none: remove it from the file.
    path = tmp_path / "schemas/f/events.schema.json"
    doc = json.loads(path.read_text())
    del doc["$defs"]["Event"]["x-discriminator"]
    path.write_text(json.dumps(doc, indent=1) + "\n")
    result = lint(tmp_path)
    assert [e.split(": error: ")[1] for e in errors(result)] == [
        "x-tag-enum on 'Event' needs the union's tag property: add \"x-discriminator\": \"<property>\" beside it"]
    assert result.returncode == 2


def test_x_tag_enum_that_names_nothing_or_no_enum(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"], union_extra={"x-tag-enum": "tables.schema.json#/$defs/Knd"})
    result = lint(tmp_path)
    at = line_col(tmp_path / "schemas/f/events.schema.json", '"tables.schema.json#/$defs/Knd"')
    assert errors(result) == [
        f"schemas/f/events.schema.json:{at}: error: x-tag-enum \"tables.schema.json#/$defs/Knd\" names no $defs "
        "entry (write it as a $ref: \"#/$defs/X\" or \"file.schema.json#/$defs/X\")"]
    assert result.returncode == 2


def test_x_tag_enum_naming_a_type_that_is_not_an_enum(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"], union_extra={"x-tag-enum": "#/$defs/Started"})
    assert [e.split(": error: ")[1] for e in errors(lint(tmp_path))] == [
        "x-tag-enum names 'Started', which is not an enum of strings"]


def test_x_tag_enum_that_is_not_a_string(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"], union_extra={"x-tag-enum": 3})
    assert [e.split(": error: ")[1] for e in errors(lint(tmp_path))] == [
        "x-tag-enum must be a string naming an enum, like \"#/$defs/MyEnum\""]


def test_x_tag_enum_on_something_that_is_not_a_union(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"])
    path = tmp_path / "schemas/f/events.schema.json"
    doc = json.loads(path.read_text())
    doc["$defs"]["Started"]["x-tag-enum"] = "tables.schema.json#/$defs/Kind"
    path.write_text(json.dumps(doc, indent=1) + "\n")
    assert [e.split(": error: ")[1] for e in errors(lint(tmp_path))] == [
        "x-tag-enum belongs on a discriminated union: 'Started' has no oneOf"]


def test_a_table_key_missing(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"], {"started": "a"})
    result = lint(tmp_path)
    const = line_col(tmp_path / "schemas/f/tables.schema.json", '"const": {')
    line, col = const.split(":")
    at = f"{line}:{int(col) + len(VALUE_OFFSET)}"  # the value: its opening brace
    assert result.returncode == 2
    assert errors(result) == [
        f"schemas/f/tables.schema.json:{at}: error: constant 'Labels' has no key \"stopped\" (a value of enum "
        "'Kind', x-keys-of): add \"stopped\": <value> to it, after \"started\""]


def test_a_table_key_the_enum_does_not_list(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"], {"started": "a", "stopped": "b", "paused": "c"})
    result = lint(tmp_path)
    at = line_col(tmp_path / "schemas/f/tables.schema.json", '"paused"')
    assert errors(result) == [
        f"schemas/f/tables.schema.json:{at}: error: constant 'Labels' has key \"paused\", which enum 'Kind' does "
        "not list (x-keys-of): remove it, or add the value to the enum"]


def test_table_keys_in_another_order(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"], {"stopped": "b", "started": "a"})
    assert [e.split(": error: ")[1] for e in errors(lint(tmp_path))] == [
        "constant 'Labels' has key \"stopped\" where enum 'Kind' has \"started\" (position 1): list the keys in "
        "the enum's order (x-keys-of)"]


def test_x_keys_of_on_something_that_is_not_an_object_constant(tmp_path):
    write_set(tmp_path, EVENTS, ["started", "stopped"])
    path = tmp_path / "schemas/f/tables.schema.json"
    doc = json.loads(path.read_text())
    doc["$defs"]["Names"] = {"description": "d", "type": "array", "items": {"type": "string"},
                             "const": ["a"], "x-keys-of": "#/$defs/Kind"}
    path.write_text(json.dumps(doc, indent=1) + "\n")
    assert [e.split(": error: ")[1] for e in errors(lint(tmp_path))] == [
        "x-keys-of belongs on a constant whose value is an object: 'Names' has no such \"const\""]


def test_variants_that_narrow_a_shared_base_through_allof(tmp_path):
    """The tag may sit in an allOf member (a variant narrowing its base): it is found there."""
    base = {"description": "Base.", "type": "object", "properties": {"type": {"type": "string"}}, "required": ["type"]}
    def narrowed(tag: str, typed: bool = True) -> dict:
        prop = {"type": "string", "const": tag} if typed else {"const": tag}
        return {"description": tag, "type": "object",
                "allOf": [{"$ref": "#/$defs/Base"}, {"type": "object", "properties": {"type": prop}}]}
    write_set(tmp_path, {"Base": base, "A": narrowed("a"), "B": narrowed("b", typed=False)}, ["a", "b"],
              order=["A", "B"])
    assert [e.split(": error: ")[1] for e in errors(lint(tmp_path))] == [
        "the tag 'type' of 'B' (a variant of union 'Event') gives no type: add \"type\": \"string\" beside its "
        "\"const\""]


def test_generate_does_not_enforce_the_conventions(tmp_path):
    """Only lint does: a schema set half way through an edit still generates."""
    write_set(tmp_path, EVENTS, ["started"])
    result = subprocess.run([BINARY, "generate", "-q", "--schemas", "schemas", "--out", "out", "--target", "python"],
                            cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_repository_schemas_declare_the_conventions():
    """The contract's unions and tables opt in, so that adding an event without its enum value fails lint."""
    text = "".join(p.read_text() for p in (REPO / "schemas").rglob("*.schema.json"))
    assert text.count('"x-tag-enum"') == 3 and text.count('"x-keys-of"') == 3
