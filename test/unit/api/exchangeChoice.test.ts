// Which wire an attempt goes over (main/api/exchange.ts): node:http only to this computer, so a
// request to another host keeps undici's connection pool and its TLS.
import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../../main/api/exchange';

describe('the wire of an attempt', () => {
  it('is node:http for the service on this computer, by name or address', () => {
    expect(isLoopback('http://127.0.0.1:4321/v2/timers')).toBe(true);
    expect(isLoopback('http://localhost:4321/v2/timers')).toBe(true);
    expect(isLoopback('http://[::1]:4321/v2/timers')).toBe(true);
  });

  it('is undici for any other host, and for what is not a URL (undici refuses it as before)', () => {
    expect(isLoopback('https://app.stint.example/v2/timers')).toBe(false);
    expect(isLoopback('http://127.0.0.1.example/v2')).toBe(false);
    expect(isLoopback('not a url')).toBe(false);
  });
});
