// Time for the stream state machines: a scheduler interface, a virtual-time
// scheduler, the reconnection backoff, the client watchdog and the server's
// heartbeat emitter (schemas/README.md: `chat_stream`). Nothing here reads a clock: every timer goes
// through a Scheduler, so the same code runs on real timers (TimerScheduler)
// and, in tests and simulations, on ManualScheduler's virtual milliseconds.
// Intervals and backoff parameters are arguments: their values are the
// contract's tables (HeartbeatIntervalMs, WatchdogTimeoutMs, Reconnect*).

export interface Scheduler {
  /** Runs `callback` once after `delayMs`; returns a handle for `cancel`. */
  schedule(delayMs: number, callback: () => void): unknown;
  /** Cancels a pending timer (a fired or unknown handle is ignored). */
  cancel(handle: unknown): void;
}

/** Virtual time: timers fire only inside `advance`, in due order (ties: scheduling order). */
export class ManualScheduler implements Scheduler {
  nowMs = 0;
  private queue: { due: number; id: number; callback: () => void }[] = [];
  private nextId = 0;

  schedule(delayMs: number, callback: () => void): unknown {
    const timer = { due: this.nowMs + Math.max(0, delayMs), id: ++this.nextId, callback };
    let at = this.queue.length;
    while (at > 0 && this.queue[at - 1]!.due > timer.due) at--;
    this.queue.splice(at, 0, timer);
    return timer.id;
  }

  cancel(handle: unknown): void {
    const at = this.queue.findIndex((timer) => timer.id === handle);
    if (at >= 0) this.queue.splice(at, 1);
  }

  /** Moves time forward by `ms`, firing every timer that falls due (also ones scheduled meanwhile). */
  advance(ms: number): void {
    const target = this.nowMs + ms;
    for (let timer = this.queue[0]; timer !== undefined && timer.due <= target; timer = this.queue[0]) {
      this.queue.shift();
      this.nowMs = timer.due;
      timer.callback();
    }
    this.nowMs = target;
  }
}

type TimerFunctions = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** Real time: the host's setTimeout (browsers, Node, Deno). */
export class TimerScheduler implements Scheduler {
  private readonly timers = globalThis as unknown as TimerFunctions;

  schedule(delayMs: number, callback: () => void): unknown {
    return this.timers.setTimeout(callback, Math.max(0, delayMs));
  }

  cancel(handle: unknown): void {
    this.timers.clearTimeout(handle);
  }
}

/** delay(attempt) = min(initialDelayMs * multiplier^(attempt-1), maxDelayMs), attempts 1..maxAttempts. */
export interface BackoffConfig {
  readonly initialDelayMs: number;
  readonly multiplier: number;
  readonly maxDelayMs: number;
  readonly maxAttempts: number;
}

/** The delay before reconnection `attempt` (1-based), or null: no such attempt. */
export function backoffDelay(config: BackoffConfig, attempt: number): number | null {
  if (attempt < 1 || attempt > config.maxAttempts) return null;
  let delay = config.initialDelayMs;
  for (let n = 1; n < attempt && delay < config.maxDelayMs; n++) delay *= config.multiplier;
  return Math.min(delay, config.maxDelayMs);
}

/**
 * The attempt count and backoff of a stream's reconnections: one
 * implementation for the chat client (chat.ts) and the generated clients
 * (client_core.ts). A drop reconnects after backoffDelay(attempt) while
 * attempts remain; a drop before any data on any connection does not (the
 * server never answered with a stream); data restarts the count.
 * `Retry-After` replaces the delay of the attempt it answers.
 */
export class Reconnection {
  attempt = 0;
  dataEver = false;

  constructor(
    readonly backoff: BackoffConfig,
    readonly noRetryStatuses: readonly number[],
  ) {}

  /** Data arrived: the count starts again. */
  delivered(): void {
    this.attempt = 0;
    this.dataEver = true;
  }

  /** The contract says never to retry after this status. */
  refuses(status: number): boolean {
    return this.noRetryStatuses.includes(status);
  }

  /** The delay before the next connection after a drop, or null and why not. */
  afterDrop(gotData: boolean): { delayMs: number | null; why: "" | "no_data" | "retries_exhausted" } {
    if (!gotData && !this.dataEver) return { delayMs: null, why: "no_data" };
    return this.next(null);
  }

  /** A 429 or 503 (the server asks to come back later): retried even before any data. */
  afterStatus(retryAfterMs: number | null): { delayMs: number | null; why: "" | "retries_exhausted" } {
    return this.next(retryAfterMs);
  }

  private next(retryAfterMs: number | null): { delayMs: number | null; why: "" | "retries_exhausted" } {
    this.attempt += 1;
    const delay = backoffDelay(this.backoff, this.attempt);
    if (delay === null) return { delayMs: null, why: "retries_exhausted" };
    return { delayMs: retryAfterMs ?? delay, why: "" };
  }
}

/** One re-armable timer on a scheduler. */
class Timer {
  private handle: unknown = null;
  private armed = false;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly delayMs: number,
    private readonly fire: () => void,
  ) {}

  get running(): boolean {
    return this.armed;
  }

  arm(): void {
    this.stop();
    this.armed = true;
    this.handle = this.scheduler.schedule(this.delayMs, () => {
      this.armed = false;
      this.fire();
    });
  }

  stop(): void {
    if (this.armed) this.scheduler.cancel(this.handle);
    this.armed = false;
  }
}

/** Client side: `onTimeout` when no chunk arrived for `timeoutMs` (reset on each chunk, not each event). */
export class Watchdog {
  private readonly timer: Timer;

  constructor(scheduler: Scheduler, timeoutMs: number, onTimeout: () => void) {
    this.timer = new Timer(scheduler, timeoutMs, onTimeout);
  }

  get running(): boolean {
    return this.timer.running;
  }
  start(): void {
    this.timer.arm();
  }
  /** A chunk arrived: the timeout starts again (only while running). */
  reset(): void {
    if (this.timer.running) this.timer.arm();
  }
  stop(): void {
    this.timer.stop();
  }
}

/**
 * Server side: `emit()` after `intervalMs` without another event sent, then
 * again every interval. Call `sent()` whenever the stream writes an event.
 */
export class HeartbeatEmitter {
  private readonly timer: Timer;

  constructor(scheduler: Scheduler, intervalMs: number, private readonly emit: () => void) {
    this.timer = new Timer(scheduler, intervalMs, () => {
      this.timer.arm(); // re-armed first: emit() may stop the emitter
      this.emit();
    });
  }

  get running(): boolean {
    return this.timer.running;
  }
  start(): void {
    this.timer.arm();
  }
  sent(): void {
    if (this.timer.running) this.timer.arm();
  }
  stop(): void {
    this.timer.stop();
  }
}
