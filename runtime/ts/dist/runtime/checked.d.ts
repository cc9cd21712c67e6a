import type { Check } from "./check.js";
import type { Decoder, Reader } from "./decoder.js";
/** Reads a value with `read` after checking it against `check`. */
export declare function readChecked<T>(d: Decoder, check: Check, read: Reader<T>): T;
