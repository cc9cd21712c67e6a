package client

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// Rules are a stream's rules (the client model of src/ir/clients.h, from
// `x-streams`), read from each item's JSON through RFC 6901 pointers into the
// item. A nil pointer: the stream has no such field.
type Rules struct {
	TagPointer       string
	TagDefault       *string
	First            []string // tags the first item may have (empty: any)
	Terminal         []string // tags that end a logical stream
	TerminalRequired bool
	KeyPointer       *string // items with different keys are separate logical streams
	SequencePointer  *string
	Gapless          bool
	SseEvents        []string // accepted `event:` names (empty: any) ...
	SseEventPointer  *string  // ... or the item field the name must equal
	SseIDPointer     *string  // the item field sent as `id:`
	HeartbeatTag     *string  // such items keep the connection alive and are not delivered
	Warnings         []string // rule ids the stream weighs as warnings; the others end it
}

// Finding is a broken rule the stream weighs as a warning, under `contractgen
// verify`'s rule id (docs/verify.md); the item is delivered all the same.
type Finding struct {
	Rule    string
	Message string
}

// RuleError ends a stream whose item broke a rule of severity error.
type RuleError struct {
	Rule    string
	Message string
}

func (e *RuleError) Error() string { return e.Rule + ": " + e.Message }

// checker applies the rules to items in arrival order, across reconnections
// (docs/clients.md; the Python, TypeScript and C++ clients apply the same).
type checker struct {
	rules      Rules
	findings   []Finding // warnings not yet handed on
	lastSeq    map[string]int64
	terminated map[string]bool
	keys       map[string]bool
	reconnects int
	delivered  int // items delivered on this connection
	done       bool
}

func newChecker(rules Rules) *checker {
	return &checker{rules: rules, lastSeq: map[string]int64{}, terminated: map[string]bool{}, keys: map[string]bool{}}
}

func (c *checker) opened() { c.delivered = 0 }

// finding records a warning, or returns the error that ends the stream.
func (c *checker) finding(rule, message string) error {
	if !contains(c.rules.Warnings, rule) {
		return &RuleError{Rule: rule, Message: message}
	}
	c.findings = append(c.findings, Finding{rule, message})
	return nil
}

// accept applies the rules to one item (its JSON text, its SSE event name and
// id when framed so): whether to deliver it, or the error that ends the stream.
func (c *checker) accept(text string, event, eventID *string) (bool, error) {
	r := c.rules
	var item any
	decoder := json.NewDecoder(strings.NewReader(text))
	decoder.UseNumber()
	if err := decoder.Decode(&item); err != nil {
		return false, c.finding("item", err.Error())
	}
	if event != nil {
		if len(r.SseEvents) > 0 && !contains(r.SseEvents, *event) {
			message := "event " + strconv.Quote(*event) + ", not one of " + strings.Join(r.SseEvents, ", ")
			if err := c.finding("sse.event", message); err != nil {
				return false, err
			}
		}
		if r.SseEventPointer != nil {
			if own, ok := pointerText(item, *r.SseEventPointer); !ok || own != *event {
				message := "event " + strconv.Quote(*event) + " is not the item's " + *r.SseEventPointer
				if err := c.finding("sse.event", message); err != nil {
					return false, err
				}
			}
		}
	}
	if r.SseIDPointer != nil && eventID != nil && *eventID != "" {
		if own, ok := pointerText(item, *r.SseIDPointer); ok && own != *eventID {
			message := "id " + strconv.Quote(*eventID) + " is not the item's " + *r.SseIDPointer
			if err := c.finding("sse.id", message); err != nil {
				return false, err
			}
		}
	}
	tag, ok := pointerText(item, r.TagPointer)
	if !ok && r.TagDefault != nil {
		tag = *r.TagDefault
	}
	key := ""
	if r.KeyPointer != nil {
		key, _ = pointerText(item, *r.KeyPointer)
	}
	if r.SequencePointer != nil {
		if seq, ok := pointerInt(item, *r.SequencePointer); ok {
			if last, seen := c.lastSeq[key]; seen {
				if seq <= last {
					if c.reconnects > 0 { // sent again after a reconnection: delivered already
						return false, nil
					}
					rule := "sequence.reorder"
					if seq == last {
						rule = "sequence.duplicate"
					}
					return false, c.finding(rule, "seq "+itoa(seq)+" after "+itoa(last)+" (key "+strconv.Quote(key)+")")
				}
				if r.Gapless && seq > last+1 {
					if err := c.finding("sequence.gap", "seq "+itoa(seq)+" after "+itoa(last)+" (key "+
						strconv.Quote(key)+"): "+itoa(seq-last-1)+" lost"); err != nil {
						return false, err
					}
				}
			}
			c.lastSeq[key] = seq
		}
	}
	if r.HeartbeatTag != nil && tag == *r.HeartbeatTag {
		return false, nil // it kept the connection alive (and counted in the sequence)
	}
	c.delivered++
	firstOfKey := c.delivered == 1
	if r.SequencePointer != nil {
		firstOfKey = !c.keys[key]
	}
	if c.terminated[key] {
		return false, c.finding("terminal.after", "an item after the terminal one (key "+strconv.Quote(key)+")")
	}
	c.keys[key] = true
	if firstOfKey && len(r.First) > 0 && !contains(r.First, tag) {
		message := "the first item is " + strconv.Quote(tag) + ", not one of " + strings.Join(r.First, ", ")
		if err := c.finding("first", message); err != nil {
			return false, err
		}
	}
	if contains(r.Terminal, tag) {
		c.terminated[key] = true
		if r.KeyPointer == nil {
			c.done = true
		}
	}
	return true, nil
}

// complete tells whether a connection's clean end is the stream's end.
func (c *checker) complete() bool {
	if c.done || !c.rules.TerminalRequired {
		return true
	}
	if len(c.keys) == 0 {
		return false
	}
	for key := range c.keys {
		if !c.terminated[key] {
			return false
		}
	}
	return true
}

// pointerGet is the value at an RFC 6901 pointer.
func pointerGet(value any, pointer string) (any, bool) {
	if pointer == "" {
		return value, true
	}
	for _, token := range strings.Split(pointer[1:], "/") {
		token = strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
		switch v := value.(type) {
		case map[string]any:
			next, ok := v[token]
			if !ok {
				return nil, false
			}
			value = next
		case []any:
			i, err := strconv.Atoi(token)
			if err != nil || i < 0 || i >= len(v) {
				return nil, false
			}
			value = v[i]
		default:
			return nil, false
		}
	}
	return value, true
}

// pointerText is a string as itself, any other value as its JSON text.
func pointerText(value any, pointer string) (string, bool) {
	v, ok := pointerGet(value, pointer)
	if !ok {
		return "", false
	}
	if s, isString := v.(string); isString {
		return s, true
	}
	var out bytes.Buffer
	encoder := json.NewEncoder(&out)
	encoder.SetEscapeHTML(false)
	_ = encoder.Encode(v)
	return strings.TrimSuffix(out.String(), "\n"), true
}

func pointerInt(value any, pointer string) (int64, bool) {
	v, ok := pointerGet(value, pointer)
	if !ok {
		return 0, false
	}
	n, isNumber := v.(json.Number)
	if !isNumber {
		return 0, false
	}
	i, err := n.Int64()
	return i, err == nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
