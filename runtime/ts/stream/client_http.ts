// HTTP for the generated operation clients (client.ts of the package;
// docs/clients.md): `fetch`, `ReadableStream` and `AbortSignal`, the same code
// in browsers and Node 18+. The generated module describes each method as a
// `Call` (the client model of src/ir/clients.h: method, path, parameters,
// `Accept`, body media type, declared errors, stream rules) and calls
// ClientBase. The rules themselves (what is delivered, findings,
// reconnection, `Last-Event-ID`, `Retry-After`) are StreamCore's
// (client_core.ts); the watchdog is timing.ts's, which aborts the connection
// when no byte came for its time. This module moves bytes.
import {
  ApiError,
  type ClientError,
  StreamCore,
  StreamRuleError,
  UnexpectedResponse,
  withOptions,
} from "./client_core.js";
import type { ClientFinding, StreamOptions, StreamRules } from "./client_core.js";
import { NdjsonReader, type NdjsonRecord, type SseRecord } from "./readers.js";
import { SseReader } from "./sse.js";
import { TimerScheduler, Watchdog } from "./timing.js";

// The host's fetch API as far as the client uses it (the package compiles
// against the ES library alone, without DOM or Node types).
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}
interface BodyReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
}
export interface FetchResponse {
  readonly status: number;
  readonly headers: {
    get(name: string): string | null;
    forEach(callback: (value: string, name: string) => void): void;
  };
  readonly body: { getReader(): BodyReader } | null;
  text(): Promise<string>;
}
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignalLike;
}
export type FetchFunction = (url: string, init: FetchInit) => Promise<FetchResponse>;
interface AbortControllerLike {
  readonly signal: AbortSignalLike;
  abort(reason?: unknown): void;
}
type Host = {
  fetch: FetchFunction;
  AbortController: new () => AbortControllerLike;
  setTimeout(callback: () => void, ms: number): unknown;
};
const host = globalThis as unknown as Host;

/** A decoder of the bindings (decodeX): JSON text → a typed value, strict or tolerant. */
export type Decode<T> = (text: string, options: { readonly tolerant: boolean }) => T;
/** A decoder whose answer's type the caller states (ClientBase.callJson, callStream). */
export type AnyDecode = Decode<unknown>;
/** An encoder of the bindings (encodeX): a typed value → JSON text. */
export type Encode<T> = (value: T) => string;

export interface Param {
  readonly name: string; // on the wire
  readonly where: "path" | "query" | "header" | "cookie";
}

export interface Call {
  readonly method: string;
  readonly path: string;
  readonly params: readonly Param[];
  readonly accept: readonly string[];
  readonly body: string | null; // the request's media type
  readonly errors: readonly (readonly [string, Decode<unknown> | null])[]; // declared status → body decoder
  readonly rules?: StreamRules;
}

/** A request's body as JSON text (the bindings' encoder wrote it), or none. */
export type Body = string | null;

/** A call's parameters by their names on the wire. */
export type Args = Readonly<Record<string, unknown>>;

/** What every call takes besides its parameters. */
export interface CallInit {
  /** Sent with this request (after the client's). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Aborts the call (the stream, and its reconnections). */
  readonly signal?: AbortSignalLike;
}
export interface StreamInit extends CallInit {
  /** Overrides of the stream's rules: watchdogMs, maxAttempts, initialDelayMs, multiplier, maxDelayMs. */
  readonly options?: StreamOptions;
}

/**
 * The type of an answer in a mode: a tolerant client may decode an unknown
 * tag to an rt.UnknownVariant (`Loose`), a strict one never does (`Strict`).
 */
export type Decoded<Tolerant extends boolean, Strict, Loose> = Tolerant extends true ? Strict | Loose : Strict;

export interface ClientConfig<Tolerant extends boolean = boolean> {
  /** The fetch to use (default: the host's). */
  readonly fetch?: FetchFunction;
  /** Sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Decode answers in the bindings' tolerant mode (the method types say so: Decoded). */
  readonly tolerant?: Tolerant;
}

/** The decoder of a JSON body the operation does not type. */
export const anyJson: Decode<unknown> = (text) => JSON.parse(text) as unknown;
/** The decoder of a response without content. */
export const noContent: Decode<undefined> = () => undefined;

function headerRecord(response: FetchResponse): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

/** The declared response for a status: exact first, then its range, then default. */
function declared(call: Call, status: number): { found: boolean; decode: Decode<unknown> | null } {
  const text = String(status);
  for (const wanted of [text, `${text[0]}XX`, "default"])
    for (const [status, decode] of call.errors) if (status === wanted) return { found: true, decode };
  return { found: false, decode: null };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

function errorFor(
  call: Call,
  status: number,
  headers: Record<string, string>,
  text: string,
  tolerant: boolean,
): ClientError {
  const { found, decode } = declared(call, status);
  if (!found) return new UnexpectedResponse(status, text, headers);
  let body: unknown = null;
  if (decode !== null) {
    try {
      body = decode(text, { tolerant });
    } catch (error) {
      return new UnexpectedResponse(status, text, headers, `not the declared body (${firstLine(error)})`);
    }
  }
  return new ApiError(status, body, headers, text);
}

export interface Request {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

function sleep(ms: number, signal: AbortSignalLike | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) reject(signal.reason);
    const done = () => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    };
    const aborted = () => reject(signal?.reason);
    signal?.addEventListener("abort", aborted);
    host.setTimeout(done, ms);
  });
}

/** What a stream is made with (ClientBase.callStream). */
export interface StreamSetup<T> {
  readonly fetcher: FetchFunction;
  readonly call: Call;
  readonly rules: StreamRules;
  readonly decode: Decode<T>;
  readonly tolerant: boolean;
  readonly request: Request;
  readonly signal: AbortSignalLike | undefined;
}

/** The items of a streaming call, typed; reconnects by the stream's rules. */
export class ClientStream<T> implements AsyncIterable<T> {
  readonly core: StreamCore;

  private readonly fetcher: FetchFunction;
  private readonly call: Call;
  private readonly decode: Decode<T>;
  private readonly tolerant: boolean;
  private readonly request: Request;
  private readonly signal: AbortSignalLike | undefined;

  constructor(setup: StreamSetup<T>) {
    this.fetcher = setup.fetcher;
    this.call = setup.call;
    this.decode = setup.decode;
    this.tolerant = setup.tolerant;
    this.request = setup.request;
    this.signal = setup.signal;
    this.core = new StreamCore(setup.rules);
  }

  /** The broken rules weighed as warnings, in order (the items were delivered). */
  get findings(): readonly ClientFinding[] {
    return this.core.findings;
  }
  /** How many times the client connected again. */
  get reconnects(): number {
    return this.core.reconnects;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return this.run();
  }

  private async *run(): AsyncGenerator<T, void, undefined> {
    for (;;) {
      const controller = new host.AbortController();
      const stop = () => controller.abort(this.signal?.reason);
      this.signal?.addEventListener("abort", stop);
      let cut: string | null = null;
      try {
        const init: FetchInit = {
          method: this.call.method,
          headers: { ...this.request.headers, ...this.core.requestHeaders() },
          signal: controller.signal,
        };
        if (this.request.body !== null) init.body = this.request.body;
        const response = await this.fetcher(this.request.url, init);
        if (response.status < 200 || response.status > 299) {
          await sleep(await this.status(response), this.signal);
          continue;
        }
        this.core.opened();
        const feed = new Feed(this.core, this.decode, this.tolerant);
        const reader = response.body?.getReader() ?? null;
        const watchdogMs = this.core.rules.watchdogMs;
        let silent = false;
        const watchdog = new Watchdog(new TimerScheduler(), watchdogMs ?? 0, () => {
          silent = true;
          controller.abort();
        });
        if (watchdogMs !== null) watchdog.start();
        try {
          for (;;) {
            if (reader === null) break;
            const chunk = await reader.read();
            if (chunk.done) break;
            watchdog.reset();
            yield* this.deliver(feed.feed(chunk.value ?? new Uint8Array(0)));
            if (this.core.done) {
              await reader.cancel().catch(() => undefined);
              return;
            }
          }
        } catch (error) {
          if (this.signal?.aborted) throw error;
          cut = silent ? "watchdog" : "dropped";
        } finally {
          watchdog.stop();
        }
        yield* this.deliver(feed.end(cut));
      } finally {
        this.signal?.removeEventListener("abort", stop);
      }
      const delay = this.core.ended(cut);
      if (delay < 0) return;
      await sleep(delay, this.signal);
    }
  }

  /** The items of a chunk, up to the caller's abort (which may come while it reads one of them). */
  private *deliver(items: readonly T[]): Generator<T, void, undefined> {
    for (const item of items) {
      if (this.signal?.aborted) throw this.signal.reason;
      yield item;
    }
  }

  /** A non-2XX answer: milliseconds to wait before retrying, or throws its error. */
  private async status(response: FetchResponse): Promise<number> {
    const text = await response.text();
    if (!this.core.reconnection.refuses(response.status)) {
      const delay = this.core.retryStatus(response.status, response.headers.get("Retry-After"));
      if (delay !== null) return delay;
    }
    throw errorFor(this.call, response.status, headerRecord(response), text, this.tolerant);
  }
}

/** One connection's bytes → the items to deliver (framing, the stream's rules, the bindings). */
class Feed<T> {
  private readonly reader: SseReader | NdjsonReader;

  constructor(
    private readonly core: StreamCore,
    private readonly decode: Decode<T>,
    private readonly tolerant: boolean,
  ) {
    this.reader =
      core.rules.framing === "sse" ? new SseReader({ lastEventId: core.lastEventId ?? "" }) : new NdjsonReader();
  }

  feed(chunk: Uint8Array): T[] {
    return this.records(this.reader.feed(chunk), null);
  }

  end(cut: string | null): T[] {
    return this.records(this.reader.end(), cut);
  }

  private records(records: readonly (SseRecord | NdjsonRecord)[], cut: string | null): T[] {
    const out: T[] = [];
    for (const record of records) {
      if (this.core.done) break;
      let text: string;
      let event: string | null = null;
      let eventId: string | null = null;
      if (record.kind === "error") {
        if (cut !== null && record.code === "truncated") continue; // the cut is reported as such
        throw new StreamRuleError(`framing.${record.code}`, record.message);
      } else if (record.kind === "event") {
        text = record.data;
        event = record.type;
        eventId = record.lastEventId || null;
      } else if (record.kind === "item") {
        text = record.text;
      } else continue; // retry: the server's reconnection time is advice the declared backoff overrides
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (error) {
        throw new StreamRuleError("item", `not JSON: ${firstLine(error)}`);
      }
      if (!this.core.accept(raw, event, eventId)) continue;
      try {
        out.push(this.decode(text, { tolerant: this.tolerant }));
      } catch (error) {
        throw new StreamRuleError("item", firstLine(error));
      }
    }
    return out;
  }
}

/** What the generated Client stands on: the engine's address, fetch, headers, strict or tolerant decoding. */
export class ClientBase<Tolerant extends boolean = false> {
  readonly baseUrl: string;
  private readonly fetcher: FetchFunction;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly tolerant: boolean;

  constructor(baseUrl: string, config: ClientConfig<Tolerant> = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.fetcher = config.fetch ?? ((url, init) => host.fetch(url, init));
    this.headers = { ...config.headers };
    this.tolerant = config.tolerant ?? false;
  }

  private request(call: Call, args: Args, body: Body, init: CallInit): Request {
    let path = call.path;
    const query: string[] = [];
    const headers: Record<string, string> = {};
    const cookies: string[] = [];
    for (const p of call.params) {
      const value = args[p.name];
      if (value === undefined || value === null) continue;
      const text = typeof value === "string" ? value : JSON.stringify(value);
      if (p.where === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(text));
      else if (p.where === "query") query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(text)}`);
      else if (p.where === "header") headers[p.name] = text;
      else cookies.push(`${p.name}=${text}`);
    }
    if (cookies.length > 0) headers.Cookie = cookies.join("; ");
    if (call.accept.length > 0) headers.Accept = call.accept.join(", ");
    if (call.body !== null && body !== null) headers["Content-Type"] = call.body;
    Object.assign(headers, this.headers, init.headers);
    const url = this.baseUrl + path + (query.length > 0 ? `?${query.join("&")}` : "");
    return { url, headers, body: call.body !== null ? body : null };
  }

  /** A call whose answer is one JSON value (or none). */
  // The answer's type T is the generated method's (Decoded): the decoder given is the bindings' for it.
  protected async callJson<T>(call: Call, args: Args, body: Body, decode: AnyDecode, init: CallInit = {}): Promise<T> {
    const request = this.request(call, args, body, init);
    const fetchInit: FetchInit = { method: call.method, headers: request.headers };
    if (request.body !== null) fetchInit.body = request.body;
    if (init.signal !== undefined) fetchInit.signal = init.signal;
    const response = await this.fetcher(request.url, fetchInit);
    const text = await response.text();
    if (response.status < 200 || response.status > 299)
      throw errorFor(call, response.status, headerRecord(response), text, this.tolerant);
    try {
      return decode(text, { tolerant: this.tolerant }) as T;
    } catch (error) {
      const detail = `not the declared body (${firstLine(error)})`;
      throw new UnexpectedResponse(response.status, text, headerRecord(response), detail);
    }
  }

  /** A call whose answer is a stream: its typed items, read as they come. */
  protected callStream<T>(
    call: Call,
    args: Args,
    body: Body,
    decode: AnyDecode,
    init: StreamInit = {},
  ): ClientStream<T> {
    if (call.rules === undefined) throw new Error(`${call.method} ${call.path} is not a stream`);
    const rules = init.options !== undefined ? withOptions(call.rules, init.options) : call.rules;
    const request = this.request(call, args, body, init);
    const { fetcher, tolerant } = this;
    return new ClientStream<T>({
      fetcher,
      call,
      rules,
      decode: decode as Decode<T>,
      tolerant,
      request,
      signal: init.signal,
    });
  }
}
