// The rules of a stream as a generated client applies them, without I/O
// (docs/clients.md). `StreamRules` is the stream's part of the client model
// (src/ir/clients.h) as the generated client module writes it: a plain object,
// read by `streamRules`. `StreamCore` follows one call of a streaming
// operation across its connections: which headers a (re)connection sends
// (`Last-Event-ID`), what a status means (read, retry after a delay, fail),
// which records are delivered (heartbeats and replayed items are not), which
// rules they break (findings: a warning is reported and the item delivered, an
// error ends the stream with StreamRuleError) and what the end of a connection
// means (done, reconnect, or StreamFailed). The HTTP driver (client_http.ts)
// only moves bytes; `Reconnection` (timing.ts) is shared with the chat client.
// It mirrors the Python runtime's StreamCore, so that both clients give one
// outcome per shared scenario.
import { Reconnection } from "./timing.js";
/** Every error a generated client throws. */
export class ClientError extends Error {}
/** A declared error response: its status, decoded body (null when it has none) and headers. */
export class ApiError extends ClientError {
  status;
  body;
  headers;
  text;
  constructor(status, body, headers, text) {
    super(`HTTP ${status}: ${text.slice(0, 200)}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.text = text;
    this.name = "ApiError";
  }
}
/** A response the operation does not declare (or whose body is not what it declares). */
export class UnexpectedResponse extends ClientError {
  status;
  headers;
  text;
  constructor(status, text, headers, detail = "") {
    const start = text.slice(0, 200);
    super(`unexpected response: HTTP ${status}${detail ? `: ${detail}` : ""}: ${JSON.stringify(start)}`);
    this.status = status;
    this.headers = headers;
    this.name = "UnexpectedResponse";
    this.text = start;
  }
}
/** The stream ended without its end: `kind` is dropped, watchdog, terminal.missing or retries_exhausted. */
export class StreamFailed extends ClientError {
  kind;
  constructor(kind, message) {
    super(`${kind}: ${message}`);
    this.kind = kind;
    this.name = "StreamFailed";
  }
}
/** An item broke a rule of the stream whose severity is error (`rule`: verify's rule id). */
export class StreamRuleError extends ClientError {
  rule;
  constructor(rule, message) {
    super(`${rule}: ${message}`);
    this.rule = rule;
    this.name = "StreamRuleError";
  }
}
/** The rules of a stream from its part of the client model (what the generated client writes). */
export function streamRules(model) {
  const m = model;
  const rc = m.reconnect;
  return {
    framing: m.framing === "sse" ? "sse" : "ndjson",
    tagPointer: m.tag.pointer,
    tagDefault: m.tag.default,
    first: m.first,
    terminal: m.terminal.tags,
    terminalRequired: m.terminal.required,
    keyPointer: m.key,
    sequencePointer: m.sequence?.pointer ?? null,
    sequenceGapless: m.sequence?.gapless ?? false,
    sseEvents: m.sse?.events ?? [],
    sseEventPointer: m.sse?.eventPointer ?? null,
    sseIdPointer: m.sse?.idPointer ?? null,
    heartbeatTag: m.heartbeat?.tag ?? null,
    watchdogMs: m.watchdogMs,
    backoff: {
      initialDelayMs: rc.initialDelayMs,
      multiplier: rc.multiplier,
      maxDelayMs: rc.maxDelayMs,
      maxAttempts: rc.maxAttempts,
    },
    noRetryStatuses: rc.noRetryStatuses,
    warnings: warningsOf(m.severity ?? {}),
  };
}
/** The rules the stream weighs as warnings. */
function warningsOf(severity) {
  return new Set(Object.keys(severity).filter((rule) => severity[rule] === "warning"));
}
/** The rules with the caller's overrides. */
export function withOptions(rules, o) {
  const b = rules.backoff;
  return {
    ...rules,
    watchdogMs: o.watchdogMs ?? rules.watchdogMs,
    backoff: {
      initialDelayMs: o.initialDelayMs ?? b.initialDelayMs,
      multiplier: o.multiplier ?? b.multiplier,
      maxDelayMs: o.maxDelayMs ?? b.maxDelayMs,
      maxAttempts: o.maxAttempts ?? b.maxAttempts,
    },
  };
}
const MISSING = Symbol("missing");
/** An RFC 6901 pointer's tokens, unescaped (read once per stream, not per item). */
function pointerTokens(pointer) {
  if (pointer === null) return null;
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function pointerGet(value, tokens) {
  let at = value;
  for (const token of tokens) {
    if (isObject(at) && Object.hasOwn(at, token)) at = at[token];
    else if (Array.isArray(at) && /^[0-9]+$/.test(token) && Number(token) < at.length) at = at[Number(token)];
    else return MISSING;
  }
  return at;
}
/**
 * `pointerGet` for one pointer, made once per stream: a top-level member
 * (most rules) is one property read per item, without the general walk.
 */
function pointerGetter(tokens) {
  if (tokens === null) return null;
  if (tokens.length === 1) {
    const token = tokens[0];
    return (value) => {
      if (!isObject(value)) return pointerGet(value, tokens);
      return Object.hasOwn(value, token) ? value[token] : MISSING;
    };
  }
  return (value) => pointerGet(value, tokens);
}
/** `Retry-After` in delta-seconds (an HTTP date is not honoured: clocks differ). */
export function retryAfterMs(value) {
  if (value === null || !/^\s*[0-9]+\s*$/.test(value)) return null;
  return Number(value.trim()) * 1000;
}
/** One call of a streaming operation across its connections. */
export class StreamCore {
  rules;
  findings = [];
  reconnects = 0;
  lastEventId = null;
  done = false;
  reconnection;
  lastSeq = new Map();
  terminated = new Set();
  keys = new Set();
  connectionItems = 0; // records on this connection, heartbeats included
  connectionDelivered = 0;
  // accept() runs once per item: what it reads of the rules is read here once.
  tag;
  key;
  seq;
  event;
  id;
  idIsKey;
  constructor(rules) {
    this.rules = rules;
    this.reconnection = new Reconnection(rules.backoff, rules.noRetryStatuses);
    this.tag = pointerGetter(pointerTokens(rules.tagPointer) ?? []);
    this.key = pointerGetter(pointerTokens(rules.keyPointer));
    this.seq = pointerGetter(pointerTokens(rules.sequencePointer));
    this.event = pointerGetter(pointerTokens(rules.sseEventPointer));
    this.id = pointerGetter(pointerTokens(rules.sseIdPointer));
    this.idIsKey = rules.sseIdPointer !== null && rules.sseIdPointer === rules.keyPointer;
  }
  get resumable() {
    return this.rules.framing === "sse" && this.rules.sseIdPointer !== null;
  }
  requestHeaders() {
    return this.resumable && this.lastEventId ? { "Last-Event-ID": this.lastEventId } : {};
  }
  opened() {
    this.connectionItems = this.connectionDelivered = 0;
  }
  /** The delay before retrying a non-2XX status, or null: it is the caller's error. */
  retryStatus(status, retryAfter) {
    if ((status === 429 || status === 503) && !this.reconnection.refuses(status)) {
      const delay = this.reconnection.afterStatus(retryAfterMs(retryAfter));
      if (delay.delayMs !== null) this.reconnects += 1;
      return delay.delayMs;
    }
    return null;
  }
  /**
   * The connection ended (`cut`: why it was cut, null for a clean end): the
   * delay before reconnecting, or -1 when the stream is complete; throws
   * StreamFailed when it is neither.
   */
  ended(cut) {
    const allEnded = this.keys.size > 0 && [...this.keys].every((k) => this.terminated.has(k));
    if (this.done || (cut === null && (!this.rules.terminalRequired || allEnded))) {
      this.done = true;
      return -1;
    }
    const kind = cut ?? "terminal.missing";
    const next = this.reconnection.afterDrop(this.connectionItems > 0);
    if (next.delayMs === null) {
      const reason = next.why === "no_data" ? "before any item" : "no reconnection left";
      const failed = next.why === "no_data" || this.rules.backoff.maxAttempts === 0 ? kind : next.why;
      throw new StreamFailed(failed, `the stream ended without its terminal item (${reason})`);
    }
    this.reconnects += 1;
    return next.delayMs;
  }
  finding(rule, message) {
    if (!this.rules.warnings.has(rule)) throw new StreamRuleError(rule, message);
    this.findings.push({ rule, message });
  }
  /**
   * Applies the rules to one parsed JSON item (and its SSE event name and
   * id): whether to deliver it. Throws StreamRuleError for a broken rule of
   * severity error.
   */
  accept(item, event = null, eventId = null) {
    const r = this.rules;
    this.connectionItems += 1;
    if (this.connectionItems === 1) this.reconnection.delivered();
    if (event !== null) {
      if (r.sseEvents.length > 0 && !r.sseEvents.includes(event))
        this.finding("sse.event", `event ${JSON.stringify(event)}, not one of ${JSON.stringify(r.sseEvents)}`);
      if (this.event !== null && this.event(item) !== event)
        this.finding("sse.event", `event ${JSON.stringify(event)} is not the item's ${r.sseEventPointer}`);
    }
    let own = MISSING; // the item's id, when it was read: the key too when they share a pointer
    if (this.id !== null && eventId) {
      own = this.id(item);
      if (own !== MISSING && own !== eventId) {
        const what = `id ${JSON.stringify(eventId)} is not the item's ${r.sseIdPointer}`;
        this.finding("sse.id", `${what} (${String(own)})`);
      }
    }
    if (eventId) this.lastEventId = eventId;
    const found = this.tag(item);
    const tag = found === MISSING ? r.tagDefault : found;
    let key = null;
    if (this.key !== null) {
      key = this.idIsKey && own !== MISSING ? own : this.key(item);
      if (key === MISSING) key = null;
      else if (typeof key === "object" && key !== null) key = JSON.stringify(key);
    }
    if (this.seq !== null) {
      const seq = this.seq(item);
      if (typeof seq === "number" && Number.isInteger(seq)) {
        const last = this.lastSeq.get(key);
        if (last !== undefined) {
          if (seq <= last) {
            if (this.reconnects > 0) return false; // sent again after a reconnection: delivered already
            const at = `seq ${seq} after ${last} (key ${String(key)})`;
            this.finding(seq === last ? "sequence.duplicate" : "sequence.reorder", at);
            return false;
          }
          if (seq > last + 1 && r.sequenceGapless) {
            const lost = seq - last - 1;
            this.finding("sequence.gap", `seq ${seq} after ${last} (key ${String(key)}): ${lost} lost`);
          }
        }
        this.lastSeq.set(key, seq);
      }
    }
    if (r.heartbeatTag !== null && tag === r.heartbeatTag) return false; // it kept the connection alive
    this.connectionDelivered += 1;
    const firstOfKey = this.seq !== null ? !this.keys.has(key) : this.connectionDelivered === 1;
    if (this.terminated.has(key)) {
      this.finding("terminal.after", `an item after the terminal one (key ${String(key)})`);
      return false;
    }
    this.keys.add(key);
    if (firstOfKey && r.first.length > 0 && !r.first.includes(tag))
      this.finding("first", `the first item is ${JSON.stringify(tag)}, not one of ${JSON.stringify(r.first)}`);
    if (typeof tag === "string" && r.terminal.includes(tag)) {
      this.terminated.add(key);
      if (r.keyPointer === null) this.done = true;
    }
    return true;
  }
}
