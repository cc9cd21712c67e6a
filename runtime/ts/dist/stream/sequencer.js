// The packet sequencer of the StreamPacket protocol (schemas/README.md: `packets`). Per
// stream_id the seq numbers must rise by one from packet to packet; a packet
// whose op is terminal (CLOSE) ends the stream. Packets go in in arrival
// order; deliveries and findings come out (findings about a packet before its
// delivery). Finding kinds, policies and their rules: see the Python
// runtime's sequencer.py and docs/streams.md; the op names come from the
// contract's tables (TerminalOpCodes, the ERROR op), never from here.
/** Sorted, disjoint [lo, hi] ranges of sequence numbers known to be missing. */
class Missing {
  ranges = [];
  add(lo, hi) {
    let at = 0;
    while (at < this.ranges.length && this.ranges[at][0] < lo) at++;
    this.ranges.splice(at, 0, [lo, hi]);
  }
  /** Removes `seq` if it is missing; tells whether it was. */
  take(seq) {
    let lo = 0;
    let hi = this.ranges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ranges[mid][0] <= seq) lo = mid + 1;
      else hi = mid;
    }
    const range = this.ranges[lo - 1];
    if (range === undefined || range[1] < seq) return false;
    const parts = [
      [range[0], seq - 1],
      [seq + 1, range[1]],
    ].filter(([a, b]) => a <= b);
    this.ranges.splice(lo - 1, 1, ...parts);
    return true;
  }
}
function finding(kind, streamId, seq, message, expected = null) {
  return { kind: "finding", finding: kind, streamId, seq, expected, message };
}
const duplicate = (sid, seq) => finding("duplicate", sid, seq, `seq ${seq} was already received`);
const reordered = (sid, seq, highest) => finding("reorder", sid, seq, `seq ${seq} arrived after seq ${highest}`);
const afterClose = (sid, seq) => finding("after_close", sid, seq, `seq ${seq} after the stream was closed`);
function gap(sid, seq, lo, hi) {
  const missing = lo === hi ? `seq ${lo}` : `seqs ${lo}..${hi}`;
  return finding("gap", sid, seq, `${missing} missing before seq ${seq}`, lo);
}
/** Packets in (`push`), deliveries and findings out; `finish()` at the end of the input. */
export class PacketSequencer {
  config;
  streams = new Map();
  constructor(config) {
    this.config = config;
    if (config.policy !== "report" && config.policy !== "reorder")
      throw new RangeError(`unknown sequencer policy '${String(config.policy)}'`);
  }
  push(streamId, seq, op, packet) {
    const out = [];
    const first = this.config.firstSeq;
    let stream = this.streams.get(streamId);
    if (stream === undefined) {
      stream = {
        highest: first === undefined ? null : first - 1,
        next: first ?? seq,
        closed: false,
        missing: new Missing(),
        held: new Map(),
      };
      this.streams.set(streamId, stream);
    }
    if (stream.closed) out.push(afterClose(streamId, seq));
    else if (first !== undefined && seq < first)
      out.push(finding("before_first", streamId, seq, `seq ${seq} is below the first seq ${first}`, first));
    else if (this.config.policy === "report") this.report(streamId, stream, seq, op, packet, out);
    else this.reorder(streamId, stream, seq, op, packet, out);
    return out;
  }
  report(sid, stream, seq, op, packet, out) {
    const highest = stream.highest;
    if (highest !== null && seq <= highest) {
      if (!stream.missing.take(seq)) {
        out.push(duplicate(sid, seq));
        return;
      }
      out.push(reordered(sid, seq, highest));
    } else {
      if (highest !== null && seq > highest + 1) {
        out.push(gap(sid, seq, highest + 1, seq - 1));
        stream.missing.add(highest + 1, seq - 1);
      }
      stream.highest = seq;
    }
    this.deliver(sid, stream, seq, op, packet, out);
  }
  reorder(sid, stream, seq, op, packet, out) {
    if (seq < stream.next) {
      if (stream.missing.take(seq))
        out.push(finding("late", sid, seq, `seq ${seq} arrived after its gap was given up`));
      else out.push(duplicate(sid, seq));
      return;
    }
    if (stream.held.has(seq)) {
      out.push(duplicate(sid, seq));
      return;
    }
    const highest = stream.highest;
    if (highest !== null && seq < highest) out.push(reordered(sid, seq, highest));
    stream.highest = highest === null ? seq : Math.max(highest, seq);
    stream.held.set(seq, { op, packet });
    this.release(sid, stream, out);
    if (stream.held.size > (this.config.window ?? 0)) this.giveUp(sid, stream, out);
  }
  release(sid, stream, out) {
    for (
      let held = stream.held.get(stream.next);
      held !== undefined && !stream.closed;
      held = stream.held.get(stream.next)
    ) {
      const seq = stream.next;
      stream.held.delete(seq);
      this.deliver(sid, stream, seq, held.op, held.packet, out);
      stream.next = seq + 1;
    }
    if (stream.closed) {
      for (const seq of [...stream.held.keys()].sort((a, b) => a - b)) out.push(afterClose(sid, seq));
      stream.held.clear();
    }
  }
  giveUp(sid, stream, out) {
    let lowest = Infinity;
    for (const seq of stream.held.keys()) lowest = Math.min(lowest, seq);
    out.push(gap(sid, lowest, stream.next, lowest - 1));
    stream.missing.add(stream.next, lowest - 1);
    stream.next = lowest;
    this.release(sid, stream, out);
  }
  deliver(sid, stream, seq, op, packet, out) {
    if (op === this.config.errorOp) out.push(finding("error_packet", sid, seq, `seq ${seq} is an ${op} packet`));
    out.push({ kind: "deliver", streamId: sid, seq, packet });
    if (this.config.terminalOps.includes(op)) stream.closed = true;
  }
  /** The end of the input: held packets are released past their gaps; open streams are reported. */
  finish() {
    const out = [];
    for (const [sid, stream] of this.streams) {
      while (stream.held.size > 0 && !stream.closed) this.giveUp(sid, stream, out);
      if (!stream.closed)
        out.push(finding("unterminated", sid, stream.highest ?? stream.next, "the stream has no terminal packet"));
    }
    return out;
  }
}
