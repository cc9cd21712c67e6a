import { Keyword } from "./errors.js";
/** A compiled assertion (a constant of generated code). */
export declare class Check {
  private readonly assert;
  private readonly defs;
  constructor(program: string);
  /**
   * Checks `v` (a free-form value): undefined when it passes, else the
   * keyword that fails first (a `false` schema is `not`; `if` is reported
   * as `then` or `else`).
   */
  eval(v: unknown): Keyword | undefined;
  /** Evaluates a subschema on its own; its annotations go to `into` only when it passes. */
  private valid;
  private evaluate;
  /** The keywords that apply to the value itself and pass their annotations on. */
  private inPlace;
  private checkItems;
  private checkMembers;
}
