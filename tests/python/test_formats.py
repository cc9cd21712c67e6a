"""The Python runtime's format checks agree with the C++ runtime's, string by string.

The C++ runtime (templates/cpp/runtime.hpp.mustache) is the reference for
docs/semantics.md. CTest builds tests/python/format_oracle.cpp against
generated/cpp and passes its path in CONTRACTGEN_FORMAT_ORACLE; the strings are
hand-picked edge cases plus systematic one-character mutations of valid seeds.
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from contract import _runtime as rt

ORACLE = os.environ.get("CONTRACTGEN_FORMAT_ORACLE")

SEEDS = [
    # URIs
    "https://user:pw@example.com:8080/p/a%20th;x=1?q=1&r=[2]#frag/?",
    "urn:isbn:0451450523",
    "mailto:someone@example.com",
    "file:///etc/hosts",
    "http://[::1]/",
    "http://[::ffff:1.2.3.4]:80/x",
    "http://[2001:db8::7]/c=GB?objectClass?one",
    "http://[1:2:3:4:5:6:7:8]/",
    "http://[v7.host:x]/",
    "http://087.10.0.1/",
    "ldap://[2001:db8::7]/c=GB",
    "tel:+1-816-555-1212",
    "a:",
    "x+y.z-w:rest",
    # date-times
    "2024-02-29T23:59:59.123456789+05:30",
    "1990-12-31T23:59:60Z",
    "1990-12-31T15:59:60-08:00",
    "2024-01-01t00:00:00z",
    "0000-01-01T00:00:00+00:00",
    "2100-02-28T12:00:00.5-23:59",
    # UUIDs
    "123e4567-e89b-12d3-a456-426614174000",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
]
EDGES = [
    "", ":", "1a:b", "a b:c", "http://exa mple.com", "http://h:80x/", "http://[]/", "http://[::]/", "http://[:::]/",
    "http://[1::2::3]/", "http://[1:2:3:4:5:6:7]/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[::ffff:01.2.3.4]/",
    "http://[::ffff:256.2.3.4]/", "http://[::1.2.3.4.5]/", "http://[v.x]/", "http://[vg.x]/", "http://[v1.]/",
    "http://[::1]x/", "http://[::1", "http://u@[::1]:/", "https://example.com/%zz", "https://example.com/%4",
    "https://example.com/%41", "http://é.com/", "http://a/b\\c", "http://a/b|c", "s:#a#b", "s:?a?b", "s://@",
    "2024-02-29T23:59:60Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z",
    "2024-01-00T00:00:00Z", "2024-04-31T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T23:60:00Z",
    "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00", "2024-01-01 00:00:00Z", "2024-01-01T00:00:00+24:00",
    "2024-01-01T00:00:00+00:60", "2024-01-01T00:00:00+0000", "1990-12-31T23:59:60+01:00", "１９９０-12-31T23:59:59Z",
    "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", "{123e4567-e89b-12d3-a456-426614174000}",
]
SPECIAL = [" ", "%", ":", "/", "?", "#", "[", "]", "@", ".", "-", "+", "Z", "z", "T", "0", "9", "6", "g", "é", "v", "\u2028"]


def _mutations(seed: str) -> list[str]:
    out = []
    for i in range(len(seed) + 1):
        out.append(seed[:i] + seed[i + 1 :])  # delete
        for c in SPECIAL:
            out.append(seed[:i] + c + seed[i + 1 :])  # replace (or append at the end)
    return out


def _strings() -> list[str]:
    strings = list(dict.fromkeys(SEEDS + EDGES + [m for seed in SEEDS for m in _mutations(seed)]))
    return strings


@pytest.mark.skipif(ORACLE is None, reason="CONTRACTGEN_FORMAT_ORACLE is set by CTest (the C++ oracle executable)")
def test_formats_agree_with_the_cpp_runtime() -> None:
    assert ORACLE is not None
    strings = _strings()
    assert len(strings) > 5000
    text = "".join(json.dumps(s) + "\n" for s in strings)
    result = subprocess.run([ORACLE], input=text, capture_output=True, text=True, check=True)
    verdicts = result.stdout.splitlines()
    assert len(verdicts) == len(strings)
    mismatches = []
    for s, cpp in zip(strings, verdicts):
        py = f"{int(rt.is_uri(s))}{int(rt.is_date_time(s))}{int(rt.is_uuid(s))}"
        if py != cpp:
            mismatches.append(f"{s!r}: python uri/date-time/uuid {py}, C++ {cpp}")
    assert not mismatches, "\n".join(mismatches[:40])
    # The seeds are what they claim to be, so the mutations explore the boundaries.
    assert sum(v[0] == "1" for v in verdicts) > 1000 and sum(v[1] == "1" for v in verdicts) > 50


# A format with a length, as the bindings write it: `Annotated[str, StringConstraints(...), <format rule>]`.
# The format rule builds the string's schema, so it must keep the lengths given before it: it once
# dropped them, and SchemaStore's github-funding.json (`"minLength": 1, "format": "uri-reference"`)
# accepted `{"custom": ""}` in Python only.
@pytest.mark.parametrize(
    ("rule", "value"),
    [
        (rt.URI_REFERENCE, "a/bc"),
        (rt.URI, "a:bc"),
        (rt.DATE_TIME, "2024-02-29T23:59:59Z"),
        (rt.EMAIL, "a@b.example"),
        (rt.HOSTNAME, "example.com"),
    ],
)
def test_a_format_rule_keeps_the_lengths_given_before_it(rule, value):
    from typing import Annotated

    import pydantic

    def adapter(**lengths):
        return pydantic.TypeAdapter(Annotated[str, pydantic.StringConstraints(**lengths), rule])

    assert adapter(min_length=1, max_length=99).validate_json(f'"{value}"') == value  # of the format
    with pytest.raises(pydantic.ValidationError):  # (date-time reports a union error: the verdict is what counts)
        adapter(min_length=30).validate_json(f'"{value}"')
    with pytest.raises(pydantic.ValidationError):
        adapter(max_length=3).validate_json(f'"{value}"')
