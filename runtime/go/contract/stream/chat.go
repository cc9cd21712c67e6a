package stream

import "fmt"

// CitationBuffer holds back text from a '[' until the ']' or line break that
// closes it, so "[1" is never shown (schemas/README.md: `chat_stream`). Scanning resumes where the
// last Feed stopped (the seed rescans from the ready pointer; the result is
// the same, without quadratic time).
type CitationBuffer struct {
	buffer     []byte
	ready      int // length of the ready prefix
	scanned    int
	inCitation bool
}

// Feed appends chunk; tells whether the ready text grew.
func (b *CitationBuffer) Feed(chunk string) bool {
	if chunk == "" {
		return false
	}
	b.buffer = append(b.buffer, chunk...)
	before := b.ready
	for i := b.scanned; i < len(b.buffer); i++ {
		switch b.buffer[i] {
		case '[':
			b.inCitation = true
		case ']', '\n':
			b.inCitation = false
		}
		if !b.inCitation {
			b.ready = i + 1
		}
	}
	b.scanned = len(b.buffer)
	return b.ready != before
}

// Ready is the text that can be shown.
func (b *CitationBuffer) Ready() string { return string(b.buffer[:b.ready]) }

// Full is all the text fed.
func (b *CitationBuffer) Full() string { return string(b.buffer) }

// Reset empties the buffer.
func (b *CitationBuffer) Reset() { *b = CitationBuffer{} }

// ChatEvent is a decoded event as the client needs it: its type, the text of
// a delta (nil if none), the decoded value.
type ChatEvent[V any] struct {
	Type  string
	Delta *string
	Value V
}

// ChatActionKind names what the host must do or show.
type ChatActionKind string

// The actions of a ChatClient.
const (
	ActionConnect  ChatActionKind = "connect"  // open a connection (Attempt)
	ActionText     ChatActionKind = "text"     // the text to show changed (Text)
	ActionEvent    ChatActionKind = "event"    // pass a decoded event on (Event)
	ActionTerminal ChatActionKind = "terminal" // the stream is complete; close it (Event)
	ActionInvalid  ChatActionKind = "invalid"  // an unreadable line (Error)
	ActionCancel   ChatActionKind = "cancel"   // cancel the connection (Reason: watchdog, aborted)
	ActionRetry    ChatActionKind = "retry"    // a reconnection is scheduled (Attempt, DelayMs)
	ActionFailed   ChatActionKind = "failed"   // final error (Reason: status, no_data, retries_exhausted)
)

// ChatAction is one action; the fields that do not belong to its kind are zero.
type ChatAction[V any] struct {
	Kind    ChatActionKind
	Attempt int64
	DelayMs int64
	Text    string
	Reason  string
	Event   *ChatEvent[V]
	Error   *StreamError
}

// ChatClientConfig is filled from the contract's tables (WatchdogTimeoutMs,
// Reconnect*, TerminalEventTypes, the event type consts); NoRetryStatuses
// (404) is a transport fact. MaxLineBytes <= 0 means DefaultMaxLineBytes.
type ChatClientConfig struct {
	WatchdogTimeoutMs     int64
	Backoff               BackoffConfig
	TerminalEventTypes    []string
	HeartbeatEventType    string
	StreamStartEventType  string
	MessageDeltaEventType string
	NoRetryStatuses       []int
	MaxLineBytes          int
}

// ChatState is the client's state.
type ChatState string

// The states; done, failed and aborted are final.
const (
	StateIdle       ChatState = "idle"
	StateConnecting ChatState = "connecting"
	StateOpen       ChatState = "open"
	StateWaiting    ChatState = "waiting"
	StateDone       ChatState = "done"
	StateFailed     ChatState = "failed"
	StateAborted    ChatState = "aborted"
)

// ChatClient is the chat-stream client of the `chat_stream` family as a state machine with
// no I/O of its own: the host reports what happens (Start, Response, Chunk,
// Closed, Abort; the scheduler fires the timers), carries out the actions it
// gets, and shows Text. Lines are decoded by the host's decode (the generated
// bindings). Connections, backoff and the watchdog are a Reconnector's (its
// rules are the client's); on top of it: stream_start resets the message; a
// terminal event releases held text; heartbeats are not passed on.
type ChatClient[V any] struct {
	config       ChatClientConfig
	scheduler    Scheduler
	decode       func(text string) (ChatEvent[V], error)
	onAction     func(ChatAction[V])
	connections  *Reconnector
	citations    CitationBuffer
	shown        string
	reader       *NdjsonReader // the current connection's
	replayTimers []Handle
}

// NewChatClient makes an idle client; decode returns an error for a bad line.
func NewChatClient[V any](config ChatClientConfig, scheduler Scheduler, decode func(text string) (ChatEvent[V], error),
	onAction func(ChatAction[V])) *ChatClient[V] {
	c := &ChatClient[V]{config: config, scheduler: scheduler, decode: decode, onAction: onAction}
	reconnect := ReconnectConfig{WatchdogTimeoutMs: config.WatchdogTimeoutMs, Backoff: config.Backoff,
		NoRetryStatuses: config.NoRetryStatuses}
	c.connections = NewReconnector(reconnect, scheduler, c.onConnection)
	return c
}

// State is the current state.
func (c *ChatClient[V]) State() ChatState { return c.connections.State() }

// Text is the text shown now.
func (c *ChatClient[V]) Text() string { return c.shown }

// Start opens the stream (action connect 0); only once, when idle.
func (c *ChatClient[V]) Start() error {
	if c.State() != StateIdle {
		return fmt.Errorf("ChatClient.Start in state %s", c.State())
	}
	return c.connections.Start()
}

// Response reports the connection's HTTP status (2xx: the body follows as chunks).
func (c *ChatClient[V]) Response(status int) { c.connections.Response(status, -1) }

// Chunk reports bytes of the response body.
func (c *ChatClient[V]) Chunk(data []byte) {
	if len(data) == 0 || c.reader == nil || !c.connections.Data() {
		return
	}
	records, _ := c.reader.Feed(data) // a connection's reader never ends before it is dropped
	c.take(records)
}

// Closed reports that the connection ended (end of body or network error) without the client asking.
func (c *ChatClient[V]) Closed() {
	state := c.State()
	if (state != StateConnecting && state != StateOpen) || c.reader == nil {
		return
	}
	c.take(c.reader.End())
	c.connections.Dropped()
}

// Abort stops the stream at the user's request: never retried.
func (c *ChatClient[V]) Abort() {
	c.cancelReplay()
	c.reader = nil
	c.connections.Abort()
}

// Play is replay mode: events (see ReplayEvents) one every spacingMs, through
// the same handling; only when idle.
func (c *ChatClient[V]) Play(events []ChatEvent[V], spacingMs int64) error {
	if c.State() != StateIdle {
		return fmt.Errorf("ChatClient.Play in state %s", c.State())
	}
	if err := c.connections.Open(); err != nil {
		return err
	}
	for i := range events {
		event := events[i]
		c.replayTimers = append(c.replayTimers, c.scheduler.Schedule(int64(i)*spacingMs, func() {
			if c.State() == StateOpen {
				c.handle(event)
			}
		}))
	}
	return nil
}

func (c *ChatClient[V]) onConnection(a ReconnectAction) {
	switch a.Kind {
	case ActionConnect:
		c.reader = NewNdjsonReader(c.config.MaxLineBytes)
	case ActionRetry, ActionFailed:
		c.reader = nil
	}
	c.onAction(ChatAction[V]{Kind: a.Kind, Attempt: a.Attempt, DelayMs: a.DelayMs, Reason: a.Reason})
}

func (c *ChatClient[V]) take(records []Record) {
	for _, record := range records {
		switch r := record.(type) {
		case NdjsonItem:
			if c.State() == StateOpen { // not after a terminal event in the same chunk
				c.line(r)
			}
		case StreamError:
			if state := c.State(); state == StateOpen || state == StateConnecting {
				c.onAction(ChatAction[V]{Kind: ActionInvalid, Error: &r})
			}
		}
	}
}

func (c *ChatClient[V]) line(item NdjsonItem) {
	event, err := c.decode(item.Text)
	if err != nil {
		c.onAction(ChatAction[V]{Kind: ActionInvalid, Error: &StreamError{"decode", item.Offset, item.Line, err.Error()}})
		return
	}
	c.handle(event)
}

func (c *ChatClient[V]) handle(event ChatEvent[V]) {
	switch event.Type {
	case c.config.HeartbeatEventType:
		return
	case c.config.StreamStartEventType:
		c.citations.Reset()
		c.show("")
	case c.config.MessageDeltaEventType:
		if event.Delta != nil && c.citations.Feed(*event.Delta) {
			c.show(c.citations.Ready())
		}
		return
	}
	if containsString(c.config.TerminalEventTypes, event.Type) {
		c.show(c.citations.Full())
		c.cancelReplay()
		c.connections.Done()
		c.reader = nil
		c.onAction(ChatAction[V]{Kind: ActionTerminal, Event: &event})
		return
	}
	c.onAction(ChatAction[V]{Kind: ActionEvent, Event: &event})
}

func (c *ChatClient[V]) show(text string) {
	if text == c.shown {
		return
	}
	c.shown = text
	c.onAction(ChatAction[V]{Kind: ActionText, Text: text})
}

func (c *ChatClient[V]) cancelReplay() {
	for _, handle := range c.replayTimers {
		c.scheduler.Cancel(handle)
	}
	c.replayTimers = nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}
