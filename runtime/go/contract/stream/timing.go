package stream

import (
	"sort"
	"sync"
	"time"
)

// Nothing in this package reads a clock: every timer goes through a
// Scheduler, which the host implements on its event loop (ChannelScheduler
// runs on real time; tests and simulations use ManualScheduler's virtual
// milliseconds). Intervals and backoff parameters are arguments: their values
// are the contract's tables (HeartbeatIntervalMs, WatchdogTimeoutMs, Reconnect*).

// Handle identifies a scheduled timer.
type Handle uint64

// Scheduler runs callbacks later. Callbacks must run one at a time, on the
// goroutine that drives the state machines (they are not safe for concurrent use).
type Scheduler interface {
	// Schedule runs callback once after delayMs; the handle is for Cancel.
	Schedule(delayMs int64, callback func()) Handle
	// Cancel cancels a pending timer (a fired or unknown handle is ignored).
	Cancel(handle Handle)
}

// ManualScheduler is virtual time: timers fire only inside Advance, in due
// order (ties: scheduling order).
type ManualScheduler struct {
	now    int64
	nextID Handle
	queue  []manualTimer // sorted by (due, id)
}

type manualTimer struct {
	due      int64
	id       Handle
	callback func()
}

// Schedule implements Scheduler.
func (s *ManualScheduler) Schedule(delayMs int64, callback func()) Handle {
	s.nextID++
	if delayMs < 0 {
		delayMs = 0
	}
	t := manualTimer{s.now + delayMs, s.nextID, callback}
	at := sort.Search(len(s.queue), func(i int) bool { return s.queue[i].due > t.due })
	s.queue = append(s.queue, manualTimer{})
	copy(s.queue[at+1:], s.queue[at:])
	s.queue[at] = t
	return t.id
}

// Cancel implements Scheduler.
func (s *ManualScheduler) Cancel(handle Handle) {
	for i, t := range s.queue {
		if t.id == handle {
			s.queue = append(s.queue[:i], s.queue[i+1:]...)
			return
		}
	}
}

// Advance moves time forward by ms, firing every timer that falls due (also ones scheduled meanwhile).
func (s *ManualScheduler) Advance(ms int64) {
	target := s.now + ms
	for len(s.queue) > 0 && s.queue[0].due <= target {
		t := s.queue[0]
		s.queue = s.queue[1:]
		s.now = t.due
		t.callback()
	}
	s.now = target
}

// NowMs is the virtual time in milliseconds.
func (s *ManualScheduler) NowMs() int64 { return s.now }

// ChannelScheduler runs on real time (time.AfterFunc) and hands due callbacks
// to the host's loop through C, so that they run on the loop's goroutine:
//
//	for { select { case f := <-scheduler.C(): f(); case chunk := <-body: client.Chunk(chunk) } }
//
// A timer cancelled after it fell due but before its callback ran does not
// run. Keep draining C while timers are pending: a due timer waits (on a
// goroutine of its own) until C has room.
type ChannelScheduler struct {
	mu      sync.Mutex
	nextID  Handle
	pending map[Handle]*time.Timer
	fired   chan func()
}

// NewChannelScheduler makes a scheduler whose C has room for buffer due callbacks.
func NewChannelScheduler(buffer int) *ChannelScheduler {
	return &ChannelScheduler{pending: map[Handle]*time.Timer{}, fired: make(chan func(), buffer)}
}

// C gives the due callbacks; run each on the loop's goroutine.
func (s *ChannelScheduler) C() <-chan func() { return s.fired }

// Schedule implements Scheduler.
func (s *ChannelScheduler) Schedule(delayMs int64, callback func()) Handle {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	id := s.nextID
	s.pending[id] = time.AfterFunc(time.Duration(delayMs)*time.Millisecond, func() {
		s.fired <- func() {
			s.mu.Lock()
			_, live := s.pending[id]
			delete(s.pending, id)
			s.mu.Unlock()
			if live {
				callback()
			}
		}
	})
	return id
}

// Cancel implements Scheduler.
func (s *ChannelScheduler) Cancel(handle Handle) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.pending[handle]; ok {
		t.Stop()
		delete(s.pending, handle)
	}
}

// BackoffConfig: delay(attempt) = min(InitialDelayMs * Multiplier^(attempt-1), MaxDelayMs),
// attempts 1..MaxAttempts.
type BackoffConfig struct {
	InitialDelayMs int64
	Multiplier     int64
	MaxDelayMs     int64
	MaxAttempts    int64
}

// BackoffDelay is the delay before reconnection attempt (1-based); false: no such attempt.
func BackoffDelay(config BackoffConfig, attempt int64) (int64, bool) {
	if attempt < 1 || attempt > config.MaxAttempts {
		return 0, false
	}
	delay := config.InitialDelayMs
	for n := int64(1); n < attempt && delay < config.MaxDelayMs; n++ {
		delay *= config.Multiplier
	}
	if delay > config.MaxDelayMs {
		delay = config.MaxDelayMs
	}
	return delay, true
}

// timer is one re-armable timer on a scheduler.
type timer struct {
	scheduler Scheduler
	delayMs   int64
	fire      func()
	handle    Handle
	armed     bool
}

func (t *timer) arm() {
	t.stop()
	t.armed = true
	t.handle = t.scheduler.Schedule(t.delayMs, func() {
		t.armed = false
		t.fire()
	})
}

func (t *timer) stop() {
	if t.armed {
		t.scheduler.Cancel(t.handle)
	}
	t.armed = false
}

// Watchdog (client side) calls onTimeout when no chunk arrived for timeoutMs
// (Reset on each chunk, not each event).
type Watchdog struct{ t timer }

// NewWatchdog makes a stopped watchdog.
func NewWatchdog(scheduler Scheduler, timeoutMs int64, onTimeout func()) *Watchdog {
	return &Watchdog{timer{scheduler: scheduler, delayMs: timeoutMs, fire: onTimeout}}
}

// Running tells whether the timeout is pending.
func (w *Watchdog) Running() bool { return w.t.armed }

// Start (re)starts the timeout.
func (w *Watchdog) Start() { w.t.arm() }

// Reset starts the timeout again, only while running: a chunk arrived.
func (w *Watchdog) Reset() {
	if w.t.armed {
		w.t.arm()
	}
}

// Stop stops it.
func (w *Watchdog) Stop() { w.t.stop() }

// HeartbeatEmitter (server side) calls emit after intervalMs without another
// event sent, then again every interval. Call Sent whenever the stream writes an event.
type HeartbeatEmitter struct {
	t    timer
	emit func()
}

// NewHeartbeatEmitter makes a stopped emitter.
func NewHeartbeatEmitter(scheduler Scheduler, intervalMs int64, emit func()) *HeartbeatEmitter {
	h := &HeartbeatEmitter{emit: emit}
	h.t = timer{scheduler: scheduler, delayMs: intervalMs, fire: func() {
		h.t.arm() // re-armed first: emit may stop the emitter
		h.emit()
	}}
	return h
}

// Running tells whether the emitter is started.
func (h *HeartbeatEmitter) Running() bool { return h.t.armed }

// Start starts the interval.
func (h *HeartbeatEmitter) Start() { h.t.arm() }

// Sent restarts the interval, only while running: an event was written.
func (h *HeartbeatEmitter) Sent() {
	if h.t.armed {
		h.t.arm()
	}
}

// Stop stops it.
func (h *HeartbeatEmitter) Stop() { h.t.stop() }
