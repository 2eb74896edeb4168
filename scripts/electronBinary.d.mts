// Types of electronBinary.mjs, for the TypeScript tests that import it.
export declare const root: string;
export declare function electronBinary(): string | null;
