// A calendar's address: a published iCalendar address (Google's secret iCal address, Outlook's and
// Nextcloud's published calendars; webcal:// read as https://) or the path of a local .ics file,
// and reading it. The address is a secret (whoever has Google's private address reads the whole
// calendar): it is kept in the keychain (calendars.ts), and nothing here puts it in a message,
// only its host. Plain http is refused except on this machine's loopback (tests, a local server).

import { lookup } from 'node:dns/promises';
import { readFile, stat } from 'node:fs/promises';
import { isIP } from 'node:net';
import { basename, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

export type CheckedAddress =
  | { ok: true; kind: 'url' | 'file'; address: string; label: string }
  | { ok: false; message: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether Stint reads an address: https, http on loopback, or an absolute file path (or file: URL). */
export function checkAddress(typed: string): CheckedAddress {
  const text = typed.trim().replace(/^webcal:\/\//i, 'https://');
  if (text.startsWith('file:')) {
    try {
      return checkAddress(fileURLToPath(text));
    } catch {
      return { ok: false, message: 'That file address names no file.' };
    }
  }
  if (isAbsolute(text)) return { ok: true, kind: 'file', address: text, label: basename(text) };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: "Paste the calendar's address (https://…) or the full path of an .ics file." };
  }
  const problem = refusedUrl(url);
  if (problem) return { ok: false, message: problem };
  return { ok: true, kind: 'url', address: url.href, label: redactedLabel(url) };
}

function refusedUrl(url: URL): string | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  if (url.protocol === 'http:')
    return 'Only https:// addresses are read: over http the secret address would cross the network in the clear.';
  return "Paste the calendar's address (https://…) or the full path of an .ics file.";
}

/**
 * What the window may show of an address: its host and a fixed word, never a path segment or
 * query, any of which may be the secret (Google's `/private-<secret>/basic.ics`, Nextcloud's
 * `/public-calendars/<token>?export`, iCloud's `/published/2/<token>`).
 */
export function redactedLabel(url: URL): string {
  return `${LABEL_WORD} ${url.host}`;
}

const LABEL_WORD = 'Calendar at';

/**
 * A label kept by an earlier Stint, which showed the last path segment (issue 28 item 3), as
 * redactedLabel makes one: its host, the part before the first slash, and the fixed word.
 */
export function relabelled(label: string): string {
  if (label.startsWith(`${LABEL_WORD} `) && !label.includes('/')) return label;
  return `${LABEL_WORD} ${label.split('/')[0]}`;
}

/** The most a calendar may weigh: far more than years of a busy calendar (5 years: ~1.6 MB). */
const MAX_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 30_000;

/** A local file's text: a regular file of at most MAX_BYTES (not a device or pipe, which may never end). */
async function readCalendarFile(path: string): Promise<string> {
  const name = basename(path);
  let size: number;
  try {
    const found = await stat(path);
    if (!found.isFile()) throw new Error(`${name} is not a file.`);
    size = found.size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw code ? new Error(`Cannot read ${name}: ${code}.`) : error;
  }
  if (size > MAX_BYTES) throw new Error(`${name} is a calendar of more than 50 MB.`);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? 'error'}.`);
  }
}

/** Reads the calendar's text; throws an Error whose message names the host at most, never the address. */
export async function readCalendarText(checked: Extract<CheckedAddress, { ok: true }>): Promise<string> {
  if (checked.kind === 'file') return readCalendarFile(checked.address);
  let url = new URL(checked.address);
  const givenLoopback = isLoopbackAddress(url.hostname.replace(/^\[|\]$/g, '')) || url.hostname === 'localhost';
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await request(url);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const from = url.host;
      url = new URL(location, url);
      // Anyone's calendar server may not send Stint to a service of this computer's (issue 28 item 4).
      if (!givenLoopback && (await reachesLoopback(url.hostname)))
        throw new Error(
          `${from} sent Stint on to this computer's own services, which it reads only when you give such an address.`,
        );
      // A redirect may not take the secret address's answer to plain http elsewhere.
      const problem = refusedUrl(url);
      if (problem) throw new Error(`${from} sent Stint on to an address it does not read. ${problem}`);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      // Its status only: the words beside it are the server's, and may be anything.
      throw new Error(`${url.host} answered ${response.status}.`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_BYTES) {
      await response.body?.cancel();
      throw new Error(`${url.host} sent a calendar of more than 50 MB.`);
    }
    return await limitedText(response, url.host);
  }
  throw new Error(`${url.host} redirected more than ${MAX_REDIRECTS} times.`);
}

/**
 * Whether a host is this computer: a loopback or unspecified address, a name under localhost, or
 * a name any of whose addresses is one (looked up now; the connection looks it up again, so a
 * name that changes its answer in between is not caught: the redirect's target is).
 */
async function reachesLoopback(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host)) return isLoopbackAddress(host);
  try {
    return (await lookup(host, { all: true })).some((a) => isLoopbackAddress(a.address));
  } catch {
    // A name that does not resolve reaches nothing: the request fails with its own words.
    return false;
  }
}

function isLoopbackAddress(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  if (isIP(v4) === 4) return v4.startsWith('127.') || v4 === '0.0.0.0';
  const v6 = address.toLowerCase();
  // ::1 and :: in their short forms (URL writes them so), and IPv4-mapped loopback (::ffff:7f00:1).
  return v6 === '::1' || v6 === '::' || /^::ffff:7f[0-9a-f]{2}:/.test(v6) || v6 === '::ffff:0:0';
}

/**
 * The answer's text, its bytes counted as they come (a chunked answer names no length, and a
 * Content-Length may lie): at MAX_BYTES the answer is left unread and nothing of it kept.
 */
async function limitedText(response: Response, host: string): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: Awaited<ReturnType<typeof reader.read>>;
    try {
      next = await reader.read();
    } catch (error) {
      const why = (error as Error).name === 'TimeoutError' ? 'no answer in 30 s' : 'the answer was cut off';
      throw new Error(`Cannot read ${host}: ${why}.`);
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error(`${host} sent a calendar of more than 50 MB.`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

async function request(url: URL): Promise<Response> {
  try {
    return await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Stint (calendar)' },
    });
  } catch (error) {
    // undici's own message may carry the whole address: only its code is told.
    const cause = (error as { cause?: { code?: string } }).cause;
    const why = (error as Error).name === 'TimeoutError' ? 'no answer in 30 s' : (cause?.code ?? 'no answer');
    throw new Error(`Cannot reach ${url.host}: ${why}.`);
  }
}
