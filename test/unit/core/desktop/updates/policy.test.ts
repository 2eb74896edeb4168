// The app's own update as a pure state machine (main/core/desktop/updates/): the steps, the calm
// failures in words, when the feed is asked (at start, then every 6 hours, on a fake clock), and
// what the tray menu offers.
import { describe, expect, it } from 'vitest';
import {
  failureReason,
  stepUpdate,
  UPDATE_REFUSALS,
  type UpdateEvent,
  type UpdateState,
} from '../../../../../main/core/desktop/updates/policy';
import { createUpdateScheduler, UPDATE_CHECK_EVERY_MS } from '../../../../../main/core/desktop/updates/scheduler';
import { RESTART_TO_UPDATE, updateMenuItems as updateMenuItemsIn } from '../../../../../main/core/desktop/updates/view';
import { mainWords } from '../../../../../main/core/mainWords';
import { type Platform, trayModel as trayModelIn } from '../../../../../main/core/views/trayModel';
import { fakeClock } from '../../../../support/clock';
import { snapshot } from '../../../../support/snapshot';
import type { Snapshot } from '../../../../../common/snapshot';

const run = (events: UpdateEvent[], from: UpdateState = { state: 'idle' }) => events.reduce(stepUpdate, from);
// The tray's words in English, as before it had a language.
const trayModel = (s: Snapshot, now: number, platform: Platform) => trayModelIn(s, now, platform, mainWords('en'));
const updateMenuItems = (update: Parameters<typeof updateMenuItemsIn>[0]) => updateMenuItemsIn(update, mainWords('en'));

describe('the update state machine', () => {
  it('goes idle → checking → available → downloading(percent) → ready', () => {
    const events: UpdateEvent[] = [
      { kind: 'checking' },
      { kind: 'available', version: '0.2.0' },
      { kind: 'progress', percent: 41.7 },
      { kind: 'downloaded', version: '0.2.0' },
    ];
    const states: UpdateState[] = [{ state: 'idle' }];
    for (const e of events) states.push(stepUpdate(states.at(-1)!, e));
    expect(states).toEqual([
      { state: 'idle' },
      { state: 'checking' },
      { state: 'available', version: '0.2.0' },
      { state: 'downloading', version: '0.2.0', percent: 41 },
      { state: 'ready', version: '0.2.0' },
    ]);
  });

  it('a feed with nothing newer (the same version, or an older one refused) leaves it idle', () => {
    expect(run([{ kind: 'checking' }, { kind: 'none' }])).toEqual({ state: 'idle' });
  });

  it('a failure is a state with its reason in words, and the next check starts afresh', () => {
    const failed = run([
      { kind: 'checking' },
      { kind: 'available', version: '0.2.0' },
      { kind: 'progress', percent: 99.9 },
      { kind: 'error', code: 'ERR_CHECKSUM_MISMATCH', message: 'sha512 checksum mismatch, expected x, got y' },
    ]);
    expect(failed).toEqual({
      state: 'failed',
      reason: 'The downloaded update did not match its published checksum (sha512), so it was not installed.',
    });
    expect(stepUpdate(failed, { kind: 'checking' })).toEqual({ state: 'checking' });
  });

  it('a download under way or ready is not given up for a look at the feed, nor a ready one for a later error', () => {
    const downloading = run([
      { kind: 'available', version: '0.2.0' },
      { kind: 'progress', percent: 10 },
    ]);
    expect(stepUpdate(downloading, { kind: 'checking' })).toBe(downloading);
    const ready = stepUpdate(downloading, { kind: 'downloaded', version: '0.2.0' });
    expect(stepUpdate(ready, { kind: 'checking' })).toBe(ready);
    expect(stepUpdate(ready, { kind: 'error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' })).toBe(ready);
  });

  it('progress shows whole percents and never 100 before the file is verified; stray progress is ignored', () => {
    const available: UpdateState = { state: 'available', version: '1.0.0' };
    expect(stepUpdate(available, { kind: 'progress', percent: 100 })).toMatchObject({ percent: 99 });
    expect(stepUpdate(available, { kind: 'progress', percent: Number.NaN })).toMatchObject({ percent: 0 });
    expect(stepUpdate({ state: 'idle' }, { kind: 'progress', percent: 50 })).toEqual({ state: 'idle' });
  });

  it('says each failure in words: unreachable (Node and Chromium names), missing, server error, unreadable', () => {
    expect(failureReason({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' })).toBe(
      'The update server could not be reached.',
    );
    expect(failureReason({ message: 'net::ERR_CONNECTION_REFUSED' })).toBe('The update server could not be reached.');
    expect(failureReason({ message: 'net::ERR_NAME_NOT_RESOLVED' })).toBe('The update server could not be reached.');
    expect(failureReason({ code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND', message: 'Cannot find channel' })).toBe(
      'The update server has no update for this system.',
    );
    expect(failureReason({ code: 'HTTP_ERROR_503', message: '503' })).toBe('The update server answered with an error.');
    expect(failureReason({ code: 'ERR_UPDATER_INVALID_VERSION', message: 'bad' })).toBe(
      'The update server offered an update Stint cannot read.',
    );
    expect(failureReason({ message: 'something else' })).toBe('The update could not be checked or downloaded.');
  });

  it('says who-signed-it refusals in words: no signature, not the publisher’s (Linux, Windows, macOS), not HTTPS', () => {
    expect(failureReason({ code: UPDATE_REFUSALS.unsigned, message: 'No signature at https://…/x.sig' })).toBe(
      'The update was published without a signature from Stint’s release key, so it was not installed.',
    );
    const notOurs = 'The downloaded update is not signed by Stint’s publisher, so it was not installed.';
    expect(failureReason({ code: UPDATE_REFUSALS.badSignature, message: 'bad' })).toBe(notOurs);
    expect(failureReason({ code: 'ERR_UPDATER_INVALID_SIGNATURE', message: 'New version 1.0.0 is not signed' })).toBe(
      notOurs,
    );
    expect(failureReason({ message: 'Code signature at URL file:///x did not pass validation' })).toBe(notOurs);
    expect(failureReason({ code: UPDATE_REFUSALS.notHttps, message: 'Refused a http: request' })).toBe(
      'The update server sent Stint to an address that is not HTTPS, so nothing was downloaded from it.',
    );
  });

  it('a file refused at the install (its signature checked again) takes "Restart to update" away; other errors do not', () => {
    const ready: UpdateState = { state: 'ready', version: '0.2.0' };
    expect(stepUpdate(ready, { kind: 'error', code: UPDATE_REFUSALS.badSignature, message: 'changed' })).toEqual({
      state: 'failed',
      reason: 'The downloaded update is not signed by Stint’s publisher, so it was not installed.',
    });
    expect(stepUpdate(ready, { kind: 'error', code: 'HTTP_ERROR_503', message: '503' })).toBe(ready);
  });
});

describe('when the feed is asked', () => {
  const hours = (n: number) => n * 60 * 60 * 1000;

  it('at start, then every 6 hours; a failed look is asked again at the next check, not sooner', () => {
    const clock = fakeClock();
    const asked: number[] = [];
    const start = clock.now();
    const scheduler = createUpdateScheduler({ clock, check: () => asked.push(clock.now() - start) });
    scheduler.start();
    expect(asked).toEqual([0]);
    scheduler.report({ kind: 'checking' });
    scheduler.report({ kind: 'error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' });
    expect(scheduler.state()).toMatchObject({ state: 'failed' });
    clock.advance(hours(6) - 1);
    expect(asked).toEqual([0]);
    clock.advance(1);
    expect(asked).toEqual([0, UPDATE_CHECK_EVERY_MS]);
    clock.advance(hours(12));
    expect(asked).toEqual([0, hours(6), hours(12), hours(18)]);
    scheduler.stop();
    expect(clock.pending().count).toBe(0);
  });

  it('skips the look while a check runs, a download is under way or one is ready', () => {
    const clock = fakeClock();
    let asked = 0;
    const scheduler = createUpdateScheduler({ clock, check: () => asked++ });
    scheduler.start();
    scheduler.report({ kind: 'checking' });
    clock.advance(hours(6));
    expect(asked).toBe(1);
    scheduler.report({ kind: 'available', version: '0.2.0' });
    clock.advance(hours(6));
    scheduler.report({ kind: 'downloaded', version: '0.2.0' });
    clock.advance(hours(6));
    expect(asked).toBe(1);
    expect(scheduler.state()).toEqual({ state: 'ready', version: '0.2.0' });
  });

  it('tells its listeners only when the state changed', () => {
    const clock = fakeClock();
    const scheduler = createUpdateScheduler({ clock, check: () => {} });
    const seen: UpdateState[] = [];
    scheduler.subscribe((s) => seen.push(s));
    scheduler.report({ kind: 'available', version: '0.2.0' });
    scheduler.report({ kind: 'progress', percent: 5.2 });
    scheduler.report({ kind: 'progress', percent: 5.9 });
    scheduler.report({ kind: 'progress', percent: 6 });
    expect(seen.map((s) => (s.state === 'downloading' ? s.percent : s.state))).toEqual(['available', 5, 6]);
  });
});

describe('what the tray menu offers', () => {
  const menuLabels = (update?: UpdateState) =>
    trayModel(snapshot(update ? { update } : {}), Date.now(), 'linux').menu.map((i) => i.label);

  it('nothing while idle, checking or failed (calm), and where the app does not update itself', () => {
    expect(updateMenuItems(undefined)).toEqual([]);
    expect(updateMenuItems({ state: 'checking' })).toEqual([]);
    expect(updateMenuItems({ state: 'failed', reason: 'The update server could not be reached.' })).toEqual([]);
    expect(menuLabels().join('|')).toBe(menuLabels({ state: 'idle' }).join('|'));
  });

  it('the progress while downloading, then "Restart to update" above the app’s items', () => {
    expect(menuLabels({ state: 'downloading', version: '0.2.0', percent: 42 })).toContain(
      'Downloading Stint 0.2.0… 42%',
    );
    const ready = trayModel(snapshot({ update: { state: 'ready', version: '0.2.0' } }), Date.now(), 'linux').menu;
    const restart = ready.findIndex((i) => i.label === RESTART_TO_UPDATE);
    expect(ready[restart]).toMatchObject({ id: 'restart-to-update' });
    expect(ready[restart]!.enabled).not.toBe(false);
    expect(restart).toBeLessThan(ready.findIndex((i) => i.id === 'open-window'));
  });
});
