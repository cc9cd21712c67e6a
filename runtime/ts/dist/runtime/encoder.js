// JSON text of a decoded (or hand-built) value, in the canonical spelling
// every binding of the contract writes (docs/semantics.md §3): integers as
// plain digits (bigints too), other numbers in ECMAScript's shortest
// round-trip form (`1e+21`, `1.5`, `-0` as `0`), members in input order
// (the recorded order where JavaScript's own would differ: json.ts), an
// UnknownVariant as the object it was read from. Absent members (undefined)
// are left out; what JSON cannot hold (NaN, functions) is a TypeError.
import { memberNames, UnknownVariant } from "./json.js";
/** Deeper than this, encode refuses (a cycle, or a value no decoder would produce). */
const MAX_ENCODE_DEPTH = 10000;
/** The compact JSON text of `value`. */
export function encode(value) {
  return write(value, 0);
}
function write(v, depth) {
  switch (typeof v) {
    case "string":
      return JSON.stringify(v);
    case "number":
      if (!Number.isFinite(v)) throw new TypeError(`cannot encode ${v}: JSON numbers are finite`);
      return v === 0 ? "0" : String(v);
    case "bigint":
      return v.toString();
    case "boolean":
      return v ? "true" : "false";
    case "object":
      if (v === null) return "null";
      if (depth >= MAX_ENCODE_DEPTH)
        throw new RangeError(`cannot encode a value nested deeper than ${MAX_ENCODE_DEPTH}`);
      if (v instanceof UnknownVariant) return write(v.value, depth);
      if (Array.isArray(v)) {
        let out = "[";
        for (let i = 0; i < v.length; i++) {
          if (v[i] === undefined) throw new TypeError(`cannot encode an array item that is undefined (index ${i})`);
          out += (i === 0 ? "" : ",") + write(v[i], depth + 1);
        }
        return `${out}]`;
      } else {
        const object = v;
        let out = "{";
        for (const key of memberNames(object)) {
          const member = object[key];
          if (member === undefined) continue;
          out += `${out.length === 1 ? "" : ","}${JSON.stringify(key)}:${write(member, depth + 1)}`;
        }
        return `${out}}`;
      }
  }
  throw new TypeError(`cannot encode a ${typeof v}: it is not JSON`);
}
