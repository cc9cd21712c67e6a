/** One NDJSON line: the item's JSON text and a LF. */
export declare function ndjsonLine(text: string): string;
export interface SseFields {
  /** Absent: the reader's default type, `message`. */
  event?: string;
  /** Absent: no id line, so the reader keeps the last id (`""` clears it). */
  id?: string;
  retry?: number;
}
/** One SSE event: `event`, `id`, `retry`, the data lines and a blank line. */
export declare function sseEvent(data: string, fields?: SseFields): string;
/** Comment lines (`: text`), e.g. a keep-alive; they do not end an event. */
export declare function sseComment(text: string): string;
