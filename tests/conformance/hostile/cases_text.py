"""Hostile cases about the text itself: encoding and BOM (§1.1), lone surrogates (§1.3),
whitespace, garbage and empty input, duplicate members (§1.2)."""

from __future__ import annotations

from .build import (DUPLICATE, ENCODING, SURROGATE, SYNTAX, Case, cloud_event, envelope, error, issue, ok,
                    packet, tool_call, validation_errors)

CE = "cloudevents.CloudEvent"
ANY = "cloudevents.JsonValue"
PACKET = "packets.StreamPacket"
BOM = b"\xef\xbb\xbf"

# Byte sequences that are not UTF-8 (RFC 3629), each named.
NOT_UTF8 = {
    "overlong '/' (C0 AF)": b"\xc0\xaf",
    "overlong NUL (C0 80)": b"\xc0\x80",
    "overlong 3-byte '/' (E0 80 AF)": b"\xe0\x80\xaf",
    "overlong 3-byte U+07FF (E0 9F BF)": b"\xe0\x9f\xbf",
    "overlong 4-byte '/' (F0 80 80 AF)": b"\xf0\x80\x80\xaf",
    "overlong 4-byte U+FFFF (F0 8F BF BF)": b"\xf0\x8f\xbf\xbf",
    "UTF-8 of the high surrogate U+D800 (ED A0 80)": b"\xed\xa0\x80",
    "UTF-8 of the low surrogate U+DFFF (ED BF BF)": b"\xed\xbf\xbf",
    "CESU-8 surrogate pair of U+1F4A9 (ED A0 BD ED B2 A9)": b"\xed\xa0\xbd\xed\xb2\xa9",
    "beyond U+10FFFF (F4 90 80 80)": b"\xf4\x90\x80\x80",
    "byte F5": b"\xf5\x80\x80\x80",
    "byte FE": b"\xfe",
    "byte FF": b"\xff",
    "a lone continuation byte (80)": b"\x80",
    "a lone continuation byte (BF)": b"\xbf",
    "a 2-byte sequence cut short (C3)": b"\xc3",
    "a 3-byte sequence cut short (E2 82)": b"\xe2\x82",
    "a 4-byte sequence cut short (F0 9F 98)": b"\xf0\x9f\x98",
    "a 5-byte form (F8 88 80 80 80)": b"\xf8\x88\x80\x80\x80",
    "a continuation byte where a lead byte is due (C3 A9 A9)": b"\xc3\xa9\xa9",
}
# UTF-8 at the edges of what is valid: each must come back as the same code point.
EDGE_UTF8 = {
    "U+0080, the first 2-byte code point": "\u0080", "U+07FF, the last 2-byte one": "\u07ff",
    "U+0800, the first 3-byte one": "\u0800", "U+D7FF, the last before the surrogates": "\ud7ff",
    "U+E000, the first after the surrogates": "\ue000", "U+FFFD": "\ufffd", "U+FFFF": "\uffff",
    "U+10000, the first 4-byte one": "\U00010000", "U+10FFFF, the last code point": "\U0010ffff",
    "U+2028 LINE SEPARATOR, raw": "\u2028", "U+FEFF (a BOM) inside a string": "\ufeff", "DEL (7F), raw": "\x7f",
    "a combining sequence (e + U+0301)": "e\u0301", "a noncharacter U+FDD0": "\ufdd0",
}


def encoding() -> list[Case]:
    base = cloud_event().encode()
    out = [
        error(CE, "a BOM before the object", ENCODING, BOM + base, "$", "syntax"),
        error(ANY, "a BOM before a number", ENCODING, BOM + b"1", "$", "syntax"),
        error(ANY, "a BOM alone", ENCODING, BOM, "$", "syntax"),
        error(CE, "two BOMs before the object", ENCODING, BOM + BOM + base, "$", "syntax"),
        error(CE, "a BOM after the object", ENCODING, base + BOM, "$", "syntax"),
        error(CE, "a BOM between tokens", ENCODING, base.replace(b'"specversion":', b'"specversion":' + BOM), "$", "syntax"),
        error(CE, "a UTF-16LE BOM (FF FE)", ENCODING, b"\xff\xfe" + base, "$", "syntax"),
        error(CE, "a UTF-16BE BOM (FE FF)", ENCODING, b"\xfe\xff" + base, "$", "syntax"),
        error(ANY, "UTF-16LE text", ENCODING, '"ab"'.encode("utf-16-le"), "$", "syntax"),
        ok(CE, "an escaped BOM (\\ufeff) starting the data string", ENCODING, cloud_event('"\\ufeffx"'), free=("$.data",)),
    ]
    for name, seq in NOT_UTF8.items():
        out += [
            error(CE, f"{name} in a free-form string", ENCODING, cloud_event('"a@b"').encode().replace(b"@", seq),
                  "$", "syntax"),
            error(CE, f"{name} in a member name", ENCODING, cloud_event('{"k@":1}').encode().replace(b"@", seq),
                  "$", "syntax"),
        ]
    for name in ("byte FF", "a 3-byte sequence cut short (E2 82)", "UTF-8 of the high surrogate U+D800 (ED A0 80)"):
        seq = NOT_UTF8[name]
        out += [
            error(PACKET, f"{name} in a declared string member", ENCODING,
                  packet('"a@b"', op="DELTA").encode().replace(b"@", seq), "$", "syntax"),
            error(CE, f"{name} outside any string", ENCODING, base + seq, "$", "syntax"),
            error(CE, f"{name} cutting the text short", ENCODING, base[:-3] + seq, "$", "syntax"),
        ]
    for name, char in EDGE_UTF8.items():
        out.append(ok(CE, f"{name} in a free-form string", ENCODING, cloud_event(f'"a{char}b"'), free=("$.data",)))
    out.append(ok(PACKET, "U+10FFFF and U+E000 in a declared string member", ENCODING,
                  packet('"\U0010ffff\ue000"', op="DELTA")))
    return out


LONE = {
    "a high surrogate alone": "\\ud800", "the last high surrogate alone": "\\udbff",
    "a low surrogate alone": "\\udc00", "the last low surrogate alone": "\\udfff",
    "a reversed pair (low, high)": "\\udc00\\ud800", "two high surrogates": "\\ud800\\ud800",
    "a high surrogate before a non-surrogate escape": "\\ud800\\u0041", "a high surrogate before a raw letter": "\\ud800A",
    "a high surrogate before an escaped newline": "\\ud800\\n", "a low surrogate after a valid pair": "\\ud83d\\ude00\\ude00",
    "a high surrogate in upper case": "\\uD800", "a high surrogate before the end of the string": "x\\ud83d",
}
PAIRS = {
    "a valid pair": "\\ud83d\\ude00", "a valid pair in upper case": "\\uD83D\\uDE00",
    "a valid pair in mixed case": "\\uD83d\\uDe00", "U+D7FF escaped": "\\ud7ff", "U+E000 escaped": "\\ue000",
    "U+FFFF escaped": "\\uffff", "NUL escaped": "\\u0000", "the last pair (U+10FFFF)": "\\udbff\\udfff",
}


def surrogates() -> list[Case]:
    out = []
    for name, esc in LONE.items():
        out += [
            error(CE, f"{name} in a free-form string", SURROGATE, cloud_event(f'"{esc}"'), "$", "syntax"),
            error(CE, f"{name} in a free-form member name", SURROGATE, cloud_event(f'{{"{esc}":1}}'), "$", "syntax"),
        ]
    for name in ("a high surrogate alone", "a low surrogate alone", "a reversed pair (low, high)"):
        esc = LONE[name]
        out += [
            error(PACKET, f"{name} in a declared string member", SURROGATE, packet(f'"{esc}"', op="DELTA"), "$", "syntax"),
            error(CE, f"{name} in a member checked by a pattern", SURROGATE,
                  cloud_event(dct=f'"a/b{esc}"'), "$", "syntax"),
            error(CE, f"{name} in an extension attribute's name", SURROGATE,
                  cloud_event(extra=f',"{esc}x":1'), "$", "syntax"),
            error("chat_stream.StreamEnvelope", f"{name} in a union's tag", SURROGATE,
                  envelope(f'{{"type":"message_delta{esc}","delta":"x"}}'), "$", "syntax"),
        ]
    for name, esc in PAIRS.items():
        out.append(ok(CE, f"{name} in a free-form string", SURROGATE, cloud_event(f'"{esc}"'), free=("$.data",)))
        out.append(ok(CE, f"{name} in a free-form member name", SURROGATE, cloud_event(f'{{"{esc}":1}}'),
                      free=("$.data",)))
    out.append(ok(PACKET, "a valid pair in a declared string member", SURROGATE, packet('"\\ud83d\\udca9"', op="DELTA")))
    return out


def syntax() -> list[Case]:
    base = cloud_event()
    spaced = " \t\r".join(["", "{", '"specversion"', ":", '"1.0"', ",", '"id"', ":", '"e1"', ",", '"source"', ":", '"urn:node:1"', ",", '"type"',
                           ":", '"ai.coreason.node.stream"', ",", '"data"', ":", "[", "1", ",", "{", "}", "]", "}", ""])
    out = [
        ok(CE, "spaces, tabs and CRs around every token", SYNTAX, spaced, free=("$.data",)),
        ok(CE, "leading and trailing spaces", SYNTAX, "   " + base + "   ", free=("$.data",)),
        ok(ANY, "a number between tabs", SYNTAX, "\t1\t", free=("$",)),
        error(ANY, "empty input", SYNTAX, "", "$", "syntax"),
        error(ANY, "only spaces", SYNTAX, "   ", "$", "syntax"),
        error(ANY, "only a tab", SYNTAX, "\t", "$", "syntax"),
        error(CE, "only a CR", SYNTAX, "\r", "$", "syntax"),
    ]
    not_space = {"NO-BREAK SPACE": "\u00a0", "a vertical tab": "\x0b", "a form feed": "\x0c", "U+2028": "\u2028",
                 "NUL": "\x00", "U+3000 IDEOGRAPHIC SPACE": "\u3000", "ZERO WIDTH SPACE": "\u200b"}
    for name, c in not_space.items():
        out.append(error(CE, f"{name} before the value", SYNTAX, c + base, "$", "syntax"))
        out.append(error(CE, f"{name} between tokens", SYNTAX, base.replace('"source":', '"source":' + c), "$", "syntax"))
    garbage = {"a letter": " x", "a second object": "{}", "a comma": ",", "a closing bracket": "]",
               "a closing brace": "}", "a // comment": " // c", "a /* comment */": "/* c */", "NUL": "\x00",
               "a number": " 0", "a second copy": base}
    for name, tail in garbage.items():
        out.append(error(CE, f"{name} after the value", SYNTAX, base + tail, "$", "syntax"))
    broken = {
        "a trailing comma in an object": '{"a":1,}', "a trailing comma in an array": "[1,]", "a lone comma": "{,}",
        "a missing colon": '{"a" 1}', "a missing comma": '{"a":1 "b":2}', "single quotes": "{'a':1}",
        "an unquoted name": "{a:1}", "an unterminated string": '"abc', "an unterminated object": '{"a":1',
        "an unterminated array": "[1,2", "a closing bracket alone": "]", "a mismatched bracket": "[1}",
        "a raw tab in a string": '"a\tb"', "a raw NUL in a string": '"a\x00b"', "a raw 1F in a string": '"a\x1fb"',
        "a raw CR in a string": '"a\rb"', "an escaped x": '"\\x41"', "an escaped U": '"\\U0041"',
        "a short \\u escape": '"\\u12"', "a \\u escape with a non-hex digit": '"\\u12G4"', "an escaped quote '": '"\\\'"',
        "an escaped a": '"\\a"', "a backslash at the end": '"a\\', "True": "True", "nul": "nul", "NaN": "NaN",
        "Infinity": "Infinity", "-Infinity": "-Infinity", "undefined": "undefined", "a leading zero": "01",
        "a minus alone": "-", "a point at the end": "1.", "a point at the start": ".5", "a plus sign": "+1",
        "hex": "0x10", "an exponent without digits": "1e", "an exponent sign without digits": "1e+",
        "-01": "-01", "1.e1": "1.e1", "a space after the minus": "- 1", "00": "00", "two values": "1 2",
        "two arrays": "[] []", "two strings": '"a""b"', "a value and a comma": "1,",
    }
    for name, text in broken.items():
        out.append(error(ANY, name, SYNTAX, text, "$", "syntax"))
    out.append(ok(ANY, "every JSON escape", SYNTAX, '"\\"\\\\\\/\\b\\f\\n\\r\\t"', free=("$",)))
    out.append(error(PACKET, "a leading zero in an integer member", SYNTAX, packet(seq="01"), "$", "syntax"))
    out.append(error(PACKET, "NaN in an integer member", SYNTAX, packet(seq="NaN"), "$", "syntax"))
    return out


PLAN = '{"id":"p1","plan_set_id":"ps1","status":"LOADING","plan_tasks":{}}'


def plan_set(plans: str) -> str:
    return f'{{"chat_id":"c","creator_user_id":"u","user_chat_message_id":"m","workspace_id":"w","plans":{plans}}}'


def duplicates() -> list[Case]:
    delta = packet('"x"', op="DELTA")
    data = lambda members: cloud_event("{" + members + "}")  # noqa: E731
    out = [
        error(PACKET, "a member twice at the top (seq)", DUPLICATE, delta.replace('"seq":1,', '"seq":1,"seq":1,'),
              "$.seq", "duplicate"),
        error(PACKET, 'the union tag twice: {"op":"DELTA",...,"op":"CLOSE"}', DUPLICATE,
              delta[:-1] + ',"op":"CLOSE"}', "$.op", "duplicate"),
        error(PACKET, "the union tag twice with the same value", DUPLICATE, delta[:-1] + ',"op":"DELTA"}', "$.op", "duplicate"),
        error(PACKET, "the union tag twice in a row", DUPLICATE, delta.replace('"op":"DELTA"', '"op":"DELTA","op":"DELTA"'),
              "$.op", "duplicate"),
        error(PACKET, "the union tag twice, the second escaped (\\u006fp)", DUPLICATE, delta[:-1] + ',"\\u006fp":"DELTA"}',
              "$.op", "duplicate"),
        error(PACKET, "the free-form payload twice", DUPLICATE, packet('"a"')[:-1] + ',"p":"b"}', "$.p", "duplicate"),
        error("chat_stream.StreamEnvelope", "a nested union's tag twice", DUPLICATE,
              envelope('{"type":"message_delta","delta":"x","type":"message_delta"}'), "$.data.type", "duplicate"),
        error("chat_stream.StreamEnvelope", "a union-typed member twice", DUPLICATE,
              envelope()[:-1] + ',"data":{"type":"heartbeat"}}', "$.data", "duplicate"),
        error(CE, "a declared member twice (source)", DUPLICATE, cloud_event()[:-1] + ',"source":"urn:node:2"}',
              "$.source", "duplicate"),
        error(CE, "an extension attribute twice", DUPLICATE, cloud_event(extra=',"ext":1,"ext":2'), "$.ext", "duplicate"),
        error(CE, "an extension attribute with a declared member's name", DUPLICATE,
              cloud_event(extra=',"type":"x"'), "$.type", "duplicate"),
        error(CE, "a free-form member twice", DUPLICATE, data('"a":1,"a":1'), "$.data.a", "duplicate"),
        error(CE, "a free-form member twice, deep", DUPLICATE, cloud_event('{"x":[0,{"y":{"k":1,"k":[]}}]}'),
              "$.data.x[1].y.k", "duplicate"),
        error(CE, "a free-form member twice, once escaped (\\u0061)", DUPLICATE, data('"a":1,"\\u0061":2'),
              "$.data.a", "duplicate"),
        error(CE, "__proto__ twice", DUPLICATE, data('"__proto__":{},"__proto__":{}'), "$.data.__proto__", "duplicate"),
        error(CE, "a name with a hyphen twice", DUPLICATE, data('"content-type":"a","content-type":"b"'),
              '$.data["content-type"]', "duplicate"),
        error(CE, "the empty name twice", DUPLICATE, data('"":1,"":2'), '$.data[""]', "duplicate"),
        error(CE, "a name with a quote twice", DUPLICATE, data('"a\\"b":1,"a\\"b":2'), '$.data["a\\"b"]', "duplicate"),
        error(CE, "a name with a newline twice", DUPLICATE, data('"\\n":1,"\\n":2'), '$.data["\\n"]', "duplicate"),
        error(CE, "a non-ASCII name twice", DUPLICATE, data('"é":1,"\\u00e9":2'), '$.data["é"]', "duplicate"),
        error(CE, "a digit name twice", DUPLICATE, data('"0":1,"0":2'), '$.data["0"]', "duplicate"),
        error(CE, "a member twice after 10,000 others", DUPLICATE,
              data(",".join(f'"k{i}":{i}' for i in range(10_000)) + ',"k0":0'), "$.data.k0", "duplicate"),
        error("chat_stream.PlanSet", "a map key twice", DUPLICATE, plan_set(f'{{"p1":{PLAN},"p1":{PLAN}}}'),
              "$.plans.p1", "duplicate"),
        error("chat_stream.PlanSet", "a nested map key twice", DUPLICATE,
              plan_set('{"p1":' + PLAN.replace('"plan_tasks":{}', '"plan_tasks":{"t":' + TASK + ',"t":' + TASK + "}") + "}"),
              "$.plans.p1.plan_tasks.t", "duplicate"),
        error("run_events.ToolCallStartEvent", "a member of a free-form object member twice", DUPLICATE,
              tool_call('{"k":1,"k":2}'), "$.args.k", "duplicate"),
        error("assist.ValidationErrorResponse", "a member of an array item twice", DUPLICATE,
              validation_errors(issue(), issue()[:-1] + ',"message":"n"}'), "$.errors[1].message", "duplicate"),
        # document order: an error before the second occurrence comes first
        error(PACKET, "a duplicate whose first value has the wrong type", DUPLICATE,
              delta.replace('"seq":1,', '"seq":"x","seq":1,'), "$.seq", "type"),
        error(CE, "a duplicate after a failed const", DUPLICATE,
              cloud_event('{"a":1,"a":2}').replace('"1.0"', '"2.0"'), "$.specversion", "const"),
    ]
    not_dups = {
        "names differing in case": '"a":1,"A":2', "a trailing space": '"a":1,"a ":2',
        "composed and decomposed é": '"\\u00e9":1,"e\\u0301":2', "neighbouring surrogate pairs": '"\\ud83d\\ude00":1,"\\ud83d\\ude01":2',
        "the same name in sibling objects": '"x":[{"a":1},{"a":1}]', "the same name at two depths": '"a":{"a":{"a":1}}',
    }
    for name, members in not_dups.items():
        out.append(ok(CE, f"no duplicate: {name}", DUPLICATE, data(members), free=("$.data",)))
    return out


TASK = '{"id":"t","title":"T","message":"m","plan_id":"p1","status":"SUCCESS","previous_task_id":null}'
