import { DecodeError, Keyword, within } from "./errors.js";
import { firstDuplicate, objectOf } from "./json.js";
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/**
 * Members kept while an object is read (undeclared members of open objects,
 * of closed ones in tolerant mode, or a map's): names and values in input
 * order, and the names seen, so that a name read twice is a `duplicate`.
 */
export class Members {
  entries = [];
  seen;
  /** Adds a member; returns false when its name is there already. */
  add(key, value) {
    const entries = this.entries;
    if (this.seen !== undefined) {
      if (this.seen.has(key)) return false;
      this.seen.add(key);
    } else {
      for (let i = 0; i < entries.length; i += 2) if (entries[i] === key) return false;
      // Past 16 members a set: a huge object stays linear.
      if (entries.length >= 32) {
        this.seen = new Set();
        for (let i = 0; i < entries.length; i += 2) this.seen.add(entries[i]);
        this.seen.add(key);
      }
    }
    entries.push(key, value);
    return true;
  }
  has(key) {
    if (this.seen !== undefined) return this.seen.has(key);
    for (let i = 0; i < this.entries.length; i += 2) if (this.entries[i] === key) return true;
    return false;
  }
}
/** A free-form number: an integer literal exactly (a bigint beyond ±(2^53−1)), anything else a finite double. */
function readNumber(d) {
  const start = d.pos;
  const integer = d.scanNumber();
  const literal = d.text.slice(start, d.pos);
  const v = Number(literal);
  if (integer) {
    // A literal beyond 2^53−1 rounds to 2^53 or more, so the comparison is exact.
    if (v >= -MAX_SAFE && v <= MAX_SAFE) return v === 0 ? 0 : v;
    return BigInt(literal);
  }
  if (!Number.isFinite(v)) d.fail(Keyword.range, `${literal} is outside the range of a double`, start);
  return v;
}
/**
 * Reads any JSON value: objects keep every member in input order (a name
 * twice is `duplicate`), integer literals keep their exact value, other
 * numbers must fit a double (`range`), nesting counts towards the limit.
 */
export function readAny(d) {
  const frames = [];
  let value;
  try {
    for (;;) {
      const c = d.peek();
      switch (c) {
        case 123: {
          d.open();
          const key = d.key();
          if (key === undefined) {
            value = {};
            break;
          }
          frames.push({ items: undefined, members: new Members(), segment: key });
          continue;
        }
        case 91:
          d.open();
          if (!d.item()) {
            value = [];
            break;
          }
          frames.push({ items: [], members: undefined, segment: 0 });
          continue;
        case 34:
          value = d.readString();
          break;
        case 116:
          d.literal("true");
          value = true;
          break;
        case 102:
          d.literal("false");
          value = false;
          break;
        case 110:
          d.literal("null");
          value = null;
          break;
        default:
          value = readNumber(d);
      }
      // Place the value; close every container that ends after it.
      for (;;) {
        const f = frames[frames.length - 1];
        if (f === undefined) return value;
        if (f.items !== undefined) {
          f.items.push(value);
          if (d.item()) {
            f.segment = f.items.length;
            break;
          }
          frames.pop();
          value = f.items;
          continue;
        }
        const members = f.members;
        members.add(f.segment, value);
        const key = d.key();
        if (key !== undefined) {
          f.segment = key;
          if (members.has(key)) d.duplicate(key);
          break;
        }
        frames.pop();
        value = objectOf(members.entries);
      }
    }
  } catch (e) {
    for (let i = frames.length - 1; i >= 0; i--) within(e, frames[i].segment);
    throw e;
  }
}
/** Consumes `"name":` (whitespace around it allowed). */
function skipKey(d) {
  if (d.ws() !== 34)
    d.syntax(d.pos, d.pos >= d.text.length ? "unexpected end of input in an object" : "expected a member name");
  d.readString();
  d.colon();
}
/**
 * Consumes one value, checking only that it is JSON (no depth limit, no
 * duplicate check: those belong to the readers that read the value).
 */
export function skipValue(d) {
  const stack = [];
  for (;;) {
    const c = d.peek();
    if (c === 123 || c === 91) {
      d.pos++;
      if (d.ws() === c + 2) {
        d.pos++;
      } else {
        stack.push(c);
        if (c === 123) skipKey(d);
        continue;
      }
    } else if (c === 34) d.readString();
    else if (c === 116) d.literal("true");
    else if (c === 102) d.literal("false");
    else if (c === 110) d.literal("null");
    else d.scanNumber();
    // After a value: a comma and the next entry, or closing brackets.
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) return;
      const b = d.ws();
      if (b === 44) {
        d.pos++;
        if (top === 123) skipKey(d);
        break;
      }
      if (b === top + 2) {
        d.pos++;
        stack.pop();
        continue;
      }
      d.syntax(
        d.pos,
        d.pos >= d.text.length ? "unexpected end of input" : `expected ',' or '${String.fromCharCode(top + 2)}'`,
      );
    }
  }
}
/** The number of items or members of the container at the decoder's position, consuming nothing. */
export function countEntries(d) {
  const save = d.pos;
  const open = d.text.charCodeAt(d.pos);
  const close = open + 2;
  d.pos++;
  let n = 0;
  for (;;) {
    const c = d.ws();
    if (c === close) break;
    if (n > 0) {
      if (c !== 44)
        d.syntax(
          d.pos,
          d.pos >= d.text.length ? "unexpected end of input" : `expected ',' or '${String.fromCharCode(close)}'`,
        );
      d.pos++;
    }
    if (open === 123) skipKey(d);
    skipValue(d);
    n++;
  }
  d.pos = save;
  return n;
}
/**
 * `uniqueItems` (and the item counts) of the array at the decoder's
 * position, read ahead as free-form values. When an item breaks the payload
 * policy (a duplicate member, too deep), uniqueness is left undecided: the
 * typed read that follows reports that problem.
 */
export function checkUnique(d, rule) {
  const start = d.pos,
    depth = d.depth;
  d.counted(rule, Keyword.minItems, Keyword.maxItems, "items");
  let items;
  try {
    items = readAny(d);
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    d.pos = start;
    d.depth = depth;
    return;
  }
  d.pos = start;
  d.depth = depth;
  const dup = firstDuplicate(items);
  if (dup !== undefined) d.fail(Keyword.uniqueItems, `items ${dup[0]} and ${dup[1]} are equal`, start);
}
