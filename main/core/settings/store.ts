// The settings as core holds them: one current value, changed only through update(), which applies
// what is valid, names what is not, saves, and tells subscribers. Where it is saved is the
// backend's business: a file (file.ts) in the app, memory in tests and where no file is given.

import {
  applySettingsPatch,
  DEFAULT_SETTINGS,
  type FieldError,
  type Settings,
  type SettingsPatch,
} from '../../../common/settings';

export interface SettingsUpdate {
  /** The settings now in force (saved): the valid part of the patch applied. */
  settings: Settings;
  /** The fields left as they were, each with a sentence for the user. */
  errors: FieldError[];
}

export interface SettingsStore {
  get(): Settings;
  update(patch: SettingsPatch): SettingsUpdate;
  /** Calls back after every change; returns the unsubscribe function. */
  subscribe(listener: (settings: Settings) => void): () => void;
  /** What went wrong opening the store (a damaged file replaced by the defaults), to tell the user once; or null. */
  readonly problem: string | null;
}

export interface SettingsBackend {
  /** Writes the whole settings; throws when it cannot. */
  save(settings: Settings): void;
}

export function createSettingsStore(
  initial: Settings,
  backend: SettingsBackend,
  problem: string | null = null,
): SettingsStore {
  let current = freeze(initial);
  const listeners = new Set<(settings: Settings) => void>();
  return {
    get: () => current,
    update(patch) {
      const { settings, errors } = applySettingsPatch(current, patch);
      if (JSON.stringify(settings) !== JSON.stringify(current)) {
        backend.save(settings);
        current = freeze(settings);
        for (const listener of listeners) listener(current);
      }
      return { settings: current, errors };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    problem,
  };
}

/** Settings that live as long as the process: the default where core is given no store. */
export function createMemorySettingsStore(
  initial: Settings = DEFAULT_SETTINGS,
  problem: string | null = null,
): SettingsStore {
  return createSettingsStore(initial, { save() {} }, problem);
}

const freeze = (settings: Settings): Settings =>
  Object.freeze({
    ...settings,
    hotkeys: Object.freeze({ ...settings.hotkeys }),
    startProjects: Object.freeze({ ...settings.startProjects }),
    reminder: Object.freeze({ ...settings.reminder, days: Object.freeze([...settings.reminder.days]) as number[] }),
  });
