#!/usr/bin/env python3
"""Every error about an OpenAPI input document (docs/openapi-input.md): each case is a
schemas folder with one document; `contractgen generate` must exit 2, print the expected
`file:line:col: error: message` (positions counted by hand in the texts below) and write
nothing. Files beside it that are not OpenAPI documents are skipped with a warning.

  errors.py CONTRACTGEN
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

SWAGGER = """{
  "swagger": "2.0",
  "info": {"title": "t", "version": "1"},
  "paths": {}
}
"""

GOOD_30 = """openapi: 3.0.3
info: {title: t, version: '1'}
paths: {}
components:
  schemas:
    A:
      type: object
"""

# (name, file, text, expected line: "line:col: error: message" after the file's path)
CASES = [
    ("swagger", "openapi.json", SWAGGER,
     "2:3: error: Swagger 2.0 documents are not read: contractgen reads OpenAPI 3.0 and 3.1; convert the document "
     "to OpenAPI 3 first (for instance with swagger2openapi)"),
    ("version 3.2", "openapi.yaml", "openapi: 3.2.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
     "1:1: error: OpenAPI 3.2.0 documents are not read as input: contractgen reads OpenAPI 3.0.x and 3.1.x"),
    ("version as a number", "openapi.yaml", "info: {title: t, version: '1'}\nopenapi: 3.1\n",
     "2:1: error: \"openapi\" must be the version as a string (\"3.1.0\"), not a number"),
    ("malformed JSON", "openapi.json", '{"openapi": "3.1.0",\n "paths": {}\n',
     "3:1: error: malformed JSON: syntax error while parsing object - unexpected end of input; expected '}'"),
    ("malformed YAML", "openapi.yaml", "openapi: 3.1.0\ninfo:\n  title: [t\n",
     "4:1: error: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence)"),
    ("duplicate key", "api.yaml", "openapi: 3.1.0\npaths: {}\npaths: {}\n",
     "3:1: error: duplicate key 'paths' (first at line 2, column 1); YAML and JSON parsers keep only one of them, "
     "so the document would be ambiguous"),
    ("unknown member", "openapi.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\ncomponent: {}\n",
     "3:1: error: unknown member 'component' of an OpenAPI document (did you mean 'components'?)"),
    ("dialect", "openapi.json", '{"openapi": "3.1.0",\n "jsonSchemaDialect": "http://json-schema.org/draft-07/schema#"}\n',
     "2:2: error: jsonSchemaDialect 'http://json-schema.org/draft-07/schema#' is not read: the schemas of an OpenAPI "
     "3.1 document are read as JSON Schema 2020-12"),
    ("missing component", "openapi.yaml",
     "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      operationId: a\n"
     "      responses:\n        '404':\n          $ref: '#/components/responses/NotFund'\n"
     "components:\n  responses:\n    NotFound: {description: no}\n",
     "9:11: error: '$ref' names components/responses/NotFund, which does not exist (did you mean 'NotFound'?)"),
    ("path item $ref", "openapi.yaml",
     "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    $ref: '#/components/pathItems/A'\n",
     "5:5: error: a path item '$ref' is not read; write the path item out under '/a'"),
    ("boolean exclusive bound alone", "openapi.yaml",
     GOOD_30 + "      properties:\n        n: {type: number, exclusiveMaximum: true}\n",
     "9:27: error: \"exclusiveMaximum\": true needs \"maximum\" beside it (OpenAPI 3.0 makes the bound exclusive)"),
    # Errors found after conversion (by the IR) point into the document as written:
    # a variant used on its own keeps its implicit tag, which the bindings cannot dispatch on.
    # A component written out where it is used keeps its own position.
    ("a response component", "openapi.yaml",
     "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      operationId: a\n"
     "      responses:\n        '404':\n          $ref: '#/components/responses/Gone'\ncomponents:\n  responses:\n"
     "    Gone:\n      description: gone\n      contnt: {}\n",
     "14:7: error: unknown member 'contnt' in response 404 (did you mean 'content'?)"),
    ("implicit tag of a variant used alone", "openapi.yaml",
     "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /cat:\n    get:\n      operationId: getCat\n"
     "      responses:\n        '200':\n          description: a cat\n          content:\n            application/json:\n"
     "              schema: {$ref: '#/components/schemas/Cat'}\ncomponents:\n  schemas:\n    Pet:\n      oneOf:\n"
     "        - $ref: '#/components/schemas/Cat'\n        - $ref: '#/components/schemas/Dog'\n      discriminator:\n"
     "        propertyName: petType\n    Cat:\n      type: object\n      required: [petType]\n      properties:\n"
     "        petType: {type: string}\n    Dog:\n      type: object\n      required: [petType]\n      properties:\n"
     "        petType: {type: string}\n",
     "17:11: error: variant 'Cat' cannot be told apart by 'petType': "),
    ("a schema error", "openapi.yaml", GOOD_30 + "      properties:\n        n: {type: strin}\n",
     "9:13: error: 'type' "),
]


# Files that are not OpenAPI documents are skipped with a warning, beside one that is read
# (with warnings of its own: the security requirement it does not read, a `nullable` that
# OpenAPI 3.0 ignores).
READ_30 = GOOD_30.replace(
    "paths: {}\n", "paths:\n  /a:\n    get:\n      operationId: a\n      security: [{key: []}]\n"
                   "      responses: {'204': {description: none}}\n"
) + "      properties:\n        b:\n          $ref: '#/components/schemas/A'\n          nullable: true\n"
SKIPPED = {
    "openapi.yaml": (READ_30, [
        ":7:7: warning: security schemes and requirements are not read; the operations are published without them",
        ":16:11: warning: \"nullable\" beside \"$ref\" has no effect (OpenAPI 3.0 ignores the siblings of \"$ref\"); "
        "to accept null, write {\"anyOf\": [{\"$ref\": ...}, {\"enum\": [null]}]}"]),
    "workflow.yaml": ("name: ci\non: [push]\n", [
        ": warning: skipped: a YAML file without a top-level \"openapi\", so not read as an OpenAPI document"]),
    "broken.yml": ("a: [\n", [
        ":2:1: warning: skipped: not valid YAML, so not read as an OpenAPI document (malformed YAML: did not "
        "find expected node content (while parsing a flow node))"]),
}


def skipped(contractgen: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        schemas = Path(tmp) / "schemas"
        (schemas / "api").mkdir(parents=True)
        for file, (text, _) in SKIPPED.items():
            (schemas / "api" / file).write_text(text)
        p = subprocess.run([contractgen, "generate", "--target", "openapi", "--schemas", str(schemas), "--out",
                            str(Path(tmp) / "out")], capture_output=True, text=True)
        lines = p.stderr.splitlines()
        missing = [f"{schemas}/api/{file}{line}" for file, (_, expected) in SKIPPED.items() for line in expected
                   if f"{schemas}/api/{file}{line}" not in lines]
        published = json.loads((Path(tmp) / "out" / "openapi" / "openapi.json").read_text()) if p.returncode == 0 else {}
        if p.returncode != 0 or missing or "api.A" not in published.get("components", {}).get("schemas", {}):
            print(f"skipped files: exit {p.returncode}, missing lines {missing}; got:\n  " + "\n  ".join(lines))
            return 1
    return 0


def main() -> int:
    contractgen = sys.argv[1]
    wrong = skipped(contractgen)
    for name, file, text, expected in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            schemas = Path(tmp) / "schemas"
            (schemas / "api").mkdir(parents=True)
            (schemas / "api" / file).write_text(text)
            out = Path(tmp) / "out"
            p = subprocess.run([contractgen, "generate", "--schemas", str(schemas), "--out", str(out)],
                               capture_output=True, text=True)
            want = f"{schemas}/api/{file}:{expected}"
            lines = p.stderr.splitlines()
            found = any(line == want or (expected.endswith(" ") and line.startswith(want)) for line in lines)
            if p.returncode != 2 or not found or out.exists():
                wrong += 1
                print(f"{name}: exit {p.returncode}, wrote {'something' if out.exists() else 'nothing'}; "
                      f"expected the line\n  {want}\ngot:\n  " + "\n  ".join(lines))
    print(f"{len(CASES)} cases and the skipped files, {wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
