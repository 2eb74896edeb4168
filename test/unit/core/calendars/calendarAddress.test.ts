// Which calendar addresses Stint reads, and what of one the window may show.

import { describe, expect, it } from 'vitest';
import { checkAddress } from '../../../../main/core/calendars/calendarAddress';

const SECRET = 'private-0123456789abcdef0123456789abcdef';

describe('a calendar address', () => {
  it("takes Google's secret address, shown by its host and file name only", () => {
    const checked = checkAddress(`https://calendar.google.com/calendar/ical/me%40example.org/${SECRET}/basic.ics`);
    expect(checked).toMatchObject({ ok: true, kind: 'url', label: 'calendar.google.com/…/basic.ics' });
    expect(JSON.stringify(checked.ok && checked.label)).not.toContain(SECRET);
  });

  it('reads webcal:// as https://', () => {
    expect(checkAddress('webcal://cloud.example.org/remote.php/dav/public-calendars/AbCdEf?export')).toMatchObject({
      ok: true,
      address: 'https://cloud.example.org/remote.php/dav/public-calendars/AbCdEf?export',
      label: 'cloud.example.org/…/AbCdEf',
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
});
