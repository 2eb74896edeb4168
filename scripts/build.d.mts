// Types of build.mjs, for the TypeScript tests that import it.
/** Builds into dist/, or into `out` (never dist/) with another release key (PEM) or updates delay (ms) in place of the app's. */
export declare function buildAll(options?: {
  out?: string;
  releaseKey?: string;
  updatesLoadDelayMs?: number;
}): Promise<void>;
/** renderer/index.html with Electron's Content-Security-Policy in its meta element, as dist/ gets it. */
export declare function electronPage(): string;
/** esbuild plugin: package imports stay external, except the named ESM-only packages (bundled, with what they import). */
export function externalExceptEsmOnly(esmOnly: string[]): import('esbuild').Plugin;
/** esbuild options that give a CommonJS bundle import.meta.url (the file's own address). */
export declare const importMetaUrlInCjs: { define: Record<string, string>; banner: { js: string } };
