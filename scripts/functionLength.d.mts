// Types of functionLength.mjs, for its test.
export declare const MAX_LINES: number;
export declare function longFunctions(
  fileName: string,
  text: string,
  max?: number,
): Array<{ name: string; lines: number }>;
export declare function offenders(): Array<{ key: string; name: string; lines: number }>;
export declare function listed(): Map<string, number>;
