import { Keyword } from "./errors.js";
/** The nesting limit of the payload policy when a package does not set its own. */
export declare const DEFAULT_MAX_DEPTH = 128;
/** Options of a decode: strict by default. */
export interface DecodeOptions {
  /**
   * The tolerant-reader mode for consumers: undeclared members of closed
   * objects are kept (and encoded after the declared ones) instead of
   * rejected, and a discriminated union's unknown string tag decodes to an
   * {@link UnknownVariant}. Everything else stays strict; producers validate strictly.
   */
  readonly tolerant?: boolean;
  /** The nesting limit (1..10000), instead of the package's. */
  readonly maxDepth?: number;
}
/** Options of a strict decode (the default). */
export type StrictDecodeOptions = DecodeOptions & {
  readonly tolerant?: false;
};
/** Options of a decode in the tolerant-reader mode. */
export type TolerantDecodeOptions = DecodeOptions & {
  readonly tolerant: true;
};
/** The JSON kind of the value starting with character code c (for messages). */
export declare function kindName(c: number): string;
/** Reads JSON text token by token; the typed reads are {@link Decoder}'s (decoder.ts). */
export declare class Scanner {
  readonly text: string;
  /** Where reading is: a UTF-16 index into `text`. */
  pos: number;
  depth: number;
  readonly maxDepth: number;
  readonly tolerant: boolean;
  /** The container just opened has had no entry yet (no comma before the first). */
  afterOpen: boolean;
  /** Where the member name `key()` returned last starts. */
  keyStart: number;
  constructor(text: string, options?: DecodeOptions, packageMaxDepth?: number);
  fail(keyword: Keyword, detail: string, at?: number): never;
  syntax(at: number, detail: string): never;
  typeFail(expected: string, c: number): never;
  /** Skips whitespace; returns the next character code (NaN at the end). */
  ws(): number;
  /** Skips whitespace and checks that a value starts there; returns its first character code. */
  peek(): number;
  /** Reads the string whose opening quote is at `pos`. */
  readString(): string;
  private readEscaped;
  private hex4;
  /** Consumes the number at `pos`; returns whether it is an integer literal (no fraction, no exponent). */
  scanNumber(): boolean;
  /** Consumes one of true, false, null (its first letter already checked). */
  literal(word: string): void;
  /** Consumes the colon after a member name. */
  colon(): void;
  /** Checks that only whitespace follows the value. */
  end(): void;
  /** Enters the container at `pos` (depth checked) and steps over its bracket. */
  open(): void;
  /** The next member name of the open object (and the colon after it), or undefined at its end. */
  key(): string | undefined;
}
