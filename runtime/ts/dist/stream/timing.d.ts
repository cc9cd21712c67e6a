export interface Scheduler {
  /** Runs `callback` once after `delayMs`; returns a handle for `cancel`. */
  schedule(delayMs: number, callback: () => void): unknown;
  /** Cancels a pending timer (a fired or unknown handle is ignored). */
  cancel(handle: unknown): void;
}
/** Virtual time: timers fire only inside `advance`, in due order (ties: scheduling order). */
export declare class ManualScheduler implements Scheduler {
  nowMs: number;
  private queue;
  private nextId;
  schedule(delayMs: number, callback: () => void): unknown;
  cancel(handle: unknown): void;
  /** Moves time forward by `ms`, firing every timer that falls due (also ones scheduled meanwhile). */
  advance(ms: number): void;
}
/** Real time: the host's setTimeout (browsers, Node, Deno). */
export declare class TimerScheduler implements Scheduler {
  private readonly timers;
  schedule(delayMs: number, callback: () => void): unknown;
  cancel(handle: unknown): void;
}
/** delay(attempt) = min(initialDelayMs * multiplier^(attempt-1), maxDelayMs), attempts 1..maxAttempts. */
export interface BackoffConfig {
  readonly initialDelayMs: number;
  readonly multiplier: number;
  readonly maxDelayMs: number;
  readonly maxAttempts: number;
}
/** The delay before reconnection `attempt` (1-based), or null: no such attempt. */
export declare function backoffDelay(config: BackoffConfig, attempt: number): number | null;
/**
 * The attempt count and backoff of a stream's reconnections: one
 * implementation for the chat client (chat.ts) and the generated clients
 * (client_core.ts). A drop reconnects after backoffDelay(attempt) while
 * attempts remain; a drop before any data on any connection does not (the
 * server never answered with a stream); data restarts the count.
 * `Retry-After` replaces the delay of the attempt it answers.
 */
export declare class Reconnection {
  readonly backoff: BackoffConfig;
  readonly noRetryStatuses: readonly number[];
  attempt: number;
  dataEver: boolean;
  constructor(backoff: BackoffConfig, noRetryStatuses: readonly number[]);
  /** Data arrived: the count starts again. */
  delivered(): void;
  /** The contract says never to retry after this status. */
  refuses(status: number): boolean;
  /** The delay before the next connection after a drop, or null and why not. */
  afterDrop(gotData: boolean): {
    delayMs: number | null;
    why: "" | "no_data" | "retries_exhausted";
  };
  /** A 429 or 503 (the server asks to come back later): retried even before any data. */
  afterStatus(retryAfterMs: number | null): {
    delayMs: number | null;
    why: "" | "retries_exhausted";
  };
  private next;
}
/** Client side: `onTimeout` when no chunk arrived for `timeoutMs` (reset on each chunk, not each event). */
export declare class Watchdog {
  private readonly timer;
  constructor(scheduler: Scheduler, timeoutMs: number, onTimeout: () => void);
  get running(): boolean;
  start(): void;
  /** A chunk arrived: the timeout starts again (only while running). */
  reset(): void;
  stop(): void;
}
/**
 * Server side: `emit()` after `intervalMs` without another event sent, then
 * again every interval. Call `sent()` whenever the stream writes an event.
 */
export declare class HeartbeatEmitter {
  private readonly emit;
  private readonly timer;
  constructor(scheduler: Scheduler, intervalMs: number, emit: () => void);
  get running(): boolean;
  start(): void;
  sent(): void;
  stop(): void;
}
