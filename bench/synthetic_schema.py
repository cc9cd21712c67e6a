#!/usr/bin/env python3
"""Writes a synthetic schemas folder: N object types of F fields each, spread
over a few families, with the mix of field kinds real contracts have
(strings with formats, integers with bounds, enums, arrays, maps, refs to
other types, optional and nullable fields). Deterministic for given sizes.

usage: bench/synthetic_schema.py OUT_DIR [--types 2000] [--fields 20] [--families 4]
"""
import argparse
import json
import os
import random


def field_schema(rng, type_index, field_index, names):
    kind = rng.randrange(9)
    if kind == 0:
        return {"type": "string", "format": rng.choice(["uuid", "date-time", "uri"])}
    if kind == 1:
        return {"type": "integer", "minimum": 0, "maximum": 1 << 40}
    if kind == 2:
        return {"type": "string", "enum": [f"V{type_index}_{field_index}_{k}" for k in range(4)]}
    if kind == 3:
        return {"type": "array", "items": {"type": "string", "maxLength": 64}, "maxItems": 32}
    if kind == 4:
        return {"type": "object", "additionalProperties": {"type": "number"}}
    if kind == 5 and type_index > 0:
        return {"$ref": f"#/$defs/{names[rng.randrange(type_index)]}"}
    if kind == 6:
        return {"type": ["string", "null"], "minLength": 1}
    if kind == 7:
        return {"type": "boolean", "description": f"Flag {field_index} of type {type_index}."}
    return {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--types", type=int, default=2000)
    ap.add_argument("--fields", type=int, default=20)
    ap.add_argument("--families", type=int, default=4)
    args = ap.parse_args()
    rng = random.Random(20261125)
    per_family = (args.types + args.families - 1) // args.families
    for f in range(args.families):
        count = min(per_family, args.types - f * per_family)
        names = [f"Type{f}x{i}" for i in range(count)]
        defs = {}
        for i, name in enumerate(names):
            props = {f"field_{k}": field_schema(rng, i, k, names) for k in range(args.fields)}
            defs[name] = {
                "type": "object",
                "description": f"Synthetic type {i} of family {f}.",
                "properties": props,
                "required": [f"field_{k}" for k in range(0, args.fields, 2)],
                "additionalProperties": False,
            }
        folder = os.path.join(args.out, f"family_{f}")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "types.schema.json"), "w") as out:
            json.dump({"$schema": "https://json-schema.org/draft/2020-12/schema", "title": f"Family {f}", "$defs": defs}, out, indent=1)


if __name__ == "__main__":
    main()
