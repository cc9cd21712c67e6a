"""The runtime every generated contract module shares.

It implements the rules of contractgen's docs/semantics.md, which every
binding of the contract implements alike, on top of pydantic-core so that
validation stays in compiled code wherever the rules allow it:

* payload.py: the payload policy (UTF-8, no byte order mark, no duplicate
  members, no lone surrogates, the nesting depth of ``[payload] max_depth``);
* numeric.py: integers (±(2^53−1) unless ``format`` int64/uint64), finite
  doubles, the canonical spelling of numbers on output;
* formats.py, formats_more.py: the asserted formats and patterns;
* check.py: assertions (schema programs the types cannot carry);
* values.py: free-form values, const, enum, uniqueItems, not-null members;
* shapes.py: tuples, keys with a pattern;
* unions.py: discriminated unions, anyOf, oneOf;
* errors.py: one error per rejected instance, ``<path>: <keyword>: <detail>``;
* models.py: ``ContractModel``, ``Adapter``, ``dump``, ``dump_json``;
* tolerant.py: the tolerant-reader mode (``tolerant=True``), ``UnknownVariant``.
"""

from .check import Check
from .errors import describe_error, error_path
from .formats import (
    DATE,
    DATE_TIME,
    DURATION,
    EMAIL,
    HOSTNAME,
    IPV4,
    IPV6,
    JSON_POINTER,
    TIME,
    URI,
    URI_REFERENCE,
    UUID,
    DateTime,
    Pattern,
    StringRule,
    Uri,
    Uuid,
    is_date_time,
    is_uri,
    is_uuid,
)
from .models import Adapter, ContractModel, decode, decode_json, dump, dump_json
from .numeric import Integer, IntegerRule, Number, NumberRule, format_number, is_multiple
from .payload import DEFAULT_MAX_DEPTH, configure
from .shapes import KeyPattern, TupleOf
from .tolerant import UnknownVariant
from .unions import ExactlyOne, FirstMatch, Tagged
from .values import (
    ENUM,
    NOT_NULL,
    OPEN_ENUM,
    UNIQUE,
    Const,
    JsonValue,
    Keywords,
    OneOfValues,
    check_object,
    const_field,
    frozen_map,
    json_equal,
)

__all__ = [
    "DATE",
    "DATE_TIME",
    "DURATION",
    "EMAIL",
    "HOSTNAME",
    "IPV4",
    "IPV6",
    "JSON_POINTER",
    "TIME",
    "URI_REFERENCE",
    "DEFAULT_MAX_DEPTH",
    "ENUM",
    "NOT_NULL",
    "OPEN_ENUM",
    "UNIQUE",
    "URI",
    "UUID",
    "Adapter",
    "Check",
    "Const",
    "ContractModel",
    "DateTime",
    "ExactlyOne",
    "FirstMatch",
    "Integer",
    "IntegerRule",
    "JsonValue",
    "KeyPattern",
    "Keywords",
    "Number",
    "NumberRule",
    "OneOfValues",
    "Pattern",
    "StringRule",
    "Tagged",
    "TupleOf",
    "UnknownVariant",
    "Uri",
    "Uuid",
    "check_object",
    "configure",
    "const_field",
    "decode",
    "decode_json",
    "describe_error",
    "dump",
    "dump_json",
    "error_path",
    "format_number",
    "frozen_map",
    "is_date_time",
    "is_multiple",
    "is_uri",
    "is_uuid",
    "json_equal",
]
