// The main process's WebAssembly kept at its baseline compiler. Its one module is undici's HTTP
// parser (llhttp), which the API client runs for every answer of the service; V8 compiles it with
// Liftoff and then, once a function has run some 13 MB of its code, again with TurboFan in the
// background, whose compilation left ~10 MB resident after the account's first requests (20
// requests in a plain Node 24: 16 MB with the tier-up, 6 MB without; the account's open: see
// bench/RESULTS.md, issue 30). Parsing a few answers a minute, the tray app loses nothing it
// would notice to baseline code; a function still tiers up once it has run some 150 times that.
//
// The tiering budget is read when a module is instantiated (undici does so at its first
// connection), so setting it after start-up, as the account opens (account.ts), is in time.
import { setFlagsFromString } from 'node:v8';

export function keepWasmAtBaseline(): void {
  setFlagsFromString('--wasm-tiering-budget=2000000000');
}
