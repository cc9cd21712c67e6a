// HTTP for the generated operation clients (client.ts of the package;
// docs/clients.md): `fetch`, `ReadableStream` and `AbortSignal`, the same code
// in browsers and Node 18+. The generated module describes each method as a
// `Call` (the client model of src/ir/clients.h: method, path, parameters,
// `Accept`, body media type, declared errors, stream rules) and calls
// ClientBase. The rules themselves (what is delivered, findings,
// reconnection, `Last-Event-ID`, `Retry-After`) are StreamCore's
// (client_core.ts); the watchdog is timing.ts's, which aborts the connection
// when no byte came for its time. This module moves bytes.
import { ApiError, StreamCore, StreamRuleError, UnexpectedResponse, withOptions } from "./client_core.js";
import { NdjsonReader } from "./readers.js";
import { SseReader } from "./sse.js";
import { TimerScheduler, Watchdog } from "./timing.js";
const host = globalThis;
/** The decoder of a JSON body the operation does not type. */
export const anyJson = (text) => JSON.parse(text);
/** The decoder of a response without content. */
export const noContent = () => undefined;
function headerRecord(response) {
  const out = {};
  response.headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}
/** The declared response for a status: exact first, then its range, then default. */
function declared(call, status) {
  const text = String(status);
  for (const wanted of [text, `${text[0]}XX`, "default"])
    for (const [status, decode] of call.errors) if (status === wanted) return { found: true, decode };
  return { found: false, decode: null };
}
function firstLine(error) {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
function errorFor(call, status, headers, text, tolerant) {
  const { found, decode } = declared(call, status);
  if (!found) return new UnexpectedResponse(status, text, headers);
  let body = null;
  if (decode !== null) {
    try {
      body = decode(text, { tolerant });
    } catch (error) {
      return new UnexpectedResponse(status, text, headers, `not the declared body (${firstLine(error)})`);
    }
  }
  return new ApiError(status, body, headers, text);
}
function sleep(ms, signal) {
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
/** The items of a streaming call, typed; reconnects by the stream's rules. */
export class ClientStream {
  core;
  fetcher;
  call;
  decode;
  tolerant;
  request;
  signal;
  constructor(setup) {
    this.fetcher = setup.fetcher;
    this.call = setup.call;
    this.decode = setup.decode;
    this.tolerant = setup.tolerant;
    this.request = setup.request;
    this.signal = setup.signal;
    this.core = new StreamCore(setup.rules);
  }
  /** The broken rules weighed as warnings, in order (the items were delivered). */
  get findings() {
    return this.core.findings;
  }
  /** How many times the client connected again. */
  get reconnects() {
    return this.core.reconnects;
  }
  [Symbol.asyncIterator]() {
    return this.run();
  }
  async *run() {
    for (;;) {
      const controller = new host.AbortController();
      const stop = () => controller.abort(this.signal?.reason);
      this.signal?.addEventListener("abort", stop);
      let cut = null;
      try {
        const init = {
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
  *deliver(items) {
    for (const item of items) {
      if (this.signal?.aborted) throw this.signal.reason;
      yield item;
    }
  }
  /** A non-2XX answer: milliseconds to wait before retrying, or throws its error. */
  async status(response) {
    const text = await response.text();
    if (!this.core.reconnection.refuses(response.status)) {
      const delay = this.core.retryStatus(response.status, response.headers.get("Retry-After"));
      if (delay !== null) return delay;
    }
    throw errorFor(this.call, response.status, headerRecord(response), text, this.tolerant);
  }
}
/** One connection's bytes → the items to deliver (framing, the stream's rules, the bindings). */
class Feed {
  core;
  decode;
  tolerant;
  reader;
  constructor(core, decode, tolerant) {
    this.core = core;
    this.decode = decode;
    this.tolerant = tolerant;
    this.reader =
      core.rules.framing === "sse" ? new SseReader({ lastEventId: core.lastEventId ?? "" }) : new NdjsonReader();
  }
  feed(chunk) {
    return this.records(this.reader.feed(chunk), null);
  }
  end(cut) {
    return this.records(this.reader.end(), cut);
  }
  records(records, cut) {
    const out = [];
    for (const record of records) {
      if (this.core.done) break;
      let text;
      let event = null;
      let eventId = null;
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
      let raw;
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
export class ClientBase {
  baseUrl;
  fetcher;
  headers;
  tolerant;
  constructor(baseUrl, config = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.fetcher = config.fetch ?? ((url, init) => host.fetch(url, init));
    this.headers = { ...config.headers };
    this.tolerant = config.tolerant ?? false;
  }
  request(call, args, body, init) {
    let path = call.path;
    const query = [];
    const headers = {};
    const cookies = [];
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
  async callJson(call, args, body, decode, init = {}) {
    const request = this.request(call, args, body, init);
    const fetchInit = { method: call.method, headers: request.headers };
    if (request.body !== null) fetchInit.body = request.body;
    if (init.signal !== undefined) fetchInit.signal = init.signal;
    const response = await this.fetcher(request.url, fetchInit);
    const text = await response.text();
    if (response.status < 200 || response.status > 299)
      throw errorFor(call, response.status, headerRecord(response), text, this.tolerant);
    try {
      return decode(text, { tolerant: this.tolerant });
    } catch (error) {
      const detail = `not the declared body (${firstLine(error)})`;
      throw new UnexpectedResponse(response.status, text, headerRecord(response), detail);
    }
  }
  /** A call whose answer is a stream: its typed items, read as they come. */
  callStream(call, args, body, decode, init = {}) {
    if (call.rules === undefined) throw new Error(`${call.method} ${call.path} is not a stream`);
    const rules = init.options !== undefined ? withOptions(call.rules, init.options) : call.rules;
    const request = this.request(call, args, body, init);
    const { fetcher, tolerant } = this;
    return new ClientStream({
      fetcher,
      call,
      rules,
      decode: decode,
      tolerant,
      request,
      signal: init.signal,
    });
  }
}
