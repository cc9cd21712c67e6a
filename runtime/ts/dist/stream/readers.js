// Incremental NDJSON and SSE readers: feed byte chunks of any size, get
// records out. The rules (docs/streams.md) are those of the C++ and Python
// runtimes, and the shared vectors of tests/stream/ prove it at every
// chunking: strict UTF-8 (an invalid sequence is an error at its first byte,
// never U+FFFD), a maximum line size enforced before anything is buffered,
// errors with the byte offset and the 1-based line, reading resumed after an
// error (NDJSON at the next line, SSE at the next event), and `end()`
// reporting input cut off inside a line or an event.
//
// The SSE reader follows the WHATWG HTML "event stream" interpretation: one
// leading BOM stripped, CR / LF / CRLF line ends, `data` lines joined with
// LF, `event`, `id` (ignored if it contains NUL, kept across events), `retry`
// (ASCII digits only), `:` comments, fields without a colon, one space after
// the colon stripped, dispatch on a blank line, never with empty data.
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
export const DEFAULT_MAX_EVENT_BYTES = 16 * 1024 * 1024;
/** The largest reconnection time accepted: what every language holds exactly. */
export const MAX_RETRY_MS = Number.MAX_SAFE_INTEGER;
export function streamError(code, offset, line, message) {
  return { kind: "error", code, offset, line, message };
}
const decoder = new globalThis.TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** Index of the first byte of the first ill-formed UTF-8 sequence in `bytes`, or -1 (Unicode table 3-7). */
export function invalidUtf8At(bytes) {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + need >= n) return i; // cut off by the end of the line
    const second = bytes[i + 1];
    if (second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const next = bytes[i + k];
      if (next < 0x80 || next > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}
/** The text of a line, or the utf8 error at its absolute offset. */
export function decodeLine(bytes, start, line) {
  try {
    return decoder.decode(bytes);
  } catch {
    const at = invalidUtf8At(bytes);
    const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, "0");
    return streamError("utf8", start + at, line, `invalid UTF-8 (byte 0x${byte})`);
  }
}
export function tooLong(start, line, limit) {
  return streamError("line_too_long", start, line, `line longer than ${limit} bytes`);
}
/** The bytes of a line that arrives in pieces, kept without copying until it ends. */
export class LineBuffer {
  pieces = [];
  length = 0;
  push(piece) {
    if (piece.length === 0) return;
    this.pieces.push(piece.slice());
    this.length += piece.length;
  }
  /** The buffered bytes followed by `last`; the buffer is emptied. */
  take(last) {
    if (this.pieces.length === 0) return last;
    const out = new Uint8Array(this.length + last.length);
    let at = 0;
    for (const piece of this.pieces) {
      out.set(piece, at);
      at += piece.length;
    }
    out.set(last, at);
    this.clear();
    return out;
  }
  clear() {
    this.pieces = [];
    this.length = 0;
  }
}
const LF = 10;
const CR = 13;
function isBlank(bytes) {
  for (const b of bytes) if (b !== 0x20 && b !== 0x09 && b !== CR) return false;
  return true;
}
/**
 * Lines end at LF; one CR before the LF is dropped; blank lines (JSON
 * whitespace only) are skipped. Every byte before the LF counts against
 * `maxLineBytes`. A BOM is not special: it stays in the first item, where the
 * JSON decoder rejects it (docs/semantics.md, payload policy).
 */
export class NdjsonReader {
  max;
  pending = new LineBuffer();
  skipping = false; // inside a line already reported too long
  offset = 0; // stream offset of the next byte fed
  lineStart = 0;
  line = 1;
  ended = false;
  constructor(options = {}) {
    this.max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }
  feed(chunk) {
    if (this.ended) throw new Error("NdjsonReader.feed after end()");
    const out = [];
    const base = this.offset;
    let pos = 0;
    for (let lf = chunk.indexOf(LF, pos); lf >= 0; lf = chunk.indexOf(LF, pos)) {
      if (this.skipping) {
        this.skipping = false;
        this.pending.clear();
      } else {
        this.takeLine(this.pending.take(chunk.subarray(pos, lf)), out);
      }
      pos = lf + 1;
      this.line += 1;
      this.lineStart = base + pos;
    }
    if (pos < chunk.length && !this.skipping) {
      if (this.pending.length + chunk.length - pos > this.max) {
        out.push(tooLong(this.lineStart, this.line, this.max));
        this.skipping = true;
        this.pending.clear();
      } else {
        this.pending.push(chunk.subarray(pos));
      }
    }
    this.offset = base + chunk.length;
    return out;
  }
  takeLine(raw, out) {
    if (raw.length > this.max) {
      out.push(tooLong(this.lineStart, this.line, this.max));
      return;
    }
    if (isBlank(raw)) return;
    const body = raw[raw.length - 1] === CR ? raw.subarray(0, raw.length - 1) : raw;
    const text = decodeLine(body, this.lineStart, this.line);
    out.push(typeof text === "string" ? { kind: "item", text, offset: this.lineStart, line: this.line } : text);
  }
  /** The end of the input: an unfinished, non-blank last line is `truncated`. */
  end() {
    if (this.ended) return [];
    this.ended = true;
    if (this.skipping || isBlank(this.pending.take(new Uint8Array(0)))) return [];
    return [streamError("truncated", this.lineStart, this.line, "stream ends inside a line (no line feed after it)")];
  }
}
