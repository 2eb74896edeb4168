// Which calendar addresses Stint reads, and what of one the window may show.

import { describe, expect, it } from 'vitest';
import { checkAddress, readCalendarText } from '../../../../main/core/calendars/calendarAddress';

const SECRET = 'private-0123456789abcdef0123456789abcdef';

describe('a calendar address', () => {
  it("takes Google's secret address, shown by its host only", () => {
    const checked = checkAddress(`https://calendar.google.com/calendar/ical/me%40example.org/${SECRET}/basic.ics`);
    expect(checked).toMatchObject({ ok: true, kind: 'url', label: 'Calendar at calendar.google.com' });
    expect(JSON.stringify(checked.ok && checked.label)).not.toContain(SECRET);
  });

  // Issue 28 item 3: Nextcloud and iCloud put the secret in the last path segment or before the query.
  it.each([
    ['https://cloud.example.org/remote.php/dav/public-calendars/Xk3TOKENy9QpZ?export', 'cloud.example.org'],
    ['https://p42-caldav.icloud.com/published/2/MTIzTOKENNDU2Nzg5', 'p42-caldav.icloud.com'],
    ['https://calendar.google.com/calendar/ical/x/private-abcTOKEN/basic.ics', 'calendar.google.com'],
    ['https://outlook.office365.com:8443/owa/calendar/a/b/reachcalendar.ics?token=TOKEN', 'outlook.office365.com:8443'],
    ['https://cal.example.org/TOKEN', 'cal.example.org'],
  ])('shows %s by its host and a fixed word, no segment or query of it', (address, host) => {
    const checked = checkAddress(address);
    expect(checked).toMatchObject({ ok: true, label: `Calendar at ${host}` });
    expect(checked.ok && checked.label).not.toMatch(/TOKEN|export|published|basic|reach|\//);
  });

  it('reads webcal:// as https://', () => {
    expect(checkAddress('webcal://cloud.example.org/remote.php/dav/public-calendars/AbCdEf?export')).toMatchObject({
      ok: true,
      address: 'https://cloud.example.org/remote.php/dav/public-calendars/AbCdEf?export',
      label: 'Calendar at cloud.example.org',
    });
  });

  it('refuses plain http except on this machine’s loopback', () => {
    expect(checkAddress('http://outlook.office365.com/owa/calendar/x/y/calendar.ics')).toMatchObject({
      ok: false,
      message: /Only https:\/\//,
    });
    expect(checkAddress('http://127.0.0.1:8080/work.ics')).toMatchObject({ ok: true, kind: 'url' });
    expect(checkAddress('http://localhost:8080/work.ics')).toMatchObject({ ok: true });
    expect(checkAddress('http://[::1]:8080/work.ics')).toMatchObject({ ok: true });
  });

  it('takes a local file by its full path or file: address, shown by its name', () => {
    expect(checkAddress('/home/me/Calendars/work.ics')).toMatchObject({ ok: true, kind: 'file', label: 'work.ics' });
    expect(checkAddress('file:///home/me/work.ics')).toMatchObject({
      ok: true,
      kind: 'file',
      address: '/home/me/work.ics',
    });
  });

  it('refuses what is neither, in words', () => {
    expect(checkAddress('work.ics')).toMatchObject({ ok: false, message: /full path of an .ics file/ });
    expect(checkAddress('ftp://example.org/work.ics')).toMatchObject({ ok: false });
  });

  // Issue 28 item 2: a device or a pipe has no size to check and may never end.
  it('reads no device as a calendar file', async () => {
    await expect(readCalendarText({ ok: true, kind: 'file', address: '/dev/zero', label: 'zero' })).rejects.toThrow(
      'zero is not a file.',
    );
  });
});
