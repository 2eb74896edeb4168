// The main process's young generation kept at V8's initial size. V8 doubles the space where new
// objects are made each time many of them outlive a collection, up to 2 × 16 MB, and the account's
// open (its code loaded, the embedded service built, the first snapshot read) is exactly such a
// burst: it left 22 MB of that space resident (32 MB reserved), mostly garbage, until V8's memory
// reducer gave it back after some ten idle seconds (bench/RESULTS.md, issue 30). A tray app is
// idle nearly always; a small young generation costs it more, shorter scavenges while busy.
//
// The growth factor is the one heap setting V8 still reads after start-up (the semi-space sizes
// are fixed when the heap is made, before any of our code runs, in Electron as in Node).
import { setFlagsFromString } from 'node:v8';

export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
