"""Models, adapters and the way in and out of JSON text.

Decoding (``decode_json``): the text passes the payload policy (payload.py),
then pydantic-core validates the parsed value; a rejection is one error, the
first in document order (errors.py). Encoding (``dump_json``): wire names,
absent members left out, explicit nulls kept, doubles in canonical spelling
(numeric.py).
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final, Generic, Literal, TypeVar

import pydantic
from pydantic import BaseModel, ConfigDict  # bound once: pydantic.X costs ~1 us per access
from pydantic.plugin._schema_validator import PluggableSchemaValidator
from pydantic_core import SchemaSerializer, SchemaValidator, to_json
from typing_extensions import Self

from . import codec, errors, payload, tolerant
from .check import BUILT
from .numeric import respell_core_numbers, respell_numbers
from .unions import type_adapter

_clean: Callable[[object, int], bool] | None
_Entry: type[_policy.Entry] | None
try:  # the payload policy's checks in C, when the package was built with them (_policy.c)
    from . import _policy

    _clean, _Entry = _policy.clean, _policy.Entry
    # The compiled model entries read the nesting limit from the extension, told of each change.
    _policy.configure(payload.SETTINGS.max_depth)
    payload.LISTENERS.append(_policy.configure)
except ImportError:  # pragma: no cover - depends on how the package was installed
    _clean = _Entry = None

codec.configure(payload.SETTINGS.max_depth)
payload.LISTENERS.append(codec.configure)

T = TypeVar("T")


def decode_json(
    validator: SchemaValidator | PluggableSchemaValidator,
    schema: Any,
    data: str | bytes | bytearray,
    title: str,
    options: Mapping[str, Any],
) -> Any:
    """Validates JSON text under the payload policy; raises a ValidationError with one located error.

    ``schema`` (the core schema, to locate errors) may be a callable giving it.
    ``options["tolerant"]`` selects the tolerant-reader mode (tolerant.py).
    """
    if "tolerant" in options:
        options = dict(options)
        if options.pop("tolerant"):
            validator = tolerant.validator(schema() if callable(schema) else schema)
    max_depth = _SETTINGS.max_depth
    try:
        value = _parse(data, max_depth)
    except payload.Refused:
        return _decode_exactly(validator, schema, data, title, options, max_depth)
    try:
        return validator.validate_python(value, **options) if options else validator.validate_python(value)
    except pydantic.ValidationError as e:
        core = schema() if callable(schema) else schema
        scan = payload.scan(payload.text_of(data), max_depth)
        raise errors.raise_located(title, errors.first(e, core, value, scan), data, "json") from None


_SETTINGS: Final = payload.SETTINGS
_TOLERANT: Final = {"tolerant": True}
_TOLERANT_STATE: Final = tolerant.STATE
_tolerant_module = tolerant  # Adapter has a parameter of that name
_parse: Final = payload.parse


def _decode_exactly(
    validator: SchemaValidator | PluggableSchemaValidator,
    schema: Any,
    data: Any,
    title: str,
    options: Mapping[str, Any],
    max_depth: int,
) -> Any:
    # The text the fast path could not judge: the exact reader's value, and its
    # problem if no validation error comes before it in the text.
    try:
        text = payload.text_of(data)
    except payload.PayloadError as p:
        raise errors.raise_located(title, errors.from_payload(p), data, "json") from None
    if callable(schema):
        schema = schema()
    scan = payload.scan(text, max_depth)
    problem = errors.from_payload(scan.problem) if scan.problem is not None else None
    if not scan.complete and not scan.unclosed:
        assert problem is not None
        raise errors.raise_located(title, problem, data, "json")
    try:
        result = validator.validate_python(scan.value, **options)
    except pydantic.ValidationError as e:
        found = errors.first(e, schema, scan.value, scan)
        if problem is not None and (problem.offset, problem.rank) <= (found.offset, found.rank):
            found = problem
        raise errors.raise_located(title, found, data, "json") from None
    if problem is not None:
        raise errors.raise_located(title, problem, data, "json")
    return result


def _python_error(e: pydantic.ValidationError, schema: Any, value: Any, by_name: bool) -> pydantic.ValidationError:
    # A parsed value (or a model built in Python): one error, the first pydantic reports.
    return errors.raise_located(e.title, errors.first(e, schema, value, None, by_name), value, "python")


def _finish(raw: bytes) -> str:
    # pydantic-core writes doubles as ECMAScript does except within [1e-6, 1e-5)
    # (1.5e-6 for 0.0000015; integral doubles never get here as doubles).
    # Searched in the decoded text: str's search is a third cheaper than bytes'.
    text = raw.decode()
    return respell_core_numbers(raw).decode() if "e-6" in text else text


class ContractModel(pydantic.BaseModel):
    """The base of every generated model.

    * strict: nothing JSON Schema rejects is coerced (no "1" -> 1, no 1 -> "1");
    * ``model_validate_json`` applies the payload policy and reads wire names
      only; a rejection is one error (``type`` = keyword, ``loc`` = JSON path);
    * ``Model(field=...)`` in Python takes field names (and wire names); a
      member whose only value is a string constant (``const_field``) may be
      left out and gets that value;
    * use ``dump`` / ``dump_json`` for the exact JSON value (absent members
      stay absent, canonical numbers).
    """

    # Field name → (wire name, value) of the members with one string value,
    # filled in by __init__ when not given (set per model class).
    __contract_constants__: ClassVar[Mapping[str, tuple[str, str]]] = {}

    model_config = ConfigDict(
        strict=True,
        validate_by_alias=True,
        validate_by_name=False,
        serialize_by_alias=True,
        protected_namespaces=(),
        revalidate_instances="never",
        extra="forbid",
    )

    def __init__(self, /, **data: Any) -> None:
        __tracebackhide__ = True
        for name, (wire, value) in self.__contract_constants__.items():
            if name not in data and wire not in data:
                data[name] = value
        try:
            self.__pydantic_validator__.validate_python(data, self_instance=self, by_name=True, context=BUILT)
        except pydantic.ValidationError as e:
            raise _python_error(e, type(self).__pydantic_core_schema__, data, True) from None

    # Tells pydantic this __init__ behaves like BaseModel's: nested models are
    # built by pydantic-core directly (with wire names), not through __init__.
    setattr(__init__, "__pydantic_base_init__", True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        constants: dict[str, tuple[str, str]] = {}
        for name, field in cls.model_fields.items():
            args = typing.get_args(field.annotation)
            if (
                field.is_required()
                and typing.get_origin(field.annotation) is Literal
                and len(args) == 1
                and isinstance(args[0], str)
            ):
                wire = field.validation_alias if isinstance(field.validation_alias, str) else name
                constants[name] = (wire, args[0])
                if wire != name and wire.isidentifier() and wire not in cls.model_fields and not hasattr(cls, wire):
                    # A union's tag under its wire name ("type" for the field type_): the
                    # serializer of a discriminated union reads it by that name, and would
                    # otherwise go through BaseModel.__getattr__'s AttributeError.
                    setattr(cls, wire, args[0])
        cls.__contract_constants__ = constants
        codec_applies = codec.ENABLED and _inherits_codec_entry(cls)
        if _Entry is not None and _inherits_contract_entry(cls):
            # model_validate_json in C (_policy.Entry): the same steps, without a Python frame.
            setattr(cls, "model_validate_json", _Entry(cls, _PURE_VALIDATE_JSON, _located, pydantic.ValidationError))
        if codec_applies:
            # The compiled codec first (codec.py), its table read on the first call, when every
            # forward reference of the class is resolved.
            setattr(cls, "model_validate_json", _LazyCodecEntry(cls, cls.model_validate_json))

    @classmethod
    def model_validate_json(cls, json_data: str | bytes | bytearray, **options: Any) -> Self:
        """Parses and validates JSON text (wire names, the payload policy); raises pydantic.ValidationError."""
        # The way without the compiled checks: with them, each model class has an _Entry, which
        # comes here only with options or for a text they found not clean (no second scan).
        if not options:  # the common case, with as few Python steps as possible
            try:
                value = _parse(json_data, _SETTINGS.max_depth)
                return cls.__pydantic_validator__.validate_python(value)  # type: ignore[no-any-return]
            except (payload.Refused, pydantic.ValidationError):
                pass  # decode_json finds the error (or the exact reader accepts)
        return decode_json(  # type: ignore[no-any-return]
            cls.__pydantic_validator__, cls._core_schema, json_data, cls.__name__, options
        )

    @classmethod
    def _core_schema(cls) -> Any:
        return cls.__pydantic_core_schema__

    @classmethod
    def model_validate(cls, obj: Any, **options: Any) -> Self:
        """Validates a parsed JSON value (wire names); raises pydantic.ValidationError with one located error.

        ``tolerant=True`` selects the tolerant-reader mode (as for ``model_validate_json``).
        """
        validator: Any = cls.__pydantic_validator__
        if "tolerant" in options and options.pop("tolerant"):
            validator = tolerant.validator(cls.__pydantic_core_schema__)
        try:
            return validator.validate_python(obj, **options)  # type: ignore[no-any-return]
        except pydantic.ValidationError as e:
            raise _python_error(e, cls.__pydantic_core_schema__, obj, options.get("by_name") is True) from None


_PURE_VALIDATE_JSON: Final = ContractModel.__dict__["model_validate_json"].__func__


def _inherits_contract_entry(cls: type) -> bool:
    # A class that defines its own model_validate_json keeps it, and so do its subclasses (an entry
    # of the codec in front of the inherited one is not its own: codec.py).
    for base in cls.__mro__:
        own = base.__dict__.get("model_validate_json")
        if own is not None:
            entries = (_policy.Entry, _LazyCodecEntry, codec.Entry)
            return base is ContractModel or (base is not cls and isinstance(own, entries))
    return False


def _inherits_codec_entry(cls: type) -> bool:
    # As _inherits_contract_entry, before the class gets its own entries: a class that defines
    # its own model_validate_json keeps it, and so do its subclasses.
    for base in cls.__mro__:
        own = base.__dict__.get("model_validate_json")
        if own is not None:
            return base is ContractModel or isinstance(own, (_LazyCodecEntry, codec.Entry, *_ENTRY_TYPES))
    return False


class _LazyCodecEntry:
    """A model class's model_validate_json until its first call, which reads the class's type
    table and puts the compiled entry (or, without a table, ``fallback``) in its place."""

    __slots__ = ("cls", "fallback", "method")

    def __init__(self, cls: type[BaseModel], fallback: Any) -> None:
        self.cls, self.fallback = cls, fallback
        self.method: Any = None

    def __call__(self, json_data: Any, **options: Any) -> Any:
        if self.method is None:  # (a caller may hold on to this object: it reads the table once)
            table = codec.table(self.cls.__pydantic_core_schema__)
            self.method = self.fallback if table is None else codec.entry(table, self.fallback)
            setattr(self.cls, "model_validate_json", self.method)
        return self.method(json_data, **options)


def _located(cls: type[ContractModel], json_data: Any) -> Any:
    # The compiled entry's way out when validate_json refused a clean text: the one error, located.
    return decode_json(cls.__pydantic_validator__, cls._core_schema, json_data, cls.__name__, {})


class Adapter(Generic[T]):
    """Validation and dumping for any contract type (model, union, enum, alias).

    Built on first use, so importing a module stays cheap.
    """

    __slots__ = ("type", "_adapter", "_table")

    def __init__(self, tp: Any) -> None:
        self.type = tp
        self._adapter: pydantic.TypeAdapter[T] | None = None
        self._table: Any = _NO_TABLE_YET

    def _codec_table(self) -> Any:
        # The compiled codec's table of this type (codec.py), or None: read on first use.
        if self._table is _NO_TABLE_YET:
            self._table = codec.table(self.type_adapter.core_schema)
        return self._table

    @property
    def type_adapter(self) -> pydantic.TypeAdapter[T]:
        """The underlying pydantic TypeAdapter (strict, wire names only)."""
        if self._adapter is None:
            self._adapter = type_adapter(self.type)
        return self._adapter

    def validate_json(self, data: str | bytes | bytearray, *, tolerant: bool = False) -> T:
        """Parses and validates JSON text under the payload policy; raises pydantic.ValidationError.

        ``tolerant=True``: the tolerant-reader mode (docs/semantics.md).
        """
        adapter = self._adapter or self.type_adapter
        if not tolerant and codec.ENABLED:
            table = self._codec_table()
            if table is not None:
                value = table.decode(data)
                if value is not _REFUSED:
                    return value  # type: ignore[no-any-return]
        if tolerant:
            value = decode_json(adapter.validator, adapter.core_schema, data, _title(self.type), _TOLERANT)
            return value  # type: ignore[no-any-return]
        try:
            if _clean is not None and _clean(data, _SETTINGS.max_depth):
                return adapter.validator.validate_json(data)  # type: ignore[no-any-return]
            return adapter.validator.validate_python(_parse(data, _SETTINGS.max_depth))  # type: ignore[no-any-return]
        except (payload.Refused, pydantic.ValidationError):
            pass  # decode_json finds the error (or the exact reader accepts)
        value = decode_json(adapter.validator, adapter.core_schema, data, _title(self.type), {})
        return value  # type: ignore[no-any-return]

    def validate_python(self, data: Any, *, tolerant: bool = False) -> T:
        """Validates an already parsed JSON value (dicts, lists, str, int, float, bool, None)."""
        adapter = self._adapter or self.type_adapter
        try:
            if tolerant:
                tolerant_validator = _tolerant_module.validator(adapter.core_schema)
                return tolerant_validator.validate_python(data)  # type: ignore[no-any-return]
            # The core validator, as validate_json calls it: TypeAdapter.validate_python only
            # passes its defaults on, at a cost per call a stream's items all pay.
            return adapter.validator.validate_python(data)  # type: ignore[no-any-return]
        except pydantic.ValidationError as e:
            raise _python_error(e, adapter.core_schema, data, False) from None

    def dump(self, value: T) -> Any:
        """The JSON value of ``value``: absent members stay absent, null stays null."""
        if _TOLERANT_STATE.used:
            return _tolerant_module.to_json_value(value)
        return self.type_adapter.dump_python(value, mode="json", by_alias=True, exclude_unset=True)

    def dump_json(self, value: T) -> str:
        """``value`` as compact JSON text (UTF-8 kept, canonical numbers)."""
        if _TOLERANT_STATE.used:
            return _text(_tolerant_module.to_json_value(value))
        table = self._codec_table() if codec.ENABLED else None
        text = table.dump(value) if table is not None else None
        if text is not None:
            return text  # type: ignore[no-any-return]
        return _finish(self.type_adapter.dump_json(value, by_alias=True, exclude_unset=True))

    def __repr__(self) -> str:
        return f"Adapter({self.type!r})"


_NO_TABLE_YET: Final = object()
_REFUSED: Final = codec.REFUSED
_ENTRY_TYPES: Final[tuple[type, ...]] = (_Entry,) if _Entry is not None else ()


def _title(tp: Any) -> str:
    return getattr(tp, "__name__", None) or repr(tp)


def dump(value: Any) -> Any:
    """The JSON value of a validated contract value (model, list, dict or scalar).

    Models are written with their wire names, without the members that were
    absent when they were read (``exclude_unset``), with explicit nulls kept.
    """
    if isinstance(value, BaseModel):
        if _TOLERANT_STATE.used:  # a tolerant decode happened: what it kept is written too
            return tolerant.to_json_value(value)
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(value, (list, tuple)):
        return [dump(v) for v in value]
    if isinstance(value, Mapping):
        return {k: dump(v) for k, v in value.items()}
    if isinstance(value, tolerant.UnknownVariant):
        return value.value
    return value


def dump_json(value: Any) -> str:
    """``dump(value)`` as compact JSON text, numbers in canonical spelling."""
    writer = _CODEC_WRITERS.get(type(value))
    if writer is not None and not _TOLERANT_STATE.used:  # the compiled codec (codec.py), first
        text = writer(value)
        if text is not None:
            return text  # type: ignore[no-any-return]
    to_json = _MODEL_WRITERS.get(type(value)) or _model_writer(type(value))
    if to_json is None:
        return _text(dump(value))
    if _TOLERANT_STATE.used:  # a tolerant decode happened: what it kept is written too
        return _text(tolerant.to_json_value(value))
    if type(value) not in _CODEC_WRITERS:
        dump_table = _codec_writer(type(value))
        if dump_table is not None:
            text = dump_table(value)
            if text is not None:
                return text  # type: ignore[no-any-return]
    # _finish, inline: this is the hot path of every dump.
    raw = to_json(value, by_alias=True, exclude_unset=True)
    text = raw.decode()
    return respell_core_numbers(raw).decode() if "e-6" in text else text


# A model class → its serializer's to_json: one dict lookup per dump_json,
# where reading the class's own __dict__ and then the attribute cost ~0.3 us.
_MODEL_WRITERS: Final[dict[type, Any]] = {}


def _model_writer(cls: type) -> Any:
    # Only a model class has a serializer of its own (cheaper than isinstance on
    # ABCMeta). One not yet complete (a MockValSer until its forward references
    # resolve) is used without being remembered.
    serializer = cls.__dict__.get("__pydantic_serializer__")
    if serializer is None:
        return None
    if isinstance(serializer, SchemaSerializer):
        _MODEL_WRITERS[cls] = serializer.to_json
    return serializer.to_json


# A model class → its codec table's dump (None: the class has no table, or the codec is off).
_CODEC_WRITERS: Final[dict[type, Any]] = {}


def _codec_writer(cls: type) -> Any:
    # (cls is a model class: dump_json found its serializer)
    table = codec.table(getattr(cls, "__pydantic_core_schema__")) if codec.ENABLED else None
    if isinstance(cls.__dict__.get("__pydantic_serializer__"), SchemaSerializer):
        _CODEC_WRITERS[cls] = table.dump if table is not None else None
    return table.dump if table is not None else None


def _text(value: Any) -> str:
    # A JSON value as compact text, numbers in canonical spelling.
    try:
        raw = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()
    except ValueError as e:
        if "integer string conversion" not in str(e):
            raise  # NaN or an infinity: not JSON
        # An integer of more digits than Python turns into text by default
        # (sys.get_int_max_str_digits()); pydantic-core writes any integer.
        raw = to_json(value)
    return respell_numbers(raw).decode()



def decode(tp: Any, text: str) -> Any:
    """Validates constant data of the contract at import time."""
    return type_adapter(tp).validate_json(text)
