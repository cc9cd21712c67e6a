// The chat-stream client (schemas/README.md: `chat_stream`): citation buffer, reconnection with
// backoff, watchdog, terminal events, replay. ChatClient is a state machine
// with no I/O of its own: the host reports what happens (start, response,
// chunk, closed, abort; the scheduler fires the timers) and carries out the
// actions it gets (connect, cancel, retry, ...) and shows `text`. Lines are
// decoded by the host's `decode` (the generated bindings); event names, the
// terminal events, the no-retry statuses, the watchdog and the backoff are
// configuration filled from the contract's tables. The decisions where the
// seed is loose are those of the Python runtime's chat.py (docs/streams.md).
import { DEFAULT_MAX_LINE_BYTES, NdjsonReader, streamError } from "./readers.js";
import { Reconnection, Watchdog } from "./timing.js";
/**
 * Holds back text from a `[` until the `]` or line break that closes it.
 * Scanning resumes where the last feed stopped (the seed rescans from the
 * ready pointer; the result is the same, without quadratic time).
 */
export class CitationBuffer {
  buffer = "";
  readyLength = 0;
  scanned = 0;
  inCitation = false;
  /** Appends `chunk`; tells whether the ready text grew. */
  feed(chunk) {
    if (chunk === "") return false;
    this.buffer += chunk;
    const before = this.readyLength;
    const text = this.buffer;
    for (let i = this.scanned; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x5b)
        this.inCitation = true; // [
      else if (code === 0x5d || code === 0x0a) this.inCitation = false; // ] or LF
      if (!this.inCitation) this.readyLength = i + 1;
    }
    this.scanned = text.length;
    return this.readyLength !== before;
  }
  get ready() {
    return this.buffer.slice(0, this.readyLength);
  }
  get full() {
    return this.buffer;
  }
  reset() {
    this.buffer = "";
    this.readyLength = this.scanned = 0;
    this.inCitation = false;
  }
}
export class ChatClient {
  config;
  scheduler;
  decode;
  onAction;
  stateValue = "idle";
  watchdog;
  citations = new CitationBuffer();
  shown = "";
  reconnection;
  connection = null;
  retryTimer = null;
  replayTimers = [];
  constructor(config, scheduler, decode, onAction) {
    this.config = config;
    this.scheduler = scheduler;
    this.decode = decode;
    this.onAction = onAction;
    this.watchdog = new Watchdog(scheduler, config.watchdogTimeoutMs, () => this.onWatchdog());
    this.reconnection = new Reconnection(config.backoff, config.noRetryStatuses);
  }
  get state() {
    return this.stateValue;
  }
  /** The text shown now. */
  get text() {
    return this.shown;
  }
  start() {
    if (this.stateValue !== "idle") throw new Error(`ChatClient.start in state ${this.stateValue}`);
    this.connect();
  }
  /** The connection's HTTP status arrived (2xx: the body follows as chunks). */
  response(status) {
    if (this.stateValue !== "connecting" || this.connection === null) return;
    if (status >= 200 && status <= 299) {
      this.stateValue = "open";
      this.watchdog.start();
    } else if (this.reconnection.refuses(status)) this.finishFailed("status");
    else this.dropped();
  }
  /** Bytes of the response body. */
  chunk(data) {
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
  closed() {
    const connection = this.connection;
    if ((this.stateValue !== "connecting" && this.stateValue !== "open") || connection === null) return;
    for (const record of connection.reader.end()) this.line(record);
    if (this.stateValue === "connecting" || this.stateValue === "open") this.dropped();
  }
  /** The user stops the stream: never retried. */
  abort() {
    if (this.stateValue === "done" || this.stateValue === "failed" || this.stateValue === "aborted") return;
    this.stopTimers();
    this.stateValue = "aborted";
    this.connection = null;
    this.onAction({ kind: "cancel", reason: "aborted" });
  }
  /** Replay mode: `events` (see replayEvents) one every `spacingMs`, through the same handling. */
  play(events, spacingMs) {
    if (this.stateValue !== "idle") throw new Error(`ChatClient.play in state ${this.stateValue}`);
    this.stateValue = "open";
    events.forEach((event, index) => {
      this.replayTimers.push(
        this.scheduler.schedule(index * spacingMs, () => this.stateValue === "open" && this.handle(event)),
      );
    });
  }
  connect() {
    this.stateValue = "connecting";
    this.connection = {
      reader: new NdjsonReader({ maxLineBytes: this.config.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES }),
      gotData: false,
    };
    this.onAction({ kind: "connect", attempt: this.reconnection.attempt });
  }
  line(record) {
    if (record.kind === "error") {
      this.onAction({ kind: "invalid", error: record });
      return;
    }
    let event;
    try {
      event = this.decode(record.text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.onAction({ kind: "invalid", error: streamError("decode", record.offset, record.line, message) });
      return;
    }
    this.handle(event);
  }
  handle(event) {
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
  show(text) {
    if (text === this.shown) return;
    this.shown = text;
    this.onAction({ kind: "text", text });
  }
  onWatchdog() {
    if (this.stateValue !== "open") return;
    this.onAction({ kind: "cancel", reason: "watchdog" });
    this.dropped();
  }
  dropped() {
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
  finishFailed(reason) {
    this.stopTimers();
    this.stateValue = "failed";
    this.connection = null;
    this.onAction({ kind: "failed", reason });
  }
  stopTimers() {
    this.watchdog.stop();
    if (this.retryTimer !== null) this.scheduler.cancel(this.retryTimer);
    this.retryTimer = null;
    for (const handle of this.replayTimers) this.scheduler.cancel(handle);
    this.replayTimers = [];
  }
}
/**
 * The `chat_stream` family's replay: the NDJSON log's events (one JSON event object a line)
 * without heartbeats, then `{"type": <done>, "message": <finalMessage>}`.
 * Event texts are kept as they are; `finalMessage` must be a JSON text.
 */
export function replayEvents(
  log,
  finalMessage,
  heartbeatEventType,
  doneEventType,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
) {
  JSON.parse(finalMessage); // must be a JSON text: it is spliced in verbatim
  const reader = new NdjsonReader({ maxLineBytes });
  const result = { events: [], errors: [] };
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
function eventType(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const type = value.type;
  return typeof type === "string" ? type : null;
}
