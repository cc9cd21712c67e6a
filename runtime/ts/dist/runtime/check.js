// Assertions (docs/semantics.md, "Assertions"): what a type cannot carry,
// compiled by contractgen into a schema program, `{"assert": [S...],
// "defs": [S...]}` ({"$ref": n} names defs[n]; patterns as programPattern reads them), and
// evaluated here on the free-form value, with the annotations that
// `unevaluatedProperties`/`unevaluatedItems` read. The text decoder runs it
// on the value read ahead (checked.ts), the Zod schemas on the input value;
// the Go runtime (check.go, check_eval.go) has the same evaluator.
import { Keyword } from "./errors.js";
import { codePointLength, isMultipleOf } from "./formats.js";
import { FORMATS } from "./formats_more.js";
import { jsonEqual, sameKey } from "./json.js";
import { programPattern } from "./patterns.js";
const NULL = 1,
  BOOLEAN = 2,
  OBJECT = 4,
  ARRAY = 8,
  STRING = 16,
  INTEGER = 32,
  NUMBER = 64;
const TYPE_BITS = {
  null: NULL,
  boolean: BOOLEAN,
  object: OBJECT,
  array: ARRAY,
  string: STRING,
  integer: INTEGER,
  number: NUMBER,
};
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function kindOf(v) {
  switch (typeof v) {
    case "boolean":
      return BOOLEAN;
    case "string":
      return STRING;
    case "bigint":
      return INTEGER | NUMBER;
    case "number":
      return Number.isInteger(v) ? INTEGER | NUMBER : NUMBER;
  }
  if (v === null) return NULL;
  return Array.isArray(v) ? ARRAY : OBJECT;
}
function compile(v) {
  if (typeof v === "boolean") return { always: v };
  const s = {};
  const o = v;
  const list = (x) => x.map(compile);
  const named = (x) => Object.entries(x).map(([k, sub]) => [k, compile(sub)]);
  for (const key of Object.keys(o)) {
    const x = o[key];
    switch (key) {
      case "$ref":
        s.ref = x;
        break;
      case "type":
        s.types = 0;
        for (const name of typeof x === "string" ? [x] : x) s.types |= TYPE_BITS[name] ?? NUMBER;
        break;
      case "enum":
        s.enum = x;
        break;
      case "const":
        s.hasConst = true;
        s.constant = x;
        break;
      case "multipleOf":
      case "maximum":
      case "exclusiveMaximum":
      case "minimum":
      case "exclusiveMinimum":
      case "maxLength":
      case "minLength":
      case "maxItems":
      case "minItems":
      case "maxContains":
      case "minContains":
      case "maxProperties":
      case "minProperties":
        s[key] = Number(x);
        break;
      case "pattern":
        s.pattern = programPattern(x);
        break;
      case "format":
        s.format = x;
        break;
      case "uniqueItems":
        s.uniqueItems = x;
        break;
      case "required":
        s.required = x;
        break;
      case "dependentRequired":
        s.dependentRequired = Object.entries(x);
        break;
      case "allOf":
      case "anyOf":
      case "oneOf":
      case "prefixItems":
        s[key] = list(x);
        break;
      case "not":
      case "if":
      case "then":
      case "else":
      case "items":
      case "contains":
      case "additionalProperties":
      case "propertyNames":
      case "unevaluatedItems":
      case "unevaluatedProperties":
        s[key] = compile(x);
        break;
      case "dependentSchemas":
      case "properties":
        s[key] = named(x);
        break;
      case "patternProperties":
        s.patternProperties = Object.entries(x).map(([p, sub]) => [programPattern(p), compile(sub)]);
        break;
      default:
        throw new Error(`contractgen: a check program has an unknown keyword ${JSON.stringify(key)}`);
    }
  }
  return s;
}
/** What a successful schema evaluated: member names and item indexes, or all of them. */
class Annotations {
  props;
  allProps = false;
  items;
  allItems = false;
  prop(name) {
    this.props ??= new Set();
    this.props.add(name);
  }
  item(i) {
    this.items ??= new Set();
    this.items.add(i);
  }
  merge(b) {
    this.allProps ||= b.allProps;
    this.allItems ||= b.allItems;
    if (b.props !== undefined) for (const k of b.props) this.prop(k);
    if (b.items !== undefined) for (const i of b.items) this.item(i);
  }
}
function allDistinct(items) {
  const seen = new Map();
  for (const item of items) {
    const key = sameKey(item);
    const group = seen.get(key);
    if (group === undefined) seen.set(key, [item]);
    else if (group.some((other) => jsonEqual(other, item))) return false;
    else group.push(item);
  }
  return true;
}
/** A compiled assertion (a constant of generated code). */
export class Check {
  assert;
  defs;
  constructor(program) {
    const p = JSON.parse(program);
    this.defs = p.defs.map(compile);
    this.assert = p.assert.map(compile);
  }
  /**
   * Checks `v` (a free-form value): undefined when it passes, else the
   * keyword that fails first (a `false` schema is `not`; `if` is reported
   * as `then` or `else`).
   */
  eval(v) {
    for (const s of this.assert) {
      const k = this.evaluate(s, v, new Annotations());
      if (k !== undefined) return k;
    }
    return undefined;
  }
  /** Evaluates a subschema on its own; its annotations go to `into` only when it passes. */
  valid(s, v, into) {
    const a = new Annotations();
    if (this.evaluate(s, v, a) !== undefined) return false;
    into?.merge(a);
    return true;
  }
  evaluate(s, v, a) {
    if (s.always !== undefined) return s.always ? undefined : Keyword.not;
    const kind = kindOf(v);
    if (s.types !== undefined && (s.types & kind) === 0) return Keyword.type;
    if (s.enum !== undefined && !s.enum.some((e) => jsonEqual(e, v))) return Keyword.enum;
    if (s.hasConst === true && !jsonEqual(s.constant, v)) return Keyword.const;
    if ((kind & NUMBER) !== 0) {
      const k = checkNumber(s, Number(v));
      if (k !== undefined) return k;
    }
    if (typeof v === "string") {
      const k = checkString(s, v);
      if (k !== undefined) return k;
    }
    const array = Array.isArray(v) ? v : undefined;
    if (array !== undefined) {
      if (s.maxItems !== undefined && array.length > s.maxItems) return Keyword.maxItems;
      if (s.minItems !== undefined && array.length < s.minItems) return Keyword.minItems;
      if (s.uniqueItems === true && !allDistinct(array)) return Keyword.uniqueItems;
    }
    const object = isObject(v) ? v : undefined;
    if (object !== undefined) {
      const k = checkObjectCounts(s, object);
      if (k !== undefined) return k;
    }
    const k = this.inPlace(s, v, a);
    if (k !== undefined) return k;
    if (array !== undefined) return this.checkItems(s, array, a);
    if (object !== undefined) return this.checkMembers(s, object, a);
    return undefined;
  }
  /** The keywords that apply to the value itself and pass their annotations on. */
  inPlace(s, v, a) {
    if (s.ref !== undefined && this.evaluate(this.defs[s.ref], v, a) !== undefined) return Keyword.ref;
    if (s.allOf !== undefined) for (const sub of s.allOf) if (!this.valid(sub, v, a)) return Keyword.allOf;
    if (s.anyOf !== undefined) {
      let matched = false;
      // Each branch that passes adds its annotations: no branch is skipped once one has matched.
      for (const sub of s.anyOf) matched = this.valid(sub, v, a) || matched;
      if (!matched) return Keyword.anyOf;
    }
    if (s.oneOf !== undefined) {
      let first;
      let matches = 0;
      for (const sub of s.oneOf) {
        const b = new Annotations();
        if (this.evaluate(sub, v, b) === undefined) {
          matches++;
          first = b;
        }
      }
      if (matches !== 1) return Keyword.oneOf;
      a.merge(first);
    }
    if (s.not !== undefined && this.valid(s.not, v, undefined)) return Keyword.not;
    if (s.if !== undefined) {
      if (this.valid(s.if, v, a)) {
        if (s.then !== undefined && !this.valid(s.then, v, a)) return Keyword.then;
      } else if (s.else !== undefined && !this.valid(s.else, v, a)) return Keyword.else;
    }
    if (s.dependentSchemas !== undefined && isObject(v))
      for (const [name, sub] of s.dependentSchemas)
        if (Object.hasOwn(v, name) && !this.valid(sub, v, a)) return Keyword.dependentSchemas;
    return undefined;
  }
  checkItems(s, array, a) {
    const prefix = s.prefixItems ?? [];
    for (let i = 0; i < prefix.length && i < array.length; i++) {
      if (!this.valid(prefix[i], array[i], undefined)) return Keyword.prefixItems;
      a.item(i);
    }
    if (s.items !== undefined) {
      for (let i = prefix.length; i < array.length; i++)
        if (!this.valid(s.items, array[i], undefined)) return Keyword.items;
      a.allItems = true;
    }
    if (s.contains !== undefined) {
      let matches = 0;
      for (let i = 0; i < array.length; i++)
        if (this.valid(s.contains, array[i], undefined)) {
          matches++;
          a.item(i);
        }
      const min = s.minContains ?? 1;
      if (matches < min) return s.minContains !== undefined ? Keyword.minContains : Keyword.contains;
      if (s.maxContains !== undefined && matches > s.maxContains) return Keyword.maxContains;
    }
    if (s.unevaluatedItems !== undefined && !a.allItems) {
      for (let i = 0; i < array.length; i++) {
        if (a.items?.has(i) === true) continue;
        if (!this.valid(s.unevaluatedItems, array[i], undefined)) return Keyword.unevaluatedItems;
      }
      a.allItems = true;
    }
    return undefined;
  }
  checkMembers(s, object, a) {
    const keys = Object.keys(object);
    if (s.properties !== undefined)
      for (const [name, sub] of s.properties) {
        if (!Object.hasOwn(object, name)) continue;
        if (!this.valid(sub, object[name], undefined)) return Keyword.properties;
        a.prop(name);
      }
    if (s.patternProperties !== undefined)
      for (const key of keys) {
        let matched = false;
        for (const [re, sub] of s.patternProperties) {
          if (!re.test(key)) continue;
          matched = true;
          if (!this.valid(sub, object[key], undefined)) return Keyword.patternProperties;
        }
        if (matched) a.prop(key);
      }
    if (s.additionalProperties !== undefined) {
      for (const key of keys)
        if (!declares(s, key) && !this.valid(s.additionalProperties, object[key], undefined))
          return Keyword.additionalProperties;
      a.allProps = true;
    }
    if (s.propertyNames !== undefined)
      for (const key of keys) if (!this.valid(s.propertyNames, key, undefined)) return Keyword.propertyNames;
    if (s.unevaluatedProperties !== undefined && !a.allProps) {
      for (const key of keys) {
        if (a.props?.has(key) === true) continue;
        if (!this.valid(s.unevaluatedProperties, object[key], undefined)) return Keyword.unevaluatedProperties;
      }
      a.allProps = true;
    }
    return undefined;
  }
}
/** The member is named by `properties` or matched by `patternProperties` of this schema. */
function declares(s, name) {
  if (s.properties?.some(([n]) => n === name) === true) return true;
  return s.patternProperties?.some(([re]) => re.test(name)) === true;
}
function checkNumber(s, f) {
  if (s.multipleOf !== undefined && !isMultipleOf(f, s.multipleOf)) return Keyword.multipleOf;
  if (s.maximum !== undefined && f > s.maximum) return Keyword.maximum;
  if (s.exclusiveMaximum !== undefined && f >= s.exclusiveMaximum) return Keyword.exclusiveMaximum;
  if (s.minimum !== undefined && f < s.minimum) return Keyword.minimum;
  if (s.exclusiveMinimum !== undefined && f <= s.exclusiveMinimum) return Keyword.exclusiveMinimum;
  return undefined;
}
function checkString(s, str) {
  if (s.maxLength !== undefined || s.minLength !== undefined) {
    const n = codePointLength(str);
    if (s.maxLength !== undefined && n > s.maxLength) return Keyword.maxLength;
    if (s.minLength !== undefined && n < s.minLength) return Keyword.minLength;
  }
  if (s.pattern !== undefined && !s.pattern.test(str)) return Keyword.pattern;
  if (s.format !== undefined && !FORMATS[s.format].check(str)) return Keyword.format;
  return undefined;
}
function checkObjectCounts(s, object) {
  if (s.maxProperties !== undefined || s.minProperties !== undefined) {
    const n = Object.keys(object).length;
    if (s.maxProperties !== undefined && n > s.maxProperties) return Keyword.maxProperties;
    if (s.minProperties !== undefined && n < s.minProperties) return Keyword.minProperties;
  }
  if (s.required !== undefined)
    for (const name of s.required) if (!Object.hasOwn(object, name)) return Keyword.required;
  if (s.dependentRequired !== undefined)
    for (const [name, names] of s.dependentRequired) {
      if (!Object.hasOwn(object, name)) continue;
      for (const n of names) if (!Object.hasOwn(object, n)) return Keyword.dependentRequired;
    }
  return undefined;
}
