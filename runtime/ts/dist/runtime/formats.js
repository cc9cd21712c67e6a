// The string formats the contract asserts (docs/semantics.md, "Formats"),
// code point lengths and multipleOf: plain functions that the decoders and
// the Zod schemas share. The C++ and Go runtimes implement the same rules.
/**
 * `multipleOf`: exact remainder when the value and the divisor are integers;
 * otherwise q = value / divisor must be finite and within 1e-9 (relative) of
 * an integer, so 0.0075 is a multiple of 0.0001.
 */
export function isMultipleOf(value, divisor) {
  if (Number.isInteger(value) && Number.isInteger(divisor)) return value % divisor === 0;
  const q = value / divisor;
  if (!Number.isFinite(q)) return false;
  return Math.abs(q - Math.round(q)) <= 1e-9 * Math.max(1, Math.abs(q));
}
// ---- strings --------------------------------------------------------------------------
/** The number of Unicode code points (a surrogate pair counts once): what minLength/maxLength count. */
export function codePointLength(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
const isDigit = (c) => c >= 0x30 && c <= 0x39;
const isHex = (c) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
const isAlpha = (c) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
/** `format: uuid`: 8-4-4-4-12 hex digits of any case, any version or variant. */
export function isUuid(s) {
  if (s.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23 ? c !== 0x2d : !isHex(c)) return false;
  }
  return true;
}
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/**
 * `format: date-time`: RFC 3339 section 5.6. `T`/`t`, `Z`/`z`, an optional
 * fraction of at least one digit, a required offset, real calendar days, and
 * a leap second (:60) only at 23:59:60 UTC.
 */
export function isDateTime(s) {
  const num = (at, n) => {
    if (at + n > s.length) return -1;
    let v = 0;
    for (let i = at; i < at + n; i++) {
      const c = s.charCodeAt(i);
      if (!isDigit(c)) return -1;
      v = v * 10 + (c - 0x30);
    }
    return v;
  };
  const year = num(0, 4);
  if (year < 0 || s.length < 20 || s[4] !== "-" || s[7] !== "-") return false;
  const month = num(5, 2),
    day = num(8, 2);
  if (month < 0 || day < 0) return false;
  if (s[10] !== "T" && s[10] !== "t") return false;
  if (s[13] !== ":" || s[16] !== ":") return false;
  const hour = num(11, 2),
    minute = num(14, 2),
    second = num(17, 2);
  if (hour < 0 || minute < 0 || second < 0) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > DAYS_IN_MONTH[month - 1] + (month === 2 && leap ? 1 : 0)) return false;
  if (hour > 23 || minute > 59 || second > 60) return false;
  let i = 19;
  if (i < s.length && s[i] === ".") {
    const start = ++i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    if (i === start) return false;
  }
  if (i >= s.length) return false;
  let offset = 0;
  if (s[i] === "Z" || s[i] === "z") {
    i++;
  } else if (s[i] === "+" || s[i] === "-") {
    const oh = num(i + 1, 2),
      om = num(i + 4, 2);
    if (oh < 0 || s[i + 3] !== ":" || om < 0 || oh > 23 || om > 59) return false;
    offset = (s[i] === "+" ? 1 : -1) * (oh * 60 + om);
    i += 6;
  } else {
    return false;
  }
  if (i !== s.length) return false;
  if (second === 60) {
    const utc = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440;
    if (utc !== 23 * 60 + 59) return false;
  }
  return true;
}
const SUB_DELIMS = "!$&'()*+,;=";
const isUnreserved = (c) => {
  const k = c.charCodeAt(0);
  return isAlpha(k) || isDigit(k) || c === "-" || c === "." || c === "_" || c === "~";
};
/**
 * Every character unreserved, a sub-delim, one of `extra`, or a %XX escape.
 */
function validComponent(part, extra) {
  for (let i = 0; i < part.length; i++) {
    const c = part[i];
    if (c === "%") {
      if (i + 2 >= part.length || !isHex(part.charCodeAt(i + 1)) || !isHex(part.charCodeAt(i + 2))) return false;
      i += 2;
      continue;
    }
    if (!(isUnreserved(c) || SUB_DELIMS.includes(c) || extra.includes(c))) return false;
  }
  return true;
}
/**
 * RFC 3986 IPv4address: four dec-octets 0-255 without leading zeros.
 */
export function isIpv4(s) {
  let octets = 0;
  for (;;) {
    let n = 0;
    let value = 0;
    while (n < s.length && n < 4 && isDigit(s.charCodeAt(n))) value = value * 10 + (s.charCodeAt(n++) - 0x30);
    if (n === 0 || n > 3 || value > 255 || (n > 1 && s[0] === "0")) return false;
    octets++;
    s = s.slice(n);
    if (s === "") return octets === 4;
    if (s[0] !== "." || octets === 4) return false;
    s = s.slice(1);
  }
}
/**
 * The number of 16-bit groups in "h16:h16:..." (an IPv4address last counts two), or -1.
 */
function ipv6Groups(part, ipv4Last) {
  if (part === "") return 0;
  let count = 0;
  for (;;) {
    const colon = part.indexOf(":");
    const piece = colon < 0 ? part : part.slice(0, colon);
    if (colon < 0 && ipv4Last && piece.includes(".")) return isIpv4(piece) ? count + 2 : -1;
    if (piece === "" || piece.length > 4) return -1;
    for (let i = 0; i < piece.length; i++) if (!isHex(piece.charCodeAt(i))) return -1;
    count++;
    if (colon < 0) return count;
    part = part.slice(colon + 1);
  }
}
/**
 * RFC 3986 IP-literal (inside "[...]"): an IPv6address (8 groups of 1-4 hex
 * digits, one "::" standing for one or more zero groups, the last two groups
 * possibly an IPv4address) or an IPvFuture ("v" hex "." then unreserved,
 * sub-delims or ":").
 */
export function isIpLiteral(s) {
  if (s[0] === "v" || s[0] === "V") {
    const dot = s.indexOf(".");
    if (dot < 2 || dot + 1 === s.length) return false;
    for (let i = 1; i < dot; i++) if (!isHex(s.charCodeAt(i))) return false;
    for (let i = dot + 1; i < s.length; i++) {
      const c = s[i];
      if (!(isUnreserved(c) || SUB_DELIMS.includes(c) || c === ":")) return false;
    }
    return true;
  }
  const gap = s.indexOf("::");
  if (gap < 0) return ipv6Groups(s, true) === 8;
  if (s.indexOf("::", gap + 1) >= 0) return false;
  const left = ipv6Groups(s.slice(0, gap), false);
  const right = ipv6Groups(s.slice(gap + 2), true);
  return left >= 0 && right >= 0 && left + right <= 7;
}
/**
 * `format: uri`: an RFC 3986 URI with a scheme, checked character by character (as the C++ runtime's is_uri).
 */
export function isUri(s) {
  const colon = s.indexOf(":");
  if (colon <= 0 || !isAlpha(s.charCodeAt(0))) return false;
  for (let i = 1; i < colon; i++) {
    const c = s.charCodeAt(i);
    if (!(isAlpha(c) || isDigit(c) || s[i] === "+" || s[i] === "-" || s[i] === ".")) return false;
  }
  return uriRest(s.slice(colon + 1));
}
/**
 * What follows a URI's scheme (or a whole relative reference):
 * `[//authority] path [?query] [#fragment]`, character by character.
 */
export function uriRest(rest) {
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    if (!validComponent(rest.slice(hash + 1), ":@/?")) return false;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf("?");
  if (question >= 0) {
    if (!validComponent(rest.slice(question + 1), ":@/?")) return false;
    rest = rest.slice(0, question);
  }
  let path = rest;
  if (rest.startsWith("//")) {
    const after = rest.slice(2);
    const slash = after.indexOf("/");
    let authority = slash < 0 ? after : after.slice(0, slash);
    path = slash < 0 ? "" : after.slice(slash);
    const at = authority.lastIndexOf("@");
    if (at >= 0) {
      if (!validComponent(authority.slice(0, at), ":")) return false;
      authority = authority.slice(at + 1);
    }
    let host = authority;
    if (authority.startsWith("[")) {
      const close = authority.indexOf("]");
      if (close < 0) return false;
      if (!isIpLiteral(authority.slice(1, close))) return false;
      host = "";
      const port = authority.slice(close + 1);
      if (port !== "" && port[0] !== ":") return false;
      for (const c of port.slice(1)) if (!isDigit(c.charCodeAt(0))) return false;
    } else {
      const pc = authority.lastIndexOf(":");
      if (pc >= 0) {
        for (const c of authority.slice(pc + 1)) if (!isDigit(c.charCodeAt(0))) return false;
        host = authority.slice(0, pc);
      }
    }
    if (!validComponent(host, "")) return false;
  }
  return validComponent(path, ":@/");
}
