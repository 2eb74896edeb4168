import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_AGENT, STINT_VERSION } from '../../../main/api/version';

describe('User-Agent version', () => {
  it('matches package.json, so the service sees the version we ship', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string };
    expect(STINT_VERSION).toBe(pkg.version);
    expect(DEFAULT_USER_AGENT).toBe(`Stint/${pkg.version}`);
  });
});
