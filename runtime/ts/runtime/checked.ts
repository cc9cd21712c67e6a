// Assertions in the text decoder (docs/semantics.md, "Assertions"): the
// value is read ahead as a free-form value and checked; its error sits at
// the start of the value, after any error the value's type reports there,
// and before anything inside the value. Only types with an assertion pay
// for the look-ahead. Go's contract.Checked works the same way.
import type { Check } from "./check.js";
import type { Decoder, Reader } from "./decoder.js";
import { DecodeError, quote } from "./errors.js";
import type { Json } from "./json.js";
import { readAny, skipValue } from "./values.js";

/** Reads a value with `read` after checking it against `check`. */
export function readChecked<T>(d: Decoder, check: Check, read: Reader<T>): T {
  d.peek();
  const begin = d.pos, depth = d.depth, afterOpen = d.afterOpen;
  const restore = (): void => {
    d.pos = begin;
    d.depth = depth;
    d.afterOpen = afterOpen;
  };
  skipValue(d); // a value that is not JSON is a syntax error first
  restore();
  let value: Json;
  try {
    value = readAny(d);
  } catch (e) {
    // The payload policy's error (depth, duplicate, range) is the reader's to report.
    if (!(e instanceof DecodeError)) throw e;
    restore();
    return read(d);
  }
  restore();
  const keyword = check.eval(value);
  if (keyword !== undefined) {
    try {
      read(d);
    } catch (e) {
      if (!(e instanceof DecodeError) || e.offset === begin) throw e;
    }
    restore();
    d.fail(keyword, `the value does not satisfy the schema's ${quote(keyword)}`, begin);
  }
  return read(d);
}
