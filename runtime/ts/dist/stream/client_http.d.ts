import { StreamCore } from "./client_core.js";
import type { ClientFinding, StreamOptions, StreamRules } from "./client_core.js";
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}
interface BodyReader {
  read(): Promise<{
    done: boolean;
    value?: Uint8Array;
  }>;
  cancel(reason?: unknown): Promise<void>;
}
export interface FetchResponse {
  readonly status: number;
  readonly headers: {
    get(name: string): string | null;
    forEach(callback: (value: string, name: string) => void): void;
  };
  readonly body: {
    getReader(): BodyReader;
  } | null;
  text(): Promise<string>;
}
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignalLike;
}
export type FetchFunction = (url: string, init: FetchInit) => Promise<FetchResponse>;
/** A decoder of the bindings (decodeX): JSON text → a typed value, strict or tolerant. */
export type Decode<T> = (
  text: string,
  options: {
    readonly tolerant: boolean;
  },
) => T;
/** A decoder whose answer's type the caller states (ClientBase.callJson, callStream). */
export type AnyDecode = Decode<unknown>;
/** An encoder of the bindings (encodeX): a typed value → JSON text. */
export type Encode<T> = (value: T) => string;
export interface Param {
  readonly name: string;
  readonly where: "path" | "query" | "header" | "cookie";
}
export interface Call {
  readonly method: string;
  readonly path: string;
  readonly params: readonly Param[];
  readonly accept: readonly string[];
  readonly body: string | null;
  readonly errors: readonly (readonly [string, Decode<unknown> | null])[];
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
export declare const anyJson: Decode<unknown>;
/** The decoder of a response without content. */
export declare const noContent: Decode<undefined>;
export interface Request {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
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
export declare class ClientStream<T> implements AsyncIterable<T> {
  readonly core: StreamCore;
  private readonly fetcher;
  private readonly call;
  private readonly decode;
  private readonly tolerant;
  private readonly request;
  private readonly signal;
  constructor(setup: StreamSetup<T>);
  /** The broken rules weighed as warnings, in order (the items were delivered). */
  get findings(): readonly ClientFinding[];
  /** How many times the client connected again. */
  get reconnects(): number;
  [Symbol.asyncIterator](): AsyncIterator<T>;
  private run;
  /** The items of a chunk, up to the caller's abort (which may come while it reads one of them). */
  private deliver;
  /** A non-2XX answer: milliseconds to wait before retrying, or throws its error. */
  private status;
}
/** What the generated Client stands on: the engine's address, fetch, headers, strict or tolerant decoding. */
export declare class ClientBase<Tolerant extends boolean = false> {
  readonly baseUrl: string;
  private readonly fetcher;
  private readonly headers;
  private readonly tolerant;
  constructor(baseUrl: string, config?: ClientConfig<Tolerant>);
  private request;
  /** A call whose answer is one JSON value (or none). */
  protected callJson<T>(call: Call, args: Args, body: Body, decode: AnyDecode, init?: CallInit): Promise<T>;
  /** A call whose answer is a stream: its typed items, read as they come. */
  protected callStream<T>(call: Call, args: Args, body: Body, decode: AnyDecode, init?: StreamInit): ClientStream<T>;
}
export {};
