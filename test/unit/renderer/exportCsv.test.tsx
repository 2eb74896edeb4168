// @vitest-environment happy-dom
// The window's CSV export form: this week first, bad days said at their field before anything is
// sent, progress while it runs, and where the file went.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../common/contract';
import { ok, type Result } from '../../../common/result';
import { ExportCsv } from '../../../renderer/components/ExportCsv';
import { fakeBridge } from '../../support/fakeBridge';

afterEach(cleanup);

const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
const from = () => screen.getByLabelText('From') as HTMLInputElement;
const to = () => screen.getByLabelText('To') as HTMLInputElement;

describe('ExportCsv', () => {
  it('offers this week (Monday to Sunday), shows progress while it runs, then where the entries were saved', async () => {
    let answer: (r: Result<ResponseOf<'exportCsv'>>) => void = () => {};
    const bridge = fakeBridge({ exportCsv: () => new Promise((resolve) => (answer = resolve)) });
    const view = render(<ExportCsv today="2026-11-25" exporting={null} bridge={bridge} />);
    expect([from().value, to().value]).toEqual(['2026-11-23', '2026-11-29']);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(bridge.exportCsv).toHaveBeenCalledWith({ from: '2026-11-23', to: '2026-11-29' }));
    view.rerender(<ExportCsv today="2026-11-25" exporting={{ entries: 2000 }} bridge={bridge} />);
    expect(screen.getByRole('status').textContent).toBe('Exporting… 2,000 entries');
    answer(ok({ path: '/home/me/Downloads/stint-2026-11-23-to-2026-11-29.csv', entries: 2345 }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Saved 2,345 entries to /home/me/Downloads/stint-2026-11-23-to-2026-11-29.csv',
      ),
    );
  });

  it('says a range that ends before it starts, or a day that is no date, at its field, keeps what was typed, and sends nothing', async () => {
    const bridge = fakeBridge();
    render(<ExportCsv today="2026-11-25" exporting={null} bridge={bridge} />);
    type(to(), '2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe('The last day is before the first: swap them or pick a later day.');
    expect(to().getAttribute('aria-invalid')).toBe('true');
    expect(to().getAttribute('aria-describedby')).toBe(error.id);
    expect(to().value).toBe('2026-11-01');
    type(from(), '');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The first day must be a date');
    expect(from().getAttribute('aria-invalid')).toBe('true');
    expect(bridge.exportCsv).not.toHaveBeenCalled();
  });
});
