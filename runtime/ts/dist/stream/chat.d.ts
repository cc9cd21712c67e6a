import { type StreamError } from "./readers.js";
import { type BackoffConfig, type Scheduler } from "./timing.js";
/**
 * Holds back text from a `[` until the `]` or line break that closes it.
 * Scanning resumes where the last feed stopped (the seed rescans from the
 * ready pointer; the result is the same, without quadratic time).
 */
export declare class CitationBuffer {
  private buffer;
  private readyLength;
  private scanned;
  private inCitation;
  /** Appends `chunk`; tells whether the ready text grew. */
  feed(chunk: string): boolean;
  get ready(): string;
  get full(): string;
  reset(): void;
}
/** A decoded event as the client needs it: its type, the text of a delta, the decoded value. */
export interface ChatEvent<V> {
  readonly type: string;
  readonly delta?: string | null;
  readonly value?: V;
}
export type ChatAction<V> =
  | {
      readonly kind: "connect";
      readonly attempt: number;
    }
  | {
      readonly kind: "text";
      readonly text: string;
    }
  | {
      readonly kind: "event" | "terminal";
      readonly event: ChatEvent<V>;
    }
  | {
      readonly kind: "invalid";
      readonly error: StreamError;
    }
  | {
      readonly kind: "cancel";
      readonly reason: "watchdog" | "aborted";
    }
  | {
      readonly kind: "retry";
      readonly attempt: number;
      readonly delayMs: number;
    }
  | {
      readonly kind: "failed";
      readonly reason: "status" | "no_data" | "retries_exhausted";
    };
export interface ChatClientConfig {
  readonly watchdogTimeoutMs: number;
  readonly backoff: BackoffConfig;
  readonly terminalEventTypes: readonly string[];
  readonly heartbeatEventType: string;
  readonly streamStartEventType: string;
  readonly messageDeltaEventType: string;
  readonly noRetryStatuses: readonly number[];
  readonly maxLineBytes?: number;
}
export type ChatState = "idle" | "connecting" | "open" | "waiting" | "done" | "failed" | "aborted";
export declare class ChatClient<V> {
  private readonly config;
  private readonly scheduler;
  private readonly decode;
  private readonly onAction;
  private stateValue;
  private readonly watchdog;
  private readonly citations;
  private shown;
  private readonly reconnection;
  private connection;
  private retryTimer;
  private replayTimers;
  constructor(
    config: ChatClientConfig,
    scheduler: Scheduler,
    decode: (text: string) => ChatEvent<V>,
    onAction: (action: ChatAction<V>) => void,
  );
  get state(): ChatState;
  /** The text shown now. */
  get text(): string;
  start(): void;
  /** The connection's HTTP status arrived (2xx: the body follows as chunks). */
  response(status: number): void;
  /** Bytes of the response body. */
  chunk(data: Uint8Array): void;
  /** The connection ended (end of body or network error) without the client asking. */
  closed(): void;
  /** The user stops the stream: never retried. */
  abort(): void;
  /** Replay mode: `events` (see replayEvents) one every `spacingMs`, through the same handling. */
  play(events: readonly ChatEvent<V>[], spacingMs: number): void;
  private connect;
  private line;
  private handle;
  private show;
  private onWatchdog;
  private dropped;
  private finishFailed;
  private stopTimers;
}
/** The events to replay (JSON texts, in order, the synthesised terminal event last) and the log's unreadable lines. */
export interface Replay {
  readonly events: string[];
  readonly errors: StreamError[];
}
/**
 * The `chat_stream` family's replay: the NDJSON log's events (one JSON event object a line)
 * without heartbeats, then `{"type": <done>, "message": <finalMessage>}`.
 * Event texts are kept as they are; `finalMessage` must be a JSON text.
 */
export declare function replayEvents(
  log: Uint8Array,
  finalMessage: string,
  heartbeatEventType: string,
  doneEventType: string,
  maxLineBytes?: number,
): Replay;
