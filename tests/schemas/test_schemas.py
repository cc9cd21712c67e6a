"""Checks of the contract in schemas/ and of the conformance vectors.

Run from the repository root:  .venv/bin/python -m pytest tests/schemas -q

What is checked (see schemas/README.md for the conventions):
  * every schemas/<family>/*.schema.json is a valid draft 2020-12 schema and uses only the
    keyword subset the generator supports (the contract with the generator);
  * every $ref resolves, offline, with every file registered as
    https://contract.invalid/<path relative to schemas/>;
  * the type names each family must define exist, are unique within the family, and every
    discriminated union is well formed;
  * every constant (a $defs entry with `const`) validates against its own schema, and the
    tables that restate one another agree;
  * every `examples` entry in the schemas and every vector in tests/conformance/vectors/
    gets the verdict it declares from a standard validator (jsonschema, formats checked).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

REPO = Path(__file__).resolve().parents[2]
SCHEMAS = REPO / "schemas"
VECTORS = REPO / "tests" / "conformance" / "vectors"
BASE = "https://contract.invalid/"
META = "https://json-schema.org/draft/2020-12/schema"

FAMILIES = ("assist", "cloudevents", "packets", "run_events", "chat_stream")

# The event types the seeds define. A family may gain more (README, "Adding an event type"): the
# unions are the list of record, these must stay in them.
SEED_RUN_EVENT_NAMES = [
    "ContentEvent", "ReasoningEvent", "WebStatusEvent", "ResearchStatusEvent", "ScratchpadEvent",
    "ToolCallStartEvent", "ToolCallManifestEvent", "CodeStatusEvent", "RunStatusEvent", "RunErrorEvent",
    "GeneratedFileEvent", "CodeInterpreterFileEvent", "HotCodeEvent", "HotCodeOutputEvent", "ComputerOutputEvent",
]
SEED_CHAT_EVENT_NAMES = [
    "StreamStart", "Heartbeat", "DoneEvent", "StreamError", "MessageDelta", "AiMessage", "MessageIsAnswer",
    "ChatTitleGenerated", "ClarificationNeeded", "UpdateMessageClarificationMessage", "TaskUpdate",
    "PendingSources", "ReferencesFound", "NodeToolsExecutionStart", "NodeToolEvent", "UpdateSubagentCurrentAction",
    "NodeReportPreviewStart", "NodeReportPreviewDelta", "NodeReportPreviewDone", "BrowserUseStart", "BrowserUseStop",
    "BrowserUseAwaitUserInput", "PingEvent", "ErrorEvent", "MessageFileEvent", "UsageUpdateEvent",
]
REQUIRED_TYPES = {
    "assist": ["AgentRequest", "DeliveryMode", "AgentCapability", "ServerSentEvent", "AssistResponse",
               "AssistEndpointPath", "DeliveryModeContentTypes"],
    "cloudevents": ["CloudEvent", "EventContentType", "GraphEventType", "KnownGraphEventType", "GraphEventContentTypes",
                    "IsoTimestamp",
                    "StreamChunkPayload", "ErrorPayload", "NodeStartedPayload", "NodeCompletedPayload"],
    "packets": ["StreamPacket", "StreamOpCode", "PresentationEvent", "Citation", "StreamPacketSseEvent",
                "StreamPacketSseIdField"],
    "run_events": ["RunEvent", *SEED_RUN_EVENT_NAMES, "StatusValue", "KnownStatusValue", "NormalizedStatus",
                   "ScratchpadOperation", "FieldOwnership", "FieldNeverAppearsIn",
                   "WebToolNames", "WebToolRoutes", "ScratchpadToolNames", "SelfManagingDelegationTools",
                   "StatusNormalization", "ScratchpadBleedFilterStrings", "StrategyEntryPrefixes",
                   "DeprecatedRunEventTypes"],
    "chat_stream": ["StreamEnvelope", "StreamEvent", *SEED_CHAT_EVENT_NAMES, "Message", "Entity", "EntityType", "PlanSet",
                    "Plan", "PlanTask", "PendingSource", "UsageCost", "TerminalEventTypes", "HeartbeatIntervalMs",
                    "WatchdogTimeoutMs", "ReconnectMaxAttempts", "ReconnectInitialDelayMs", "ReconnectMaxDelayMs",
                    "ReconnectDelaysMs"],
}
# The unions whose members are the event types of a family, with their discriminator and the
# members the seeds define (in the seeds' order; members added later follow them).
EVENT_UNIONS = {
    ("run_events", "RunEvent"): ("type", SEED_RUN_EVENT_NAMES),
    ("chat_stream", "StreamEvent"): ("type", SEED_CHAT_EVENT_NAMES),
    ("packets", "StreamPacket"): ("op", ["DeltaPacket", "EventPacket", "ErrorPacket", "ClosePacket"]),
}

# ---------------------------------------------------------------------------------------------
# The keyword subset the generator accepts (DESIGN.md "Supported JSON Schema (draft 2020-12)
# subset", narrowed for this repository: no $id, no prefixItems). Anything else is an error.
# ---------------------------------------------------------------------------------------------
ALLOWED_KEYWORDS = {
    "$schema", "$defs", "$ref", "type", "properties", "required", "additionalProperties", "items", "enum", "const",
    "oneOf", "anyOf", "allOf", "not", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "multipleOf", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "minProperties",
    "maxProperties", "default", "title", "description", "deprecated", "examples", "$comment",
}
ROOT_KEYWORDS = {"$schema", "title", "description", "$comment", "$defs"}
JSON_TYPES = {"null", "boolean", "integer", "number", "string", "array", "object"}
FORMATS = {"date-time", "uuid", "uri"}
# Keywords whose value is data, not a schema: never walked.
DATA_KEYWORDS = {"const", "default", "examples", "enum", "title", "description", "required", "deprecated", "$comment"}
REF_RE = re.compile(r"^(?:(?:\.\./[a-z_]+/|)[a-z_]+\.schema\.json)?#/\$defs/[A-Za-z][A-Za-z0-9_]*$")
# Regex features that do not behave alike in every target language (or that ECMA-262 lacks).
FORBIDDEN_PATTERN_BITS = {
    "(?<": "lookbehind or named group", "\\p": "unicode property escape", "\\P": "unicode property escape",
    "\\s": "\\s (differs between engines)", "\\S": "\\S (differs between engines)", "(?i": "inline flags",
    "\\k<": "named backreference", "\\Z": "\\Z", "\\A": "\\A",
}
BACKREF_RE = re.compile(r"\\[1-9]")
# The one deliberately untyped schema: "any JSON value", written with annotations only (the
# generator's Any kind). Everything that accepts anything refers to it.
ANY_VALUE_DEF = ("cloudevents/cloudevent.schema.json", "/$defs/JsonValue")
ANNOTATIONS = {"title", "description", "examples", "deprecated", "default", "$comment"}
MOJIBAKE = ["üìå", "‚úÖ", "üîÑ", "‚ùì", "‚ö†", "‚ò†", "Ô∏è", "üìñ", "‚úè", "üìù", "üõë", "‚Äî", "‚Üí"]


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------
def _load_json(path: Path) -> Any:
    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in pairs]
        dupes = {k for k in keys if keys.count(k) > 1}
        if dupes:
            raise ValueError(f"{path}: duplicate keys {sorted(dupes)}")
        return dict(pairs)

    with path.open(encoding="utf-8") as f:
        return json.load(f, object_pairs_hook=no_duplicates)


SCHEMA_FILES = sorted(SCHEMAS.rglob("*.schema.json"))
DOCS: dict[str, dict[str, Any]] = {p.relative_to(SCHEMAS).as_posix(): _load_json(p) for p in SCHEMA_FILES}


def _family(rel: str) -> str:
    return rel.split("/", 1)[0]


def _build_registry() -> Registry:
    resources = [(BASE + rel, Resource.from_contents(doc, default_specification=DRAFT202012))
                 for rel, doc in DOCS.items()]
    return Registry().with_resources(resources)


REGISTRY = _build_registry()

# family -> def name -> relative file
DEF_INDEX: dict[str, dict[str, str]] = {}
DUPLICATE_DEFS: list[str] = []
for _rel, _doc in DOCS.items():
    for _name in _doc.get("$defs", {}):
        _fam = DEF_INDEX.setdefault(_family(_rel), {})
        if _name in _fam:
            DUPLICATE_DEFS.append(f"{_family(_rel)}.{_name} in {_fam[_name]} and {_rel}")
        _fam[_name] = _rel


def def_schema(family: str, name: str) -> dict[str, Any]:
    return DOCS[DEF_INDEX[family][name]]["$defs"][name]


def def_uri(family: str, name: str) -> str:
    return f"{BASE}{DEF_INDEX[family][name]}#/$defs/{name}"


def validator_for(uri: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": uri}, registry=REGISTRY, format_checker=Draft202012Validator.FORMAT_CHECKER)


def validator_for_type(qualified: str) -> Draft202012Validator:
    family, name = qualified.split(".", 1)
    return validator_for(def_uri(family, name))


def constant(family: str, name: str) -> Any:
    return def_schema(family, name)["const"]


def enum_values(family: str, name: str) -> list[str]:
    return def_schema(family, name)["enum"]


def is_constant(schema: dict[str, Any]) -> bool:
    return "const" in schema


def format_errors(v: Draft202012Validator, instance: Any) -> str:
    lines = []
    for e in sorted(v.iter_errors(instance), key=lambda e: list(e.absolute_path)):
        lines.append(f"  at /{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}")
        for sub in (e.context or [])[:12]:
            lines.append(f"      - /{'/'.join(map(str, sub.absolute_path))}: {sub.message[:200]}")
    return "\n".join(lines) or "  (no errors)"


def walk(node: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield (JSON pointer, schema) for every subschema; data-valued keywords are not entered."""
    if not isinstance(node, dict):
        return
    yield pointer, node
    for key, value in node.items():
        if key in DATA_KEYWORDS or key.startswith("x-"):
            continue
        if key in ("properties", "$defs"):
            for name, sub in value.items():
                yield from walk(sub, f"{pointer}/{key}/{_esc(name)}")
        elif key in ("items", "additionalProperties"):
            yield from walk(value, f"{pointer}/{key}")
        elif key in ("anyOf", "oneOf", "allOf"):
            for i, sub in enumerate(value):
                yield from walk(sub, f"{pointer}/{key}/{i}")
        # `not` holds only the forbidden-properties form, checked separately; it is not a type.


def _esc(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def load_vectors() -> dict[str, dict[str, Any]]:
    return {p.stem: _load_json(p) for p in sorted(VECTORS.glob("*.json"))}


VECTOR_FILES = load_vectors()
ALL_CASES = [(fam, case) for fam, data in VECTOR_FILES.items() for case in data.get("cases", [])]


# ---------------------------------------------------------------------------------------------
# Schema files
# ---------------------------------------------------------------------------------------------
def test_schema_files_exist_in_every_family():
    assert SCHEMA_FILES, "no schema files found"
    found = {_family(rel) for rel in DOCS}
    assert found == set(FAMILIES), f"families on disk {sorted(found)} != {sorted(FAMILIES)}"
    for rel in DOCS:
        assert rel.count("/") == 1, f"{rel}: schema files live directly in schemas/<family>/"


@pytest.mark.parametrize("rel", sorted(DOCS))
def test_meta_schema(rel):
    Draft202012Validator.check_schema(DOCS[rel])


@pytest.mark.parametrize("rel", sorted(DOCS))
def test_file_shape(rel):
    doc = DOCS[rel]
    extra = {k for k in doc if k not in ROOT_KEYWORDS and not k.startswith("x-")}
    assert not extra, f"{rel}: root may only hold {sorted(ROOT_KEYWORDS)}, found {sorted(extra)}"
    assert doc.get("$schema") == META, f"{rel}: $schema must be {META}"
    assert isinstance(doc.get("title"), str) and doc["title"].strip(), f"{rel}: root title missing"
    assert isinstance(doc.get("description"), str) and doc["description"].strip(), f"{rel}: root description missing"
    assert isinstance(doc.get("$defs"), dict) and doc["$defs"], f"{rel}: $defs missing or empty"
    for name, schema in doc["$defs"].items():
        assert re.fullmatch(r"[A-Z][A-Za-z0-9]*", name), f"{rel}: def name {name!r} is not PascalCase"
        assert isinstance(schema.get("description"), str) and schema["description"].strip(), \
            f"{rel}#/$defs/{name}: every type needs a description"


def _subset_problems(rel: str, doc: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    for pointer, node in walk(doc):
        where = f"{rel}#{pointer}"
        is_root = pointer == ""
        for key in node:
            if key.startswith("x-"):
                continue
            if key not in ALLOWED_KEYWORDS:
                problems.append(f"{where}: keyword {key!r} is outside the supported subset")
            if key == "$schema" and not is_root:
                problems.append(f"{where}: $schema only at the root")
            if key == "$defs" and not is_root:
                problems.append(f"{where}: $defs only at the root")
        if is_root:
            continue
        if (rel, pointer) == ANY_VALUE_DEF:
            extra = {k for k in node if k not in ANNOTATIONS and not k.startswith("x-")}
            if extra:
                problems.append(f"{where}: the any-value def holds annotations only, found {sorted(extra)}")
            continue
        if not any(k in node for k in ("type", "$ref", "anyOf", "oneOf")):
            problems.append(f"{where}: give `type` explicitly (or $ref/anyOf/oneOf); for any JSON value "
                            f"use {{\"$ref\": \".../cloudevents/cloudevent.schema.json#/$defs/JsonValue\"}}")
        if "allOf" in node and "type" not in node:
            problems.append(f"{where}: allOf needs an explicit `type` next to it")
        t = node.get("type")
        types: set[str] = set()
        if t is not None:
            if isinstance(t, str):
                types = {t}
            elif isinstance(t, list) and len(t) == 2 and "null" in t and len(set(t)) == 2:
                types = set(t)
            else:
                problems.append(f"{where}: type must be a string or [X, \"null\"], got {t!r}")
            if not types <= JSON_TYPES:
                problems.append(f"{where}: unknown type {t!r}")
        if "format" in node:
            if node["format"] not in FORMATS:
                problems.append(f"{where}: format {node['format']!r} not in {sorted(FORMATS)}")
            if "string" not in types:
                problems.append(f"{where}: format on a non-string type")
        if "pattern" in node:
            pat = node["pattern"]
            for bit, why in FORBIDDEN_PATTERN_BITS.items():
                if bit in pat:
                    problems.append(f"{where}: pattern uses {why}: {pat!r}")
            if BACKREF_RE.search(pat):
                problems.append(f"{where}: pattern uses a backreference: {pat!r}")
            try:
                re.compile(pat)
            except re.error as exc:
                problems.append(f"{where}: pattern does not compile: {exc}")
        if "additionalProperties" in node:
            ap = node["additionalProperties"]
            if not (ap is False or isinstance(ap, dict)):
                problems.append(f"{where}: additionalProperties must be false or a schema")
        if "required" in node:
            req = node["required"]
            if not (isinstance(req, list) and all(isinstance(r, str) for r in req) and len(set(req)) == len(req)):
                problems.append(f"{where}: required must be a list of distinct names")
            elif "properties" in node:
                missing = [r for r in req if r not in node["properties"]]
                if missing:
                    problems.append(f"{where}: required names {missing} are not in properties")
        if "enum" in node:
            ev = node["enum"]
            if not (isinstance(ev, list) and ev and all(isinstance(x, str) for x in ev) and len(set(ev)) == len(ev)):
                problems.append(f"{where}: enum must be a non-empty list of distinct strings")
            if types != {"string"}:
                problems.append(f"{where}: enum needs type string")
        if "not" in node:
            problems += _check_not(where, node["not"])
        if "$ref" in node:
            if not REF_RE.match(node["$ref"]):
                problems.append(f"{where}: $ref {node['$ref']!r} is not '#/$defs/X' or '[../family/]file.schema.json#/$defs/X'")
            extra = set(node) - {"$ref", "description", "title", "default", "examples", "deprecated", "const", "$comment"}
            extra = {k for k in extra if not k.startswith("x-")}
            if extra:
                problems.append(f"{where}: $ref may only be accompanied by annotations, found {sorted(extra)}")
        for comb in ("anyOf", "oneOf", "allOf"):
            if comb in node and not (isinstance(node[comb], list) and node[comb]):
                problems.append(f"{where}: {comb} must be a non-empty list")
    return problems


def _check_not(where: str, schema: Any) -> list[str]:
    def single_required(s: Any) -> bool:
        return (isinstance(s, dict) and set(s) == {"required"} and isinstance(s["required"], list)
                and len(s["required"]) == 1 and isinstance(s["required"][0], str))

    if single_required(schema):
        return []
    if isinstance(schema, dict) and set(schema) == {"anyOf"} and isinstance(schema["anyOf"], list) \
            and schema["anyOf"] and all(single_required(s) for s in schema["anyOf"]):
        return []
    return [f"{where}: `not` must be {{required: [name]}} or {{anyOf: [{{required: [name]}}, ...]}} "
            f"(forbidden properties), got {schema!r}"]


@pytest.mark.parametrize("rel", sorted(DOCS))
def test_keyword_subset(rel):
    problems = _subset_problems(rel, DOCS[rel])
    assert not problems, "\n".join(problems)


def test_subset_checker_rejects_what_it_must():
    bad = {"$schema": META, "title": "t", "description": "d", "$defs": {
        "A": {"description": "d", "type": "object", "patternProperties": {"^x": {"type": "string"}}},
        "B": {"description": "d", "type": "string", "format": "email"},
        "C": {"description": "d", "type": "string", "pattern": "(?<=a)b"},
        "D": {"description": "d", "type": "object", "not": {"properties": {"a": {"type": "string"}}}},
        "E": {"description": "d", "enum": ["x"]},
        "F": {"description": "d", "type": ["string", "integer"]},
        "G": {"description": "d", "type": "string", "if": {"type": "string"}},
        "H": {"description": "d", "type": "object", "properties": {"a": {}}},
    }}
    text = "\n".join(_subset_problems("bad.schema.json", bad))
    for needle in ["patternProperties", "email", "lookbehind", "`not` must be", "give `type` explicitly",
                   "[X, \"null\"]", "'if'", "/$defs/H/properties/a: give `type`"]:
        assert needle in text, f"subset checker did not report {needle!r}:\n{text}"


def test_no_duplicate_def_names_within_a_family():
    assert not DUPLICATE_DEFS, "\n".join(DUPLICATE_DEFS)


@pytest.mark.parametrize("family", FAMILIES)
def test_required_type_names_exist(family):
    missing = [n for n in REQUIRED_TYPES[family] if n not in DEF_INDEX.get(family, {})]
    assert not missing, f"{family}: missing defs {missing}"


def _all_refs() -> Iterator[tuple[str, str, str]]:
    for rel, doc in DOCS.items():
        for pointer, node in walk(doc):
            if "$ref" in node:
                yield rel, pointer, node["$ref"]


def test_every_ref_resolves():
    problems = []
    count = 0
    for rel, pointer, ref in _all_refs():
        count += 1
        resolver = REGISTRY.resolver(base_uri=BASE + rel)
        try:
            resolved = resolver.lookup(ref)
        except Exception as exc:  # noqa: BLE001 - report every unresolvable ref
            problems.append(f"{rel}#{pointer}: $ref {ref!r} does not resolve: {exc}")
            continue
        if not isinstance(resolved.contents, dict):
            problems.append(f"{rel}#{pointer}: $ref {ref!r} resolves to a non-schema")
    assert count > 0
    assert not problems, "\n".join(problems)


def _resolve(rel: str, ref: str) -> tuple[str, dict[str, Any]]:
    """Resolve a ref written in `rel` to (file of the target, target schema)."""
    file_part, _, frag = ref.partition("#")
    target_rel = rel if not file_part else (Path(rel).parent / file_part).as_posix()
    parts = []
    for p in target_rel.split("/"):
        if p == "..":
            parts.pop()
        elif p != ".":
            parts.append(p)
    target_rel = "/".join(parts)
    name = frag.split("/")[-1]
    return target_rel, DOCS[target_rel]["$defs"][name]


def _merged_properties(rel: str, schema: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """Properties and required names of an object schema, merging allOf members and following $refs."""
    if "$ref" in schema:
        rel, schema = _resolve(rel, schema["$ref"])
    props: dict[str, Any] = {}
    required: set[str] = set(schema.get("required", []))
    for sub in schema.get("allOf", []):
        p, r = _merged_properties(rel, sub)
        props.update(p)
        required |= r
    props.update(schema.get("properties", {}))
    return props, required


def test_discriminated_unions_are_well_formed():
    problems = []
    for rel, doc in DOCS.items():
        for pointer, node in walk(doc):
            if "oneOf" not in node:
                continue
            where = f"{rel}#{pointer}"
            disc = node.get("x-discriminator")
            if not disc:
                problems.append(f"{where}: oneOf is reserved for discriminated unions: add x-discriminator")
                continue
            seen: dict[str, str] = {}
            for branch in node["oneOf"]:
                if set(branch) != {"$ref"}:
                    problems.append(f"{where}: every oneOf branch must be a bare $ref")
                    continue
                props, required = _merged_properties(rel, branch)
                target = _resolve(rel, branch["$ref"])[1]
                if target.get("type") != "object":
                    problems.append(f"{where}: {branch['$ref']} is not an object")
                prop = props.get(disc, {})
                value = prop.get("const")
                if not isinstance(value, str) or disc not in required:
                    problems.append(f"{where}: {branch['$ref']} lacks a required const string `{disc}`")
                elif value in seen:
                    problems.append(f"{where}: `{disc}` value {value!r} used by {seen[value]} and {branch['$ref']}")
                else:
                    seen[value] = branch["$ref"]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("key", sorted(EVENT_UNIONS, key=str))
def test_event_unions_start_with_the_seeds_event_types(key):
    family, union = key
    disc, names = EVENT_UNIONS[key]
    refs = union_members(family, union)
    assert refs[:len(names)] == names, f"{family}.{union}: its first members differ from the seed's list"


def test_event_type_enums_match_union_discriminators():
    for family, union, enum_name in [("run_events", "RunEvent", "RunEventType"),
                                     ("chat_stream", "StreamEvent", "StreamEventType"),
                                     ("packets", "StreamPacket", "StreamOpCode")]:
        rel = DEF_INDEX[family][union]
        disc = def_schema(family, union)["x-discriminator"]
        values = [_merged_properties(rel, b)[0][disc]["const"] for b in def_schema(family, union)["oneOf"]]
        assert values == enum_values(family, enum_name), f"{family}.{enum_name} != discriminators of {union}"


def union_members(family: str, union: str) -> list[str]:
    return [b["$ref"].rsplit("/", 1)[-1] for b in def_schema(family, union)["oneOf"]]


def test_every_event_object_is_closed():
    for family, union in [("run_events", "RunEvent"), ("chat_stream", "StreamEvent")]:
        for name in union_members(family, union):
            assert def_schema(family, name).get("additionalProperties") is False, f"{family}.{name} must be closed"


# ---------------------------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------------------------
CONSTANTS = sorted((fam, name) for fam, defs in DEF_INDEX.items() for name in defs
                   if is_constant(def_schema(fam, name)))


def test_there_are_constants():
    assert len(CONSTANTS) >= 30


@pytest.mark.parametrize("family,name", CONSTANTS)
def test_constant_validates_its_own_value(family, name):
    schema = def_schema(family, name)
    assert schema.get("title") and schema.get("description"), f"{family}.{name}: constants need title and description"
    # A validator applies every keyword of the def at once, so this checks the const value against the
    # rest of the def (type, items, additionalProperties, referenced enums), not only against `const`.
    v = validator_for(def_uri(family, name))
    assert v.is_valid(schema["const"]), \
        f"{family}.{name}: const does not match its own type\n{format_errors(v, schema['const'])}"
    assert "type" in schema or "$ref" in schema, f"{family}.{name}: a constant's schema must give its type"
    if "x-lookup" in schema:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", schema["x-lookup"]), "x-lookup names are snake_case"
        assert isinstance(schema["const"], dict), "x-lookup only on object-valued constants"


def test_constant_check_catches_a_mistyped_constant():
    mistyped = {"type": "array", "items": {"type": "integer"}, "const": [1000, "2000"]}
    assert not Draft202012Validator(mistyped).is_valid(mistyped["const"])


def test_tables_agree_with_each_other_and_with_their_enums():
    run = "run_events"
    assert constant(run, "WebToolNames") == list(constant(run, "WebToolRoutes"))
    assert constant(run, "StrategyEntryPrefixes") == list(constant(run, "StrategyEntryPrefixMeanings"))
    assert sorted(constant(run, "StatusNormalization")) == sorted(enum_values(run, "KnownStatusValue"))
    assert set(constant(run, "StatusNormalization").values()) == set(enum_values(run, "NormalizedStatus"))
    assert set(enum_values(run, "RunLifecycleStatus")) <= set(enum_values(run, "KnownStatusValue"))
    assert not set(constant(run, "WebToolNames")) & set(constant(run, "ScratchpadToolNames"))
    deprecated = constant(run, "DeprecatedRunEventTypes")
    assert set(deprecated) == {"activity", "status", "scratchpad"}
    assert not ({"activity", "scratchpad"} & set(enum_values(run, "RunEventType")))
    ce = "cloudevents"
    assert list(constant(ce, "GraphEventContentTypes")) == enum_values(ce, "KnownGraphEventType")
    assert constant(ce, "GraphEventDefaultContentType") == def_schema(ce, "CloudEvent")["properties"][
        "datacontenttype"]["default"]
    assert list(constant("assist", "DeliveryModeContentTypes")) == enum_values("assist", "DeliveryMode")
    cs = "chat_stream"
    assert list(constant(cs, "EventCategories")) == enum_values(cs, "StreamEventType")
    assert list(constant(cs, "ProposedEventPriorities")) == constant(cs, "ProposedEventTypes")
    assert set(constant(cs, "ProposedEventPriorities").values()) == {"HIGH", "MEDIUM"}
    delays = [min(constant(cs, "ReconnectInitialDelayMs") * constant(cs, "ReconnectBackoffMultiplier") ** (n - 1),
                  constant(cs, "ReconnectMaxDelayMs")) for n in range(1, constant(cs, "ReconnectMaxAttempts") + 1)]
    assert constant(cs, "ReconnectDelaysMs") == delays
    assert constant(cs, "HeartbeatIntervalMs") < constant(cs, "WatchdogTimeoutMs")


def _run_event_defs() -> dict[str, str]:
    """RunEventType value -> the def name of its event schema."""
    rel = DEF_INDEX["run_events"]["RunEvent"]
    return {_merged_properties(rel, b)[0]["type"]["const"]: b["$ref"].rsplit("/", 1)[-1]
            for b in def_schema("run_events", "RunEvent")["oneOf"]}


def test_field_never_appears_in_is_the_seed_column_and_the_schemas_enforce_it():
    run = "run_events"
    owned, never = constant(run, "FieldOwnership"), constant(run, "FieldNeverAppearsIn")
    assert list(never) == list(owned)
    every = enum_values(run, "RunEventType")
    for field in ("entry", "operation"):  # the seed's "all others"
        assert sorted(never[field]) == sorted(set(every) - set(owned[field])), field
    events = _run_event_defs()
    for field, types in never.items():
        assert not set(types) & set(owned[field]), f"{field}: owned by and never in the same event type"
        for event_type in types:
            name = events[event_type]
            schema = def_schema(run, name)
            assert field not in schema["properties"], f"{name} declares {field!r}, which never appears in it"
            instance = {**schema["examples"][0], field: "x"}
            assert not validator_for_type(f"{run}.{name}").is_valid(instance), f"{name} accepts {field!r}"


# The timestamp policy (schemas/README.md, "Timestamps"): the fields the seeds call ISO 8601 (or that
# give a UTC `datetime` of an upstream model) are IsoTimestamp, the field a seed calls a UTC timestamp
# is UtcTimestamp (a missing offset meaning UTC, no other offset); the fields that stay RFC 3339 are these.
ISO_TIMESTAMP_FIELDS = {("chat_stream", "Message", "created_at"), ("chat_stream", "PingEvent", "timestamp"),
                        ("assist", "AgentRequest", "timestamp")}
UTC_TIMESTAMP_FIELDS = {("packets", "StreamPacketBase", "t")}
RFC3339_FIELDS = {("cloudevents", "CloudEvent", "time"), ("packets", "PresentationEvent", "timestamp")}


def test_every_timestamp_field_follows_the_timestamp_policy():
    iso, utc, rfc = set(), set(), set()
    for family, defs in DEF_INDEX.items():
        for name in defs:
            for prop, sub in def_schema(family, name).get("properties", {}).items():
                if sub.get("$ref", "").endswith("/cloudevents/cloudevent.schema.json#/$defs/IsoTimestamp"):
                    iso.add((family, name, prop))
                if sub.get("$ref", "").endswith("/cloudevents/cloudevent.schema.json#/$defs/UtcTimestamp"):
                    utc.add((family, name, prop))
                if sub.get("format") == "date-time":
                    rfc.add((family, name, prop))
    assert iso == ISO_TIMESTAMP_FIELDS
    assert utc == UTC_TIMESTAMP_FIELDS
    assert rfc == RFC3339_FIELDS


def test_utc_timestamp_is_iso_timestamp_restricted_to_utc():
    """UtcTimestamp is IsoTimestamp's pattern with the offset narrowed to Z/z/+00:00 (or none), and on
    every text of the hand-checked list it accepts exactly the IsoTimestamps that Python reads as UTC
    or naive (`-00:00`, RFC 3339's "offset unknown", excluded)."""
    import datetime
    import re
    iso = def_schema("cloudevents", "IsoTimestamp")["pattern"]
    utc = def_schema("cloudevents", "UtcTimestamp")["pattern"]
    iso_offset = "([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])?$"
    assert iso.endswith(iso_offset) and utc == iso[: -len(iso_offset)] + "([Zz]|\\+00:00)?$"
    iso_v, utc_v = validator_for_type("cloudevents.IsoTimestamp"), validator_for_type("cloudevents.UtcTimestamp")
    texts = [text for text, _ in ISO_TIMESTAMP_TEXTS] + ["2026-02-20T10:15:30-00:00", "2026-02-20T10:15:30+00:30"]
    for text in texts:
        in_utc = False
        if iso_v.is_valid(text):
            offset = re.sub(r"^.{19}(\.[0-9]+)?", "", text)  # after YYYY-MM-DDTHH:MM:SS[.fraction]
            in_utc = offset == "" or (datetime.datetime.strptime(offset.upper().replace("Z", "+00:00"), "%z").utcoffset()
                                      == datetime.timedelta(0) and offset != "-00:00")
        assert utc_v.is_valid(text) == in_utc, text


UTC_TIMESTAMP_TEXTS = [
    ("2023-10-27T10:00:00.000000+00:00", True),  # seed 002's examples
    ("2023-10-27T10:00:00.000000", True),        # datetime.utcnow() as Pydantic serialises it: UTC
    ("2023-10-27T10:00:00Z", True),
    ("2023-10-27T12:00:00.000000+02:00", False),  # "The UTC timestamp"
    ("2023-10-27T10:00:00-00:00", False),         # RFC 3339: offset unknown
    ("2023-10-27 10:00:00", False),
]


@pytest.mark.parametrize("text,valid", UTC_TIMESTAMP_TEXTS)
def test_utc_timestamp_accepts_naive_and_utc_offsets_only(text, valid):
    assert validator_for_type("cloudevents.UtcTimestamp").is_valid(text) == valid


# The seed fidelity table (schemas/README.md): its vectors column names vectors as
# `family: "valid", ... / "invalid", ...` (a name ending in " …" stands for every vector it begins);
# each must exist in that family's file with that verdict, so the table and the vectors cannot drift.
FIDELITY_FAMILY = re.compile(r'(?:^|;\s+)(' + "|".join(sorted(FAMILIES)) + r'):\s')


def fidelity_table() -> dict[int, list[str]]:
    text = (SCHEMAS / "README.md").read_text(encoding="utf-8")
    section = text.split("## Seed fidelity decisions", 1)[1].split("\n### ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"\| (\d+) \|", line)
        if m:
            rows[int(m.group(1))] = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
    return rows


def cited_vectors(cell: str) -> list[tuple[str, str, bool | None]]:
    """(family, name, valid) for every quoted name; valid is None where a family lists no ` / `."""
    parts = FIDELITY_FAMILY.split(cell)
    out = []
    for family, segment in zip(parts[1::2], parts[2::2]):
        sides = re.split(r' / (?=(?:[^"]*"[^"]*")*[^"]*$)', segment)  # a ` / ` outside quotes
        for side, text in enumerate(sides):
            verdict = None if len(sides) == 1 else side == 0
            out += [(family, name, verdict) for name in re.findall(r'"([^"]+)"', text)]
    return out


def test_fidelity_table_decides_every_item_and_quotes_the_seed():
    rows = fidelity_table()
    assert sorted(rows) == list(range(1, 32))
    for number, cells in rows.items():
        assert len(cells) == 6, f"fidelity #{number}: {len(cells)} columns"
        assert re.match(r"\d{3}", cells[1]) and re.search(r'[`"]', cells[1]), f"fidelity #{number}: no seed line quoted"
        assert re.match(r"\*\*(Changed|Kept|Kept out|Done)\*\*", cells[3]), f"fidelity #{number}: no decision"


def test_fidelity_table_vectors_exist_with_the_verdict_it_gives():
    by_family = {family: VECTOR_FILES[family]["cases"] for family in FAMILIES}
    checked = 0
    for number, cells in fidelity_table().items():
        cited = cited_vectors(cells[5])
        if cells[3].startswith("**Changed**") and not cells[5].startswith(("A constant", "None")):
            assert any(v is True for *_, v in cited) and any(v is False for *_, v in cited), \
                f"fidelity #{number} is a change without a valid and an invalid vector"
        for family, name, valid in cited:
            if name.endswith(" …"):  # the vectors it begins, on this side
                found = [c for c in by_family[family] if c["name"].startswith(name[:-2])
                         and valid in (None, c["valid"])]
            else:
                found = [c for c in by_family[family] if c["name"] == name]
            assert found, f"fidelity #{number}: no {family} vector {name!r} (valid={valid})"
            if valid is not None:
                assert all(c["valid"] == valid for c in found), f"fidelity #{number}: {family} {name!r} is not valid={valid}"
            checked += len(found)
    assert checked > 100


# Verdicts checked by hand against ISO 8601 / RFC 3339 and the policy's stated limits.
ISO_TIMESTAMP_TEXTS = [
    ("2024-01-01T12:00:00.123456", True),       # datetime.utcnow().isoformat(): naive, read as UTC
    ("2024-01-01T12:00:00", True),              # isoformat() drops a zero fraction
    ("2026-02-20T10:15:30.123456+00:00", True),  # datetime.now(timezone.utc).isoformat()
    ("2026-02-20T10:15:30Z", True),
    ("2026-02-20t10:15:30z", True),             # RFC 3339 allows lower case
    ("2026-02-20T10:15:30-05:30", True),
    ("2024-02-29T00:00:00", True),
    ("2023-02-29T00:00:00", True),              # documented limit: no leap-year check
    ("2026-12-31T23:59:60Z", True),             # a leap second
    ("2026-04-30T00:00:00", True),
    ("2026-02-30T10:15:30Z", False),
    ("2026-04-31T00:00:00", False),
    ("2026-13-01T00:00:00", False),
    ("2026-00-10T00:00:00", False),
    ("2026-01-01T24:00:00", False),
    ("2026-01-01T12:60:00", False),
    ("2026-01-01T12:00", False),                # seconds are required
    ("2026-01-01 12:00:00", False),             # str(datetime), not ISO 8601's `T`
    ("2026-01-01T12:00:00.", False),
    ("2026-01-01T12:00:00+0000", False),
    ("2026-01-01T12:00:00+24:00", False),
    ("2026-01-01", False),
    ("2026-01-01T12:00:00Z trailing", False),
    ("１２３４-01-01T12:00:00", False),           # ASCII digits only
]


@pytest.mark.parametrize("text,valid", ISO_TIMESTAMP_TEXTS)
def test_iso_timestamp_accepts_naive_utc_and_offsets(text, valid):
    assert validator_for_type("cloudevents.IsoTimestamp").is_valid(text) == valid


def test_iso_timestamp_agrees_with_python_on_every_day_of_a_leap_and_a_common_year():
    """Every calendar string of 2023 and 2024 (and the impossible days 29-31 of each month), naive and
    with an offset, against datetime.fromisoformat; 29 February 2023 is the documented exception."""
    import datetime
    v = validator_for_type("cloudevents.IsoTimestamp")
    for year in (2023, 2024):
        for month in range(1, 13):
            for day in range(1, 32):
                for suffix in ("", ".5", "+00:00", "-08:00", "Z"):
                    text = f"{year}-{month:02d}-{day:02d}T08:30:59{suffix}"
                    try:
                        datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
                        python = True
                    except ValueError:
                        python = False
                    expected = python or (year, month, day) == (2023, 2, 29)
                    assert v.is_valid(text) == expected, text


def test_emoji_are_the_real_characters():
    prefixes = constant("run_events", "StrategyEntryPrefixes")
    assert prefixes == ["\U0001F4CC", "\u2705", "\U0001F504", "\u2753", "\u26A0\uFE0F", "\u2620\uFE0F"]
    bleed = constant("run_events", "ScratchpadBleedFilterStrings")
    assert bleed[0].startswith("\U0001F4D6 ") and bleed[2].startswith("\u270F\uFE0F ")
    assert bleed[4].startswith("\U0001F4DD ")
    assert constant("run_events", "ScrollBlockedPrefix") == "\U0001F6D1"
    # (schemas/README.md quotes the mis-encoded forms on purpose, so it is not scanned.)
    files = list(SCHEMAS.rglob("*.json")) + list(VECTORS.glob("*.json"))
    for path in files:
        text = path.read_text(encoding="utf-8")
        found = [m for m in MOJIBAKE if m in text]
        assert not found, f"{path}: mis-encoded characters from seed 001 {found}"


# ---------------------------------------------------------------------------------------------
# Examples in the schemas
# ---------------------------------------------------------------------------------------------
EXAMPLES = [(rel, pointer, i) for rel, doc in DOCS.items() for pointer, node in walk(doc)
            for i, _ in enumerate(node.get("examples", []))]


@pytest.mark.parametrize("rel,pointer,index", EXAMPLES)
def test_schema_examples_are_valid(rel, pointer, index):
    node = DOCS[rel]
    for part in pointer.split("/")[1:]:
        node = node[part.replace("~1", "/").replace("~0", "~")]
    example = node["examples"][index]
    v = validator_for(f"{BASE}{rel}#{pointer}")
    assert v.is_valid(example), f"{rel}#{pointer} examples[{index}] is invalid\n{format_errors(v, example)}"


# ---------------------------------------------------------------------------------------------
# Conformance vectors
# ---------------------------------------------------------------------------------------------
CASE_KEYS = {"name", "type", "valid", "instance", "source", "rule"}


def test_one_vector_file_per_family():
    assert sorted(VECTOR_FILES) == sorted(FAMILIES)


@pytest.mark.parametrize("family", FAMILIES)
def test_vector_file_format(family):
    data = VECTOR_FILES[family]
    assert set(data) == {"family", "cases"} and data["family"] == family
    names = set()
    for case in data["cases"]:
        assert set(case) <= CASE_KEYS and {"name", "type", "valid", "instance"} <= set(case), case.get("name")
        assert isinstance(case["valid"], bool)
        assert case["name"] not in names, f"duplicate vector name {case['name']!r}"
        names.add(case["name"])
        fam, _, name = case["type"].partition(".")
        assert fam == family, f"{case['name']}: type {case['type']} belongs to another family"
        assert name in DEF_INDEX[family], f"{case['name']}: type {case['type']} does not exist"
        assert not is_constant(def_schema(family, name)), f"{case['name']}: vectors target types, not constants"
        if not case["valid"]:
            assert case.get("rule"), f"{case['name']}: an invalid vector names the rule it breaks"
        if "source" in case:
            assert re.match(r"seed 00[0-4]\b", case["source"]), f"{case['name']}: source names its seed"


@pytest.mark.parametrize("family,case", ALL_CASES, ids=[f"{f}:{c['name']}" for f, c in ALL_CASES])
def test_vector(family, case):
    v = validator_for_type(case["type"])
    verdict = v.is_valid(case["instance"])
    assert verdict == case["valid"], (
        f"\nvector: {case['name']}\ntype:   {case['type']}\nexpected valid={case['valid']}, got {verdict}"
        f"\nrule:   {case.get('rule', '-')}\ninstance: {json.dumps(case['instance'], ensure_ascii=False)[:600]}"
        f"\nerrors:\n{format_errors(v, case['instance'])}")


@pytest.mark.parametrize("family", FAMILIES)
def test_every_type_has_a_valid_vector(family):
    covered = {c["type"].split(".", 1)[1] for f, c in ALL_CASES if f == family and c["valid"]}
    types = [n for n in DEF_INDEX[family] if not is_constant(def_schema(family, n))]
    missing = [n for n in types if n not in covered]
    assert not missing, f"{family}: no valid vector for {missing}"


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_seed_and_invalid_vectors(family):
    cases = [c for f, c in ALL_CASES if f == family]
    assert any(c.get("source") for c in cases), f"{family}: no seed vectors"
    assert any(not c["valid"] for c in cases), f"{family}: no invalid vectors"


def test_every_event_type_is_reachable_through_its_union():
    """Each event type has a valid vector through its union (or the chat-stream envelope)."""
    for (family, union), (disc, names) in EVENT_UNIONS.items():
        rel = DEF_INDEX[family][union]
        wanted = {_merged_properties(rel, b)[0][disc]["const"] for b in def_schema(family, union)["oneOf"]}
        seen = set()
        for f, c in ALL_CASES:
            if f != family or not c["valid"]:
                continue
            inst = c["instance"]
            if c["type"] == f"{family}.{union}" and isinstance(inst, dict):
                seen.add(inst.get(disc))
            if c["type"] == "chat_stream.StreamEnvelope" and isinstance(inst, dict):
                seen.add(inst.get("data", {}).get(disc))
        assert wanted <= seen, f"{family}.{union}: no valid union-level vector for {sorted(wanted - seen)}"


def test_server_sent_event_data_holds_a_cloudevent():
    """ServerSentEvent.data MUST be a JSON string of a CloudEvent; `event` repeats the CloudEvent's type."""
    ce = validator_for_type("cloudevents.CloudEvent")
    checked = 0
    for family, case in ALL_CASES:
        if case["type"] != "assist.ServerSentEvent" or not case["valid"]:
            continue
        checked += 1
        event = json.loads(case["instance"]["data"])
        assert ce.is_valid(event), f"{case['name']}: data is not a CloudEvent\n{format_errors(ce, event)}"
        assert case["instance"]["event"] == event["type"], f"{case['name']}: event != CloudEvent type"
    assert checked >= 3
