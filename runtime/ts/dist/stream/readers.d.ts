export declare const DEFAULT_MAX_LINE_BYTES: number;
export declare const DEFAULT_MAX_EVENT_BYTES: number;
/** The largest reconnection time accepted: what every language holds exactly. */
export declare const MAX_RETRY_MS: number;
/** A framing problem: `code` is utf8, line_too_long, event_too_long or truncated (decode: the host's decoder). */
export interface StreamError {
  readonly kind: "error";
  readonly code: string;
  readonly offset: number;
  readonly line: number;
  readonly message: string;
}
/** One non-blank NDJSON line (without its line end), where it starts. */
export interface NdjsonItem {
  readonly kind: "item";
  readonly text: string;
  readonly offset: number;
  readonly line: number;
}
/** A dispatched SSE event; `offset`/`line` are those of its first line. */
export interface SseEvent {
  readonly kind: "event";
  readonly type: string;
  readonly data: string;
  readonly lastEventId: string;
  readonly offset: number;
  readonly line: number;
}
/** A valid `retry` field: the reconnection time is now `ms`. */
export interface SseRetry {
  readonly kind: "retry";
  readonly ms: number;
  readonly offset: number;
  readonly line: number;
}
export type NdjsonRecord = NdjsonItem | StreamError;
export type SseRecord = SseEvent | SseRetry | StreamError;
export declare function streamError(code: string, offset: number, line: number, message: string): StreamError;
/** Index of the first byte of the first ill-formed UTF-8 sequence in `bytes`, or -1 (Unicode table 3-7). */
export declare function invalidUtf8At(bytes: Uint8Array): number;
/** The text of a line, or the utf8 error at its absolute offset. */
export declare function decodeLine(bytes: Uint8Array, start: number, line: number): string | StreamError;
export declare function tooLong(start: number, line: number, limit: number): StreamError;
/** The bytes of a line that arrives in pieces, kept without copying until it ends. */
export declare class LineBuffer {
  private pieces;
  length: number;
  push(piece: Uint8Array): void;
  /** The buffered bytes followed by `last`; the buffer is emptied. */
  take(last: Uint8Array): Uint8Array;
  clear(): void;
}
/**
 * Lines end at LF; one CR before the LF is dropped; blank lines (JSON
 * whitespace only) are skipped. Every byte before the LF counts against
 * `maxLineBytes`. A BOM is not special: it stays in the first item, where the
 * JSON decoder rejects it (docs/semantics.md, payload policy).
 */
export declare class NdjsonReader {
  private readonly max;
  private readonly pending;
  private skipping;
  private offset;
  private lineStart;
  private line;
  private ended;
  constructor(options?: {
    maxLineBytes?: number;
  });
  feed(chunk: Uint8Array): NdjsonRecord[];
  private takeLine;
  /** The end of the input: an unfinished, non-blank last line is `truncated`. */
  end(): NdjsonRecord[];
}
