"""Hostile cases about free-form values (§1.7), long strings against every pattern of the contract,
and where an error is reported (§2)."""

from __future__ import annotations

import json

from .build import (FREE_FORM, LOCATION, LONG, Case, UUID, cloud_event, envelope, error, issue, ok, packet, tool_call,
                    validation_errors)

CE = "cloudevents.CloudEvent"
ANY = "cloudevents.JsonValue"
PACKET = "packets.StreamPacket"
ENVELOPE = "chat_stream.StreamEnvelope"
VALIDATION = "assist.ValidationErrorResponse"
MB = 1 << 20


def free_form() -> list[Case]:
    objects = {
        "__proto__ with an object": '{"__proto__":{"polluted":true}}',
        "constructor.prototype": '{"constructor":{"prototype":{"x":1}}}',
        "members whose order JavaScript changes (integer-like names)": '{"b":1,"a":2,"1":3,"0":4,"-1":5,"01":6}',
        "Object.prototype's names": '{"toString":1,"hasOwnProperty":2,"valueOf":3,"__defineGetter__":4,"__lookupGetter__":5,"isPrototypeOf":6}',
        "__proto__ null": '{"__proto__":null}', "__proto__ an array": '{"__proto__":[1,2]}',
        "__proto__ a string": '{"__proto__":"x"}', "__proto__ a big integer": '{"__proto__":12345678901234567890}',
        "__proto__ nested three times": '{"a":{"__proto__":{"__proto__":{"__proto__":{}}}}}',
        "decomposed and composed characters": '{"s":"e\\u0301","t":"\\u00e9"}',
        "NUL, U+2028 and U+2029 in strings": '{"s":"a\\u0000b\\u2028\\u2029"}',
        "empty containers and the empty name": '{"":"","o":{},"a":[]}',
        "1,000 members in order": "{" + ",".join(f'"m{(i * 7919) % 1000}":{i}' for i in range(1000)) + "}",
    }
    out = []
    for name, text in objects.items():
        out.append(ok(CE, f"free-form data: {name}", FREE_FORM, cloud_event(text), free=("$.data",)))
    out += [
        ok(ANY, "a root object with __proto__ twice nested", FREE_FORM, '{"__proto__":{"__proto__":1}}', free=("$",)),
        ok(PACKET, "a CLOSE payload with __proto__ and constructor", FREE_FORM,
           packet('{"__proto__":{"a":1},"constructor":2,"z":3,"a":4}'), free=("$.p",)),
        ok("run_events.ToolCallStartEvent", "a free-form object member with __proto__", FREE_FORM,
           tool_call('{"__proto__":{"isAdmin":true},"z":1,"a":2,"9":3}'), free=("$.args",)),
        ok("chat_stream.ErrorEvent", "a nullable free-form object with __proto__", FREE_FORM,
           '{"type":"error","code":"unknown_error","message":"m","recoverable":false,'
           '"context":{"__proto__":{"x":1},"constructor":{"y":2}}}', free=("$.context",)),
    ]
    extras = ["__proto__", "constructor", "zz", "aa", "1"]
    out.append(ok(CE, "extension attributes named __proto__ and constructor, kept in order", FREE_FORM,
                  cloud_event(extra=',"__proto__":{"x":1},"constructor":1,"zz":2,"aa":[3],"1":4'),
                  free=("$.data", '$.__proto__', "$.constructor", "$.zz", "$.aa", '$["1"]'), extras={"$": extras}))
    out.append(ok(CE, "an extension attribute holding 2^64", FREE_FORM, cloud_event(extra=',"big":18446744073709551616'),
                  free=("$.data", "$.big"), extras={"$": ["big"]}))
    return out


# Every `pattern` of the contract, each with a long string that matches and one that does not.
def long_strings() -> list[Case]:
    dct = "$.datacontenttype"
    sse = '{{"event":"e","data":{},"id":null}}'
    t_ok = "2023-10-27T10:00:00." + "1" * MB + "Z"
    out = [
        # cloudevents.CloudEvent datacontenttype: ^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*( *;[ -~]*)?$
        ok(CE, "datacontenttype a/ + 30,000 a (matches)", LONG, cloud_event(dct=_s("a/" + "a" * 30_000)), free=("$.data",)),
        ok(CE, "datacontenttype a/ + 40,000 a (matches)", LONG, cloud_event(dct=_s("a/" + "a" * 40_000)), free=("$.data",)),
        ok(CE, "datacontenttype a/ + 1 MB of a (matches)", LONG, cloud_event(dct=_s("a/" + "a" * MB)), free=("$.data",)),
        ok(CE, "datacontenttype a/b + 1 MB of spaces + ;x=1 (matches)", LONG,
           cloud_event(dct=_s("a/b" + " " * MB + ";x=1")), free=("$.data",)),
        ok(CE, "datacontenttype a/b; + 1 MB of printable ASCII (matches)", LONG,
           cloud_event(dct=_s("a/b;" + "x=~ " * (MB // 4))), free=("$.data",)),
        error(CE, "datacontenttype a/ + 1 MB of a + é (no match)", LONG, cloud_event(dct=_s("a/" + "a" * MB + "é")), dct, "anyOf"),
        error(CE, "datacontenttype a/b + 1 MB of spaces (no match)", LONG, cloud_event(dct=_s("a/b" + " " * MB)), dct, "anyOf"),
        error(CE, "datacontenttype 1 MB of a, no slash (no match)", LONG, cloud_event(dct=_s("a" * MB)), dct, "anyOf"),
        error(CE, "datacontenttype a/b; + 1 MB + a tab (no match)", LONG, cloud_event(dct=_s("a/b;" + "x" * MB + "\t")), dct,
              "anyOf"),
        # assist.ValidationIssue path: ^(/|$)
        ok(VALIDATION, "issue path / + 1 MB (matches)", LONG, validation_errors(issue(_s("/" + "x" * MB)))),
        error(VALIDATION, "issue path 1 MB without a leading / (no match)", LONG, validation_errors(issue(_s("x" * MB))),
              "$.errors[0].path", "pattern"),
        error(VALIDATION, "issue path 1 MB of newlines (escaped; $ does not match before one)", LONG,
              validation_errors(issue(_s("\n" * MB))), "$.errors[0].path", "pattern"),
        # assist.ServerSentEvent data: ^\{
        ok("assist.ServerSentEvent", "SSE data { + 1 MB (matches)", LONG, sse.format(_s("{" + "x" * MB))),
        error("assist.ServerSentEvent", "SSE data 1 MB then { (no match)", LONG, sse.format(_s("x" * MB + "{")),
              "$.data", "pattern"),
        # packets.StreamPacketBase t: (Z|z|\+00:00)$ with format date-time
        ok(PACKET, "t with a 1 MB fraction (a date-time, matches)", LONG, packet(t=_s(t_ok))),
        error(PACKET, "t with a 1 MB fraction and +01:00 (a date-time, no match)", LONG,
              packet(t=_s(t_ok[:-1] + "+01:00")), "$.t", "pattern"),
        error(PACKET, "t of 1 MB of Z (no UTC timestamp)", LONG, packet(t=_s("Z" * MB)), "$.t", "pattern"),
        # long strings without a pattern
        ok(PACKET, "a 1 MB DELTA payload", LONG, packet(_s("x" * MB), op="DELTA")),
        ok(PACKET, "a DELTA payload of 512 K é", LONG, packet(_s("é" * (MB // 2)), op="DELTA")),
        ok(PACKET, "a DELTA payload of 200 K escaped é", LONG, packet('"' + "\\u00e9" * 200_000 + '"', op="DELTA")),
        ok(PACKET, "a DELTA payload of 256 K surrogate pairs", LONG, packet('"' + "\\ud83d\\ude00" * (MB // 4) + '"', op="DELTA")),
        ok(VALIDATION, "a 1 MB message (minLength 1)", LONG, validation_errors(issue(message=_s("m" * MB)))),
        error(VALIDATION, "an empty message (minLength 1)", LONG, validation_errors(issue(message='""')),
              "$.errors[0].message", "minLength"),
        ok(CE, "a 1 MB free-form member name", LONG, cloud_event("{" + _s("k" * MB) + ":1}"), free=("$.data",)),
    ]
    return out


def _s(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def locations() -> list[Case]:
    good = issue()
    missing_message = '{"location":"body","path":"/a"}'
    packet_extra = lambda name: packet()[:-1] + f',{_s(name)}:1}}'  # noqa: E731
    out = [
        error(VALIDATION, "the second item misses a required member", LOCATION,
              validation_errors(good, missing_message), "$.errors[1]", "required"),
        error(VALIDATION, "the third item misses a required member", LOCATION,
              validation_errors(good, good, missing_message), "$.errors[2]", "required"),
        error(VALIDATION, "the first and second items miss a member: the first is reported", LOCATION,
              validation_errors(missing_message, missing_message), "$.errors[0]", "required"),
        error(VALIDATION, "an enum fails in the second item", LOCATION,
              validation_errors(good, good.replace('"body"', '"Body"')), "$.errors[1].location", "enum"),
        error(VALIDATION, "a missing top member after a nested error: the nested one is first", LOCATION,
              validation_errors(good.replace('"body"', '"Body"')).replace('"error_message":"bad",', ""),
              "$.errors[0].location", "enum"),
        error(VALIDATION, "a missing member after an unknown one: the unknown one is first", LOCATION,
              validation_errors(good).replace('"error_message":"bad"', '"extra":1'), "$.extra", "additionalProperties"),
        error(VALIDATION, "no items (minItems 1)", LOCATION, validation_errors(good).replace(good, ""), "$.errors", "minItems"),
        error(PACKET, "a wrong type before an unknown member", LOCATION, packet(seq='"1"')[:-1] + ',"zz":1}', "$.seq", "type"),
        error(ENVELOPE, "a union's tag missing", LOCATION, envelope('{"delta":"x"}'), "$.data", "required"),
        error(ENVELOPE, "a union's tag missing, a member of the wrong type before where it would be", LOCATION,
              envelope('{"delta":5}'), "$.data", "required"),
        error(ENVELOPE, "a union's tag not a string", LOCATION, envelope('{"type":5,"delta":"x"}'), "$.data.type", "discriminator"),
        error(ENVELOPE, "a union's tag unknown", LOCATION, envelope('{"type":"nope"}'), "$.data.type", "discriminator"),
        error(ENVELOPE, "a union's tag unknown, after an unknown member (the tag is read first)", LOCATION,
              envelope('{"zzz":1,"type":"nope"}'), "$.data.type", "discriminator"),
        error(ENVELOPE, "a union's tag in another case", LOCATION, envelope('{"type":"MESSAGE_DELTA","delta":"x"}'),
              "$.data.type", "discriminator"),
        error(ENVELOPE, "a union value that is not an object", LOCATION, envelope("[]"), "$.data", "type"),
        error(ENVELOPE, "a variant's member of the wrong type before the tag", LOCATION,
              envelope('{"delta":5,"type":"message_delta"}'), "$.data.delta", "type"),
        error(ENVELOPE, "an error before the union, then an unknown tag", LOCATION,
              '{"timestamp":-1,"data":{"type":"nope"}}', "$.timestamp", "minimum"),
        error(ENVELOPE, "an unknown tag, then an error after the union", LOCATION,
              '{"data":{"type":"nope"},"timestamp":-1}', "$.data.type", "discriminator"),
        error(ENVELOPE, "a missing member of the union's variant", LOCATION, envelope('{"type":"message_delta"}'),
              "$.data", "required"),
        error(CE, "an open enum (anyOf) given a number", LOCATION, cloud_event(dct="5"), "$.datacontenttype", "anyOf"),
        error("packets.EventPacket", "a non-discriminated union given an array", LOCATION,
              packet("[]", op="EVENT"), "$.p", "anyOf"),
        error(PACKET, "a closed object's unknown member after every declared one", LOCATION, packet_extra("zz"), "$.zz",
              "additionalProperties"),
        error(CE, "a format failure (dataschema)", LOCATION, cloud_event(extra=',"dataschema":"not a uri"'),
              "$.dataschema", "format"),
        error(PACKET, "a uuid format failure", LOCATION, packet().replace(UUID, UUID.upper()[:-1]), "$.stream_id", "format"),
    ]
    # Path spelling: `.name` for identifier-like names, else ["..."] escaped as JSON.stringify does.
    names = {"a b": '$["a b"]', "é": '$["é"]', "\u0000": '$["\\u0000"]', 'x"y': '$["x\\"y"]', "a.b": '$["a.b"]',
             "1a": '$["1a"]', "_a1": "$._a1", "\u2028": '$["\u2028"]', "\x7f": '$["\x7f"]', "😀": '$["😀"]',
             "": '$[""]', "\\": '$["\\\\"]', "\t": '$["\\t"]', "A_": "$.A_", "$": '$["$"]', "-": '$["-"]'}
    for name, path in names.items():
        out.append(error(PACKET, f"the path of an unknown member named {json.dumps(name)}", LOCATION, packet_extra(name),
                         path, "additionalProperties"))
    plan = '{"id":"p1","plan_set_id":"ps1","status":"DONE","plan_tasks":{}}'
    out.append(error("chat_stream.PlanSet", "a map value's error under a key that needs quoting", LOCATION,
                     '{"chat_id":"c","creator_user_id":"u","user_chat_message_id":"m","workspace_id":"w",'
                     f'"plans":{{"p-1":{plan}}}}}', '$.plans["p-1"].status', "enum"))
    return out
