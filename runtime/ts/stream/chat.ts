// The chat-stream client (schemas/README.md: `chat_stream`): citation buffer, reconnection with
// backoff, watchdog, terminal events, replay. ChatClient is a state machine
// with no I/O of its own: the host reports what happens (start, response,
// chunk, closed, abort; the scheduler fires the timers) and carries out the
// actions it gets (connect, cancel, retry, ...) and shows `text`. Lines are
// decoded by the host's `decode` (the generated bindings); event names, the
// terminal events, the no-retry statuses, the watchdog and the backoff are
// configuration filled from the contract's tables. The decisions where the
// seed is loose are those of the Python runtime's chat.py (docs/streams.md).
import { DEFAULT_MAX_LINE_BYTES, NdjsonReader, type NdjsonRecord, type StreamError, streamError } from "./readers.js";
import { type BackoffConfig, Reconnection, type Scheduler, Watchdog } from "./timing.js";

/**
 * Holds back text from a `[` until the `]` or line break that closes it.
 * Scanning resumes where the last feed stopped (the seed rescans from the
 * ready pointer; the result is the same, without quadratic time).
 */
export class CitationBuffer {
  private buffer = "";
  private readyLength = 0;
  private scanned = 0;
  private inCitation = false;

  /** Appends `chunk`; tells whether the ready text grew. */
  feed(chunk: string): boolean {
    if (chunk === "") return false;
    this.buffer += chunk;
    const before = this.readyLength;
    const text = this.buffer;
    for (let i = this.scanned; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x5b) this.inCitation = true; // [
      else if (code === 0x5d || code === 0x0a) this.inCitation = false; // ] or LF
      if (!this.inCitation) this.readyLength = i + 1;
    }
    this.scanned = text.length;
    return this.readyLength !== before;
  }

  get ready(): string {
    return this.buffer.slice(0, this.readyLength);
  }
  get full(): string {
    return this.buffer;
  }
  reset(): void {
    this.buffer = "";
    this.readyLength = this.scanned = 0;
    this.inCitation = false;
  }
}

/** A decoded event as the client needs it: its type, the text of a delta, the decoded value. */
export interface ChatEvent<V> {
  readonly type: string;
  readonly delta?: string | null;
  readonly value?: V;
}

export type ChatAction<V> =
  | { readonly kind: "connect"; readonly attempt: number }
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "event" | "terminal"; readonly event: ChatEvent<V> }
  | { readonly kind: "invalid"; readonly error: StreamError }
  | { readonly kind: "cancel"; readonly reason: "watchdog" | "aborted" }
  | { readonly kind: "retry"; readonly attempt: number; readonly delayMs: number }
  | { readonly kind: "failed"; readonly reason: "status" | "no_data" | "retries_exhausted" };

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

interface Connection {
  reader: NdjsonReader;
  gotData: boolean;
}

export class ChatClient<V> {
  private stateValue: ChatState = "idle";
  private readonly watchdog: Watchdog;
  private readonly citations = new CitationBuffer();
  private shown = "";
  private readonly reconnection: Reconnection;
  private connection: Connection | null = null;
  private retryTimer: unknown = null;
  private replayTimers: unknown[] = [];

  constructor(
    private readonly config: ChatClientConfig,
    private readonly scheduler: Scheduler,
    private readonly decode: (text: string) => ChatEvent<V>,
    private readonly onAction: (action: ChatAction<V>) => void,
  ) {
    this.watchdog = new Watchdog(scheduler, config.watchdogTimeoutMs, () => this.onWatchdog());
    this.reconnection = new Reconnection(config.backoff, config.noRetryStatuses);
  }

  get state(): ChatState {
    return this.stateValue;
  }
  /** The text shown now. */
  get text(): string {
    return this.shown;
  }

  start(): void {
    if (this.stateValue !== "idle") throw new Error(`ChatClient.start in state ${this.stateValue}`);
    this.connect();
  }

  /** The connection's HTTP status arrived (2xx: the body follows as chunks). */
  response(status: number): void {
    if (this.stateValue !== "connecting" || this.connection === null) return;
    if (status >= 200 && status <= 299) {
      this.stateValue = "open";
      this.watchdog.start();
    } else if (this.reconnection.refuses(status)) this.finishFailed("status");
    else this.dropped();
  }

  /** Bytes of the response body. */
  chunk(data: Uint8Array): void {
    const connection = this.connection;
    if (this.stateValue !== "open" || connection === null || data.length === 0) return;
    this.watchdog.reset();
    connection.gotData = true;
    this.reconnection.delivered();
    for (const record of connection.reader.feed(data)) {
      if (this.stateValue !== "open") return; // a terminal event ended the stream inside this chunk
      this.line(record);
    }
  }

  /** The connection ended (end of body or network error) without the client asking. */
  closed(): void {
    const connection = this.connection;
    if ((this.stateValue !== "connecting" && this.stateValue !== "open") || connection === null) return;
    for (const record of connection.reader.end()) this.line(record);
    if (this.stateValue === "connecting" || this.stateValue === "open") this.dropped();
  }

  /** The user stops the stream: never retried. */
  abort(): void {
    if (this.stateValue === "done" || this.stateValue === "failed" || this.stateValue === "aborted") return;
    this.stopTimers();
    this.stateValue = "aborted";
    this.connection = null;
    this.onAction({ kind: "cancel", reason: "aborted" });
  }

  /** Replay mode: `events` (see replayEvents) one every `spacingMs`, through the same handling. */
  play(events: readonly ChatEvent<V>[], spacingMs: number): void {
    if (this.stateValue !== "idle") throw new Error(`ChatClient.play in state ${this.stateValue}`);
    this.stateValue = "open";
    events.forEach((event, index) => {
      this.replayTimers.push(this.scheduler.schedule(index * spacingMs, () => this.stateValue === "open" && this.handle(event)));
    });
  }

  private connect(): void {
    this.stateValue = "connecting";
    this.connection = { reader: new NdjsonReader({ maxLineBytes: this.config.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES }), gotData: false };
    this.onAction({ kind: "connect", attempt: this.reconnection.attempt });
  }

  private line(record: NdjsonRecord): void {
    if (record.kind === "error") {
      this.onAction({ kind: "invalid", error: record });
      return;
    }
    let event: ChatEvent<V>;
    try {
      event = this.decode(record.text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.onAction({ kind: "invalid", error: streamError("decode", record.offset, record.line, message) });
      return;
    }
    this.handle(event);
  }

  private handle(event: ChatEvent<V>): void {
    const config = this.config;
    if (event.type === config.heartbeatEventType) return;
    if (event.type === config.streamStartEventType) {
      this.citations.reset();
      this.show("");
    } else if (event.type === config.messageDeltaEventType) {
      if (typeof event.delta === "string" && this.citations.feed(event.delta)) this.show(this.citations.ready);
      return;
    }
    if (config.terminalEventTypes.includes(event.type)) {
      this.show(this.citations.full);
      this.stopTimers();
      this.stateValue = "done";
      this.connection = null;
      this.onAction({ kind: "terminal", event });
      return;
    }
    this.onAction({ kind: "event", event });
  }

  private show(text: string): void {
    if (text === this.shown) return;
    this.shown = text;
    this.onAction({ kind: "text", text });
  }

  private onWatchdog(): void {
    if (this.stateValue !== "open") return;
    this.onAction({ kind: "cancel", reason: "watchdog" });
    this.dropped();
  }

  private dropped(): void {
    const connection = this.connection;
    this.watchdog.stop();
    this.connection = null;
    const next = this.reconnection.afterDrop(connection?.gotData ?? false);
    if (next.delayMs === null) {
      this.finishFailed(next.why === "no_data" ? "no_data" : "retries_exhausted");
      return;
    }
    const delayMs = next.delayMs;
    this.stateValue = "waiting";
    this.onAction({ kind: "retry", attempt: this.reconnection.attempt, delayMs });
    this.retryTimer = this.scheduler.schedule(delayMs, () => {
      this.retryTimer = null;
      if (this.stateValue === "waiting") this.connect();
    });
  }

  private finishFailed(reason: "status" | "no_data" | "retries_exhausted"): void {
    this.stopTimers();
    this.stateValue = "failed";
    this.connection = null;
    this.onAction({ kind: "failed", reason });
  }

  private stopTimers(): void {
    this.watchdog.stop();
    if (this.retryTimer !== null) this.scheduler.cancel(this.retryTimer);
    this.retryTimer = null;
    for (const handle of this.replayTimers) this.scheduler.cancel(handle);
    this.replayTimers = [];
  }
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
export function replayEvents(log: Uint8Array, finalMessage: string, heartbeatEventType: string, doneEventType: string,
                             maxLineBytes: number = DEFAULT_MAX_LINE_BYTES): Replay {
  JSON.parse(finalMessage); // must be a JSON text: it is spliced in verbatim
  const reader = new NdjsonReader({ maxLineBytes });
  const result: Replay = { events: [], errors: [] };
  for (const record of [...reader.feed(log), ...reader.end()]) {
    if (record.kind === "error") {
      result.errors.push(record);
      continue;
    }
    const type = eventType(record.text);
    if (type === null) {
      const message = 'not a JSON object with a string member "type"';
      result.errors.push(streamError("decode", record.offset, record.line, message));
    } else if (type !== heartbeatEventType) result.events.push(record.text);
  }
  result.events.push(`{"type":${JSON.stringify(doneEventType)},"message":${finalMessage}}`);
  return result;
}

function eventType(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const type = (value as Record<string, unknown>).type;
  return typeof type === "string" ? type : null;
}
