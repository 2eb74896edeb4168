// Types of rendererBuildOptions.mjs for the TypeScript that imports it (web/rendererBundle.ts).
export declare const RENDERER_ALIAS: Record<string, string>;
