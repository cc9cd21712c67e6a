"""The formats of the whole vocabulary beyond date-time, uuid and uri.

Each is the rule of docs/semantics.md ("The whole vocabulary", "Formats"),
checked in Python (no fast-path regular expression: these formats are rare
in contracts). They build on the URI and IP rules of formats.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from .formats import _is_ip_literal, _is_ipv4, is_date_time, is_uri, uri_rest


def is_date(s: str) -> bool:
    """RFC 3339 full-date, YYYY-MM-DD, a day that exists."""
    return len(s) == 10 and is_date_time(s + "T00:00:00Z")


def is_time(s: str) -> bool:
    """RFC 3339 full-time: HH:MM:SS[.frac] then Z or +-HH:MM; a leap second only at 23:59:60 UTC."""
    return len(s) >= 9 and is_date_time("2000-01-01T" + s)


# RFC 3339 appendix A: each unit only after the ones before it, as the grammar nests them.
_DURATION_RE: Final = re.compile(
    r"P(?:[0-9]+W|(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)(?:T(?:_TIME))?|T(?:_TIME))".replace(
        "_TIME", r"[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S"
    ),
    re.ASCII,
)


def is_duration(s: str) -> bool:
    """RFC 3339 duration: P then nW, a date part and an optional time part, or a time part alone."""
    return _DURATION_RE.fullmatch(s) is not None


_ATEXT: Final = re.compile(r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+")
_QUOTED: Final = re.compile(r'"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"')


def is_email(s: str) -> bool:
    """RFC 5321 Mailbox: a dot-atom or quoted local part, @, a hostname or an address literal."""
    if s.startswith('"'):
        m = _QUOTED.match(s)
        if m is None:
            return False
        at = m.end()
    else:
        at = s.find("@")
        if at == -1 or not all(_ATEXT.fullmatch(atom) for atom in s[:at].split(".")):
            return False
    if s[at : at + 1] != "@":
        return False
    domain = s[at + 1 :]
    if domain.startswith("[") and domain.endswith("]"):
        literal = domain[1:-1]
        return is_ipv6(literal[5:]) if literal.startswith("IPv6:") else is_ipv4(literal)
    return is_hostname(domain)


_LABEL: Final = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?")


def is_hostname(s: str) -> bool:
    """RFC 1123: dot-separated labels of 1-63 letters, digits and hyphens, no hyphen first or last; at most 253."""
    return 0 < len(s) <= 253 and all(_LABEL.fullmatch(label) for label in s.split("."))


def is_ipv4(s: str) -> bool:
    """Four decimal numbers 0-255 separated by dots, no leading zeros."""
    return s.isascii() and _is_ipv4(s)


def is_ipv6(s: str) -> bool:
    """RFC 4291 text form: eight groups of 1-4 hex digits, or fewer with one "::"; no zone, no brackets."""
    return s.isascii() and s[:1] not in ("", "v", "V") and _is_ip_literal(s)


def is_uri_reference(s: str) -> bool:
    """An RFC 3986 URI, or a relative reference (whose first path segment has no ':')."""
    if is_uri(s):
        return True
    path = re.split(r"[?#]", s, maxsplit=1)[0]
    if not path.startswith("/") and ":" in path.split("/", 1)[0]:
        return False
    return uri_rest(s)


def is_json_pointer(s: str) -> bool:
    """RFC 6901: empty, or "/"-prefixed reference tokens in which every ~ is followed by 0 or 1."""
    return (s == "" or s[0] == "/") and re.search(r"~(?![01])", s) is None


MORE_FORMATS: Final[dict[str, tuple[Callable[[str], bool], str | None, str]]] = {
    "date": (is_date, None, "expected an RFC 3339 date"),
    "time": (is_time, None, "expected an RFC 3339 time"),
    "duration": (is_duration, None, "expected an RFC 3339 duration"),
    "email": (is_email, None, "expected an e-mail address"),
    "hostname": (is_hostname, None, "expected a host name"),
    "ipv4": (is_ipv4, None, "expected an IPv4 address"),
    "ipv6": (is_ipv6, None, "expected an IPv6 address"),
    "uri-reference": (is_uri_reference, None, "expected a URI reference"),
    "json-pointer": (is_json_pointer, None, "expected a JSON pointer"),
}
