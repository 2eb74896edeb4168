// The settings file's JSON schema is valid JSON Schema, as conf's ajv reads it: checked here once,
// since the app no longer has conf check it at every start (main/core/settings/file.ts).
import Conf from 'conf';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../main/core/settings/schema';
import { tempDir } from '../../support/tempDir';

// conf with its default ajv options compiles the meta-schema and checks the schema against it.
const opened = (schema: object) => () => {
  const dir = tempDir();
  try {
    new Conf({ cwd: dir.path, configName: 'settings', schema: schema as never });
  } finally {
    dir.remove();
  }
};

describe('the settings schema', () => {
  it('is a valid JSON schema: conf checking it against the meta-schema accepts it', () => {
    expect(opened(settingsSchema)).not.toThrow();
    // The same check refuses a schema that is not one: this test can fail.
    expect(opened({ theme: { type: 'colour' } })).toThrow(/schema is invalid/);
  });
});
