// The formats beyond date-time, uuid and uri, exactly as docs/semantics.md
// ("The whole vocabulary", "Formats") defines them; ASCII only (a character
// beyond ASCII fails every character class below). The Go runtime
// (formats_more.go) asserts the same rules.
import { isDateTime, isIpLiteral, isIpv4, isUri, isUuid, uriRest } from "./formats.js";
const isDigit = (c) => c !== undefined && c >= "0" && c <= "9";
const isAlpha = (c) => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");
const ATEXT_SYMBOLS = "!#$%&'*+-/=?^_`{|}~";
/** `format: date`: RFC 3339 full-date, YYYY-MM-DD, a day that exists. */
export function isDate(s) {
  return s.length === 10 && isDateTime(`${s}T00:00:00Z`);
}
/** `format: time`: RFC 3339 full-time; a leap second only at 23:59:60 UTC. */
export function isTime(s) {
  return s.length >= 9 && isDateTime(`2000-01-01T${s}`);
}
/**
 * `format: duration`: RFC 3339 appendix A: P then nW, a date part (nD,
 * nM[nD], nY[nM[nD]]) with an optional time part, or a time part alone; the
 * time part is T then nH[nM[nS]], nM[nS] or nS.
 */
export function isDuration(s) {
  if (s.length < 2 || s[0] !== "P") return false;
  let at = 1;
  // One component (digits, then its unit) from `at`: the unit, or "" when there is none.
  const component = () => {
    let n = at;
    while (isDigit(s[n])) n++;
    if (n === at || n >= s.length) return "";
    at = n + 1;
    return s[n];
  };
  // Units in the order given, each only right after the one before it.
  const sequence = (units) => {
    const start = at;
    const unit = component();
    let i = unit === "" ? -1 : units.indexOf(unit);
    if (i < 0) {
      at = start;
      return false;
    }
    while (i + 1 < units.length) {
      const before = at;
      if (component() !== units[i + 1]) {
        at = before;
        break;
      }
      i++;
    }
    return true;
  };
  if (s[at] !== "T") {
    const before = at;
    if (component() === "W") return at === s.length;
    at = before;
    if (!sequence("YMD")) return false;
    if (at === s.length) return true;
  }
  if (s[at] !== "T") return false;
  at++;
  return sequence("HMS") && at === s.length;
}
/** `format: hostname`: RFC 1123 labels of 1-63 letters, digits and inner hyphens; 253 characters at most. */
export function isHostname(s) {
  if (s === "" || s.length > 253) return false;
  for (const label of s.split(".")) {
    if (label === "" || label.length > 63 || label[0] === "-" || label[label.length - 1] === "-") return false;
    for (const c of label) if (!(isAlpha(c) || isDigit(c) || c === "-")) return false;
  }
  return true;
}
/** `format: ipv4`: four decimal numbers 0-255, no leading zeros. */
export { isIpv4 };
/** `format: ipv6`: RFC 4291 text form; no zone, no brackets (and not an IPvFuture). */
export function isIpv6(s) {
  return s !== "" && s[0] !== "v" && s[0] !== "V" && isIpLiteral(s);
}
/**
 * `format: email`: RFC 5321 Mailbox: a dot-atom or quoted-string local part,
 * `@`, then a hostname or an address literal (`[IPv4]`, `[IPv6:...]`).
 */
export function isEmail(s) {
  let i = 0;
  if (s[0] === '"') {
    for (i = 1; i < s.length && s[i] !== '"'; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x5c) {
        i++;
        const e = s.charCodeAt(i);
        if (i >= s.length || e < 0x20 || e > 0x7e) return false;
        continue;
      }
      if (c < 0x20 || c > 0x7e) return false;
    }
    if (i >= s.length) return false;
    i++; // the closing quote
  } else {
    let atom = 0;
    for (; i < s.length && s[i] !== "@"; i++) {
      const c = s[i];
      if (c === ".") {
        if (atom === 0) return false;
        atom = 0;
        continue;
      }
      if (!(isAlpha(c) || isDigit(c) || ATEXT_SYMBOLS.includes(c))) return false;
      atom++;
    }
    if (atom === 0) return false;
  }
  if (s[i] !== "@") return false;
  const domain = s.slice(i + 1);
  if (domain.startsWith("[") && domain.endsWith("]")) {
    const literal = domain.slice(1, -1);
    return literal.startsWith("IPv6:") ? isIpv6(literal.slice(5)) : isIpv4(literal);
  }
  return isHostname(domain);
}
/** `format: uri-reference`: a URI, or a relative reference whose first path segment has no ':'. */
export function isUriReference(s) {
  if (isUri(s)) return true;
  const end = s.search(/[?#]/);
  const path = end < 0 ? s : s.slice(0, end);
  if (!path.startsWith("/")) {
    const slash = path.indexOf("/");
    if ((slash < 0 ? path : path.slice(0, slash)).includes(":")) return false;
  }
  return uriRest(s);
}
/** `format: json-pointer`: RFC 6901: empty, or "/"-prefixed tokens with every ~ followed by 0 or 1. */
export function isJsonPointer(s) {
  if (s !== "" && s[0] !== "/") return false;
  for (let i = 0; i < s.length; i++) if (s[i] === "~" && s[i + 1] !== "0" && s[i + 1] !== "1") return false;
  return true;
}
/** The format checks by keyword name, with what a message says was expected. */
export const FORMATS = {
  "date-time": { check: isDateTime, expected: "an RFC 3339 date-time" },
  uuid: { check: isUuid, expected: "a UUID" },
  uri: { check: isUri, expected: "an absolute URI" },
  date: { check: isDate, expected: "an RFC 3339 full-date" },
  time: { check: isTime, expected: "an RFC 3339 full-time" },
  duration: { check: isDuration, expected: "an RFC 3339 duration" },
  email: { check: isEmail, expected: "an e-mail address" },
  hostname: { check: isHostname, expected: "a hostname" },
  ipv4: { check: isIpv4, expected: "an IPv4 address" },
  ipv6: { check: isIpv6, expected: "an IPv6 address" },
  "uri-reference": { check: isUriReference, expected: "a URI reference" },
  "json-pointer": { check: isJsonPointer, expected: "a JSON pointer" },
};
