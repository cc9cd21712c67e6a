/**
 * `multipleOf`: exact remainder when the value and the divisor are integers;
 * otherwise q = value / divisor must be finite and within 1e-9 (relative) of
 * an integer, so 0.0075 is a multiple of 0.0001.
 */
export declare function isMultipleOf(value: number, divisor: number): boolean;
/** The number of Unicode code points (a surrogate pair counts once): what minLength/maxLength count. */
export declare function codePointLength(s: string): number;
/** `format: uuid`: 8-4-4-4-12 hex digits of any case, any version or variant. */
export declare function isUuid(s: string): boolean;
/**
 * `format: date-time`: RFC 3339 section 5.6. `T`/`t`, `Z`/`z`, an optional
 * fraction of at least one digit, a required offset, real calendar days, and
 * a leap second (:60) only at 23:59:60 UTC.
 */
export declare function isDateTime(s: string): boolean;
/**
 * RFC 3986 IPv4address: four dec-octets 0-255 without leading zeros.
 */
export declare function isIpv4(s: string): boolean;
/**
 * RFC 3986 IP-literal (inside "[...]"): an IPv6address (8 groups of 1-4 hex
 * digits, one "::" standing for one or more zero groups, the last two groups
 * possibly an IPv4address) or an IPvFuture ("v" hex "." then unreserved,
 * sub-delims or ":").
 */
export declare function isIpLiteral(s: string): boolean;
/**
 * `format: uri`: an RFC 3986 URI with a scheme, checked character by character (as the C++ runtime's is_uri).
 */
export declare function isUri(s: string): boolean;
/**
 * What follows a URI's scheme (or a whole relative reference):
 * `[//authority] path [?query] [#fragment]`, character by character.
 */
export declare function uriRest(rest: string): boolean;
