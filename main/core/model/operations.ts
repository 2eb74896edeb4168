// The outbox's unit: one thing the user did that changes data on the service. Each carries what
// sending it later needs (expected timer seconds, the entry's marker) so that it means the same
// when sent hours after it was made, and a project name so that it can be described even if the
// project is gone by then.

import { isolated } from '../../../common/bidi';
import { formatMinutes, type TimeFormat } from '../../../common/format';
import type { EditableValue, ProjectView } from '../../../common/snapshot';
import type { WeekStart } from '../../../common/week';
import { billingIncrement, elapsedMinutes, roundUpToIncrement } from './minutes';
import { billingIncrementOfName } from '../../../common/minutes';
import { entrySummary } from './entrySummary';

/** What a service read refreshes; an operation's effect is shown until the reads it changes come back. */
export type Collection = 'user' | 'projects' | 'timers' | 'entries';

/**
 * What the user did, as data. `confirmed` (on timer operations): when the user acted, the
 * timer's seconds came from a read of the service with no operation of ours on that timer still
 * queued. Then a difference the service shows when the operation lands is a change made
 * elsewhere, kept (senders/reconcile.ts). Unconfirmed (absent), it may be the residue of our own
 * queued operations, and the user's seconds win as they always did.
 */
export type OperationBody =
  | {
      kind: 'createProject';
      /** the id the window uses until the service made it (negative) */
      localId: number;
      name: string;
      /** the colour it is created with (model/newProjectColor.ts); absent in operations queued before colours */
      color?: string;
      /** set once the service created it */
      projectId?: number;
    }
  | {
      kind: 'startTimer';
      projectId: number;
      projectName: string;
      description?: string;
      /** the timer's seconds when the user started it (0 for a new one) */
      fromSeconds: number;
      /** the timer that was running then, which starting this one paused */
      pauses: { projectId: number; projectName: string; seconds: number; confirmed?: boolean } | null;
      /** see OperationBody */
      confirmed?: boolean;
    }
  | {
      kind: 'pauseTimer';
      projectId: number;
      projectName: string;
      /** elapsed when the user paused */
      seconds: number;
      /** see OperationBody */
      confirmed?: boolean;
    }
  | {
      kind: 'logTimer';
      projectId: number;
      projectName: string;
      /** the timer's seconds when the user logged it */
      seconds: number;
      /** the entry's expected minutes, rounded as the service will */
      minutes: number;
      date: string;
      /** the timer's description, which the entry takes */
      description: string | null;
      /** The user edited its entry before it was sent (calls/loggedTimer.ts): its description is sent with it. */
      edited?: true;
      /** The user deleted its entry before it was sent: the timer is discarded instead of logged. */
      discarded?: true;
    }
  | { kind: 'discardTimer'; projectId: number; projectName: string }
  /**
   * Deletes an entry the service has (sent after the undo grace, main/core/model/undoGrace.ts); or, with
   * `cancels`, an entry still queued and never sent: once the grace ends, both its createEntry and
   * this are withdrawn from the outbox, and nothing is sent (workerSteps.ts).
   */
  | {
      kind: 'deleteEntry';
      /** null with cancels */
      entryId: number | null;
      /** the id of the createEntry operation it cancels */
      cancels?: string;
      /** the entry in words, for the undo line and a failure */
      summary: string;
    }
  | {
      /**
       * Changes an entry the service has (PUT /v2/entries/:id). It carries every
       * value the user can edit, so a repeat sets the same ones and a later edit simply wins. An
       * entry still queued for creation has no id to send this to: its createEntry is amended
       * instead (outbox.ts amend).
       */
      kind: 'updateEntry';
      entryId: number;
      /** as the user typed them; the service rounds them up to the project's increment */
      minutes: number;
      description: string;
      /**
       * The project it moves to: a known project (negative while it exists only in the outbox), or
       * null: none, or with a projectName a new project, sent as project_name for the service to
       * create. Absent: it stays on its project, which is then not sent (PUT keeps it).
       */
      projectId?: number | null;
      /** the project it is on after the change, for the view and for describing it */
      projectName: string | null;
      /** the day it moves to (YYYY-MM-DD); absent: it stays on its day */
      date?: string;
      /** the entry before the change, in words */
      summary: string;
    }
  | {
      /** The time away taken off a running timer (desktop/idle/resolve.ts): it shows `seconds` at `at` and runs on. */
      kind: 'rewindTimer';
      projectId: number;
      projectName: string;
      seconds: number;
      /** The time away taken off, for describing it. */
      idleSeconds: number;
    }
  | {
      /**
       * Minutes added to or taken off a timer (senders/sendTimerEdits.ts). It carries the TARGET, not
       * the change: the timer shows `seconds` at `at` (and runs on from there if running), so a
       * repeat after a lost answer finds it there already and changes nothing twice.
       */
      kind: 'adjustTimer';
      projectId: number;
      projectName: string;
      /** the timer's state when the user acted: a running one runs on from the target */
      running: boolean;
      seconds: number;
      /** the change the user asked for, for describing it (negative: taken off) */
      minutes: number;
    }
  | {
      /** The timer's note (PUT /v2/projects/:id/timer with its description): sets it, safe to repeat. */
      kind: 'setTimerNote';
      projectId: number;
      projectName: string;
      description: string;
    }
  | {
      /**
       * The user's time format and first day of the week (PUT /v2/current_user): it carries the
       * values to set, not a change, so a repeat sets the same ones. Absent: left as they are.
       */
      kind: 'updateCurrentUser';
      timeFormat?: TimeFormat;
      weekStart?: WeekStart;
    }
  | {
      kind: 'createEntry';
      date: string;
      minutes: number;
      description: string;
      /** a known project (negative while it exists only in the outbox) */
      projectId: number | null;
      /** the project's name; sent instead of an id when the service is to create it */
      projectName: string | null;
      /** the colour a project the service creates for this entry is given (model/newProjectColor.ts) */
      newProjectColor?: string;
      /** unique source_url that lets a retry find the entry an unanswered attempt created */
      marker: string;
    };

/** The unique source_url of an entry made for an operation. The .invalid domain (RFC 2606) never resolves. */
export const entryMarker = (operationId: string) => `https://stint.invalid/op/${operationId}`;

export type Operation = OperationBody & {
  id: string;
  seq: number;
  /** epoch ms the user acted */
  at: number;
  /** epoch ms before which it is not sent, nor anything queued after it: its undo grace (main/core/model/undoGrace.ts) */
  notBefore?: number;
};

export type OperationKind = OperationBody['kind'];

export const REFRESHES: Readonly<Record<OperationKind, readonly Collection[]>> = {
  createProject: ['projects'],
  startTimer: ['timers'],
  pauseTimer: ['timers'],
  logTimer: ['timers', 'entries'],
  discardTimer: ['timers'],
  deleteEntry: ['entries'],
  // Moved to a new project_name, the entry creates the project on the service.
  updateEntry: ['entries', 'projects'],
  rewindTimer: ['timers'],
  adjustTimer: ['timers'],
  setTimerNote: ['timers'],
  // A new week start shows another week, whose entries are read again.
  updateCurrentUser: ['user', 'entries'],
  // An entry with a new project_name creates the project on the service.
  createEntry: ['entries', 'projects'],
};

/** The project an operation needs to exist on the service first, if any. */
export function projectOf(op: Operation): number | null {
  if (op.kind === 'updateEntry') return op.projectId ?? null;
  return op.kind === 'createProject' || op.kind === 'deleteEntry' || op.kind === 'updateCurrentUser'
    ? null
    : op.projectId;
}

/** The same operation pointing at the project's service id instead of its local one. */
export function withResolvedProject(op: Operation, localId: number, projectId: number): Operation {
  const swap = (id: number) => (id === localId ? projectId : id);
  switch (op.kind) {
    case 'createProject':
      return op.localId === localId ? { ...op, projectId } : op;
    case 'createEntry':
      return op.projectId === null ? op : { ...op, projectId: swap(op.projectId) };
    case 'updateEntry':
      return op.projectId === null || op.projectId === undefined ? op : { ...op, projectId: swap(op.projectId) };
    case 'startTimer':
      return {
        ...op,
        projectId: swap(op.projectId),
        pauses: op.pauses && { ...op.pauses, projectId: swap(op.pauses.projectId) },
      };
    case 'deleteEntry':
    case 'updateCurrentUser':
      return op;
    default:
      return { ...op, projectId: swap(op.projectId) };
  }
}

/**
 * What the user did, in words, for the list of failed operations and the Activity page, in the
 * user's time format. Given the projects, an entry's minutes are those the service stores, after
 * its project's increment (as the window shows it), not the ones typed.
 */
export function describeOperation(op: Operation, format?: TimeFormat, projects?: readonly ProjectView[]): string {
  const minutes = (n: number) => formatMinutes(n, format);
  switch (op.kind) {
    case 'createProject':
      return `Create project ${isolated(op.name)}`;
    case 'startTimer':
      return `Start ${isolated(op.projectName)}`;
    case 'pauseTimer':
      return `Pause ${isolated(op.projectName)}`;
    case 'logTimer':
      return op.discarded
        ? `Discard the timer of ${isolated(op.projectName)} (its logged entry deleted)`
        : `Log ${minutes(op.minutes)} on ${isolated(op.projectName)}`;
    case 'discardTimer':
      return `Discard the timer of ${isolated(op.projectName)}`;
    case 'deleteEntry':
      return `Delete ${op.summary}`;
    case 'updateEntry':
      return `Change ${op.summary} to ${entrySummary({ minutes: op.minutes, projectName: op.projectName, description: op.description }, format)}`;
    case 'rewindTimer':
      return `Take ${minutes(Math.round(op.idleSeconds / 60))} away time off ${isolated(op.projectName)}`;
    case 'adjustTimer':
      return `${op.minutes < 0 ? 'Take' : 'Add'} ${minutes(Math.abs(op.minutes))} ${op.minutes < 0 ? 'off' : 'to'} ${isolated(op.projectName)}'s timer`;
    case 'setTimerNote':
      return op.description
        ? `Note “${isolated(op.description)}” on ${isolated(op.projectName)}'s timer`
        : `Clear ${isolated(op.projectName)}'s timer note`;
    case 'updateCurrentUser':
      return userChangeWords(op);
    case 'createEntry': {
      const on = op.projectName ? ` on ${isolated(op.projectName)}` : '';
      const stored = projects ? roundUpToIncrement(op.minutes, entryIncrement(op, projects)) : op.minutes;
      return `Log ${minutes(stored)}${on}${op.description ? `: ${isolated(op.description)}` : ''}`;
    }
  }
}

/** The increment the service rounds a new entry up to: its project's by id, else by the name it creates. */
function entryIncrement(op: Extract<Operation, { kind: 'createEntry' }>, projects: readonly ProjectView[]): number {
  if (op.projectId === null) return billingIncrementOfName(projects, op.projectName);
  return billingIncrement(projects.find((p) => p.id === op.projectId));
}

/** "Write times as 1.50, weeks start on Sunday": what a change of the user's formats sets. */
function userChangeWords(op: Extract<Operation, { kind: 'updateCurrentUser' }>): string {
  const parts = [
    ...(op.timeFormat ? [`write times as ${op.timeFormat === 'fraction' ? '1.50' : '1:30'}`] : []),
    ...(op.weekStart ? [`weeks start on ${op.weekStart === 'sunday' ? 'Sunday' : 'Monday'}`] : []),
  ];
  const words = parts.join(', ') || 'change nothing';
  return words[0]!.toUpperCase() + words.slice(1);
}

/**
 * What an edit of a failed operation may change, with the values it holds now written as the
 * user would type them. Timer starts, pauses and discards depend on the timer's state at the
 * moment the user acted, which no later value can restate: retry or discard only. Times are in
 * the user's format (quick entry reads either back).
 */
export function editableValues(op: Operation, format?: TimeFormat): EditableValue[] {
  switch (op.kind) {
    case 'createEntry':
      return [
        { field: 'time', value: formatMinutes(op.minutes, format) },
        { field: 'date', value: op.date },
        { field: 'project', value: op.projectName ?? '' },
        { field: 'description', value: op.description },
      ];
    case 'updateEntry':
      return [
        { field: 'time', value: formatMinutes(op.minutes, format) },
        { field: 'project', value: op.projectName ?? '' },
        { field: 'description', value: op.description },
      ];
    case 'logTimer':
      if (op.discarded) return [];
      // The minutes sent, not the rounded ones the summary shows: saving unchanged changes nothing.
      return [{ field: 'time', value: formatMinutes(elapsedMinutes(op.seconds), format) }];
    case 'createProject':
      return [{ field: 'name', value: op.name }];
    case 'setTimerNote':
      return [{ field: 'description', value: op.description }];
    // An adjustment's target depends on the timer's seconds when the user acted: retry or discard.
    default:
      return [];
  }
}
