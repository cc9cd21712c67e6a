package stream

import (
	"fmt"
	"sort"
	"strconv"
)

// Sequencer policies.
const (
	PolicyReport  = "report"  // deliver every new packet at once, in arrival order
	PolicyReorder = "reorder" // hold packets ahead of a gap and deliver in sequence order
)

// SequencerConfig: the op names come from the contract's tables
// (TerminalOpCodes, the ERROR packet's op).
type SequencerConfig struct {
	TerminalOps []string
	ErrorOp     string
	Policy      string // PolicyReport (also when empty) or PolicyReorder
	Window      int    // reorder: packets held per stream before a gap is given up
	FirstSeq    *int64 // the first seq of every stream, when the protocol fixes it
}

// SequencerOutput is a Delivery[P] or a Finding.
type SequencerOutput interface{ sequencerOutput() }

// Delivery is a packet passed on, in the order the policy gives.
type Delivery[P any] struct {
	StreamID string
	Seq      int64
	Packet   P
}

// Finding is something wrong (or notable) about a packet or a stream. Kind:
// gap, duplicate, reorder, late, before_first, after_close, error_packet,
// unterminated.
type Finding struct {
	Kind     string
	StreamID string
	Seq      int64
	Expected *int64 // gap: the first missing seq; before_first: the first seq
	Message  string
}

func (Delivery[P]) sequencerOutput() {}
func (Finding) sequencerOutput()     {}

// PacketSequencer checks the StreamPacket protocol (schemas/README.md: `packets`): per stream_id
// the seq numbers rise by one from packet to packet, and a terminal op (CLOSE)
// ends the stream. Packets go in in arrival order; deliveries and findings
// come out, findings about a packet before its delivery.
type PacketSequencer[P any] struct {
	config  SequencerConfig
	streams []*sequencedStream[P] // in order of first appearance (Finish reports in that order)
	index   map[string]*sequencedStream[P]
}

type heldPacket[P any] struct {
	op     string
	packet P
}

type sequencedStream[P any] struct {
	id         string
	highest    int64 // highest seq received, when hasHighest
	hasHighest bool
	next       int64 // reorder: the seq to deliver next
	closed     bool
	missing    [][2]int64 // disjoint [lo, hi] ranges known to be missing, sorted
	held       map[int64]heldPacket[P]
}

// NewPacketSequencer checks the policy.
func NewPacketSequencer[P any](config SequencerConfig) (*PacketSequencer[P], error) {
	if config.Policy == "" {
		config.Policy = PolicyReport
	}
	if config.Policy != PolicyReport && config.Policy != PolicyReorder {
		return nil, fmt.Errorf("unknown sequencer policy '%s'", config.Policy)
	}
	return &PacketSequencer[P]{config: config, index: map[string]*sequencedStream[P]{}}, nil
}

// Push takes the next packet to arrive.
func (s *PacketSequencer[P]) Push(streamID string, seq int64, op string, packet P) []SequencerOutput {
	var out []SequencerOutput
	stream := s.index[streamID]
	if stream == nil {
		stream = &sequencedStream[P]{id: streamID, next: seq, held: map[int64]heldPacket[P]{}}
		if s.config.FirstSeq != nil {
			stream.next = *s.config.FirstSeq
			stream.highest, stream.hasHighest = *s.config.FirstSeq-1, true
		}
		s.index[streamID] = stream
		s.streams = append(s.streams, stream)
	}
	switch {
	case stream.closed:
		out = append(out, afterClose(stream.id, seq))
	case s.config.FirstSeq != nil && seq < *s.config.FirstSeq:
		first := *s.config.FirstSeq
		out = append(out, Finding{"before_first", stream.id, seq, &first,
			"seq " + num(seq) + " is below the first seq " + num(first)})
	case s.config.Policy == PolicyReport:
		out = s.report(stream, seq, op, packet, out)
	default:
		out = s.reorder(stream, seq, op, packet, out)
	}
	return out
}

// Finish is the end of the input: held packets are released past their gaps;
// open streams are reported.
func (s *PacketSequencer[P]) Finish() []SequencerOutput {
	var out []SequencerOutput
	for _, stream := range s.streams {
		for len(stream.held) > 0 && !stream.closed {
			out = s.giveUp(stream, out)
		}
		if !stream.closed {
			seq := stream.next
			if stream.hasHighest {
				seq = stream.highest
			}
			out = append(out, Finding{"unterminated", stream.id, seq, nil, "the stream has no terminal packet"})
		}
	}
	return out
}

func num(n int64) string { return strconv.FormatInt(n, 10) }

func duplicate(id string, seq int64) Finding {
	return Finding{"duplicate", id, seq, nil, "seq " + num(seq) + " was already received"}
}

func reordered(id string, seq, highest int64) Finding {
	return Finding{"reorder", id, seq, nil, "seq " + num(seq) + " arrived after seq " + num(highest)}
}

func afterClose(id string, seq int64) Finding {
	return Finding{"after_close", id, seq, nil, "seq " + num(seq) + " after the stream was closed"}
}

func gap(id string, seq, lo, hi int64) Finding {
	missing := "seqs " + num(lo) + ".." + num(hi)
	if lo == hi {
		missing = "seq " + num(lo)
	}
	return Finding{"gap", id, seq, &lo, missing + " missing before seq " + num(seq)}
}

func (st *sequencedStream[P]) addMissing(lo, hi int64) {
	at := sort.Search(len(st.missing), func(i int) bool { return st.missing[i][0] > lo })
	st.missing = append(st.missing, [2]int64{})
	copy(st.missing[at+1:], st.missing[at:])
	st.missing[at] = [2]int64{lo, hi}
}

// takeMissing removes seq from the missing ranges if it is there; tells whether it was.
func (st *sequencedStream[P]) takeMissing(seq int64) bool {
	at := sort.Search(len(st.missing), func(i int) bool { return st.missing[i][0] > seq }) - 1
	if at < 0 || st.missing[at][1] < seq {
		return false
	}
	lo, hi := st.missing[at][0], st.missing[at][1]
	st.missing = append(st.missing[:at], st.missing[at+1:]...)
	if lo <= seq-1 {
		st.addMissing(lo, seq-1)
	}
	if seq+1 <= hi {
		st.addMissing(seq+1, hi)
	}
	return true
}

func (s *PacketSequencer[P]) report(
	st *sequencedStream[P], seq int64, op string, packet P, out []SequencerOutput,
) []SequencerOutput {
	if st.hasHighest && seq <= st.highest {
		if !st.takeMissing(seq) {
			return append(out, duplicate(st.id, seq))
		}
		out = append(out, reordered(st.id, seq, st.highest))
	} else {
		if st.hasHighest && seq > st.highest+1 {
			out = append(out, gap(st.id, seq, st.highest+1, seq-1))
			st.addMissing(st.highest+1, seq-1)
		}
		st.highest, st.hasHighest = seq, true
	}
	return s.deliver(st, seq, op, packet, out)
}

func (s *PacketSequencer[P]) reorder(
	st *sequencedStream[P], seq int64, op string, packet P, out []SequencerOutput,
) []SequencerOutput {
	if seq < st.next {
		if st.takeMissing(seq) {
			return append(out, Finding{"late", st.id, seq, nil, "seq " + num(seq) + " arrived after its gap was given up"})
		}
		return append(out, duplicate(st.id, seq))
	}
	if _, held := st.held[seq]; held {
		return append(out, duplicate(st.id, seq))
	}
	if st.hasHighest && seq < st.highest {
		out = append(out, reordered(st.id, seq, st.highest))
	}
	if !st.hasHighest || seq > st.highest {
		st.highest, st.hasHighest = seq, true
	}
	st.held[seq] = heldPacket[P]{op, packet}
	out = s.release(st, out)
	if len(st.held) > s.config.Window {
		out = s.giveUp(st, out)
	}
	return out
}

func (s *PacketSequencer[P]) release(st *sequencedStream[P], out []SequencerOutput) []SequencerOutput {
	for !st.closed {
		h, ok := st.held[st.next]
		if !ok {
			break
		}
		seq := st.next
		delete(st.held, seq)
		out = s.deliver(st, seq, h.op, h.packet, out)
		st.next = seq + 1
	}
	if st.closed && len(st.held) > 0 {
		for _, seq := range sortedSeqs(st.held) {
			out = append(out, afterClose(st.id, seq))
		}
		st.held = map[int64]heldPacket[P]{}
	}
	return out
}

func (s *PacketSequencer[P]) giveUp(st *sequencedStream[P], out []SequencerOutput) []SequencerOutput {
	lowest := sortedSeqs(st.held)[0]
	out = append(out, gap(st.id, lowest, st.next, lowest-1))
	st.addMissing(st.next, lowest-1)
	st.next = lowest
	return s.release(st, out)
}

func (s *PacketSequencer[P]) deliver(
	st *sequencedStream[P], seq int64, op string, packet P, out []SequencerOutput,
) []SequencerOutput {
	if op == s.config.ErrorOp {
		out = append(out, Finding{"error_packet", st.id, seq, nil, "seq " + num(seq) + " is an " + op + " packet"})
	}
	out = append(out, Delivery[P]{st.id, seq, packet})
	for _, terminal := range s.config.TerminalOps {
		if op == terminal {
			st.closed = true
		}
	}
	return out
}

func sortedSeqs[P any](held map[int64]heldPacket[P]) []int64 {
	seqs := make([]int64, 0, len(held))
	for seq := range held {
		seqs = append(seqs, seq)
	}
	sort.Slice(seqs, func(i, j int) bool { return seqs[i] < seqs[j] })
	return seqs
}
