// The global shortcuts: one field per command. Press the keys (with Ctrl, Alt or Cmd) and they are
// recorded; or type them ("Ctrl+Alt+T"). Empty: no shortcut. A shortcut that is not one, or that
// the OS refuses, is named at its field and the text stays there to fix. Up to nine more start a
// project each (StartProjectFields.tsx); shortcuts the OS did not register are named below the
// form with the desktop's own way to run Stint's command (DesktopShortcutHelp.tsx).

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import type { ActionError } from '../../../common/result';
import {
  acceleratorFromKeyPress,
  checkAccelerator,
  displayAccelerator,
  HOTKEY_NAMES,
  type HotkeyName,
  type Hotkeys,
  MAIN_HOTKEY_NAMES,
  sameAccelerator,
  type SettingsPatch,
  START_PROJECT_NAMES,
  type StartProjects,
} from '../../../common/settings';
import type { ProjectView, ShortcutsView } from '../../../common/snapshot';
import { t } from '../../app/words';
import { ErrorLine } from '../ErrorLine';
import { commandName } from './commandName';
import { isMac } from '../../app/theme';
import { DesktopShortcutHelp } from './DesktopShortcutHelp';
import { StartProjectFields } from './StartProjectFields';
import { useSaveSettings } from './useSaveSettings';

type Texts = Record<HotkeyName, string>;
// The fields show each shortcut as this keyboard names it (Ctrl+Alt+T, ⌥⌘T), not Electron's words.
const asTexts = (hotkeys: Hotkeys, mac: boolean): Texts =>
  Object.fromEntries(HOTKEY_NAMES.map((n) => [n, hotkeys[n] ? displayAccelerator(hotkeys[n]!, mac) : ''])) as Texts;

interface Props {
  hotkeys: Hotkeys;
  startProjects: StartProjects;
  /** The open account's projects, for the "start project N" slots. */
  projects: ProjectView[];
  /** What the OS refused (Snapshot.shortcuts). */
  state: ShortcutsView;
  bridge: StintBridge;
}

export function ShortcutsSection({ hotkeys, startProjects, projects, state, bridge }: Props) {
  const mac = isMac();
  const [texts, setTexts] = useState<Texts>(() => asTexts(hotkeys, mac));
  const [chosen, setChosen] = useState<StartProjects>(() => ({ ...startProjects }));
  // Each field's error, from the check here or main's answer; editing the field clears it. `chosen`:
  // the project of each "start project N" slot, sent with the shortcuts.
  const [errors, setErrors] = useState<Partial<Record<HotkeyName, ActionError>>>({});
  const [saved, setSaved] = useState(false);
  // Pressed keys, in Electron's words (CommandOrControl: Cmd on a Mac, Ctrl elsewhere), sent as
  // recorded while the field still shows them.
  const [recorded, setRecorded] = useState<Partial<Record<HotkeyName, string>>>({});
  const [formError, setFormError] = useState<ActionError | null>(null);
  const saving = useSaveSettings(bridge);

  const field = (name: HotkeyName) => (
    <HotkeyField
      key={name}
      name={name}
      text={texts[name]}
      current={hotkeys[name]}
      error={errors[name] ?? null}
      mac={mac}
      onEdit={(text) => edit(name, text)}
      onPressed={(pressed) => {
        edit(name, displayAccelerator(pressed, mac));
        setRecorded((r) => ({ ...r, [name]: pressed }));
      }}
    />
  );
  const edit = (name: HotkeyName, text: string) => {
    setTexts((t) => ({ ...t, [name]: text }));
    setErrors((l) => ({ ...l, [name]: undefined }));
    setSaved(false);
    setFormError(null);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const { patch, problems } = changesToSave({ texts, recorded, chosen }, { hotkeys, startProjects }, mac);
    setErrors(problems);
    if (!patch) return;
    const result = await saving.save(patch);
    if (result.ok) {
      setTexts(asTexts(result.value.hotkeys, mac));
      setChosen({ ...result.value.startProjects });
      setSaved(true);
      return;
    }
    // The refused field keeps what was typed; the others show what was saved.
    const name = HOTKEY_NAMES.find((n) => result.error.field === `hotkeys.${n}`);
    setErrors(name ? { [name]: result.error } : {});
    if (!name) setFormError(result.error);
  };

  return (
    <section class="panel" aria-labelledby="settings-shortcuts">
      <h2 id="settings-shortcuts">{t('window-shortcuts.title')}</h2>
      <form onSubmit={submit} aria-labelledby="settings-shortcuts" noValidate>
        <p class="hint" id="shortcuts-how">
          {t('window-shortcuts.how', { example: displayAccelerator('Control+Alt+T', mac) })}
        </p>
        {MAIN_HOTKEY_NAMES.map((name) => field(name))}
        <StartProjectFields
          projects={projects}
          chosen={chosen}
          anySet={START_PROJECT_NAMES.some((n) => hotkeys[n] !== null || startProjects[n] !== null)}
          onChoose={(name, projectId) => {
            setChosen((c) => ({ ...c, [name]: projectId }));
            setSaved(false);
          }}
          field={field}
        />
        <ErrorLine error={formError} />
        <SaveRow saved={saved} />
      </form>
      <DesktopShortcutHelp state={state} accelerator={fallbackAccelerator(texts.toggleTimer, hotkeys)} mac={mac} />
    </section>
  );
}

function SaveRow({ saved }: { saved: boolean }) {
  return (
    <div class="actions">
      <button type="submit" class="primary">
        {t('window-shortcuts.save')}
      </button>
      {saved ? (
        <span class="done" role="status">
          {t('window-shortcuts.saved')}
        </span>
      ) : null}
    </div>
  );
}

interface FormState {
  texts: Texts;
  recorded: Partial<Record<HotkeyName, string>>;
  chosen: StartProjects;
}

/** The change the form asks for (null: none, or a field to fix first) and each field's problem. */
function changesToSave(
  form: FormState,
  saved: { hotkeys: Hotkeys; startProjects: StartProjects },
  mac: boolean,
): { patch: SettingsPatch | null; problems: Partial<Record<HotkeyName, ActionError>> } {
  const changed = changedHotkeys(form.texts, saved.hotkeys, mac);
  const slots = START_PROJECT_NAMES.filter((n) => form.chosen[n] !== saved.startProjects[n]);
  const problems = hotkeyProblems(form.texts, changed);
  if (Object.keys(problems).length > 0 || changed.length + slots.length === 0) return { patch: null, problems };
  const hotkeys = Object.fromEntries(changed.map((n) => [n, sentAccelerator(n, form.texts, form.recorded, mac)]));
  const patch: SettingsPatch = {
    ...(changed.length > 0 ? { hotkeys } : {}),
    ...(slots.length > 0 ? { startProjects: Object.fromEntries(slots.map((n) => [n, form.chosen[n]])) } : {}),
  };
  return { patch, problems };
}

/** The start/pause keys to give the desktop: the field's when they are a shortcut, else the saved ones. */
function fallbackAccelerator(text: string, hotkeys: Hotkeys): string | null {
  const checked = checkAccelerator(text);
  return checked.ok ? checked.accelerator : hotkeys.toggleTimer;
}

/** The shortcuts whose field differs from the one saved; a field left as shown (its shortcut in this keyboard's names) is not a change. */
function changedHotkeys(texts: Texts, hotkeys: Hotkeys, mac: boolean): HotkeyName[] {
  return HOTKEY_NAMES.filter((n) => {
    const text = texts[n].trim();
    const now = hotkeys[n];
    return now === null ? text !== '' : text === '' || !sameAccelerator(text, now, mac);
  });
}

/** Checked here first, so the message comes without a round trip; main checks again. */
function hotkeyProblems(texts: Texts, changed: HotkeyName[]): Partial<Record<HotkeyName, ActionError>> {
  const problems: Partial<Record<HotkeyName, ActionError>> = {};
  for (const name of changed) {
    const checked = texts[name].trim() === '' ? null : checkAccelerator(texts[name]);
    if (checked && !checked.ok)
      problems[name] = {
        code: 'invalid_input',
        message: checked.message,
        words: checked.words,
        field: `hotkeys.${name}`,
      };
  }
  return problems;
}

/** What is sent for a field: null when empty, the keys as recorded while the field still shows them, else the text. */
function sentAccelerator(
  n: HotkeyName,
  texts: Texts,
  recorded: Partial<Record<HotkeyName, string>>,
  mac: boolean,
): string | null {
  const text = texts[n].trim();
  if (text === '') return null;
  const pressed = recorded[n];
  return pressed && displayAccelerator(pressed, mac) === text ? pressed : texts[n];
}

interface HotkeyFieldProps {
  name: HotkeyName;
  text: string;
  /** The shortcut saved now. */
  current: string | null;
  error: ActionError | null;
  mac: boolean;
  onEdit: (text: string) => void;
  /** Keys pressed in the field, in Electron's words. */
  onPressed: (accelerator: string) => void;
}

/** One command's shortcut field: records pressed keys or takes typed ones, and says the one saved now. */
function HotkeyField({ name, text, current, error, mac, onEdit, onPressed }: HotkeyFieldProps) {
  const id = `hotkey-${name}`;
  return (
    <div class="edit-field">
      <label for={id}>{commandName(name)}</label>
      <input
        id={id}
        name={name}
        value={text}
        autocomplete="off"
        spellcheck={false}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={`${id}-now shortcuts-how${error ? ` ${id}-error` : ''}`}
        data-testid={id}
        onInput={(e) => onEdit((e.currentTarget as HTMLInputElement).value)}
        onKeyDown={(e) => {
          const pressed = acceleratorFromKeyPress(e, mac);
          if (pressed === null) return;
          e.preventDefault();
          onPressed(pressed);
        }}
      />
      <p class="hint" id={`${id}-now`}>
        {current
          ? t('window-shortcuts.now', { keys: displayAccelerator(current, mac) })
          : t('window-shortcuts.now-none')}
      </p>
      <ErrorLine error={error} id={`${id}-error`} testId={`${id}-error`} />
    </div>
  );
}
