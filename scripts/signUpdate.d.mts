// Types of signUpdate.mjs, for the TypeScript tests that import it.
/** The base64 text of the bytes' ed25519 signature, as `<file>.sig` holds it. */
export declare function signatureOf(bytes: Buffer, privateKeyPem: string): string;
/** Writes `<file>.sig` beside the file (checked to verify first); answers its path. */
export declare function signFile(file: string, privateKeyPem: string): string;
/** A new release key pair: the private key (PKCS#8 PEM) and the public one for releaseKey.ts (SPKI PEM). */
export declare function newReleaseKeys(): { privateKeyPem: string; publicKeyPem: string };
