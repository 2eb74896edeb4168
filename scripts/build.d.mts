// Types of build.mjs, for the TypeScript tests that import it.
export declare function buildAll(): Promise<void>;
