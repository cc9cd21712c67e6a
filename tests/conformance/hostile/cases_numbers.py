"""Hostile cases about depth (§1.4), integers (§1.5), numbers (§1.6) and number spelling (§3)."""

from __future__ import annotations

from .build import (DEPTH, INTEGER, NUMBER, SPELLING, Case, citation, cloud_event, envelope, error, nested_path, ok,
                    packet, tool_call)

LIMIT = 128  # docs/semantics.md §1.4, the default [payload] max_depth
CE = "cloudevents.CloudEvent"
ANY = "cloudevents.JsonValue"
PACKET = "packets.StreamPacket"
ENVELOPE = "chat_stream.StreamEnvelope"


def arrays(n: int, inner: str = "") -> str:
    return "[" * n + inner + "]" * n


def objects(n: int) -> str:
    """n nested objects, the innermost empty: {"a":{"a":{}}} is 3."""
    return '{"a":' * (n - 1) + "{}" + "}" * (n - 1)


def mixed(n: int) -> str:
    """n containers alternating array, object, array, ...; the innermost empty."""
    opening = "".join("[" if i % 2 == 0 else '{"a":' for i in range(n - 1))
    closing = "".join("]" if i % 2 == 0 else "}" for i in reversed(range(n - 1)))
    return opening + ("[]" if (n - 1) % 2 == 0 else "{}") + closing


def too_deep_path(base: str, base_depth: int, step: str | int, alternate: bool = False) -> str:
    """The path of the first container deeper than the limit, in a chain starting at `base` (a container
    at depth `base_depth`) whose steps are `step` (or alternate [0] and .a when `alternate`)."""
    steps = [(0 if i % 2 == 0 else "a") if alternate else step for i in range(LIMIT + 1 - base_depth)]
    return nested_path(base, steps)


def depth() -> list[Case]:
    out = []
    # A root JsonValue: the outermost container has depth 1.
    for name, build, step, alt in (("arrays", arrays, 0, False), ("objects", objects, "a", False),
                                   ("arrays and objects", mixed, 0, True)):
        for n in (LIMIT - 1, LIMIT):
            out.append(ok(ANY, f"{n} nested {name}", DEPTH, build(n), free=("$",)))
        for n in (LIMIT + 1, 1000):
            out.append(error(ANY, f"{n} nested {name}", DEPTH, build(n), too_deep_path("$", 1, step, alt), "depth"))
    deepest = too_deep_path("$", 1, 0)
    out += [
        ok(ANY, f"a number inside {LIMIT} arrays", DEPTH, arrays(LIMIT, "1"), free=("$",)),
        ok(ANY, f"a string of 300 brackets inside {LIMIT} arrays", DEPTH, arrays(LIMIT, '"' + "[{" * 150 + '"'), free=("$",)),
        error(ANY, f"an empty object inside {LIMIT} arrays", DEPTH, arrays(LIMIT, "{}"), deepest, "depth"),
        error(ANY, "100,000 nested arrays", DEPTH, arrays(100_000), deepest, "depth"),
        error(ANY, "100,000 [ and nothing else", DEPTH, "[" * 100_000, deepest, "depth"),
        error(ANY, "1,000,000 [ and nothing else", DEPTH, "[" * 1_000_000, deepest, "depth"),
        error(ANY, '100,000 {"a": and nothing else', DEPTH, '{"a":' * 100_000, too_deep_path("$", 1, "a"), "depth"),
        error(ANY, "100,000 [{ alternating, unclosed", DEPTH, '[{"a":' * 50_000, too_deep_path("$", 1, 0, True), "depth"),
    ]
    # Free-form members: the object holding them has depth 1, the member's value depth 2.
    for n in (LIMIT - 2, LIMIT - 1):
        out.append(ok(CE, f"a free-form member of {n} nested arrays", DEPTH, cloud_event(arrays(n)), free=("$.data",)))
        out.append(ok(PACKET, f"a CLOSE payload of {n} nested objects", DEPTH, packet(objects(n)), free=("$.p",)))
        out.append(ok("run_events.ToolCallStartEvent", f"a free-form object member of {n} nested objects", DEPTH,
                      tool_call(objects(n)), free=("$.args",)))
    data_path = too_deep_path("$.data", 2, 0)
    out += [
        error(CE, f"a free-form member of {LIMIT} nested arrays", DEPTH, cloud_event(arrays(LIMIT)), data_path, "depth"),
        error(CE, f"a free-form member of {LIMIT} nested objects", DEPTH, cloud_event(objects(LIMIT)),
              too_deep_path("$.data", 2, "a"), "depth"),
        error(CE, "an extension attribute of 100,000 nested arrays", DEPTH, cloud_event(extra=',"ext":' + arrays(100_000)),
              too_deep_path("$.ext", 2, 0), "depth"),
        error(CE, "a free-form member of 100,000 [ and nothing else", DEPTH, cloud_event("[" * 100_000)[:-1],
              data_path, "depth"),
        # `p` is a string or a free-form object: the depth limit holds inside a union's variant too.
        error(PACKET, f"a CLOSE payload of {LIMIT} nested objects", DEPTH, packet(objects(LIMIT)),
              too_deep_path("$.p", 2, "a"), "depth"),
        error(PACKET, "a CLOSE payload of 100,000 nested objects", DEPTH, packet(objects(100_000)),
              too_deep_path("$.p", 2, "a"), "depth"),
        error("run_events.ToolCallStartEvent", f"a free-form object member of {LIMIT} nested objects", DEPTH,
              tool_call(objects(LIMIT)), too_deep_path("$.args", 2, "a"), "depth"),
        error("run_events.ToolCallStartEvent", '100,000 {"a": in a free-form object member', DEPTH,
              tool_call('{"a":' * 100_000), too_deep_path("$.args", 2, "a"), "depth"),
        # document order: the first problem wins
        error(CE, "too deep, then a wrong type after it", DEPTH, cloud_event(arrays(LIMIT), extra=',"subject":5'),
              data_path, "depth"),
        error(CE, "a failed const, then too deep", DEPTH, cloud_event(arrays(LIMIT)).replace('"1.0"', '"2.0"'),
              "$.specversion", "const"),
        error(ENVELOPE, "an unknown member of a closed object before 100,000 [", DEPTH,
              '{"data":{"type":"message_delta","delta":"x","z":' + "[" * 100_000, "$.data.z", "additionalProperties"),
    ]
    return out


MAX = 2**53 - 1
INT_OK = {
    "2^53-1": ("9007199254740991", "9007199254740991"), "-(2^53-1)": ("-9007199254740991", "-9007199254740991"),
    "zero": ("0", "0"), "-0": ("-0", "0"), "1.0": ("1.0", "1"), "1e2": ("1e2", "100"), "1E2": ("1E2", "100"),
    "1e+2": ("1e+2", "100"), "100e-2": ("100e-2", "1"), "0.1e1": ("0.1e1", "1"), "-0.0": ("-0.0", "0"),
    "0e10": ("0e10", "0"), "1.000": ("1.000", "1"), "12.5e1": ("12.5e1", "125"),
    "(2^53-1).0": ("9007199254740991.0", "9007199254740991"), "9.007199254740991e15": ("9.007199254740991e15", "9007199254740991"),
    "1e-400 (0, §1.6)": ("1e-400", "0"), "-1e-400": ("-1e-400", "0"),
}
INT_RANGE = {
    "2^53": "9007199254740992", "-2^53": "-9007199254740992", "2^53+1": "9007199254740993",
    "2^63-1": str(2**63 - 1), "2^63": str(2**63), "-2^63": str(-(2**63)), "-2^63-1": str(-(2**63) - 1),
    "2^64-1": str(2**64 - 1), "2^64": str(2**64), "10^30": "1" + "0" * 30, "a 400-digit integer": "9" * 400,
    "2^53 written 2^53.0": "9007199254740992.0", "1e16": "1e16", "1e19": "1e19", "1.8446744073709552e19": "1.8446744073709552e19",
    "1.5e300 (an integral double)": "1.5e300", "1e400 (overflows a double)": "1e400", "-1e400": "-1e400",
}
INT_TYPE = {"1.5": "1.5", "0.5": "0.5", "-0.5": "-0.5", "1e-2": "1e-2", "1.0000001": "1.0000001",
            "2^52-0.5": "4503599627370495.5", "a string": '"1"', "true": "true", "null": "null", "an array": "[1]",
            "an object": "{}"}


def integers() -> list[Case]:
    out = []
    for name, (text, _) in INT_OK.items():
        out.append(ok(PACKET, f"integer member: {name}", INTEGER, packet(seq=text), ints=("$.seq",)))
    for name, text in INT_RANGE.items():
        out.append(error(PACKET, f"integer member: {name}", INTEGER, packet(seq=text), "$.seq", "range"))
    for name, text in INT_TYPE.items():
        out.append(error(PACKET, f"integer member: {name}", INTEGER, packet(seq=text), "$.seq", "type"))
    # An integer with `minimum: 0`: the schema bound fails before the range (the order of §2).
    out += [
        ok(ENVELOPE, "bounded integer: -0", INTEGER, envelope(timestamp="-0"), ints=("$.timestamp",)),
        ok(ENVELOPE, "bounded integer: 1730000000000.0", INTEGER, envelope(timestamp="1730000000000.0"), ints=("$.timestamp",)),
        error(ENVELOPE, "bounded integer: -1", INTEGER, envelope(timestamp="-1"), "$.timestamp", "minimum"),
        error(ENVELOPE, "bounded integer: -2^53 (the bound fails first)", INTEGER, envelope(timestamp="-9007199254740992"),
              "$.timestamp", "minimum"),
        error(ENVELOPE, "bounded integer: 2^53", INTEGER, envelope(timestamp="9007199254740992"), "$.timestamp", "range"),
        error(ENVELOPE, "bounded integer: -0.5 (type before minimum)", INTEGER, envelope(timestamp="-0.5"), "$.timestamp", "type"),
        error(ENVELOPE, "bounded integer: -1e400", INTEGER, envelope(timestamp="-1e400"), "$.timestamp", "range"),
        ok("assist.ValidationErrorResponse", "const 400 written 4e2", INTEGER,
           '{"error_message":"e","code":4e2,"domain":"REQUEST","retryable":false,"errors":[{"location":"body","path":"","message":"m"}]}',
           ints=("$.code",)),
    ]
    # Free-form integer literals keep their digits, whatever their size.
    exact = {"2^53+1": "9007199254740993", "-2^63-1": str(-(2**63) - 1), "2^64": str(2**64), "10^30": "1" + "0" * 30,
             "a 400-digit integer": "9" * 400, "-0": "-0", "2^63": str(2**63)}
    for name, text in exact.items():
        out.append(ok(CE, f"free-form integer literal {name}", INTEGER, cloud_event(text), free=("$.data",)))
        out.append(ok(PACKET, f"free-form integer literal {name} in a CLOSE payload", INTEGER, packet(f'{{"n":{text}}}'),
                      free=("$.p",)))
    out.append(ok(CE, "free-form integers beyond 2^53 under __proto__", INTEGER,
                  cloud_event('{"__proto__":{"n":18446744073709551617,"m":-9223372036854775809}}'), free=("$.data",)))
    return out


def numbers() -> list[Case]:
    cit = "packets.Citation"
    good = {"0.5": "0.5", "1.0": "1.0", "1e0": "1e0", "100e-2": "100e-2", "5e-324 (the least subnormal)": "5e-324",
            "4.9406564584124654e-324": "4.9406564584124654e-324", "2.2250738585072014e-308": "2.2250738585072014e-308",
            "1e-400 (underflow to 0)": "1e-400", "-1e-400 (underflow to -0)": "-1e-400", "-0.0": "-0.0", "-0": "-0",
            "1e-7": "1e-7", "0.99999999999999999 (rounds to 1)": "0.99999999999999999", "0": "0",
            "1.0000000000000001 (rounds to 1)": "1.0000000000000001"}
    out = [ok(cit, f"number member: {name}", NUMBER, citation(text)) for name, text in good.items()]
    bad = {"1.7976931348623159e308 (overflows)": ("1.7976931348623159e308", "range"), "1e400": ("1e400", "range"),
           "-1e400": ("-1e400", "range"), "1e309": ("1e309", "range"),
           "1.7976931348623157e308 (the largest double)": ("1.7976931348623157e308", "maximum"),
           "2": ("2", "maximum"), "1.0000000000000002": ("1.0000000000000002", "maximum"), "-5e-324": ("-5e-324", "minimum"),
           "-0.1": ("-0.1", "minimum"), "a string": ('"0.5"', "type"), "true": ("true", "type"), "null": ("null", "type")}
    for name, (text, keyword) in bad.items():
        out.append(error(cit, f"number member: {name}", NUMBER, citation(text), "$.confidence", keyword))
    out += [
        error(CE, "free-form 1e400", NUMBER, cloud_event("1e400"), "$.data", "range"),
        error(CE, "free-form -1e400, nested", NUMBER, cloud_event('[1,{"x":-1e400}]'), "$.data[1].x", "range"),
        error(CE, "free-form 1e400 under __proto__", NUMBER, cloud_event('{"__proto__":1e400}'), "$.data.__proto__", "range"),
        error(CE, "an extension attribute of 1e400", NUMBER, cloud_event(extra=',"ext":1e400'), "$.ext", "range"),
        error(ANY, "a root number of 1e400", NUMBER, "1e400", "$", "range"),
        ok(CE, "free-form 1e-400", NUMBER, cloud_event("1e-400"), free=("$.data",)),
        ok(ANY, "a root number of 5e-324", NUMBER, "5e-324", free=("$",)),
    ]
    return out


# Free-form doubles (a fraction or an exponent): the shortest ECMAScript spelling (§3).
DOUBLES = ["0.1", "1.5", "100.0", "1e21", "1e20", "1e-7", "1.2345e-7", "0.000001", "0.0000001", "123456789012345680000",
           "-0.0", "5e-324", "1.7976931348623157e308", "0.30000000000000004", "1e+2", "2.5E-3", "1.0e0", "12345678.9",
           "4.35", "0.1e-6", "9007199254740993.0", "1e22", "1.5e300", "123e-20", "-1.5e-10", "1E21", "99e19", "0.0"]


def spelling() -> list[Case]:
    out = [ok(CE, f"free-form double {text}", SPELLING, cloud_event(text), free=("$.data",)) for text in DOUBLES]
    out.append(ok(CE, "free-form doubles in one array", SPELLING, cloud_event("[" + ",".join(DOUBLES) + "]"), free=("$.data",)))
    out.append(ok(ANY, "a root double 1e21", SPELLING, "1e21", free=("$",)))
    out += [ok("packets.Citation", f"number member spelled {text}", SPELLING, citation(text))
            for text in ("0.1", "1.0", "1e-7", "0.000001", "2.5E-1", "0.30000000000000004")]
    return out
