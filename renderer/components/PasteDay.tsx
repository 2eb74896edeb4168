// Several lines pasted into quick entry: a whole day. Each line is previewed (day, time, project)
// or shows its reason at the line; the lines stay editable in the box above the list. "Log" sends
// the good lines in one call (logLines), queued together and sent exactly once; lines main refuses
// stay in the box with their reason, the logged ones leave it, and what was logged is said above them;
// with no line left to log there is no Log button.

import { useMemo, useState } from 'preact/hooks';
import { isolated } from '../../common/bidi';
import type { ResponseOf, StintBridge } from '../../common/contract';
import { lineStores, type StoredLine } from '../../common/lineStores';
import type { ProjectView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { t } from '../app/words';
import { shortDay } from '../dateTime';
import { roundedWords, whenOf } from '../entryWords';
import { renameProject } from '../suggestion';
import type { DoneWords } from '../quickEntryMessage';
import { type PastedLine as PastedLineView, readPastedLines } from '../pastedLines';
import { useMinutes, useTimeFormat } from '../timeFormat';
import { ErrorLine } from './ErrorLine';

interface Props {
  initial: string;
  /** The enabled projects: a line's minutes are shown rounded up to its project's increment, as stored. */
  projects: readonly ProjectView[];
  today: string;
  bridge: StintBridge;
  /** What a Log's answer says, following the outbox ("Saved here · sends when …" until the service has them). */
  wordsFor(answer: ResponseOf<'logLines'>): DoneWords;
  /** Closed: with what was logged, or null when cancelled. */
  onClose(done: ResponseOf<'logLines'> | null): void;
}

export function PasteDay({ initial, projects, today, bridge, wordsFor, onClose }: Props) {
  const [text, setText] = useState(initial);
  // Reasons main gave, by line text, shown until that line is changed.
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(new Map());
  const action = useAction();
  // What the last Log logged, said here while refused lines stay in the box (cleared as they change).
  const [logged, setLogged] = useState<ResponseOf<'logLines'> | null>(null);
  const said = logged ? wordsFor(logged) : null;
  const formatMinutes = useMinutes();
  const names = useMemo(() => projects.map((p) => p.name), [projects]);
  const lines = useMemo(() => readPastedLines(text, names, today), [text, names, today]);
  const good = lines.filter((l) => l.parsed.ok && !refusals.has(l.text));
  const total = storedTotal(good, projects);

  // A new project a typo from a known one is asked about first, as one line asks (issue 27 item 3).
  const typos = useTypoQuestion(text, good);

  const log = async () => {
    if (good.length === 0 || typos.askFirst()) return;
    const sent = good.map((l) => l.text);
    const result = await action.run(() => bridge.logLines({ lines: sent }));
    if (!result?.ok) return;
    const refused = new Map(result.value.refused.map((r) => [sent[r.line]!, r.message]));
    const left = lines.filter((l) => !l.parsed.ok || refused.has(l.text) || refusals.has(l.text));
    if (left.length === 0) return onClose(result.value);
    setLogged(result.value.logged.length > 0 ? result.value : null);
    setRefusals(new Map([...refusals, ...refused]));
    setText(left.map((l) => l.text).join('\n'));
  };

  return (
    <div class="paste-day" data-testid="paste-day">
      <label for="paste-lines" class="label">
        {t('window-paste.label')}
      </label>
      <textarea
        id="paste-lines"
        data-testid="paste-lines"
        rows={Math.min(10, Math.max(3, lines.length + 1))}
        value={text}
        spellcheck={false}
        onInput={(e) => {
          setText(e.currentTarget.value);
          setLogged(null);
          action.clear();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose(null);
        }}
      />
      <PastePreview lines={lines} projects={projects} refusals={refusals} today={today} />
      {typos.asking && (
        <TypoQuestion
          lines={typos.lines}
          onUse={(line, name) => {
            setText(renamedIn(lines, line, name));
            setLogged(null);
          }}
        />
      )}
      <ErrorLine error={action.error} id="paste-error" testId="paste-error" />
      {said && <PasteDone said={said} />}
      <div class="row">
        <button
          type="button"
          class="primary"
          data-testid="paste-log"
          hidden={good.length === 0}
          disabled={good.length === 0 || action.busy}
          onClick={log}
        >
          {t('window-paste.log', { count: good.length, minutes: formatMinutes(total) })}
        </button>
        <button type="button" onClick={() => onClose(null)}>
          {t('window-paste.cancel')}
        </button>
      </div>
    </div>
  );
}

/** What the service will store of these lines in all (common/lineStores.ts), as main answers it. */
const storedTotal = (lines: readonly PastedLineView[], projects: readonly ProjectView[]): number =>
  lines.reduce((sum, l) => sum + (l.parsed.ok ? lineStores(l.parsed, projects).minutes : 0), 0);

/** The box's text with the typo'd project of a line (and of any line written the same) renamed. */
const renamedIn = (lines: readonly PastedLineView[], line: TypoLine, name: string): string =>
  lines
    .map((l) => (l.text === line.text ? (renameProject(l.text, line.typed, name)?.text ?? l.text) : l.text))
    .join('\n');

/** The list under the box: each pasted line with what it logs, or the reason it is refused. */
function PastePreview({
  lines,
  projects,
  refusals,
  today,
}: {
  lines: readonly PastedLineView[];
  projects: readonly ProjectView[];
  refusals: ReadonlyMap<string, string>;
  today: string;
}) {
  return (
    <ol class="paste-preview" aria-label={t('window-paste.preview')}>
      {lines.map((line, i) => (
        // Lines may repeat: their place in the paste is their identity.
        <PastedLine
          key={i}
          line={line}
          stores={line.parsed.ok ? lineStores(line.parsed, projects) : null}
          refusal={line.parsed.ok ? refusals.get(line.text) : line.parsed.message}
          today={today}
        />
      ))}
    </ol>
  );
}

interface PastedLineProps {
  line: PastedLineView;
  /** What the service will store of it; null when it does not read. */
  stores: StoredLine | null;
  refusal: string | undefined;
  today: string;
}

/** One pasted line: its text, and what it logs or why it is refused. */
function PastedLine({ line, stores, refusal, today }: PastedLineProps) {
  const formatMinutes = useMinutes();
  const format = useTimeFormat();
  const why = stores && roundedWords(stores.typedMinutes, stores.increment, stores.projectName ?? '', format).why;
  return (
    <li class={refusal ? 'refused' : undefined} data-testid="paste-line">
      <span class="paste-text clamp" title={line.text}>
        {line.text}
      </span>
      {refusal ? (
        <span class="error" data-testid="paste-line-error">
          {refusal}
        </span>
      ) : line.parsed.ok && stores ? (
        <span class="hint">
          {t('window-paste.line', {
            minutes: formatMinutes(stores.minutes),
            hasProject: line.parsed.projectName ? 'yes' : 'no',
            project: isolated(line.parsed.projectName ?? ''),
            rounded: why ? 'yes' : 'no',
            why: why ?? '',
            isNew: line.parsed.projectIsNew && line.parsed.projectName ? 'yes' : 'no',
            when: whenOf(line.parsed.date, today),
            day: shortDay(line.parsed.date, today),
            typo: line.parsed.didYouMean ? 'yes' : 'no',
            suggested: line.parsed.didYouMean ?? '',
          })}
        </span>
      ) : null}
    </li>
  );
}

/** What the last Log logged, while refused lines stay: plain until the service has it all. */
function PasteDone({ said }: { said: DoneWords }) {
  return (
    <p class={`done${said.confirmed ? '' : ' queued'}`} role="status" data-testid="paste-done">
      {said.text}
    </p>
  );
}

/** A pasted line whose new project is probably a typo of a known one. */
type TypoLine = PastedLineView & { typed: string; suggested: string };

/**
 * The lines whose new project looks like a typo, and whether Log asks about them now: the first
 * Log on a text with such lines asks and sends nothing; a second Log on the same text creates them.
 */
function useTypoQuestion(text: string, good: readonly PastedLineView[]) {
  // The text on which Log was pressed once despite the question.
  const [asked, setAsked] = useState<string | null>(null);
  const lines = good.flatMap((l): TypoLine[] =>
    l.parsed.ok && l.parsed.didYouMean && l.parsed.projectName
      ? [{ ...l, typed: l.parsed.projectName, suggested: l.parsed.didYouMean }]
      : [],
  );
  const asking = lines.length > 0 && asked === text;
  /** True when this Log only asks. */
  const askFirst = () => {
    if (lines.length === 0 || asked === text) return false;
    setAsked(text);
    return true;
  };
  return { lines, asking, askFirst };
}

/** "Did you mean Website? Press Log again to create the new project “Webiste”." for each such line, with its Use button. */
function TypoQuestion({ lines, onUse }: { lines: readonly TypoLine[]; onUse(line: TypoLine, name: string): void }) {
  return (
    <ul class="typo" data-testid="paste-typo" role="alert">
      {lines.map((line, i) => (
        // Lines may repeat: their place is their identity.
        <li key={i}>
          <span class="paste-text clamp" title={line.text}>
            {line.text}
          </span>{' '}
          {t('window-paste.typo', { suggested: line.suggested, name: line.typed })}{' '}
          <button type="button" class="link" onClick={() => onUse(line, line.suggested)}>
            {t('window-quick.useSuggested', { name: line.suggested })}
          </button>
        </li>
      ))}
    </ul>
  );
}
