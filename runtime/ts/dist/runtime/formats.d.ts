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
 * `format: uri`: an RFC 3986 URI with a scheme, checked character by character (as the C++ runtime's is_uri).
 */
export declare function isUri(s: string): boolean;
