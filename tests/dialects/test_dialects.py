"""JSON Schema dialects (docs/dialects.md), and unknown formats and keywords as annotations.

Each semantic test writes a schema in one dialect, generates the Python bindings with the binary
(CONTRACTGEN, else build/contractgen) and checks that they give every instance the verdict of the
standard validator for that dialect (Python jsonschema's Draft4Validator ... Draft202012Validator),
and the verdict written in the test, worked out by hand from the dialect's specification. The
official suite runs every dialect through all four languages (conformance_suite); this file holds
the cases that decide a dialect's meaning, and the messages: each diagnostic's text, position
(counted by hand in the fixture text) and exit code.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

REPO = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("CONTRACTGEN", str(REPO / "build" / "contractgen"))
VALIDATORS = {
    "draft-04": jsonschema.Draft4Validator, "draft-06": jsonschema.Draft6Validator,
    "draft-07": jsonschema.Draft7Validator, "2019-09": jsonschema.Draft201909Validator,
    "2020-12": jsonschema.Draft202012Validator,
}
URIS = {
    "draft-04": "http://json-schema.org/draft-04/schema#", "draft-06": "http://json-schema.org/draft-06/schema#",
    "draft-07": "http://json-schema.org/draft-07/schema#", "2019-09": "https://json-schema.org/draft/2019-09/schema",
    "2020-12": "https://json-schema.org/draft/2020-12/schema",
}


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([BINARY, *args], cwd=cwd, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})


def write(root: Path, files: dict[str, object]) -> None:
    for rel, value in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value if isinstance(value, str) else json.dumps(value, indent=1) + "\n", encoding="utf-8")


def python_verdicts(out: Path, type_name: str, instances: list[object]) -> list[bool]:
    """Each instance through the generated Pydantic bindings: accepted or not."""
    script = ("import sys, json\nfrom contract import registry\nadapter = registry.find(sys.argv[1])\n"
              "for line in sys.stdin:\n"
              "    try:\n        adapter.validate_json(line.strip()); print('ok')\n"
              "    except Exception as e:\n        print('error')\n")
    p = subprocess.run([sys.executable, "-c", script, type_name], input="".join(json.dumps(i) + "\n" for i in instances),
                       capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(out / "python"),
                                                            "CONTRACTGEN_PY_PURE": "1", "PYTHONDONTWRITEBYTECODE": "1"})
    assert p.returncode == 0, p.stderr
    return [line == "ok" for line in p.stdout.splitlines()]


def check_semantics(tmp_path: Path, dialect: str, schema: dict, cases: list[tuple[object, bool]],
                    type_name: str = "f.T", extra_args: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    write(tmp_path, {"schemas/f/t.schema.json": schema})
    r = run(["generate", "--schemas", "schemas", "--out", "out", "--target", "python", *extra_args], tmp_path)
    assert r.returncode == 0, r.stderr
    oracle = VALIDATORS[dialect](schema)
    instances = [c[0] for c in cases]
    expected = [c[1] for c in cases]
    assert [oracle.is_valid(i) for i in instances] == expected, "the hand-written verdicts disagree with jsonschema"
    assert python_verdicts(tmp_path / "out", type_name, instances) == expected
    return r


def test_draft7_definitions_and_ref_overriding_its_siblings(tmp_path):
    # draft-07 §8.3: "All other properties in a "$ref" object MUST be ignored": maximum 3 means nothing.
    schema = {"$schema": URIS["draft-07"], "title": "T", "type": "object", "required": ["qty"],
              "definitions": {"Qty": {"type": "integer", "minimum": 1}},
              "properties": {"qty": {"$ref": "#/definitions/Qty", "maximum": 3}}}
    check_semantics(tmp_path, "draft-07", schema,
                    [({"qty": 5}, True), ({"qty": 1}, True), ({"qty": 0}, False), ({"qty": "a"}, False), ({}, False)])


def test_draft4_id_and_boolean_exclusive_bounds(tmp_path):
    schema = {"$schema": URIS["draft-04"], "id": "http://example.com/t.json", "title": "T", "type": "object",
              "properties": {"n": {"type": "number", "minimum": 0, "exclusiveMinimum": True,
                                   "maximum": 10, "exclusiveMaximum": False},
                             "p": {"$ref": "#point"}},
              "definitions": {"Point": {"id": "#point", "type": "object", "required": ["x"],
                                        "properties": {"x": {"type": "integer"}}}}}
    check_semantics(tmp_path, "draft-04", schema,
                    [({"n": 0}, False), ({"n": 0.5}, True), ({"n": 10}, True), ({"n": 10.5}, False),
                     ({"p": {"x": 1}}, True), ({"p": {}}, False)])


def test_draft7_dependencies_array_and_schema(tmp_path):
    schema = {"$schema": URIS["draft-07"], "title": "T", "type": "object",
              "dependencies": {"a": ["b"], "c": {"required": ["d"]}}}
    check_semantics(tmp_path, "draft-07", schema,
                    [({"a": 1}, False), ({"a": 1, "b": 2}, True), ({"c": 1}, False), ({"c": 1, "d": 1}, True),
                     ({}, True)])


@pytest.mark.parametrize("dialect", ["draft-06", "2019-09"])
def test_array_items_and_additional_items(tmp_path, dialect):
    schema = {"$schema": URIS[dialect], "title": "T", "type": "array",
              "items": [{"type": "integer"}, {"type": "string"}], "additionalItems": False}
    check_semantics(tmp_path, dialect, schema,
                    [([1, "a"], True), ([1], True), ([], True), ([1, "a", 3], False), (["a"], False)])


def test_2019_09_recursive_ref(tmp_path):
    schema = {"$schema": URIS["2019-09"], "$recursiveAnchor": True, "title": "T", "type": "object",
              "required": ["name"],
              "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$recursiveRef": "#"}}}}
    check_semantics(tmp_path, "2019-09", schema,
                    [({"name": "a"}, True), ({"name": "a", "children": [{"name": "b", "children": []}]}, True),
                     ({"name": "a", "children": [{}]}, False), ({"name": "a", "children": [{"name": 1}]}, False)])


def test_project_default_dialect_applies_to_a_schema_without_schema_keyword(tmp_path):
    # No $schema: [schemas] dialect = "draft-07" makes `$ref` override `maximum`, as draft-07 says.
    schema = {"title": "T", "type": "object", "definitions": {"Qty": {"type": "integer"}},
              "properties": {"qty": {"$ref": "#/definitions/Qty", "maximum": 3}}}
    write(tmp_path, {"contractgen.toml": '[schemas]\ndialect = "draft-07"\n'})
    check_semantics(tmp_path, "draft-07", schema, [({"qty": 5}, True), ({"qty": "5"}, False)])
    # The flag overrides the file: as 2020-12, `maximum` beside `$ref` applies.
    r = run(["generate", "--schemas", "schemas", "--out", "out2", "--target", "python", "--dialect", "2020-12"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert python_verdicts(tmp_path / "out2", "f.T", [{"qty": 5}, {"qty": 3}]) == [False, True]


def test_dialects_mixed_across_files_and_references_into_definitions(tmp_path):
    write(tmp_path, {
        "schemas/f/old.schema.json": {"$schema": URIS["draft-04"], "definitions": {
            "Id": {"type": "string", "minLength": 2}, "Count": {"type": "integer", "maximum": 5, "exclusiveMaximum": True}}},
        "schemas/f/new.schema.json": {"$schema": URIS["2020-12"], "title": "New", "type": "object",
                                      "properties": {"id": {"$ref": "old.schema.json#/definitions/Id"},
                                                     "n": {"$ref": "old.schema.json#/definitions/Count"}}},
    })
    r = run(["generate", "--schemas", "schemas", "--out", "out", "--target", "python"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert python_verdicts(tmp_path / "out", "f.New", [{"id": "ab", "n": 4}, {"id": "a"}, {"n": 5}]) == [True, False, False]


def test_api_documents_publish_2020_12_for_an_older_dialect(tmp_path):
    write(tmp_path, {"schemas/f/t.schema.json": {
        "$schema": URIS["draft-04"], "id": "http://example.com/t.json",
        "definitions": {"Row": {"type": "object", "properties": {
            "n": {"type": "number", "maximum": 5, "exclusiveMaximum": True},
            "pair": {"type": "array", "items": [{"type": "integer"}], "additionalItems": {"type": "string"}},
            "x": {"type": "string"}}, "dependencies": {"x": ["n"]}}}}})
    r = run(["generate", "--schemas", "schemas", "--out", "out", "--target", "openapi"], tmp_path)
    assert r.returncode == 0, r.stderr
    row = json.loads((tmp_path / "out" / "openapi" / "openapi.json").read_text())["components"]["schemas"]["f.Row"]
    text = json.dumps(row)
    for old in ('"definitions"', '"dependencies"', '"additionalItems"', '"id"', "draft-04"):
        assert old not in text, f"{old} in the published schema: {text}"
    props = row["properties"]
    assert props["n"]["exclusiveMaximum"] == 5 and "maximum" not in props["n"]
    assert props["pair"]["prefixItems"] == [{"type": "integer"}] and props["pair"]["items"] == {"type": "string"}
    assert row["dependentRequired"] == {"x": ["n"]}


# ---- messages -----------------------------------------------------------------------------------------------


def test_unknown_schema_uri_is_refused_naming_the_supported_dialects(tmp_path):
    write(tmp_path, {"schemas/f/t.schema.json": '{\n  "$schema": "http://json-schema.org/draft-03/schema#",\n'
                                                '  "type": "string"\n}\n'})
    r = run(["generate", "--schemas", "schemas", "--out", "out"], tmp_path)
    assert r.returncode == 2
    assert ("schemas/f/t.schema.json:2:3: error: '$schema' names no dialect contractgen reads: "
            '"http://json-schema.org/draft-03/schema#" (supported: draft-04 (http://json-schema.org/draft-04/schema#), '
            "draft-06 (http://json-schema.org/draft-06/schema#), draft-07 (http://json-schema.org/draft-07/schema#), "
            "2019-09 (https://json-schema.org/draft/2019-09/schema), 2020-12 "
            "(https://json-schema.org/draft/2020-12/schema))") in r.stderr
    assert not (tmp_path / "out").exists()


def test_a_json_file_in_an_older_dialect_is_read_as_a_schema(tmp_path):
    write(tmp_path, {"schemas/f/t.json": {"$schema": URIS["draft-07"], "title": "T", "type": "string"}})
    r = run(["generate", "--schemas", "schemas", "--out", "out", "--target", "python"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert python_verdicts(tmp_path / "out", "f.T", ["a", 1]) == [True, False]


# The line:column of the first `"markdownDescription"` etc. below, counted by hand.
ANNOTATED = ('{\n'
             '  "$schema": "http://json-schema.org/draft-07/schema#",\n'
             '  "title": "T",\n'
             '  "type": "object",\n'
             '  "definitions": {\n'
             '    "Code": {"type": "string", "format": "regex", "allowComments": true}\n'
             '  },\n'
             '  "properties": {\n'
             '    "code": {"$ref": "#/definitions/Code"},\n'
             '    "note": {"type": "string", "markdownDescription": "A *note* <b>&</b> */ \\"x\\"",\n'
             '             "format": "regex", "allowComments": false, "x-editor": 1},\n'
             '    "size": {"type": "integer", "format": "uint32", "deprecated": true}\n'
             '  }\n'
             '}\n')


def test_unknown_formats_and_keywords_warn_once_per_name(tmp_path):
    write(tmp_path, {"schemas/f/t.schema.json": ANNOTATED})
    for command in (["generate", "--out", "out"], ["lint"]):
        r = run([*command, "--schemas", "schemas"], tmp_path)
        assert r.returncode == 0, r.stderr
        warnings = [l for l in r.stderr.splitlines() if ": warning: " in l]
        assert warnings == [
            "schemas/f/t.schema.json:6:32: warning: format 'regex' is not one contractgen knows: read as an "
            "annotation, nothing checks it (2 places; the first is shown) (known: date-time, date, time, duration, "
            "email, hostname, ipv4, ipv6, uri, uri-reference, json-pointer, uuid; int64, uint64 on integers; "
            "[schemas] unknown-formats = \"error\" refuses unknown formats)",
            "schemas/f/t.schema.json:6:51: warning: unknown keyword 'allowComments': read as an annotation and "
            "ignored (2 places; the first is shown); extensions that start with 'x-' are not reported, and [schemas] "
            "unknown-keywords = \"error\" refuses unknown keywords",
            "schemas/f/t.schema.json:12:33: warning: format 'uint32' is not one contractgen knows: read as an "
            "annotation, nothing checks it (known: date-time, date, time, duration, email, hostname, ipv4, ipv6, "
            "uri, uri-reference, json-pointer, uuid; int64, uint64 on integers; [schemas] unknown-formats = "
            "\"error\" refuses unknown formats)",
            "schemas/f/t.schema.json:12:53: warning: 'deprecated' is not a draft-07 keyword: read as an annotation "
            "and ignored; extensions that start with 'x-' are not reported, and [schemas] unknown-keywords = "
            "\"error\" refuses unknown keywords",
        ], r.stderr
    # A format is an annotation: any string passes; the keyword `format` asserted nothing.
    assert python_verdicts(tmp_path / "out", "f.T", [{"code": "(", "note": "[", "size": 5}]) == [True]


def test_markdown_description_becomes_the_doc_comment_escaped(tmp_path):
    write(tmp_path, {"schemas/f/t.schema.json": ANNOTATED})
    r = run(["generate", "--schemas", "schemas", "--out", "out", "--target", "python", "--target", "ts"], tmp_path)
    assert r.returncode == 0, r.stderr
    ts = (tmp_path / "out" / "ts" / "f.d.ts").read_text()
    py = next((tmp_path / "out" / "python").rglob("f.py")).read_text()
    assert '/** A *note* <b>&</b> *\\/ "x" */\n  note?: string;' in ts, ts  # "*/" would close the comment
    assert 'description="A *note* <b>&</b> */ \\"x\\"",' in py, py


def docs_config() -> str:
    """The contractgen.toml block of docs/dialects.md, which this test runs."""
    text = (REPO / "docs" / "dialects.md").read_text(encoding="utf-8")
    return text.split("```toml\n", 1)[1].split("```", 1)[0]


def test_unknown_keywords_and_formats_refused_by_the_setting(tmp_path):
    write(tmp_path, {"schemas/f/t.schema.json": ANNOTATED, "contractgen.toml": docs_config()})
    r = run(["generate", "--schemas", "schemas", "--out", "out"], tmp_path)
    assert r.returncode == 2
    errors = [l for l in r.stderr.splitlines() if ": error: " in l]
    assert errors == [
        "schemas/f/t.schema.json:6:32: error: format 'regex' is not one contractgen knows (date-time, date, time, "
        "duration, email, hostname, ipv4, ipv6, uri, uri-reference, json-pointer, uuid; int64, uint64 on integers; "
        "refused by [schemas] unknown-formats = \"error\")",
        "schemas/f/t.schema.json:6:51: error: unknown keyword 'allowComments' (refused by [schemas] "
        "unknown-keywords = \"error\"; extensions start with 'x-')",
        "schemas/f/t.schema.json:11:14: error: format 'regex' is not one contractgen knows (date-time, date, time, "
        "duration, email, hostname, ipv4, ipv6, uri, uri-reference, json-pointer, uuid; int64, uint64 on integers; "
        "refused by [schemas] unknown-formats = \"error\")",
        "schemas/f/t.schema.json:11:33: error: unknown keyword 'allowComments' (refused by [schemas] "
        "unknown-keywords = \"error\"; extensions start with 'x-')",
        "schemas/f/t.schema.json:12:33: error: format 'uint32' is not one contractgen knows (date-time, date, time, "
        "duration, email, hostname, ipv4, ipv6, uri, uri-reference, json-pointer, uuid; int64, uint64 on integers; "
        "refused by [schemas] unknown-formats = \"error\")",
        "schemas/f/t.schema.json:12:53: error: 'deprecated' is not a draft-07 keyword (refused by [schemas] "
        "unknown-keywords = \"error\"; extensions start with 'x-')",
    ], r.stderr
    assert not (tmp_path / "out").exists()
    # A misspelt keyword gets a did-you-mean; the flag overrides the file.
    write(tmp_path, {"schemas/f/t.schema.json": {"type": "object", "propertes": {}}})
    r = run(["generate", "--schemas", "schemas", "--out", "out", "--unknown-formats", "warn"], tmp_path)
    assert r.returncode == 2
    assert "error: unknown keyword 'propertes' (did you mean 'properties'?) (refused by" in r.stderr


def test_moved_members_keep_their_positions_for_later_errors(tmp_path):
    # `definitions` becomes `$defs`, which moves the members after it: the IR's errors about them, and about
    # what is inside the moved `$defs`, still point at their text.
    text = ('{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n'
            '  "definitions": {\n    "A": {"type": "string", "minLength": -1}\n  },\n'
            '  "type": "object",\n  "required": "x"\n}\n')
    write(tmp_path, {"schemas/f/t.schema.json": text})
    r = run(["generate", "--schemas", "schemas", "--out", "out"], tmp_path)
    assert r.returncode == 2
    assert "schemas/f/t.schema.json:4:29: error: 'minLength' must be a non-negative integer" in r.stderr, r.stderr
    assert "schemas/f/t.schema.json:7:3: error: 'required' must be an array of distinct strings" in r.stderr, r.stderr


@pytest.mark.parametrize("key,value,why", [
    ("dialect", "draft-05", "expected draft-04, draft-06, draft-07, 2019-09 or 2020-12"),
    ("unknown-formats", "ignore", "expected warn or error"),
    ("unknown-keywords", "strict", "expected warn or error"),
])
def test_bad_schemas_settings_are_reported_at_their_place(tmp_path, key, value, why):
    write(tmp_path, {"schemas/f/t.schema.json": {"type": "string"}, "contractgen.toml": f'[schemas]\n{key} = "{value}"\n'})
    r = run(["generate", "--schemas", "schemas", "--out", "out"], tmp_path)
    assert r.returncode == 2
    assert f'contractgen.toml:2:{len(key) + 4}: error: schemas.{key} = "{value}" is not valid: {why}' in r.stderr, r.stderr


def test_a_vendored_file_is_read_in_its_dialect_else_in_its_referrers(tmp_path):
    # A `[resolve]` file without `$schema` means what its referrer's dialect says (draft-04 here: `id`
    # names a fragment, a boolean `exclusiveMaximum` makes `maximum` exclusive, `$ref` overrides
    # `minimum`); one with `$schema` is read in the dialect it names (2020-12: a numeric bound).
    write(tmp_path, {
        "contractgen.toml": '[resolve]\n"https://example.com/v/" = "vendor/v"\n',
        "schemas/f/t.schema.json": {"$schema": URIS["draft-04"], "title": "T", "type": "object",
                                    "properties": {"n": {"$ref": "https://example.com/v/count.json"},
                                                   "m": {"$ref": "https://example.com/v/new.json"}}},
        "vendor/v/count.json": {"definitions": {"Limit": {"id": "#count", "type": "integer", "maximum": 5,
                                                          "exclusiveMaximum": True}},
                                "$ref": "#count", "minimum": 100},
        "vendor/v/new.json": {"$schema": URIS["2020-12"], "type": "integer", "exclusiveMaximum": 3},
    })
    r = run(["generate", "--schemas", "schemas", "--out", "out", "--target", "python"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert python_verdicts(tmp_path / "out", "f.T", [{"n": 4}, {"n": 5}, {"n": 4.5}, {"m": 2}, {"m": 3}]) == [
        True, False, False, True, False]


def test_a_ref_through_an_unknown_keyword_reaches_its_value(tmp_path):
    # `specific` is no keyword: an annotation, yet `$ref`s into it resolve (as SchemaStore's schemas expect),
    # and what they reach is read in the dialect around it (its `$schema`, where no `$id` starts a resource,
    # says the dialect and goes); before, the keyword was taken out and the reference did not resolve.
    schema = {"$schema": URIS["draft-07"], "title": "T", "type": "object",
              "definitions": {"lists": {"specific": {"a.*": {"$schema": URIS["draft-07"], "type": "string",
                                                             "minLength": 2}}}},
              "properties": {"x": {"$ref": "#/definitions/lists/specific/a.*"}}}
    r = check_semantics(tmp_path, "draft-07", schema, [({"x": "ab"}, True), ({"x": "a"}, False), ({"x": 1}, False)])
    assert "unknown keyword 'specific': read as an annotation and ignored" in r.stderr
