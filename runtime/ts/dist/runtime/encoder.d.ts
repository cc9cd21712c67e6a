/** The compact JSON text of `value`. */
export declare function encode(value: unknown): string;
