// Time for the stream state machines: a scheduler interface, a virtual-time
// scheduler, the reconnection backoff, the client watchdog and the server's
// heartbeat emitter (schemas/README.md: `chat_stream`). Nothing here reads a clock: every timer goes
// through a Scheduler, so the same code runs on real timers (TimerScheduler)
// and, in tests and simulations, on ManualScheduler's virtual milliseconds.
// Intervals and backoff parameters are arguments: their values are the
// contract's tables (HeartbeatIntervalMs, WatchdogTimeoutMs, Reconnect*).
/** Virtual time: timers fire only inside `advance`, in due order (ties: scheduling order). */
export class ManualScheduler {
  nowMs = 0;
  queue = [];
  nextId = 0;
  schedule(delayMs, callback) {
    const timer = { due: this.nowMs + Math.max(0, delayMs), id: ++this.nextId, callback };
    let at = this.queue.length;
    while (at > 0 && this.queue[at - 1].due > timer.due) at--;
    this.queue.splice(at, 0, timer);
    return timer.id;
  }
  cancel(handle) {
    const at = this.queue.findIndex((timer) => timer.id === handle);
    if (at >= 0) this.queue.splice(at, 1);
  }
  /** Moves time forward by `ms`, firing every timer that falls due (also ones scheduled meanwhile). */
  advance(ms) {
    const target = this.nowMs + ms;
    for (let timer = this.queue[0]; timer !== undefined && timer.due <= target; timer = this.queue[0]) {
      this.queue.shift();
      this.nowMs = timer.due;
      timer.callback();
    }
    this.nowMs = target;
  }
}
/** Real time: the host's setTimeout (browsers, Node, Deno). */
export class TimerScheduler {
  timers = globalThis;
  schedule(delayMs, callback) {
    return this.timers.setTimeout(callback, Math.max(0, delayMs));
  }
  cancel(handle) {
    this.timers.clearTimeout(handle);
  }
}
/** The delay before reconnection `attempt` (1-based), or null: no such attempt. */
export function backoffDelay(config, attempt) {
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
  backoff;
  noRetryStatuses;
  attempt = 0;
  dataEver = false;
  constructor(backoff, noRetryStatuses) {
    this.backoff = backoff;
    this.noRetryStatuses = noRetryStatuses;
  }
  /** Data arrived: the count starts again. */
  delivered() {
    this.attempt = 0;
    this.dataEver = true;
  }
  /** The contract says never to retry after this status. */
  refuses(status) {
    return this.noRetryStatuses.includes(status);
  }
  /** The delay before the next connection after a drop, or null and why not. */
  afterDrop(gotData) {
    if (!gotData && !this.dataEver) return { delayMs: null, why: "no_data" };
    return this.next(null);
  }
  /** A 429 or 503 (the server asks to come back later): retried even before any data. */
  afterStatus(retryAfterMs) {
    return this.next(retryAfterMs);
  }
  next(retryAfterMs) {
    this.attempt += 1;
    const delay = backoffDelay(this.backoff, this.attempt);
    if (delay === null) return { delayMs: null, why: "retries_exhausted" };
    return { delayMs: retryAfterMs ?? delay, why: "" };
  }
}
/** One re-armable timer on a scheduler. */
class Timer {
  scheduler;
  delayMs;
  fire;
  handle = null;
  armed = false;
  constructor(scheduler, delayMs, fire) {
    this.scheduler = scheduler;
    this.delayMs = delayMs;
    this.fire = fire;
  }
  get running() {
    return this.armed;
  }
  arm() {
    this.stop();
    this.armed = true;
    this.handle = this.scheduler.schedule(this.delayMs, () => {
      this.armed = false;
      this.fire();
    });
  }
  stop() {
    if (this.armed) this.scheduler.cancel(this.handle);
    this.armed = false;
  }
}
/** Client side: `onTimeout` when no chunk arrived for `timeoutMs` (reset on each chunk, not each event). */
export class Watchdog {
  timer;
  constructor(scheduler, timeoutMs, onTimeout) {
    this.timer = new Timer(scheduler, timeoutMs, onTimeout);
  }
  get running() {
    return this.timer.running;
  }
  start() {
    this.timer.arm();
  }
  /** A chunk arrived: the timeout starts again (only while running). */
  reset() {
    if (this.timer.running) this.timer.arm();
  }
  stop() {
    this.timer.stop();
  }
}
/**
 * Server side: `emit()` after `intervalMs` without another event sent, then
 * again every interval. Call `sent()` whenever the stream writes an event.
 */
export class HeartbeatEmitter {
  emit;
  timer;
  constructor(scheduler, intervalMs, emit) {
    this.emit = emit;
    this.timer = new Timer(scheduler, intervalMs, () => {
      this.timer.arm(); // re-armed first: emit() may stop the emitter
      this.emit();
    });
  }
  get running() {
    return this.timer.running;
  }
  start() {
    this.timer.arm();
  }
  sent() {
    if (this.timer.running) this.timer.arm();
  }
  stop() {
    this.timer.stop();
  }
}
