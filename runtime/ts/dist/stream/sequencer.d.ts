export type FindingKind =
  | "gap"
  | "duplicate"
  | "reorder"
  | "late"
  | "before_first"
  | "after_close"
  | "error_packet"
  | "unterminated";
export interface SequencerConfig {
  readonly terminalOps: readonly string[];
  readonly errorOp: string;
  /** report: deliver every new packet at once; reorder: hold packets ahead of a gap and deliver in order. */
  readonly policy: "report" | "reorder";
  /** reorder: packets held per stream before a gap is given up. */
  readonly window?: number;
  /** The first seq of every stream, when the protocol fixes it. */
  readonly firstSeq?: number;
}
export interface Delivery<P> {
  readonly kind: "deliver";
  readonly streamId: string;
  readonly seq: number;
  readonly packet: P;
}
export interface Finding {
  readonly kind: "finding";
  readonly finding: FindingKind;
  readonly streamId: string;
  readonly seq: number;
  /** gap: the first missing seq; before_first: the first seq; otherwise null. */
  readonly expected: number | null;
  readonly message: string;
}
export type SequencerOutput<P> = Delivery<P> | Finding;
/** Packets in (`push`), deliveries and findings out; `finish()` at the end of the input. */
export declare class PacketSequencer<P> {
  private readonly config;
  private readonly streams;
  constructor(config: SequencerConfig);
  push(streamId: string, seq: number, op: string, packet: P): SequencerOutput<P>[];
  private report;
  private reorder;
  private release;
  private giveUp;
  private deliver;
  /** The end of the input: held packets are released past their gaps; open streams are reported. */
  finish(): SequencerOutput<P>[];
}
