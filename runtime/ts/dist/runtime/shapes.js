import { Keyword, quote, within } from "./errors.js";
import { isIndexKey, recordOrder } from "./json.js";
import { checkUnique, countEntries } from "./values.js";
/**
 * Reads a tuple: an array whose item i is read by `items[i]`, and the items
 * after those by `rest` (undefined: none may follow, an `items` error at the
 * array). `rule` bounds the items (an absent optional position ends the
 * array, so `minItems` says which positions are required); both are
 * checked before any item.
 */
export function readTuple(d, rule, items, rest) {
  let c = d.text.charCodeAt(d.pos);
  if (c !== 91) {
    c = d.peek();
    if (c !== 91) d.typeFail("an array", c);
  }
  const start = d.pos;
  if (rule !== undefined) {
    if (rule.unique === true) checkUnique(d, rule);
    else d.counted(rule, Keyword.minItems, Keyword.maxItems, "items");
  }
  if (rest === undefined) {
    const n = countEntries(d);
    if (n > items.length)
      d.fail(Keyword.items, `has ${n} items, more than the ${items.length} the tuple allows`, start);
  }
  d.open();
  const out = [];
  let i = 0;
  try {
    while (d.item()) {
      out.push(i < items.length ? items[i](d) : rest(d));
      i++;
    }
  } catch (e) {
    throw within(e, i);
  }
  return out;
}
/** Rejects the member just read: its name does not match the key pattern (`additionalProperties`). */
function unmatched(d, key) {
  return d.fail(Keyword.additionalProperties, `member ${quote(key)} is not allowed`, d.keyStart);
}
/** Reads an object whose member names must match `key` and whose values `value` reads (input order kept). */
export function readMapMatching(d, rule, key, value) {
  d.object(rule);
  const out = {};
  let name;
  let order;
  try {
    for (name = d.key(); name !== undefined; name = d.key()) {
      if (Object.hasOwn(out, name)) d.duplicate(name);
      if (!key.test(name)) unmatched(d, name);
      const v = value(d);
      Object.defineProperty(out, name, { value: v, enumerable: true, writable: true, configurable: true });
      if (order !== undefined) order.push(name);
      else if (isIndexKey(name)) order = [...Object.keys(out).filter((k) => k !== name), name];
    }
  } catch (e) {
    throw within(e, name);
  }
  if (order !== undefined) recordOrder(out, order);
  return out;
}
/**
 * An undeclared member of a struct whose other members are a map with a key
 * pattern: kept in `kept` (which it returns) when its name matches `key`,
 * else an `additionalProperties` error, in the tolerant mode too (the
 * members are typed by the pattern).
 */
export function keepMatching(d, name, kept, key, read) {
  if (!key.test(name)) unmatched(d, name);
  return d.keep(name, kept, read);
}
