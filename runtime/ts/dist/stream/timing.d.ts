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
