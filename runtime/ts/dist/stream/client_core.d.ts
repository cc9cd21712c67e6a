import { type BackoffConfig, Reconnection } from "./timing.js";
/** Every error a generated client throws. */
export declare class ClientError extends Error {}
/** A declared error response: its status, decoded body (null when it has none) and headers. */
export declare class ApiError extends ClientError {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  constructor(status: number, body: unknown, headers: Readonly<Record<string, string>>, text: string);
}
/** A response the operation does not declare (or whose body is not what it declares). */
export declare class UnexpectedResponse extends ClientError {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  constructor(status: number, text: string, headers: Readonly<Record<string, string>>, detail?: string);
}
/** The stream ended without its end: `kind` is dropped, watchdog, terminal.missing or retries_exhausted. */
export declare class StreamFailed extends ClientError {
  readonly kind: string;
  constructor(kind: string, message: string);
}
/** An item broke a rule of the stream whose severity is error (`rule`: verify's rule id). */
export declare class StreamRuleError extends ClientError {
  readonly rule: string;
  constructor(rule: string, message: string);
}
/** A broken rule weighed as a warning: reported, and the item delivered. */
export interface ClientFinding {
  readonly rule: string;
  readonly message: string;
}
/** The stream's part of the client model, as the generated client writes it (src/ir/clients.h). */
export interface StreamModel {
  readonly framing: string;
  readonly tag: {
    readonly pointer: string;
    readonly default: string | null;
  };
  readonly first: readonly string[];
  readonly terminal: {
    readonly tags: readonly string[];
    readonly required: boolean;
  };
  readonly key: string | null;
  readonly sequence: {
    readonly pointer: string;
    readonly gapless: boolean;
  } | null;
  readonly sse: {
    readonly events: readonly string[];
    readonly eventPointer?: string | null;
    readonly idPointer?: string | null;
  } | null;
  readonly heartbeat: {
    readonly tag?: string | null;
  } | null;
  readonly watchdogMs: number | null;
  readonly reconnect: BackoffConfig & {
    readonly noRetryStatuses: readonly number[];
  };
  readonly severity?: Readonly<Record<string, string>>;
}
/** The caller's overrides of a stream's rules. */
export interface StreamOptions {
  readonly watchdogMs?: number;
  readonly maxAttempts?: number;
  readonly initialDelayMs?: number;
  readonly multiplier?: number;
  readonly maxDelayMs?: number;
}
export interface StreamRules {
  readonly framing: "sse" | "ndjson";
  readonly tagPointer: string;
  readonly tagDefault: string | null;
  readonly first: readonly string[];
  readonly terminal: readonly string[];
  readonly terminalRequired: boolean;
  readonly keyPointer: string | null;
  readonly sequencePointer: string | null;
  readonly sequenceGapless: boolean;
  readonly sseEvents: readonly string[];
  readonly sseEventPointer: string | null;
  readonly sseIdPointer: string | null;
  readonly heartbeatTag: string | null;
  readonly watchdogMs: number | null;
  readonly backoff: BackoffConfig;
  readonly noRetryStatuses: readonly number[];
  readonly warnings: ReadonlySet<string>;
}
/** The rules of a stream from its part of the client model (what the generated client writes). */
export declare function streamRules(model: unknown): StreamRules;
/** The rules with the caller's overrides. */
export declare function withOptions(rules: StreamRules, o: StreamOptions): StreamRules;
/** `Retry-After` in delta-seconds (an HTTP date is not honoured: clocks differ). */
export declare function retryAfterMs(value: string | null): number | null;
/** One call of a streaming operation across its connections. */
export declare class StreamCore {
  readonly rules: StreamRules;
  readonly findings: ClientFinding[];
  reconnects: number;
  lastEventId: string | null;
  done: boolean;
  readonly reconnection: Reconnection;
  private readonly lastSeq;
  private readonly terminated;
  private readonly keys;
  private connectionItems;
  private connectionDelivered;
  private readonly tag;
  private readonly key;
  private readonly seq;
  private readonly event;
  private readonly id;
  private readonly idIsKey;
  constructor(rules: StreamRules);
  get resumable(): boolean;
  requestHeaders(): Record<string, string>;
  opened(): void;
  /** The delay before retrying a non-2XX status, or null: it is the caller's error. */
  retryStatus(status: number, retryAfter: string | null): number | null;
  /**
   * The connection ended (`cut`: why it was cut, null for a clean end): the
   * delay before reconnecting, or -1 when the stream is complete; throws
   * StreamFailed when it is neither.
   */
  ended(cut: string | null): number;
  private finding;
  /**
   * Applies the rules to one parsed JSON item (and its SSE event name and
   * id): whether to deliver it. Throws StreamRuleError for a broken rule of
   * severity error.
   */
  accept(item: unknown, event?: string | null, eventId?: string | null): boolean;
}
