#!/usr/bin/env python3
"""OpenAPI documents as input (docs/openapi-input.md), end to end.

Each case folder here is a schemas folder holding one OpenAPI document:
  fastapi/items/openapi.json  OpenAPI 3.1 as FastAPI and Pydantic publish it
  oas30/pets/openapi.yaml     OpenAPI 3.0 (YAML): nullable, boolean exclusive bounds,
                              readOnly/writeOnly, example, a discriminator with mapping
For each, contractgen generates every default target, and then:
  - the published documents (openapi.json, openapi-3.1.json) pass openapi-spec-validator;
  - they declare the input's operations: the same methods, paths, operationIds,
    parameters, request bodies, response statuses and media types;
  - payloads get one verdict from the input document (the oracle: openapi-schema-validator's
    OAS 3.0/3.1 validators, with OpenAPI's discriminator dispatch), from the published
    document (jsonschema, 2020-12) and from the C++, TypeScript, Python and Go bindings,
    which also return every accepted payload unchanged.

  run.py CONTRACTGEN WORK
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import yaml
from openapi_schema_validator import OAS30ReadValidator, OAS30WriteValidator, OAS31Validator
from openapi_spec_validator import validate as validate_spec

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent.parent
sys.path.insert(0, str(REPO / "tests" / "conformance"))

from harness import langs  # noqa: E402

CONFIG = """[project]
name = "openapi-input"
version = "1.0.0"
[cpp]
namespace = "contract"
[python]
package = "contract"
[go]
module = "example.com/contract"
"""

CASES = {
    "fastapi": ("items", "openapi.json", {
        "Item": [
            ({"name": "Hammer", "price": 9.5, "id": 1}, True),
            ({"name": "Hammer", "price": 9.5, "id": 1, "description": None, "tags": ["tools"], "status": "sold"}, True),
            ({"name": "Hammer", "price": 9.5, "id": 1, "extra": {"kept": True}}, True),
            ({"name": "Hammer", "price": 0, "id": 1}, False),
            ({"name": "Hammer", "price": 9.5}, False),
            ({"name": "Hammer", "price": 9.5, "id": 1, "status": "lost"}, False),
            ({"name": "Hammer", "price": 9.5, "id": 1, "tags": [1]}, False),
            ({"name": "H" * 51, "price": 9.5, "id": 1}, False),
            ({"name": "Hammer", "price": 9.5, "id": 1.5}, False),
        ],
        "ItemCreate": [
            ({"name": "Hammer", "price": 9.5}, True),
            ({"name": "Hammer", "price": 9.5, "description": "steel"}, True),
            ({"price": 9.5}, False),
            ({"name": "Hammer", "price": 9.5, "description": 3}, False),
        ],
        "HTTPValidationError": [
            ({}, True),
            ({"detail": [{"loc": ["body", "name"], "msg": "Field required", "type": "missing"}]}, True),
            ({"detail": [{"loc": ["query", 0], "msg": "m", "type": "t", "input": None}]}, True),
            ({"detail": [{"loc": [1.5], "msg": "m", "type": "t"}]}, False),
            ({"detail": [{"loc": [], "msg": "m"}]}, False),
        ],
        "Status": [("available", True), ("lost", False)],
    }),
    "oas30": ("pets", "openapi.yaml", {
        "Pet": [
            ({"petType": "cat", "name": "Tom"}, True),
            ({"petType": "cat", "name": "Tom", "indoor": None}, True),
            ({"petType": "cat", "name": "Tom", "indoor": "yes"}, False),
            ({"petType": "cat", "name": "Tom", "weight": 3}, False),
            ({"petType": "dog", "name": "Rex", "id": 7}, True),
            ({"petType": "dog", "name": "Rex"}, True),
            ({"petType": "dog", "name": "Rex", "secret": "s"}, True),
            ({"petType": "dog", "name": "Rex", "weight": 0.5}, True),
            ({"petType": "dog", "name": "Rex", "weight": None}, True),
            ({"petType": "dog", "name": "Rex", "weight": 0}, False),
            ({"petType": "dog", "name": "Rex", "weight": 121}, False),
            ({"petType": "dog", "name": "Rex", "color": "brown"}, True),
            ({"petType": "dog", "name": "Rex", "color": None}, False),
            ({"petType": "dog", "name": "Rex", "owner": {"name": "Ann", "phone": None}}, True),
            ({"petType": "dog", "name": "Rex", "owner": None}, False),
            ({"petType": "dog", "name": "Rex", "owner": {"name": "A" * 21}}, False),
            ({"petType": "bird", "name": "Tweety"}, False),
            ({"name": "Tom"}, False),
        ],
        "Owner": [({"name": "Ann"}, True), ({"name": "Ann", "phone": "1"}, True), ({"phone": None}, False)],
        "Error": [({"code": 404, "message": "no"}, True), ({"code": "404", "message": "no"}, False)],
    }),
}


# What the published document says where OpenAPI 3.0 wrote it its own way (checked by hand
# against the 3.0.3 and 2020-12 specifications): (component, JSON pointer, expected value).
PUBLISHED_30 = [
    ("pets.Dog", "/properties/name/examples", ["Rex"]),                 # example
    ("pets.Dog", "/properties/id/readOnly", True),
    ("pets.Dog", "/required", ["petType", "name"]),                     # id is readOnly
    ("pets.Dog", "/properties/weight", {"type": ["number", "null"], "maximum": 120, "exclusiveMinimum": 0}),
    ("pets.Dog", "/properties/color", {"type": ["string", "null"], "enum": ["black", "brown"]}),
    ("pets.Dog", "/properties/petType/const", "dog"),                   # the mapping's implicit tag
    ("pets.Pet", "/discriminator", {"propertyName": "petType", "mapping": {"cat": "#/components/schemas/pets.Cat",
                                                                          "dog": "#/components/schemas/pets.Dog"}}),
]


def at(node, pointer: str):
    for part in pointer.lstrip("/").split("/"):
        node = node[part]
    return node


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text()) if path.suffix == ".yaml" else json.loads(path.read_text())


def oracle(doc: dict, name: str, value) -> bool:
    """The input document's verdict. OpenAPI's discriminator selects the variant by the
    property's value (the mapping, else the component of that name); no JSON Schema
    validator applies it, so it is applied here. OpenAPI 3.0's readOnly/writeOnly make
    `required` hold in one direction only: a payload is accepted when one direction accepts it."""
    schema = doc["components"]["schemas"][name]
    if "discriminator" in schema and isinstance(value, dict):
        d = schema["discriminator"]
        tag = value.get(d["propertyName"])
        if not isinstance(tag, str):
            return False
        target = d.get("mapping", {}).get(tag, tag)
        if "/" not in target:
            target = "#/components/schemas/" + target
        variants = [v["$ref"] for v in schema.get("oneOf", schema.get("anyOf", []))]
        return target in variants and oracle(doc, target.rsplit("/", 1)[1], value)
    root = {"$ref": "#/components/schemas/" + name, "components": doc["components"]}
    if doc["openapi"].startswith("3.0"):
        return any(v(root).is_valid(value) for v in (OAS30ReadValidator, OAS30WriteValidator))
    return OAS31Validator(root).is_valid(value)


def published(doc: dict, key: str, value) -> bool:
    root = {"$ref": "#/components/schemas/" + key, "components": doc["components"]}
    return jsonschema.Draft202012Validator(root).is_valid(value)


def operations(doc: dict) -> dict:
    """What an operation declares, comparable between the input and the published document."""
    out = {}
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method not in ("get", "put", "post", "delete", "options", "head", "patch", "trace"):
                continue
            params = op.get("parameters", []) + item.get("parameters", [])
            params = [resolve(doc, p) for p in params]
            body = resolve(doc, op["requestBody"]) if "requestBody" in op else None
            responses = {s: resolve(doc, r) for s, r in op["responses"].items()}
            out[(method, path)] = {
                "operationId": op["operationId"],
                "parameters": sorted((p["name"], p["in"], p.get("required", False)) for p in params),
                "body": body and (sorted(body["content"]), body.get("required", False)),
                "responses": {s: (sorted(r.get("content", {})), sorted(r.get("headers", {}))) for s, r in responses.items()},
            }
    return out


def resolve(doc: dict, node: dict) -> dict:
    while isinstance(node, dict) and "$ref" in node:
        at = doc
        for part in node["$ref"].lstrip("#/").split("/"):
            at = at[part.replace("~1", "/").replace("~0", "~")]
        node = at
    return node


def main() -> int:
    contractgen, work = sys.argv[1], Path(sys.argv[2])
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    (work / "contractgen.toml").write_text(CONFIG)
    wrong = 0
    for case, (family, file, vectors) in CASES.items():
        out = work / case
        p = subprocess.run([contractgen, "generate", "--quiet", "--config", str(work / "contractgen.toml"),
                            "--schemas", str(HERE / case), "--out", str(out)], capture_output=True, text=True)
        if p.returncode != 0:
            print(f"{case}: contractgen generate failed ({p.returncode}):\n{p.stdout}{p.stderr}")
            wrong += 1
            continue
        source = load(HERE / case / family / file)
        for name in ("openapi.json", "openapi-3.1.json"):
            validate_spec(json.loads((out / "openapi" / name).read_text()))
        doc = json.loads((out / "openapi" / "openapi-3.1.json").read_text())
        if case == "oas30":
            for key, pointer, expected in PUBLISHED_30:
                if at(doc["components"]["schemas"][key], pointer) != expected:
                    print(f"{case}: {key}{pointer} is {at(doc['components']['schemas'][key], pointer)!r}, expected {expected!r}")
                    wrong += 1
        want, got = operations(source), operations(doc)
        if want != got:
            print(f"{case}: operations differ:\n  input:     {want}\n  published: {got}")
            wrong += 1
        runners = {"cpp": langs.compile_cpp_runner(out / "cpp" / "include", work / case / "cpp-runner", "g++", [], opt="-O1"),
                   "ts": langs.ts_runner(langs.ts_registry(out / "ts")),
                   "py": langs.py_runner(out / "python"),
                   "go": langs.compile_go_runner(out / "go", work / case / "go-runner")}
        cases = [(name, value, valid) for name, values in vectors.items() for value, valid in values]
        for name, value, valid in cases:
            verdicts = {"input document": oracle(source, name, value),
                        "published document": published(doc, f"{family}.{name}", value)}
            if any(v != valid for v in verdicts.values()):
                print(f"{case}: {name} {json.dumps(value)}: expected {valid}, got {verdicts}")
                wrong += 1
        lines = [f"{family}.{name}\t{json.dumps(value)}" for name, value, _ in cases]
        for lang, runner in runners.items():
            for (name, value, valid), answer in zip(cases, runner.run(lines, timeout=300)):
                ok = answer.startswith("ok ") and json.loads(answer[3:]) == value
                if ok != valid or (valid and not ok):
                    print(f"{case} {lang}: {name} {json.dumps(value)}: expected {'ok' if valid else 'error'}, got {answer[:200]!r}")
                    wrong += 1
        print(f"{case}: {len(cases)} payloads x (2 documents + {len(runners)} languages), {len(want)} operations")
    print(f"{wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
