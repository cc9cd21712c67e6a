// The SSE reader: the WHATWG event-stream interpretation with strict UTF-8
// and size limits (see readers.ts for the rules all readers share).
import {
  DEFAULT_MAX_EVENT_BYTES,
  DEFAULT_MAX_LINE_BYTES,
  LineBuffer,
  MAX_RETRY_MS,
  decodeLine,
  streamError,
  tooLong,
} from "./readers.js";
const LF = 10;
const CR = 13;
const COLON = 0x3a;
const BOM = [0xef, 0xbb, 0xbf];
const asciiDecoder = new globalThis.TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** ASCII digits only (at least one), at most MAX_RETRY_MS; otherwise null. */
function retryValue(value) {
  if (!/^[0-9]+$/.test(value)) return null;
  const digits = value.replace(/^0+(?=.)/, "");
  if (digits.length > 16) return null;
  const ms = Number(digits);
  return ms <= MAX_RETRY_MS ? ms : null;
}
/** After an error the event being read is discarded and the reader skips to the next blank line. */
export class SseReader {
  /** The last event ID string: set when an event is dispatched (also with empty data). */
  lastEventId;
  /** The reconnection time from the last valid `retry` field, or null. */
  reconnectionTime = null;
  maxLine;
  maxEvent;
  pending = new LineBuffer();
  bomHeld = []; // the first bytes while they may be a BOM; null once decided
  afterCr = false; // the last line ended with CR: a LF next is part of its line end
  discardLine = false; // the rest of a too-long line
  discardEvent = false; // skipping to the next blank line
  offset = 0;
  lineStart = 0;
  line = 1;
  ended = false;
  data = [];
  dataBytes = 0;
  eventType = "";
  idBuffer;
  blockOffset = -1; // where the event's first line starts (-1: no line yet)
  blockLine = 0;
  constructor(options = {}) {
    this.maxLine = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.maxEvent = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
    this.lastEventId = this.idBuffer = options.lastEventId ?? "";
  }
  feed(chunk) {
    if (this.ended) throw new Error("SseReader.feed after end()");
    const out = [];
    let bytes = chunk;
    if (this.bomHeld !== null) {
      bytes = this.stripBom(bytes);
      if (this.bomHeld !== null) return out;
    }
    if (this.afterCr && bytes.length > 0) {
      this.afterCr = false;
      if (bytes[0] === LF) {
        bytes = bytes.subarray(1);
        this.offset += 1;
        this.lineStart += 1;
      }
    }
    const base = this.offset;
    const n = bytes.length;
    let pos = 0;
    let cr = bytes.indexOf(CR);
    let lf = bytes.indexOf(LF);
    if (cr < 0 && lf >= 0) {
      // Without a CR, the first line (which may continue buffered bytes) and then
      // all the rest up to the last LF at once (see asciiLines).
      this.completeLine(bytes.subarray(0, lf), out);
      pos = lf + 1;
      this.line += 1;
      this.lineStart = base + pos;
      pos = this.asciiLines(bytes, pos, base, out);
    }
    while (pos < n) {
      if (cr >= 0 && cr < pos) cr = bytes.indexOf(CR, pos);
      if (lf >= 0 && lf < pos) lf = bytes.indexOf(LF, pos);
      let end;
      let next;
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        end = cr;
        next = cr + 1 < n && bytes[cr + 1] === LF ? cr + 2 : cr + 1;
        if (cr + 1 === n) this.afterCr = true;
      } else if (lf >= 0) {
        end = lf;
        next = lf + 1;
      } else break;
      this.completeLine(bytes.subarray(pos, end), out);
      pos = next;
      this.line += 1;
      this.lineStart = base + pos;
    }
    if (pos < n) this.partial(bytes.subarray(pos), out);
    this.offset = base + n;
    return out;
  }
  // The complete lines from `pos` to the chunk's last LF (the chunk has no CR),
  // decoded with one call when they are all ASCII: then a character index is a
  // byte offset. Returns where the lines handled end (`pos` if none were).
  asciiLines(bytes, pos, base, out) {
    const last = bytes.lastIndexOf(LF);
    if (last < pos) return pos;
    const region = bytes.subarray(pos, last + 1);
    let text;
    try {
      text = asciiDecoder.decode(region);
    } catch {
      return pos;
    }
    if (text.length !== region.length) return pos; // not all ASCII: line by line
    for (let at = 0; at < text.length; ) {
      const lf = text.indexOf("\n", at);
      const line = text.slice(at, lf);
      if (this.startLine(line.length, out)) this.field(line, null, out);
      at = lf + 1;
      this.line += 1;
      this.lineStart = base + pos + at;
    }
    return last + 1;
  }
  // Compares the stream's first bytes with EF BB BF, across chunks.
  stripBom(bytes) {
    const held = this.bomHeld;
    let used = 0;
    while (held.length < 3 && used < bytes.length && bytes[used] === BOM[held.length]) held.push(bytes[used++]);
    if (held.length < 3 && used === bytes.length) return bytes.subarray(used); // still undecided
    this.bomHeld = null;
    if (held.length === 3) {
      this.offset = this.lineStart = 3;
      return bytes.subarray(used);
    }
    const joined = new Uint8Array(held.length + bytes.length - used);
    joined.set(held);
    joined.set(bytes.subarray(used), held.length);
    return joined;
  }
  partial(tail, out) {
    if (this.discardLine) return;
    if (this.discardEvent) {
      this.discardLine = true; // a non-empty line while skipping an event: never buffered
      return;
    }
    if (this.pending.length + tail.length > this.maxLine) {
      this.fail(tooLong(this.lineStart, this.line, this.maxLine), out);
      this.discardLine = true;
      this.pending.clear();
    } else {
      this.pending.push(tail);
    }
  }
  completeLine(piece, out) {
    if (this.discardLine) {
      this.discardLine = false;
      return;
    }
    const raw = this.pending.take(piece);
    if (!this.startLine(raw.length, out)) return;
    const text = decodeLine(raw, this.lineStart, this.line);
    if (typeof text !== "string") this.fail(text, out);
    else this.field(text, raw, out);
  }
  // A complete line of `length` bytes: a blank line dispatches (or ends the
  // skipping of a discarded event); tells whether the line is a field to read.
  startLine(length, out) {
    if (length === 0) {
      if (this.discardEvent) {
        this.discardEvent = false;
        this.blockOffset = -1;
      } else {
        this.dispatch(out);
      }
      return false;
    }
    if (this.discardEvent) return false;
    if (length > this.maxLine) {
      this.fail(tooLong(this.lineStart, this.line, this.maxLine), out);
      return false;
    }
    if (this.blockOffset < 0) {
      this.blockOffset = this.lineStart;
      this.blockLine = this.line;
    }
    return true;
  }
  // `raw`: the line's bytes, or null when the line is ASCII (one byte a character).
  field(text, raw, out) {
    const colon = text.indexOf(":");
    if (colon === 0) return; // a comment
    let name = text;
    let value = "";
    let valueBytes = 0;
    if (colon > 0) {
      name = text.slice(0, colon);
      value = text.slice(colon + 1);
      valueBytes = raw === null ? value.length : raw.length - raw.indexOf(COLON) - 1;
      if (value.startsWith(" ")) {
        value = value.slice(1);
        valueBytes -= 1;
      }
    }
    switch (name) {
      case "data":
        this.dataBytes += valueBytes + 1;
        if (this.dataBytes > this.maxEvent) {
          const message = `event data longer than ${this.maxEvent} bytes`;
          this.fail(streamError("event_too_long", this.lineStart, this.line, message), out);
          return;
        }
        this.data.push(value);
        return;
      case "event":
        this.eventType = value;
        return;
      case "id":
        if (!value.includes("\0")) this.idBuffer = value;
        return;
      case "retry": {
        const ms = retryValue(value);
        if (ms !== null) {
          this.reconnectionTime = ms;
          out.push({ kind: "retry", ms, offset: this.lineStart, line: this.line });
        }
        return;
      }
      default:
        return;
    }
  }
  dispatch(out) {
    this.lastEventId = this.idBuffer;
    const offset = this.blockOffset;
    const line = this.blockLine;
    this.blockOffset = -1;
    if (this.data.length === 0) {
      this.eventType = "";
      return;
    }
    const data = this.data.length === 1 ? this.data[0] : this.data.join("\n");
    out.push({ kind: "event", type: this.eventType || "message", data, lastEventId: this.lastEventId, offset, line });
    this.resetEvent();
  }
  fail(error, out) {
    out.push(error);
    this.discardEvent = true;
    this.resetEvent();
  }
  resetEvent() {
    this.data = [];
    this.dataBytes = 0;
    this.eventType = "";
  }
  /** The end of the input: a started, undispatched event is discarded and `truncated`. */
  end() {
    if (this.ended) return [];
    const out = [];
    if (this.bomHeld !== null && this.bomHeld.length > 0) {
      // Fewer than three bytes, all a prefix of the BOM: they are data.
      const held = Uint8Array.from(this.bomHeld);
      this.bomHeld = null;
      this.partial(held, out);
    }
    this.ended = true;
    if (this.discardEvent || this.discardLine) return out;
    if (this.pending.length > 0 || this.data.length > 0 || this.eventType !== "") {
      const [offset, line] = this.blockOffset >= 0 ? [this.blockOffset, this.blockLine] : [this.lineStart, this.line];
      out.push(streamError("truncated", offset, line, "stream ends inside an event (no blank line after it)"));
    }
    return out;
  }
}
