package stream

import "fmt"

// ReconnectConfig is filled from a stream's client rules (the contract's
// tables: WatchdogTimeoutMs, Reconnect*, the statuses never retried).
// WatchdogTimeoutMs <= 0: no watchdog.
// FailOnStatus: a status other than 2xx, 429 and 503 ends the stream (the
// operation clients: it is the caller's error); false: it counts as a drop
// (the ChatClient).
type ReconnectConfig struct {
	WatchdogTimeoutMs int64
	Backoff           BackoffConfig
	NoRetryStatuses   []int
	FailOnStatus      bool
}

// IsRetryLater tells whether a status asks the client to come back later
// (429, 503): retried after its Retry-After, even before any data.
func IsRetryLater(status int) bool { return status == 429 || status == 503 }

// ConnectionState is the state of a Reconnector (and of the ChatClient built on it).
type ConnectionState = ChatState

// ReconnectAction is what the host must do: open a connection (ActionConnect,
// Attempt), cancel the open one (ActionCancel, Reason watchdog or aborted),
// wait for a reconnection (ActionRetry, Attempt, DelayMs), or give up
// (ActionFailed, Reason status, no_data or retries_exhausted; Status is the
// refused status for "status", and for a 429 or 503 that ran out of attempts).
type ReconnectAction struct {
	Kind    ChatActionKind
	Attempt int64
	DelayMs int64
	Reason  string
	Status  int
}

// Reconnector is the connection lifecycle of a streaming client, with no I/O
// of its own: the one implementation of reconnection, backoff and watchdog
// that the ChatClient and the operation clients (package client) share. The
// host reports what happens (Start, Response, Data, Dropped, Done, Abort;
// the scheduler fires the timers) and carries out the actions. Rules
// (docs/streams.md): a drop before any data retries only if an earlier
// connection delivered data; the attempt count restarts when data arrives;
// the watchdog runs from the response to the end and counts as a drop; a
// no-retry status fails at once; a 429 or 503 waits its Retry-After (else
// the backoff delay) and counts as an attempt, with or without earlier data.
type Reconnector struct {
	config     ReconnectConfig
	scheduler  Scheduler
	onAction   func(ReconnectAction)
	watchdog   *Watchdog
	state      ConnectionState
	attempt    int64
	gotData    bool // on the current connection
	dataEver   bool
	retryTimer *Handle
}

// NewReconnector makes an idle reconnector.
func NewReconnector(config ReconnectConfig, scheduler Scheduler, onAction func(ReconnectAction)) *Reconnector {
	r := &Reconnector{config: config, scheduler: scheduler, onAction: onAction, state: StateIdle}
	r.watchdog = NewWatchdog(scheduler, config.WatchdogTimeoutMs, r.onWatchdog)
	return r
}

// State is the current state.
func (r *Reconnector) State() ConnectionState { return r.state }

// Attempt is the number of reconnections since data last arrived.
func (r *Reconnector) Attempt() int64 { return r.attempt }

// Start opens the first connection (action connect 0); only once, when idle.
func (r *Reconnector) Start() error {
	if r.state != StateIdle {
		return fmt.Errorf("Reconnector.Start in state %s", r.state)
	}
	r.connect()
	return nil
}

// Open marks the stream open without a connection (replay); only when idle.
func (r *Reconnector) Open() error {
	if r.state != StateIdle {
		return fmt.Errorf("Reconnector.Open in state %s", r.state)
	}
	r.state = StateOpen
	return nil
}

// Response reports the connection's HTTP status; retryAfterMs < 0 when the
// response has no Retry-After. 2xx: the body follows.
func (r *Reconnector) Response(status int, retryAfterMs int64) {
	if r.state != StateConnecting {
		return
	}
	switch {
	case status >= 200 && status <= 299:
		r.state = StateOpen
		if r.config.WatchdogTimeoutMs > 0 {
			r.watchdog.Start()
		}
	case containsInt(r.config.NoRetryStatuses, status):
		r.fail("status", status)
	case IsRetryLater(status):
		r.retry(retryAfterMs, status)
	case r.config.FailOnStatus:
		r.fail("status", status)
	default:
		r.Dropped()
	}
}

// Data reports bytes of the body; tells whether the stream is open to take them.
func (r *Reconnector) Data() bool {
	if r.state != StateOpen {
		return false
	}
	r.watchdog.Reset()
	r.gotData, r.dataEver = true, true
	r.attempt = 0
	return true
}

// Dropped reports that the connection ended (end of body, network error, a
// status to retry) before the stream's end.
func (r *Reconnector) Dropped() {
	if r.state != StateConnecting && r.state != StateOpen {
		return
	}
	r.watchdog.Stop()
	if !r.gotData && !r.dataEver {
		r.fail("no_data", 0)
		return
	}
	r.retry(-1, 0)
}

// Done reports the stream's end (a terminal item, or the end of a stream
// that needs none): no more connections.
func (r *Reconnector) Done() {
	if r.state == StateDone || r.state == StateFailed || r.state == StateAborted {
		return
	}
	r.stopTimers()
	r.state = StateDone
}

// Abort stops the stream at the user's request (action cancel "aborted"): never retried.
func (r *Reconnector) Abort() {
	if r.state == StateDone || r.state == StateFailed || r.state == StateAborted {
		return
	}
	r.stopTimers()
	r.state = StateAborted
	r.onAction(ReconnectAction{Kind: ActionCancel, Reason: "aborted"})
}

func (r *Reconnector) connect() {
	r.state = StateConnecting
	r.gotData = false
	r.onAction(ReconnectAction{Kind: ActionConnect, Attempt: r.attempt})
}

func (r *Reconnector) onWatchdog() {
	if r.state != StateOpen {
		return
	}
	r.onAction(ReconnectAction{Kind: ActionCancel, Reason: "watchdog"})
	r.Dropped()
}

// retry schedules the next attempt after delayMs (< 0: the backoff's delay).
func (r *Reconnector) retry(delayMs int64, status int) {
	r.watchdog.Stop()
	r.attempt++
	backoff, ok := BackoffDelay(r.config.Backoff, r.attempt)
	if !ok {
		r.fail("retries_exhausted", status)
		return
	}
	if delayMs < 0 {
		delayMs = backoff
	}
	r.state = StateWaiting
	r.onAction(ReconnectAction{Kind: ActionRetry, Attempt: r.attempt, DelayMs: delayMs})
	handle := r.scheduler.Schedule(delayMs, func() {
		r.retryTimer = nil
		if r.state == StateWaiting {
			r.connect()
		}
	})
	r.retryTimer = &handle
}

func (r *Reconnector) fail(reason string, status int) {
	r.stopTimers()
	r.state = StateFailed
	r.onAction(ReconnectAction{Kind: ActionFailed, Reason: reason, Status: status})
}

func (r *Reconnector) stopTimers() {
	r.watchdog.Stop()
	if r.retryTimer != nil {
		r.scheduler.Cancel(*r.retryTimer)
		r.retryTimer = nil
	}
}
