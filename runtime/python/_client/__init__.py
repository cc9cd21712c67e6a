"""HTTP for the generated operation clients (contract/client.py; docs/clients.md): httpx, sync
and async.

The generated module describes each method as a ``Call`` (the client model of src/ir/clients.h:
method, path, parameters, ``Accept``, body media type, declared errors, stream rules) and calls
``ClientBase`` / ``AsyncClientBase``. The rules themselves (what is delivered, findings,
reconnection, ``Last-Event-ID``, ``Retry-After``) are the stream runtime's ``StreamCore``
(_stream/client_core.py), shared with the chat client; this module moves bytes. The watchdog
is the read timeout of a streaming request: no byte for that long cuts the connection.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncGenerator, AsyncIterator, Generator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar
from urllib.parse import quote

import httpx

from .._runtime import dump_json, payload
from .._stream.client_core import (
    ApiError,
    ClientError,
    Finding,
    StreamCore,
    StreamFailed,
    StreamRuleError,
    StreamRules,
    UnexpectedResponse,
)
from .._stream.readers import NdjsonItem, NdjsonReader, SseEvent, StreamError
from .._stream.sse import SseReader

__all__ = ["ANY_JSON", "NO_CONTENT", "ApiError", "AsyncClientBase", "AsyncStream", "Call", "ClientBase", "ClientError",
           "Finding", "Stream", "StreamFailed", "StreamRuleError", "StreamRules", "UnexpectedResponse"]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Decoder(Protocol[T_co]):
    def validate_json(self, data: str | bytes, *, tolerant: bool = False) -> T_co: ...


class ItemDecoder(Decoder[T_co], Protocol[T_co]):
    """A stream item's decoder (the bindings' Adapter): the item is parsed once, under the payload
    policy, for the stream's rules and the bindings alike."""

    def validate_python(self, data: Any, *, tolerant: bool = False) -> T_co: ...


@dataclass(frozen=True)
class Param:
    name: str  # on the wire
    where: str  # path, query, header, cookie


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    params: tuple[Param, ...] = ()
    accept: tuple[str, ...] = ()
    body: str | None = None  # the request's media type
    errors: tuple[tuple[str, Decoder[Any] | None], ...] = ()  # declared status → body decoder
    rules: StreamRules | None = None


class _AnyJson:
    """The decoder of a JSON body the operation does not type."""

    def validate_json(self, data: str | bytes, *, tolerant: bool = False) -> Any:
        return json.loads(data)


class _NoContent:
    """The decoder of a response without content."""

    def validate_json(self, data: str | bytes, *, tolerant: bool = False) -> None:
        return None


ANY_JSON = _AnyJson()
NO_CONTENT = _NoContent()


def _declared(call: Call, status: int) -> tuple[bool, Decoder[Any] | None]:
    """The declared response for a status: exact first, then its range, then default."""
    text = str(status)
    for wanted in (text, text[0] + "XX", "default"):
        for declared, decoder in call.errors:
            if declared == wanted:
                return True, decoder
    return False, None


def error_for(call: Call, status: int, headers: Mapping[str, str], text: str, tolerant: bool) -> ClientError:
    found, decoder = _declared(call, status)
    if not found:
        return UnexpectedResponse(status, text, headers)
    body = None
    if decoder is not None:
        try:
            body = decoder.validate_json(text, tolerant=tolerant)
        except ValueError as e:  # pydantic's ValidationError is a ValueError
            return UnexpectedResponse(status, text, headers, f"not the declared body ({str(e).splitlines()[0]})")
    return ApiError(status, body, headers, text)


def _request(base: str, call: Call, args: Mapping[str, Any], body: Any, extra: Mapping[str, str] | None,
             accept: tuple[str, ...]) -> tuple[str, dict[str, str], dict[str, str], str | None]:
    path = call.path
    query: dict[str, str] = {}
    headers: dict[str, str] = {}
    cookies: list[str] = []
    for p in call.params:
        value = args.get(p.name)
        if value is None:
            continue
        text = value if isinstance(value, str) else json.dumps(value)
        if p.where == "path":
            path = path.replace("{" + p.name + "}", quote(text, safe=""))
        elif p.where == "query":
            query[p.name] = text
        elif p.where == "header":
            headers[p.name] = text
        else:
            cookies.append(f"{p.name}={text}")
    if cookies:
        headers["Cookie"] = "; ".join(cookies)
    if accept:
        headers["Accept"] = ", ".join(accept)
    content = None
    if call.body is not None and body is not None:
        headers["Content-Type"] = call.body
        content = dump_json(body)
    headers.update(extra or {})
    return base.rstrip("/") + path, query, headers, content


class _Feed(Generic[T]):
    """One connection's bytes → the items to deliver (framing, the stream's rules, the bindings)."""

    def __init__(self, core: StreamCore, decoder: ItemDecoder[T], tolerant: bool) -> None:
        self.core = core
        self.decoder = decoder
        self.tolerant = tolerant
        sse = core.rules.framing == "sse"
        self.reader: SseReader | NdjsonReader = (SseReader(last_event_id=core.last_event_id or "") if sse
                                                 else NdjsonReader())

    def feed(self, chunk: bytes) -> list[T]:
        return self._records(self.reader.feed(chunk), None)

    def end(self, cut: str | None) -> list[T]:
        return self._records(self.reader.end(), cut)

    def _records(self, records: list[Any], cut: str | None) -> list[T]:
        out: list[T] = []
        core, decoder, tolerant = self.core, self.decoder, self.tolerant  # per item: locals are cheaper
        max_depth = payload.SETTINGS.max_depth
        for record in records:
            if core.done:
                break
            if isinstance(record, SseEvent):  # the common cases first
                text, event, event_id = record.data, record.type, record.last_event_id or None
            elif isinstance(record, NdjsonItem):
                text, event, event_id = record.text, None, None
            elif isinstance(record, StreamError):
                if cut is not None and record.code == "truncated":
                    continue  # the cut is reported as such
                raise StreamRuleError("framing." + record.code, str(record))
            else:  # SseRetry: the server's reconnection time is advice the declared backoff overrides
                continue
            # Parsed once, by the bindings' parser, for the rules and the bindings; what its fast
            # path cannot judge goes to the bindings' exact reader (validate_json) as it would alone.
            try:
                raw, parsed = payload.parse(text.encode(), max_depth), True
            except (payload.Refused, UnicodeEncodeError):
                parsed = False
                try:
                    raw = json.loads(text)
                except ValueError as e:
                    raise StreamRuleError("item", f"not JSON: {e}") from e
            if not core.accept(raw, event, event_id):
                continue
            try:
                out.append(decoder.validate_python(raw, tolerant=tolerant) if parsed
                           else decoder.validate_json(text, tolerant=tolerant))
            except ValueError as e:
                raise StreamRuleError("item", str(e).splitlines()[0]) from e
        return out


def _cut_reason(error: Exception) -> str:
    return "watchdog" if isinstance(error, httpx.TimeoutException) else "dropped"


class _StreamBase(Generic[T]):
    def __init__(self, call: Call, core: StreamCore, decoder: ItemDecoder[T], tolerant: bool,
                 request: tuple[str, dict[str, str], dict[str, str], str | None]) -> None:
        self._call = call
        self.core = core
        self._decoder = decoder
        self._tolerant = tolerant
        self._url, self._query, self._headers, self._content = request
        watchdog = core.rules.watchdog_ms
        self._timeout = httpx.Timeout(30.0, read=watchdog / 1000 if watchdog else None)

    @property
    def findings(self) -> list[Finding]:
        """The broken rules weighed as warnings, in order (the items were delivered)."""
        return self.core.findings

    @property
    def reconnects(self) -> int:
        return self.core.reconnects

    def _status(self, response: httpx.Response, text: str) -> float:
        """A non-2XX answer: seconds to wait before retrying, or raises its error."""
        if not self.core.reconnection.refuses(response.status_code):
            delay = self.core.retry_status(response.status_code, response.headers.get("Retry-After"))
            if delay is not None:
                return delay / 1000
        raise error_for(self._call, response.status_code, response.headers, text, self._tolerant)


class Stream(_StreamBase[T], Iterator[T]):
    """The items of a streaming call, typed; reconnects by the stream's rules."""

    def __init__(self, http: httpx.Client, *args: Any) -> None:
        super().__init__(*args)
        self._http = http
        self._items = self._run()

    def __iter__(self) -> Stream[T]:
        return self

    def __next__(self) -> T:
        return next(self._items)

    def close(self) -> None:
        self._items.close()

    def _run(self) -> Generator[T, None, None]:
        while True:
            headers = {**self._headers, **self.core.request_headers()}
            with self._http.stream(self._call.method, self._url, params=self._query,
                                   headers=headers, content=self._content, timeout=self._timeout) as response:
                if not response.is_success:
                    time.sleep(self._status(response, response.read().decode("utf-8", "replace")))
                    continue
                self.core.opened()
                feed = _Feed(self.core, self._decoder, self._tolerant)
                cut: str | None = None
                try:
                    for chunk in response.iter_bytes():
                        yield from feed.feed(chunk)
                        if self.core.done:
                            return
                except (httpx.TransportError, httpx.TimeoutException) as e:
                    cut = _cut_reason(e)
                yield from feed.end(cut)
            delay = self.core.ended(cut)
            if delay < 0:
                return
            time.sleep(delay / 1000)


class AsyncStream(_StreamBase[T], AsyncIterator[T]):
    """The items of a streaming call, typed, for ``async for``."""

    def __init__(self, http: httpx.AsyncClient, *args: Any) -> None:
        super().__init__(*args)
        self._http = http
        self._items = self._run()

    def __aiter__(self) -> AsyncStream[T]:
        return self

    async def __anext__(self) -> T:
        return await self._items.__anext__()

    async def aclose(self) -> None:
        await self._items.aclose()

    async def _run(self) -> AsyncGenerator[T, None]:
        while True:
            headers = {**self._headers, **self.core.request_headers()}
            async with self._http.stream(self._call.method, self._url, params=self._query, headers=headers,
                                         content=self._content, timeout=self._timeout) as response:
                if not response.is_success:
                    await asyncio.sleep(self._status(response, (await response.aread()).decode("utf-8", "replace")))
                    continue
                self.core.opened()
                feed = _Feed(self.core, self._decoder, self._tolerant)
                cut: str | None = None
                try:
                    async for chunk in response.aiter_bytes():
                        for item in feed.feed(chunk):
                            yield item
                        if self.core.done:
                            return
                except (httpx.TransportError, httpx.TimeoutException) as e:
                    cut = _cut_reason(e)
                for item in feed.end(cut):
                    yield item
            delay = self.core.ended(cut)
            if delay < 0:
                return
            await asyncio.sleep(delay / 1000)


def _rules(call: Call, options: Mapping[str, int] | None) -> StreamRules:
    assert call.rules is not None
    return call.rules.with_options(options) if options else call.rules


class ClientBase:
    """``base_url``: the engine's address; ``http``: an httpx.Client of your own (auth, proxies);
    ``headers``: sent with every request; ``tolerant``: decode in the bindings' tolerant mode."""

    def __init__(self, base_url: str, *, http: httpx.Client | None = None, headers: Mapping[str, str] | None = None,
                 tolerant: bool = False) -> None:
        self.base_url = base_url
        self.http = http or httpx.Client()
        self.headers = dict(headers or {})
        self.tolerant = tolerant

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> ClientBase:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _json(self, call: Call, args: Mapping[str, Any], body: Any, result: Decoder[T],
              headers: Mapping[str, str] | None) -> T:
        url, query, h, content = _request(self.base_url, call, args, body, {**self.headers, **(headers or {})},
                                          call.accept)
        response = self.http.request(call.method, url, params=query, headers=h, content=content)
        return _answer(call, response.status_code, response.headers, response.text, result, self.tolerant)

    def _stream(self, call: Call, args: Mapping[str, Any], body: Any, item: ItemDecoder[T],
                headers: Mapping[str, str] | None, options: Mapping[str, int] | None) -> Stream[T]:
        request = _request(self.base_url, call, args, body, {**self.headers, **(headers or {})}, call.accept)
        return Stream(self.http, call, StreamCore(_rules(call, options)), item, self.tolerant, request)


class AsyncClientBase:
    """The same as ``ClientBase`` on an httpx.AsyncClient."""

    def __init__(self, base_url: str, *, http: httpx.AsyncClient | None = None,
                 headers: Mapping[str, str] | None = None, tolerant: bool = False) -> None:
        self.base_url = base_url
        self.http = http or httpx.AsyncClient()
        self.headers = dict(headers or {})
        self.tolerant = tolerant

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> AsyncClientBase:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def _json(self, call: Call, args: Mapping[str, Any], body: Any, result: Decoder[T],
                    headers: Mapping[str, str] | None) -> T:
        url, query, h, content = _request(self.base_url, call, args, body, {**self.headers, **(headers or {})},
                                          call.accept)
        response = await self.http.request(call.method, url, params=query, headers=h, content=content)
        return _answer(call, response.status_code, response.headers, response.text, result, self.tolerant)

    def _stream(self, call: Call, args: Mapping[str, Any], body: Any, item: ItemDecoder[T],
                headers: Mapping[str, str] | None, options: Mapping[str, int] | None) -> AsyncStream[T]:
        request = _request(self.base_url, call, args, body, {**self.headers, **(headers or {})}, call.accept)
        return AsyncStream(self.http, call, StreamCore(_rules(call, options)), item, self.tolerant, request)


def _answer(call: Call, status: int, headers: Mapping[str, str], text: str, result: Decoder[T],
            tolerant: bool) -> T:
    if not 200 <= status <= 299:
        raise error_for(call, status, headers, text, tolerant)
    try:
        return result.validate_json(text, tolerant=tolerant)
    except ValueError as e:
        raise UnexpectedResponse(status, text, headers, f"not the declared body ({str(e).splitlines()[0]})") from e
