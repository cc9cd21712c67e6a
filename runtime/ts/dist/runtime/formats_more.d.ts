import { isDateTime, isIpv4, isUri, isUuid } from "./formats.js";
/** `format: date`: RFC 3339 full-date, YYYY-MM-DD, a day that exists. */
export declare function isDate(s: string): boolean;
/** `format: time`: RFC 3339 full-time; a leap second only at 23:59:60 UTC. */
export declare function isTime(s: string): boolean;
/**
 * `format: duration`: RFC 3339 appendix A: P then nW, a date part (nD,
 * nM[nD], nY[nM[nD]]) with an optional time part, or a time part alone; the
 * time part is T then nH[nM[nS]], nM[nS] or nS.
 */
export declare function isDuration(s: string): boolean;
/** `format: hostname`: RFC 1123 labels of 1-63 letters, digits and inner hyphens; 253 characters at most. */
export declare function isHostname(s: string): boolean;
/** `format: ipv4`: four decimal numbers 0-255, no leading zeros. */
export { isIpv4 };
/** `format: ipv6`: RFC 4291 text form; no zone, no brackets (and not an IPvFuture). */
export declare function isIpv6(s: string): boolean;
/**
 * `format: email`: RFC 5321 Mailbox: a dot-atom or quoted-string local part,
 * `@`, then a hostname or an address literal (`[IPv4]`, `[IPv6:...]`).
 */
export declare function isEmail(s: string): boolean;
/** `format: uri-reference`: a URI, or a relative reference whose first path segment has no ':'. */
export declare function isUriReference(s: string): boolean;
/** `format: json-pointer`: RFC 6901: empty, or "/"-prefixed tokens with every ~ followed by 0 or 1. */
export declare function isJsonPointer(s: string): boolean;
/** The format checks by keyword name, with what a message says was expected. */
export declare const FORMATS: {
  readonly "date-time": {
    readonly check: typeof isDateTime;
    readonly expected: "an RFC 3339 date-time";
  };
  readonly uuid: {
    readonly check: typeof isUuid;
    readonly expected: "a UUID";
  };
  readonly uri: {
    readonly check: typeof isUri;
    readonly expected: "an absolute URI";
  };
  readonly date: {
    readonly check: typeof isDate;
    readonly expected: "an RFC 3339 full-date";
  };
  readonly time: {
    readonly check: typeof isTime;
    readonly expected: "an RFC 3339 full-time";
  };
  readonly duration: {
    readonly check: typeof isDuration;
    readonly expected: "an RFC 3339 duration";
  };
  readonly email: {
    readonly check: typeof isEmail;
    readonly expected: "an e-mail address";
  };
  readonly hostname: {
    readonly check: typeof isHostname;
    readonly expected: "a hostname";
  };
  readonly ipv4: {
    readonly check: typeof isIpv4;
    readonly expected: "an IPv4 address";
  };
  readonly ipv6: {
    readonly check: typeof isIpv6;
    readonly expected: "an IPv6 address";
  };
  readonly "uri-reference": {
    readonly check: typeof isUriReference;
    readonly expected: "a URI reference";
  };
  readonly "json-pointer": {
    readonly check: typeof isJsonPointer;
    readonly expected: "a JSON pointer";
  };
};
/** The name of an asserted format. */
export type FormatName = keyof typeof FORMATS;
