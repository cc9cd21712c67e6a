"""String formats (date-time, uuid, uri), schema patterns and string rules.

The format checks are the rules of the C++ runtime's is_uuid / is_date_time /
is_uri, written twice: as Python functions (the reference, used to explain a
rejection) and as regular expressions that pydantic-core runs in Rust on the
fast path. tests/python/test_formats.py holds the two to the same verdicts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Annotated, Any, Final

import regex  # type: ignore[import-untyped]  # no py.typed; typeshed has types-regex
from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

# ---- formats ----------------------------------------------------------------
# The same rules as is_uuid / is_date_time / is_uri of the C++ runtime.

_UUID_RE: Final = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z"
)
_DATE_TIME_RE: Final = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?"
    r"(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))\Z"
)
_DAYS_IN_MONTH: Final = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def is_uuid(s: str) -> bool:
    """RFC 4122 textual form: 8-4-4-4-12 hex digits, any case, any version."""
    return _UUID_RE.match(s) is not None


def is_date_time(s: str) -> bool:
    """RFC 3339 date-time (section 5.6), including leap seconds at 23:59:60 UTC."""
    m = _DATE_TIME_RE.match(s)
    if m is None:
        return False
    year, month, day = int(m[1]), int(m[2]), int(m[3])
    hour, minute, second = int(m[4]), int(m[5]), int(m[6])
    if month < 1 or month > 12 or day < 1:
        return False
    leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
    if day > _DAYS_IN_MONTH[month - 1] + (1 if month == 2 and leap else 0):
        return False
    if hour > 23 or minute > 59 or second > 60:
        return False
    offset_minutes = 0
    if m[7] is not None:
        offset_hours, offset_mins = int(m[8]), int(m[9])
        if offset_hours > 23 or offset_mins > 59:
            return False
        offset_minutes = (1 if m[7] == "+" else -1) * (offset_hours * 60 + offset_mins)
    if second == 60:  # a leap second is 23:59:60 in UTC
        utc = (hour * 60 + minute - offset_minutes) % 1440
        if utc != 23 * 60 + 59:
            return False
    return True


# Characters of a URI component besides percent-escapes: unreserved, sub-delims,
# and the extra characters each component allows.
_CHARS: Final = r"A-Za-z0-9\-._~!$&'()*+,;="
_HOST_RE: Final = re.compile(r"(?:[" + _CHARS + r"]|%[0-9A-Fa-f]{2})*")
_USERINFO_RE: Final = re.compile(r"(?:[" + _CHARS + r":]|%[0-9A-Fa-f]{2})*")
_PATH_RE: Final = re.compile(r"(?:[" + _CHARS + r":@/]|%[0-9A-Fa-f]{2})*")
_QUERY_RE: Final = re.compile(r"(?:[" + _CHARS + r":@/?]|%[0-9A-Fa-f]{2})*")
_SCHEME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9+\-.]*")
_DIGITS_RE: Final = re.compile(r"[0-9]*")
_IPV4_RE: Final = re.compile(r"(?:0|[1-9][0-9]{0,2})(?:\.(?:0|[1-9][0-9]{0,2})){3}")
_H16_RE: Final = re.compile(r"[0-9A-Fa-f]{1,4}")
_IPVFUTURE_RE: Final = re.compile(r"[vV][0-9A-Fa-f]+\.[" + _CHARS + r":]+")


def _is_ipv4(s: str) -> bool:
    return _IPV4_RE.fullmatch(s) is not None and all(int(octet) <= 255 for octet in s.split("."))


def _h16_groups(part: str, ipv4_last: bool) -> int | None:
    # The number of 16-bit groups in "h16:h16:..." (an IPv4 address last counts as two), or None.
    if not part:
        return 0
    pieces = part.split(":")
    count = 0
    for i, piece in enumerate(pieces):
        if i == len(pieces) - 1 and ipv4_last and "." in piece:
            return count + 2 if _is_ipv4(piece) else None
        if _H16_RE.fullmatch(piece) is None:
            return None
        count += 1
    return count


def _is_ip_literal(s: str) -> bool:
    # RFC 3986 IP-literal (inside "[...]"): an IPv6 address (8 groups of 1-4 hex
    # digits, one "::" standing for one or more zero groups, the last two groups
    # possibly an IPv4 address) or an IPvFuture ("v" hex "." then unreserved,
    # sub-delims or ":").
    if s[:1] in ("v", "V"):
        return _IPVFUTURE_RE.fullmatch(s) is not None
    gap = s.find("::")
    if gap == -1:
        return _h16_groups(s, True) == 8
    if s.find("::", gap + 1) != -1:
        return False
    left, right = _h16_groups(s[:gap], False), _h16_groups(s[gap + 2 :], True)
    return left is not None and right is not None and left + right <= 7


def is_uri(s: str) -> bool:
    """RFC 3986 URI with a scheme (the rules of is_uri in the C++ runtime)."""
    colon = s.find(":")
    if colon <= 0 or _SCHEME_RE.fullmatch(s, 0, colon) is None:
        return False
    return uri_rest(s[colon + 1 :])


def uri_rest(rest: str) -> bool:
    """What follows a URI's scheme, or a whole relative reference: [//authority] path [?query] [#fragment]."""
    hash_at = rest.find("#")
    if hash_at != -1:
        if _QUERY_RE.fullmatch(rest, hash_at + 1) is None:
            return False
        rest = rest[:hash_at]
    query_at = rest.find("?")
    if query_at != -1:
        if _QUERY_RE.fullmatch(rest, query_at + 1) is None:
            return False
        rest = rest[:query_at]
    path = rest
    if rest.startswith("//"):
        after = rest[2:]
        slash = after.find("/")
        authority = after if slash == -1 else after[:slash]
        path = "" if slash == -1 else after[slash:]
        at = authority.rfind("@")
        if at != -1:
            if _USERINFO_RE.fullmatch(authority, 0, at) is None:
                return False
            authority = authority[at + 1 :]
        host = authority
        if authority.startswith("["):
            close = authority.find("]")
            if close == -1 or not _is_ip_literal(authority[1:close]):
                return False
            host = ""
            port = authority[close + 1 :]
            if port and (port[0] != ":" or _DIGITS_RE.fullmatch(port, 1) is None):
                return False
        else:
            port_at = authority.rfind(":")
            if port_at != -1:
                if _DIGITS_RE.fullmatch(authority, port_at + 1) is None:
                    return False
                host = authority[:port_at]
        if _HOST_RE.fullmatch(host) is None:
            return False
    return _PATH_RE.fullmatch(path) is not None



# ---- the same rules as regular expressions (Rust regex syntax, ASCII classes only) -----------

_LEAP_YEAR: Final = r"(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)"
_DATE: Final = (
    r"(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
    r"|02-(?:0[1-9]|1[0-9]|2[0-8]))|" + _LEAP_YEAR + r"-02-29)"
)
# Seconds 00-59 only: a leap second (23:59:60 UTC, at any offset) takes the Python check.
DATE_TIME_REGEX: Final = (
    r"^" + _DATE + r"[Tt](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?"
    r"(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$"
)
UUID_REGEX: Final = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
_PCT: Final = r"%[0-9A-Fa-f]{2}"
_SUB: Final = r"A-Za-z0-9\-._~!$&'()*+,;="
_H16: Final = r"[0-9A-Fa-f]{1,4}"
_OCTET: Final = r"(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
_LS32: Final = r"(?:" + _H16 + r":" + _H16 + r"|" + _OCTET + r"(?:\." + _OCTET + r"){3})"
_IPV6: Final = (
    r"(?:(?:" + _H16 + r":){6}" + _LS32
    + r"|::(?:" + _H16 + r":){5}" + _LS32
    + r"|(?:" + _H16 + r")?::(?:" + _H16 + r":){4}" + _LS32
    + r"|(?:(?:" + _H16 + r":){0,1}" + _H16 + r")?::(?:" + _H16 + r":){3}" + _LS32
    + r"|(?:(?:" + _H16 + r":){0,2}" + _H16 + r")?::(?:" + _H16 + r":){2}" + _LS32
    + r"|(?:(?:" + _H16 + r":){0,3}" + _H16 + r")?::" + _H16 + r":" + _LS32
    + r"|(?:(?:" + _H16 + r":){0,4}" + _H16 + r")?::" + _LS32
    + r"|(?:(?:" + _H16 + r":){0,5}" + _H16 + r")?::" + _H16
    + r"|(?:(?:" + _H16 + r":){0,6}" + _H16 + r")?::)"
)
_AUTHORITY: Final = (
    r"(?:(?:[" + _SUB + r":]|" + _PCT + r")*@)?"
    r"(?:\[(?:" + _IPV6 + r"|[vV][0-9A-Fa-f]+\.[" + _SUB + r":]+)\]|(?:[" + _SUB + r"]|" + _PCT + r")*)"
    r"(?::[0-9]*)?"
)
_PATH_CHARS: Final = r"(?:[" + _SUB + r":@/]|" + _PCT + r")*"
_QUERY_CHARS: Final = r"(?:[" + _SUB + r":@/?]|" + _PCT + r")*"
# A path without an authority may not start with "//" (that would be one).
_PATH_NO_AUTHORITY: Final = r"/?(?:(?:[" + _SUB + r":@]|" + _PCT + r")" + _PATH_CHARS + r")?"
URI_REGEX: Final = (
    r"^[A-Za-z][A-Za-z0-9+\-.]*:(?://" + _AUTHORITY + r"(?:/" + _PATH_CHARS + r")?|" + _PATH_NO_AUTHORITY + r")"
    r"(?:\?" + _QUERY_CHARS + r")?(?:#" + _QUERY_CHARS + r")?$"
)

# name -> (the check, a Rust regular expression for the fast path or None, the message)
FORMATS: Final[dict[str, tuple[Callable[[str], bool], str | None, str]]] = {
    "date-time": (is_date_time, DATE_TIME_REGEX, "expected an RFC 3339 date-time"),
    "uuid": (is_uuid, UUID_REGEX, "expected a UUID"),
    "uri": (is_uri, URI_REGEX, "expected an absolute URI"),
}

# The nine formats of the whole vocabulary build on the URI and IP rules above.
from .formats_more import MORE_FORMATS  # noqa: E402

FORMATS.update(MORE_FORMATS)


def show(value: Any) -> str:
    """A value in a message: JSON, cut after 60 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# How long one search of a pattern may take (docs/semantics.md, "Patterns"):
# the `regex` module backtracks, and a search past this bound does not match.
PATTERN_TIMEOUT: Final = 0.1  # seconds


class Search:
    """A pattern as contractgen translated it for the ``regex`` module, searched under the bound."""

    __slots__ = ("regex",)

    def __init__(self, translated: str) -> None:
        # ASCII: \b is ECMA's ASCII word boundary; \s, \d, \w and . come written out as classes.
        self.regex = regex.compile(translated, regex.ASCII | regex.V0)

    def __call__(self, v: str) -> bool:
        try:
            return self.regex.search(v, timeout=PATTERN_TIMEOUT) is not None
        except TimeoutError:
            return False


class Pattern:
    """A schema ``pattern``: ECMA-262 with the ``u`` flag, searched (not anchored).

    ``translated`` is the ECMA-262 source rewritten by contractgen for the
    ``regex`` module (``\\s``, ``\\d``, ``\\w`` and ``.`` as explicit classes,
    ``$`` only at the end); ``source`` is the pattern as the schema wrote it,
    for messages. Used as an annotation (``Annotated[str, Pattern(...)]``).
    """

    __slots__ = ("source", "search")

    def __init__(self, translated: str, source: str) -> None:
        self.source = source
        self.search = Search(translated)

    def problem(self, v: Any) -> tuple[str, str] | None:
        """(keyword, detail) when ``v`` breaks this rule, else None."""
        if not isinstance(v, str):
            return "type", f"expected a string, got {show(v)}"
        if not self.search(v):
            return "pattern", f"string does not match pattern {show(self.source)}: {show(v)}"
        return None

    def _check(self, v: str) -> str:
        if not self.search(v):
            raise PydanticCustomError("pattern", "string does not match pattern {pattern}", {"pattern": self.source})
        return v

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        schema = core_schema.no_info_after_validator_function(self._check, handler(source))
        schema["metadata"] = {"contract_rule": self}
        return schema

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        value = handler(schema)
        if isinstance(value, dict):
            value["pattern"] = self.source
        return value


def _tighter(a: int | None, b: int | None, pick: Callable[[int, int], int]) -> int | None:
    """The stricter of two optional bounds (`pick` is max for a minimum, min for a maximum)."""
    return b if a is None else a if b is None else pick(a, b)


def _code_points(s: str) -> int:
    return len(s)


class StringRule:
    """What a string must satisfy: a format, a pattern, a length in code points.

    pydantic-core checks the lengths and the format (as a Rust regular
    expression); a pattern is searched with ``regex`` afterwards.
    ``problem`` names the first rule a string breaks, in the order of
    docs/semantics.md (format, pattern, minLength, maxLength).
    """

    __slots__ = ("format", "pattern", "min_length", "max_length")

    def __init__(
        self,
        *,
        format: str | None = None,
        pattern: Pattern | None = None,
        min_length: int | None = None,
        max_length: int | None = None,
    ) -> None:
        self.format = format
        self.pattern = pattern
        self.min_length = min_length
        self.max_length = max_length

    def problem(self, s: Any) -> tuple[str, str] | None:
        """(keyword, detail) of the first rule ``s`` breaks, or None."""
        if not isinstance(s, str):
            return "type", f"expected a string, got {show(s)}"
        if self.format is not None:
            test, _, message = FORMATS[self.format]
            if not test(s):
                return "format", f"{message}, got {show(s)}"
        if self.pattern is not None and not self.pattern.search(s):
            return "pattern", f"string does not match pattern {show(self.pattern.source)}: {show(s)}"
        if self.min_length is not None and _code_points(s) < self.min_length:
            return "minLength", f"string shorter than minLength {self.min_length}: {show(s)}"
        if self.max_length is not None and _code_points(s) > self.max_length:
            return "maxLength", f"string longer than maxLength {self.max_length}: {show(s)}"
        return None

    def _check_pattern(self, v: str) -> str:
        if self.pattern is not None and not self.pattern.search(v):
            raise PydanticCustomError(
                "pattern", "string does not match pattern {pattern}", {"pattern": self.pattern.source}
            )
        return v

    def _check_format(self, v: str) -> str:
        if self.format is not None and not FORMATS[self.format][0](v):
            raise PydanticCustomError("format", "expected {format}", {"format": self.format})
        return v

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        # The schema built here replaces the inner one, so lengths a StringConstraints gave before this
        # rule (`Annotated[str, StringConstraints(min_length=1), URI_REFERENCE]`, as the bindings write a
        # format with a length) are taken into the rule, or they would be lost.
        inner = handler(source)
        given = {k: inner.get(k) for k in ("min_length", "max_length")} if inner.get("type") == "str" else {}
        if given.get("min_length") is None and given.get("max_length") is None:
            return self._core_schema()
        return StringRule(
            format=self.format,
            pattern=self.pattern,
            min_length=_tighter(self.min_length, given.get("min_length"), max),
            max_length=_tighter(self.max_length, given.get("max_length"), min),
        )._core_schema()

    def _core_schema(self) -> core_schema.CoreSchema:
        regex = FORMATS[self.format][1] if self.format is not None else None
        schema: core_schema.CoreSchema = core_schema.str_schema(
            strict=True, min_length=self.min_length, max_length=self.max_length, pattern=regex
        )
        if self.format == "date-time":
            # The regular expression has no leap seconds: those strings take the Python check.
            schema = core_schema.union_schema(
                [
                    schema,
                    core_schema.no_info_after_validator_function(
                        self._check_format,
                        core_schema.str_schema(strict=True, min_length=self.min_length, max_length=self.max_length),
                    ),
                ],
                mode="left_to_right",
                custom_error_type="format",
                custom_error_message="expected an RFC 3339 date-time",
                serialization=core_schema.simple_ser_schema("str"),  # always a str: no union dispatch on dump
            )
        elif self.format is not None and regex is None:  # a format checked in Python only
            schema = core_schema.no_info_after_validator_function(self._check_format, schema)
        if self.pattern is not None:
            schema = core_schema.no_info_after_validator_function(self._check_pattern, schema)
        schema["metadata"] = {"contract_rule": self}  # type: ignore[index]  # errors.py finds the rule by it
        return schema

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        value: dict[str, Any] = {"type": "string"}
        for key, item in (
            ("format", self.format),
            ("pattern", self.pattern.source if self.pattern else None),
            ("minLength", self.min_length),
            ("maxLength", self.max_length),
        ):
            if item is not None:
                value[key] = item
        return value


DATE_TIME: Final = StringRule(format="date-time")
UUID: Final = StringRule(format="uuid")
URI: Final = StringRule(format="uri")
DATE: Final = StringRule(format="date")
TIME: Final = StringRule(format="time")
DURATION: Final = StringRule(format="duration")
EMAIL: Final = StringRule(format="email")
HOSTNAME: Final = StringRule(format="hostname")
IPV4: Final = StringRule(format="ipv4")
IPV6: Final = StringRule(format="ipv6")
URI_REFERENCE: Final = StringRule(format="uri-reference")
JSON_POINTER: Final = StringRule(format="json-pointer")

DateTime = Annotated[str, DATE_TIME]
"""An RFC 3339 date-time, kept as its exact text."""
Uuid = Annotated[str, UUID]
"""A UUID, kept as its exact text."""
Uri = Annotated[str, URI]
"""An absolute URI, kept as its exact text."""
