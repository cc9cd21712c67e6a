"""A folder of contract schemas (schemas/<family>/*.schema.json), read the way
contractgen reads it: every `$defs` entry is a named type `family.Name`
(entries with `const` are constants, not types), `$ref` resolves relative to
the file, and a schema location flattens (`$ref` with siblings, `allOf`) into
one `View` of everything that must hold, as src/ir/build.cpp merges it.
"""

from __future__ import annotations

import json
import posixpath
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

ANNOTATIONS = {"title", "description", "deprecated", "examples", "default", "$comment", "$schema", "$id"}
JSON_KINDS = ("null", "boolean", "object", "array", "string", "integer", "number")


@dataclass(frozen=True)
class Loc:
    """A schema inside a file: the file (relative to the schemas root) and a JSON pointer."""

    file: str
    pointer: str

    def key(self) -> str:
        return f"{self.file}#{self.pointer}"


def pointer_tokens(pointer: str) -> list[str]:
    if pointer in ("", "/"):
        return [] if pointer == "" else [""]
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def pointer_join(pointer: str, *tokens: Any) -> str:
    for t in tokens:
        pointer += "/" + str(t).replace("~", "~0").replace("/", "~1")
    return pointer


class SchemaSet:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.docs: dict[str, Any] = {}
        for path in sorted(self.root.rglob("*.schema.json")):
            rel = path.relative_to(self.root).as_posix()
            with path.open(encoding="utf-8") as f:
                self.docs[rel] = json.load(f)

    # ---- navigation -------------------------------------------------------------------------
    def node(self, loc: Loc) -> Any:
        n = self.docs[loc.file]
        for t in pointer_tokens(loc.pointer):
            n = n[int(t)] if isinstance(n, list) else n[t]
        return n

    def resolve(self, at: Loc, ref: str) -> Loc:
        base = "file:///" + at.file
        target = urllib.parse.urljoin(base, ref)
        path, _, fragment = target.partition("#")
        rel = posixpath.normpath(urllib.parse.unquote(path[len("file:///"):]))
        if rel not in self.docs:
            raise KeyError(f"{at.key()}: $ref {ref!r} names a file that does not exist ({rel})")
        return Loc(rel, urllib.parse.unquote(fragment))

    def named_types(self) -> Iterator[tuple[str, Loc]]:
        """("family.Name", location) of every named type (constants excluded), file by file."""
        for rel, doc in self.docs.items():
            family = rel.split("/", 1)[0]
            for name, schema in (doc.get("$defs") or {}).items():
                if isinstance(schema, dict) and "const" in schema:
                    continue
                yield f"{family}.{name}", Loc(rel, pointer_join("", "$defs", name))

    def type_location(self, qualified: str) -> Loc:
        for name, loc in self.named_types():
            if name == qualified:
                return loc
        raise KeyError(f"no type {qualified!r} in {self.root}")

    # ---- flattening ---------------------------------------------------------------------------
    def expand(self, loc: Loc, out: list[Loc] | None = None, stack: tuple[str, ...] = ()) -> list[Loc]:
        """Every schema object that must hold at `loc`: itself, its $ref targets and allOf parts."""
        out = [] if out is None else out
        node = self.node(loc)
        if node is True or any(p.key() == loc.key() for p in out):
            return out
        if loc.key() in stack:
            raise ValueError(f"recursive $ref/allOf at {loc.key()}")
        out.append(loc)
        if isinstance(node, dict):
            if "$ref" in node:
                self.expand(self.resolve(loc, node["$ref"]), out, stack + (loc.key(),))
            for i, _ in enumerate(node.get("allOf", [])):
                self.expand(Loc(loc.file, pointer_join(loc.pointer, "allOf", i)), out, stack + (loc.key(),))
        return out

    def view(self, locs: list[Loc]) -> "View":
        parts: list[Loc] = []
        for loc in locs:
            self.expand(loc, parts)
        return View.merge(self, parts)


@dataclass
class View:
    """Everything a (conjunction of) schema(s) requires of a value."""

    key: str = ""
    kinds: set[str] | None = None            # None: any kind
    false: bool = False                       # the schema `false` is one of the parts
    has_const: bool = False
    const: Any = None
    enum: list[Any] | None = None
    union: tuple[str, list[Loc]] | None = None  # ("oneOf" | "anyOf", alternatives)
    discriminator: str | None = None          # the union's own `discriminator.propertyName`
    properties: dict[str, list[Loc]] = field(default_factory=dict)
    required: list[str] = field(default_factory=list)
    closed: list[set[str]] = field(default_factory=list)  # additionalProperties: false, with the names its part allows
    additional: list[Loc] = field(default_factory=list)   # additionalProperties: <schema>
    forbidden: list[str] = field(default_factory=list)
    forbidden_by: dict[str, str] = field(default_factory=dict)  # name -> "not" | "additionalProperties"
    min_properties: int | None = None
    max_properties: int | None = None
    items: list[Loc] = field(default_factory=list)
    min_items: int | None = None
    max_items: int | None = None
    unique_items: bool = False
    min_length: int | None = None
    max_length: int | None = None
    patterns: list[str] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)
    minimum: list[float] = field(default_factory=list)
    maximum: list[float] = field(default_factory=list)
    exclusive_minimum: list[float] = field(default_factory=list)
    exclusive_maximum: list[float] = field(default_factory=list)
    multiple_of: list[float] = field(default_factory=list)
    typed_keywords: bool = False  # any assertion at all

    @staticmethod
    def merge(schemas: SchemaSet, parts: list[Loc]) -> "View":
        # The key names the parts that assert something (a bare $ref is only a way there), so
        # a type reached through different $refs is the same decision point.
        def bare_ref(loc: Loc) -> bool:
            n = schemas.node(loc)
            return isinstance(n, dict) and "$ref" in n and all(k == "$ref" or k in ANNOTATIONS or k.startswith("x-") for k in n)
        keyed = [p for p in parts if not bare_ref(p)] or parts[:1]
        v = View(key="&".join(p.key() for p in keyed))
        for loc in parts:
            n = schemas.node(loc)
            if n is False:
                v.false = True
                continue
            if not isinstance(n, dict):
                continue
            if "type" in n:
                t = n["type"]
                names = {t} if isinstance(t, str) else set(t)
                if "number" in names:
                    names.add("integer")
                v.kinds = names if v.kinds is None else v.kinds & names
                v.typed_keywords = True
            if "const" in n:
                v.has_const, v.const = True, n["const"]
                v.typed_keywords = True
            if "enum" in n:
                v.enum = list(n["enum"]) if v.enum is None else [e for e in v.enum if e in n["enum"]]
                v.typed_keywords = True
            for k in ("oneOf", "anyOf"):
                if k in n:
                    if v.union is not None:
                        raise ValueError(f"{loc.key()}: two oneOf/anyOf in one conjunction (outside the subset)")
                    v.union = (k, [Loc(loc.file, pointer_join(loc.pointer, k, i)) for i in range(len(n[k]))])
                    if isinstance(n.get("discriminator"), dict):
                        v.discriminator = n["discriminator"].get("propertyName")
                    v.typed_keywords = True
            for name in n.get("properties", {}):
                v.properties.setdefault(name, []).append(Loc(loc.file, pointer_join(loc.pointer, "properties", name)))
            for name in n.get("required", []):
                if name not in v.required:
                    v.required.append(name)
            if "additionalProperties" in n:
                a = n["additionalProperties"]
                if a is False:
                    v.closed.append(set(n.get("properties", {})))
                elif isinstance(a, dict):
                    v.additional.append(Loc(loc.file, pointer_join(loc.pointer, "additionalProperties")))
            if "not" in n:
                for n2 in _forbidden_names(n["not"], loc):
                    if n2 not in v.forbidden:
                        v.forbidden.append(n2)
                        v.forbidden_by[n2] = "not"
            if "items" in n:
                v.items.append(Loc(loc.file, pointer_join(loc.pointer, "items")))
            v.min_properties = _tighter(v.min_properties, n.get("minProperties"), max)
            v.max_properties = _tighter(v.max_properties, n.get("maxProperties"), min)
            v.min_items = _tighter(v.min_items, n.get("minItems"), max)
            v.max_items = _tighter(v.max_items, n.get("maxItems"), min)
            v.unique_items = v.unique_items or bool(n.get("uniqueItems", False))
            v.min_length = _tighter(v.min_length, n.get("minLength"), max)
            v.max_length = _tighter(v.max_length, n.get("maxLength"), min)
            if "pattern" in n:
                v.patterns.append(n["pattern"])
            if "format" in n:
                v.formats.append(n["format"])
            for k, slot in (("minimum", v.minimum), ("maximum", v.maximum), ("exclusiveMinimum", v.exclusive_minimum),
                            ("exclusiveMaximum", v.exclusive_maximum), ("multipleOf", v.multiple_of)):
                if k in n:
                    slot.append(n[k])
            if any(k not in ANNOTATIONS and not k.startswith("x-") and k not in ("$defs", "$ref", "allOf") for k in n):
                v.typed_keywords = True
        # A property that some closed part does not list, or whose schema is `false`, must be absent
        # (reported as `additionalProperties` and `not`: docs/semantics.md §2).
        for name, locs in v.properties.items():
            if any(schemas.node(l) is False for l in locs):
                v.forbidden_by.setdefault(name, "not")
            elif any(name not in allowed for allowed in v.closed):
                v.forbidden_by.setdefault(name, "additionalProperties")
            else:
                continue
            if name not in v.forbidden:
                v.forbidden.append(name)
        return v

    def allows(self, kind: str) -> bool:
        return self.kinds is None or kind in self.kinds

    def is_closed(self) -> bool:
        return bool(self.closed)

    def declared(self) -> list[str]:
        return [p for p in self.properties if p not in self.forbidden]


def _tighter(current: int | None, new: Any, pick: Any) -> int | None:
    if new is None:
        return current
    new = int(new)
    return new if current is None else pick(current, new)


def _forbidden_names(n: Any, loc: Loc) -> list[str]:
    """The forbidden-properties forms of `not` (the only ones the subset has)."""
    if isinstance(n, dict) and list(n.get("required", [])) and len(n["required"]) == 1:
        return list(n["required"])
    if isinstance(n, dict) and "anyOf" in n:
        out = []
        for b in n["anyOf"]:
            if not (isinstance(b, dict) and len(b.get("required", [])) == 1):
                raise ValueError(f"{loc.key()}: unsupported 'not' form")
            out.append(b["required"][0])
        return out
    raise ValueError(f"{loc.key()}: unsupported 'not' form")
