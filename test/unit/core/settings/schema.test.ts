// The settings file's shape (main/core/settings/schema.ts): what conf's JSON schema let through and
// refused, now checked with zod. A file against it is moved aside whole (file.test.ts).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../common/settings';
import { checkSettingsShape } from '../../../../main/core/settings/schema';

const check = (values: Record<string, unknown>) => () => checkSettingsShape(values);

describe('the settings file shape', () => {
  it('lets through the settings, any of them missing, and keys it does not know (the migration version)', () => {
    expect(check({ ...DEFAULT_SETTINGS, __internal__: { migrations: { version: '4.0.0' } } })).not.toThrow();
    expect(check({})).not.toThrow();
    expect(check({ hotkeys: { quickEntry: null }, reminder: { days: [] }, idleThresholdMinutes: null })).not.toThrow();
    expect(check({ idleMinutes: 0 })).not.toThrow();
  });

  it('refuses each value of the wrong kind or out of range, naming its key', () => {
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ theme: 'purple' }, '`theme`'],
      [{ launchAtLogin: 'yes' }, '`launchAtLogin`'],
      [{ idleThresholdMinutes: 0 }, '`idleThresholdMinutes`'],
      [{ idleThresholdMinutes: 241 }, '`idleThresholdMinutes`'],
      [{ idleThresholdMinutes: 2.5 }, '`idleThresholdMinutes`'],
      [{ hotkeys: { quickEntry: 5 } }, '`hotkeys.quickEntry`'],
      [{ hotkeys: { quickEntry: 'x'.repeat(101) } }, '`hotkeys.quickEntry`'],
      [{ hotkeys: { launchRocket: 'Alt+R' } }, '`hotkeys`'],
      [{ hotkeys: 'Alt+R' }, '`hotkeys`'],
      [{ startProjects: { startProject1: 0 } }, '`startProjects.startProject1`'],
      [{ startProjects: { startProject10: 3 } }, '`startProjects`'],
      [{ reminder: { from: '24:00' } }, '`reminder.from`'],
      [{ reminder: { to: '9:00' } }, '`reminder.to`'],
      [{ reminder: { days: [7] } }, '`reminder.days.0`'],
      [{ reminder: { days: [0, 1, 2, 3, 4, 5, 6, 0] } }, '`reminder.days`'],
      [{ reminder: { afterMinutes: -1 } }, '`reminder.afterMinutes`'],
      [{ reminder: { enabled: 1 } }, '`reminder.enabled`'],
      [{ reminder: { snooze: true } }, '`reminder`'],
    ];
    for (const [values, key] of refused) {
      expect(check(values), JSON.stringify(values)).toThrow(key);
    }
  });

  it('names every value against it at once', () => {
    expect(check({ theme: 'purple', launchAtLogin: 'yes' })).toThrow(/^Config schema violation: `\w+` .*; `\w+` /);
    expect(check({ theme: 'purple', launchAtLogin: 'yes' })).toThrow('`theme`');
    expect(check({ theme: 'purple', launchAtLogin: 'yes' })).toThrow('`launchAtLogin`');
  });
});
