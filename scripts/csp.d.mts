// Types of csp.mjs, for the web host and the tests that import it.
export declare const ELECTRON_CSP: string;
export declare const WEB_HOST_CSP: string;
export declare function withCspMeta(html: string, policy: string | null): string;
