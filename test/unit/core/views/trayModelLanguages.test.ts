// The tray in the snapshot's language (issue 31): the words main/shell/tray.ts passes for
// snapshot.locale, German and Arabic here. Electron's Menu has no direction option, so a right-to-
// left tray is the OS's drawing of these items: what Stint controls is the words, and that each
// name and time inside an Arabic item is isolated (FSI … PDI) so it keeps its own direction.
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../../common/snapshot';
import { mainWords } from '../../../../main/core/mainWords';
import { startingTrayModel, trayModel, type MenuItemData } from '../../../../main/core/views/trayModel';
import { snapshot as emptySnapshot, timerView } from '../../../support/snapshot';

const NOW = new Date(2025, 2, 10, 10, 0).getTime();
const snapshot = (over: Partial<Snapshot> = {}): Snapshot =>
  emptySnapshot({ today: { date: '2025-03-10', entries: [], totalMinutes: 225 }, lastSyncAt: NOW, ...over });
const running = timerView({
  projectId: 1,
  projectName: 'Website',
  state: 'running',
  seconds: 0,
  asOf: NOW - 3_909_000,
});
const paused = [
  timerView({ projectId: 2, projectName: 'Backend', state: 'paused', seconds: 2530, asOf: NOW }),
  timerView({ projectId: 3, projectName: 'Docs', state: 'pending', seconds: 0, asOf: NOW }),
];
const labels = (menu: MenuItemData[]) => menu.map((i) => (i.type === 'separator' ? '---' : i.label));
const byId = (menu: MenuItemData[], id: string) => menu.find((i) => i.id === id);
/** A placeholder's text between the isolates an RTL message puts around it. */
const isolated = (text: string) => `\u2068${text}\u2069`;

describe('the tray in German', () => {
  const de = mainWords('de');

  it('names the timers, their actions and the app in German', () => {
    const { menu } = trayModel(snapshot({ locale: 'de', timers: [running, ...paused] }), NOW, 'linux', de);
    expect(labels(menu)).toEqual([
      'Website · 1:05',
      'Website pausieren',
      '1:05 für Website erfassen',
      '---',
      'Backend fortsetzen (0:42)',
      'Docs starten (0:00)',
      '---',
      'Schnelleintrag…',
      'Heute: 4:50 (mit dem Timer von Website)',
      '---',
      'Stint öffnen',
      'Diese Woche…',
      'Einstellungen…',
      'Stint beenden',
    ]);
  });

  it('counts paused timers and waiting and failed changes in its tooltip and menu', () => {
    const failed = [{ id: 'x', summary: 'Log 1:30 on Website', message: 'refused', editable: [] }];
    const model = trayModel(
      snapshot({ locale: 'de', online: false, outbox: { pending: 3, failed }, timers: paused }),
      NOW,
      'win32',
      de,
    );
    expect(model.tooltip).toBe(
      'Stint: 2 pausierte Timer · Heute 3:45 · Offline, 3 Änderungen ausstehend · 1 Änderung fehlgeschlagen',
    );
    expect(byId(model.menu, 'offline')?.label).toBe('Offline: 3 Änderungen ausstehend');
    expect(byId(model.menu, 'failed')?.label).toBe('1 Änderung fehlgeschlagen: Stint öffnen, um sie zu beheben');
    expect(byId(model.menu, 'refresh')?.label).toBe('Jetzt erneut versuchen');
  });

  it('says the update in German', () => {
    const downloading = snapshot({ locale: 'de', update: { state: 'downloading', version: '0.3.0', percent: 40 } });
    expect(byId(trayModel(downloading, NOW, 'linux', de).menu, 'update-progress')?.label).toBe(
      'Stint 0.3.0 wird geladen… 40 %',
    );
    const ready = snapshot({ locale: 'de', update: { state: 'ready', version: '0.3.0' } });
    expect(byId(trayModel(ready, NOW, 'linux', de).menu, 'restart-to-update')?.label).toBe(
      'Neu starten zum Aktualisieren',
    );
  });

  it('while starting, in the words it is given (the system language before an account is open)', () => {
    expect(labels(startingTrayModel(de).menu)).toEqual([
      'Wird gestartet…',
      '---',
      'Schnelleintrag…',
      '---',
      'Stint öffnen',
      'Stint beenden',
    ]);
    expect(startingTrayModel(de).tooltip).toBe('Stint: wird gestartet…');
  });
});

describe('the tray in Arabic', () => {
  const ar = mainWords('ar');

  it('speaks Arabic, right to left, with the names and times isolated', () => {
    expect(ar.dir).toBe('rtl');
    const model = trayModel(snapshot({ locale: 'ar', timers: [running, ...paused] }), NOW, 'darwin', ar);
    expect(model.title).toBe(`${isolated('1:05')} ${isolated('Website')}`);
    expect(byId(model.menu, 'pause:1')?.label).toBe(`إيقاف ${isolated('Website')} مؤقتًا`);
    expect(byId(model.menu, 'log:1')?.label).toBe(`تسجيل ${isolated('1:05')} في ${isolated('Website')}`);
    expect(byId(model.menu, 'resume:2')?.label).toBe(`استئناف ${isolated('Backend')} (${isolated('0:42')})`);
    expect(byId(model.menu, 'quit')?.label).toBe('إنهاء Stint');
  });

  it("counts with Arabic's plural forms: two paused timers in the dual, three changes in the few form", () => {
    const model = trayModel(
      snapshot({ locale: 'ar', timers: paused, outbox: { pending: 3, failed: [] } }),
      NOW,
      'linux',
      ar,
    );
    expect(model.tooltip).toContain('مؤقّتان متوقفان');
    expect(byId(model.menu, 'outbox')?.label).toBe('3 تغييرات بانتظار المزامنة');
  });
});
