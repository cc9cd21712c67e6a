import { DecodeError } from "./errors.js";
/** The parts of a Zod issue read here (structurally: no dependency on Zod's types). */
export interface ZodIssueLike {
  readonly code?: string | undefined;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly origin?: string | undefined;
  readonly inclusive?: boolean | undefined;
  readonly format?: string | undefined;
  readonly expected?: string | undefined;
  readonly note?: string | undefined;
  readonly keys?: readonly string[] | undefined;
  readonly discriminator?: string | undefined;
  readonly input?: unknown | undefined;
}
/**
 * The first problem of a failed Zod parse of `input`, in the contract's
 * terms: a DecodeError with the JSON path, the keyword and a detail.
 */
export declare function firstError(
  error: {
    readonly issues: readonly ZodIssueLike[];
  },
  input: unknown,
): DecodeError;
/** Whether the first problem of a failed Zod parse of `input` sits at the start of `input` itself. */
export declare function firstAtStart(
  error: {
    readonly issues: readonly ZodIssueLike[];
  },
  input: unknown,
): boolean;
