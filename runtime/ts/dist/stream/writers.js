// NDJSON and SSE writers: text that the readers read back exactly (send it
// UTF-8 encoded). What a reader could not give back unchanged is refused with
// a RangeError rather than written differently: a line break inside an
// NDJSON item, an SSE event name or id, a NUL in an id (the reader ignores
// such an id), a blank NDJSON item (the reader skips blank lines). SSE data
// is the one exception, because the format has no other way to carry a line
// break: data is split at CRLF, CR and LF into `data:` lines, which the reader
// joins with LF, so a bare CR is never written.
import { MAX_RETRY_MS } from "./readers.js";
const LINE_BREAK = /\r\n|\r|\n/;
/** One NDJSON line: the item's JSON text and a LF. */
export function ndjsonLine(text) {
  if (text.includes("\n") || text.includes("\r")) throw new RangeError("an NDJSON item must not contain a line break");
  if (/^[ \t]*$/.test(text)) throw new RangeError("an NDJSON item must not be blank");
  return `${text}\n`;
}
function field(name, value) {
  return value === "" ? `${name}:\n` : `${name}: ${value}\n`;
}
/** One SSE event: `event`, `id`, `retry`, the data lines and a blank line. */
export function sseEvent(data, fields = {}) {
  let out = "";
  if (fields.event !== undefined) {
    if (/[\r\n]/.test(fields.event)) throw new RangeError("an SSE event name must not contain a line break");
    out += field("event", fields.event);
  }
  if (fields.id !== undefined) {
    if (/[\r\n\0]/.test(fields.id)) throw new RangeError("an SSE id must not contain a line break or NUL");
    out += field("id", fields.id);
  }
  if (fields.retry !== undefined) {
    if (!Number.isInteger(fields.retry) || fields.retry < 0 || fields.retry > MAX_RETRY_MS)
      throw new RangeError("an SSE retry must be an integer from 0 to 2^53-1");
    out += field("retry", String(fields.retry));
  }
  for (const piece of data.split(LINE_BREAK)) out += field("data", piece);
  return `${out}\n`;
}
/** Comment lines (`: text`), e.g. a keep-alive; they do not end an event. */
export function sseComment(text) {
  return text
    .split(LINE_BREAK)
    .map((piece) => (piece === "" ? ":\n" : `: ${piece}\n`))
    .join("");
}
