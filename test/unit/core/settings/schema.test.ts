// The settings file's schema is valid JSON Schema: conf no longer checks it against the
// meta-schema at every start (main/core/settings/file.ts), so it is checked here, as conf builds
// its root schema from it, with conf's own ajv.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../../main/core/settings/schema';

describe('the settings schema', () => {
  it('is valid against the JSON Schema meta-schema, as conf compiles it', () => {
    const ajv = new Ajv({ allErrors: true, useDefaults: true });
    const valid = ajv.validateSchema({ type: 'object', properties: settingsSchema });
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('a broken schema is caught by the same check (the check can fail)', () => {
    const ajv = new Ajv({ allErrors: true, useDefaults: true });
    const broken = { ...settingsSchema, theme: { type: 'colour' } };
    expect(ajv.validateSchema({ type: 'object', properties: broken })).toBe(false);
  });
});
