import { DecodeError, quote } from "./errors.js";
import { readAny, skipValue } from "./values.js";
/** Reads a value with `read` after checking it against `check`. */
export function readChecked(d, check, read) {
  d.peek();
  const begin = d.pos,
    depth = d.depth,
    afterOpen = d.afterOpen;
  const restore = () => {
    d.pos = begin;
    d.depth = depth;
    d.afterOpen = afterOpen;
  };
  skipValue(d); // a value that is not JSON is a syntax error first
  restore();
  let value;
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
