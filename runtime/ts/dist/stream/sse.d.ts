import { type SseRecord } from "./readers.js";
export interface SseReaderOptions {
  maxLineBytes?: number;
  /** Bounds an event's data buffer as the standard builds it: each data line's value plus one LF. */
  maxEventBytes?: number;
  /** Seeds the last event ID (to resume after a reconnection, as EventSource keeps it). */
  lastEventId?: string;
}
/** After an error the event being read is discarded and the reader skips to the next blank line. */
export declare class SseReader {
  /** The last event ID string: set when an event is dispatched (also with empty data). */
  lastEventId: string;
  /** The reconnection time from the last valid `retry` field, or null. */
  reconnectionTime: number | null;
  private readonly maxLine;
  private readonly maxEvent;
  private readonly pending;
  private bomHeld;
  private afterCr;
  private discardLine;
  private discardEvent;
  private offset;
  private lineStart;
  private line;
  private ended;
  private data;
  private dataBytes;
  private eventType;
  private idBuffer;
  private blockOffset;
  private blockLine;
  constructor(options?: SseReaderOptions);
  feed(chunk: Uint8Array): SseRecord[];
  private asciiLines;
  private stripBom;
  private partial;
  private completeLine;
  private startLine;
  private field;
  private dispatch;
  private fail;
  private resetEvent;
  /** The end of the input: a started, undispatched event is discarded and `truncated`. */
  end(): SseRecord[];
}
