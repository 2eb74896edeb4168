// Names no other test of this run (nor of another run, for what outlives it) uses.
import { randomUUID } from 'node:crypto';

let counter = 0;

/** A project (or other display) name no other test of this run uses: `<prefix> <pid>-<n>`. */
export const uniqueName = (prefix: string): string => `${prefix} ${process.pid}-${++counter}`;

/** The same without a space, for a single word: `<prefix>-<pid>-<n>`. */
export const uniqueWord = (prefix: string): string => `${prefix}-${process.pid}-${++counter}`;

/** A name no run anywhere uses, for what outlives the run (a keychain service): `<prefix>-<uuid>`. */
export const uniqueId = (prefix: string): string => `${prefix}-${randomUUID()}`;
