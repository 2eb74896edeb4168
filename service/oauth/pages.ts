// The HTML of the authorize endpoint: sign-in, consent and error pages. Server-rendered, no
// script and nothing loaded from elsewhere, so the Content-Security-Policy can forbid everything
// but this one stylesheet (allowed by its hash) and posting forms back here or, for the redirect
// that follows a post, to the application's callback origin.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createWords, type MessageValues, type Words } from '../../common/i18n/words';
import { readCatalog } from '../../platform/catalogFiles';
import { localeFromAcceptLanguage } from './acceptLanguage';

const STYLE = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --text: #1d2330; --muted: #5b6475; --line: #d7dbe3; --accent: #2f6fde; --accent-text: #fff; --bad: #b3261e; }
@media (prefers-color-scheme: dark) { :root { --bg: #15181e; --card: #1f232b; --text: #e8eaef; --muted: #a2a9b6; --line: #383e4a; --accent: #6c9cf0; --accent-text: #0e1420; --bad: #ff8a80; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: var(--bg); color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; padding: 24px; }
main { width: 100%; max-width: 400px; background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 32px; box-shadow: 0 2px 12px rgb(0 0 0 / 6%); }
.brand { font-weight: 700; letter-spacing: .02em; color: var(--accent); margin: 0 0 20px; }
h1 { font-size: 1.35rem; line-height: 1.3; margin: 0 0 8px; }
p { margin: 0 0 16px; color: var(--muted); }
strong { color: var(--text); }
label { display: block; font-weight: 600; margin: 16px 0 6px; }
input[type=email], input[type=password] { width: 100%; font: inherit; padding: 10px 12px; border: 1px solid var(--line); border-radius: 8px; background: var(--bg); color: var(--text); }
input:focus-visible, button:focus-visible { outline: 3px solid color-mix(in srgb, var(--accent) 45%, transparent); outline-offset: 1px; }
.actions { display: flex; gap: 12px; margin-top: 24px; }
button { flex: 1; font: inherit; font-weight: 600; padding: 10px 16px; border-radius: 8px; border: 1px solid var(--line); background: var(--card); color: var(--text); cursor: pointer; }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-text); }
.error { color: var(--bad); border: 1px solid currentColor; border-radius: 8px; padding: 10px 12px; margin: 0 0 16px; }
.where { overflow-wrap: anywhere; font-size: .9rem; }
code { font-size: .9rem; }
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Tagged template: every interpolated value is escaped, except nested html`` results. */
class Html {
  constructor(readonly text: string) {}
}
export function html(
  strings: TemplateStringsArray,
  ...values: Array<string | number | Html | Html[] | undefined>
): Html {
  let text = strings[0]!;
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts) text += part instanceof Html ? part.text : escapeHtml(String(part ?? ''));
    text += strings[i + 1]!;
  });
  return new Html(text);
}

/** The pages' words in the language the browser asks for (Accept-Language), English where it asks for none Stint has. */
export function pageWords(request: FastifyRequest): Words {
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  return createWords(locale, readCatalog(locale), readCatalog('en'));
}

/** A message of the pages with its one value (`{ name: value }`) in <strong>, wherever the language puts it. */
function strong(words: Words, id: string, shown: Readonly<Record<string, string>>): Html {
  const [[name, value] = ['', '']] = Object.entries(shown);
  const [before = '', after = ''] = words.t(id, { [name]: '\u0000' }).split('\u0000');
  return html`${before}<strong>${value}</strong>${after}`;
}

/** A sign-in refusal as a message of the pages (oauth.*), said in the browser's language. */
export interface PageMessage {
  id: string;
  values?: MessageValues;
}

interface SendOptions {
  words: Words;
  status: number;
  title: string;
  body: Html;
  formTargets: string[];
}

// In a string, which the build writes as an escape: a literal one in the template would make the
// main bundle non-ASCII (test/unit/build/asciiBundle.test.ts).
const MIDDLE_DOT = '·';

function send(reply: FastifyReply, { words, status, title, body, formTargets }: SendOptions): FastifyReply {
  const formAction = formTargets.length ? `'self' ${formTargets.join(' ')}` : `'none'`;
  const page = html`<!doctype html>
<html lang="${words.locale}" dir="${words.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} ${MIDDLE_DOT} Stint</title>
<style>${new Html(STYLE)}</style>
</head>
<body><main>
<p class="brand">Stint</p>
${body}
</main></body>
</html>
`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-frame-options', 'DENY') // for browsers older than frame-ancestors
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(page.text);
}

const hidden = (fields: Record<string, string | undefined>) =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);

export interface SignInView {
  appName: string;
  /** The authorize parameters, carried through the post. */
  fields: Record<string, string | undefined>;
  csrf: string;
  email?: string;
  message?: PageMessage;
  /** Origin the application will be sent back to, allowed as a form target. */
  returnOrigin: string;
}

export function signInPage(reply: FastifyReply, words: Words, status: number, view: SignInView): FastifyReply {
  const { t } = words;
  return send(reply, {
    words,
    status,
    title: t('oauth.sign-in-title'),
    body: html`<h1>${t('oauth.sign-in-heading', { app: view.appName })}</h1>
<p>${strong(words, 'oauth.sign-in-intro', { app: view.appName })}</p>
${view.message ? html`<p class="error" role="alert">${t(view.message.id, view.message.values)}</p>` : undefined}
<form method="post" action="/oauth/2/authorize">
${hidden({ ...view.fields, csrf: view.csrf, action: 'sign_in' })}
<label for="email">${t('oauth.email')}</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${view.email ?? ''}">
<label for="password">${t('oauth.password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button class="primary" type="submit">${t('oauth.sign-in')}</button></div>
</form>`,
    formTargets: [view.returnOrigin],
  });
}

export interface ConsentView {
  appName: string;
  email: string;
  /** Where the user returns, shown so they can see who is asking. */
  target: string;
  ticket: string;
  csrf: string;
  returnOrigin: string;
}

export function consentPage(reply: FastifyReply, words: Words, view: ConsentView): FastifyReply {
  const { t } = words;
  return send(reply, {
    words,
    status: 200,
    title: t('oauth.consent-title'),
    body: html`<h1>${t('oauth.consent-heading', { app: view.appName })}</h1>
<p>${strong(words, 'oauth.signed-in-as', { email: view.email })}</p>
<p>${t('oauth.consent-scope', { app: view.appName })}</p>
<p class="where">${strong(words, 'oauth.return-to', { target: view.target })}</p>
<form method="post" action="/oauth/2/authorize">
${hidden({ ticket: view.ticket, csrf: view.csrf })}
<div class="actions">
<button type="submit" name="action" value="deny">${t('oauth.deny')}</button>
<button class="primary" type="submit" name="action" value="allow">${t('oauth.allow')}</button>
</div>
</form>`,
    formTargets: [view.returnOrigin],
  });
}

/**
 * Why a request cannot go on. The OAuth error and its description are the protocol's words, the
 * same the application hears (spec 000), so they stay in English, marked as such; the page around
 * them speaks the browser's language.
 */
export function errorPage(
  reply: FastifyReply,
  words: Words,
  status: number,
  { error, description }: { error: string; description: string },
): FastifyReply {
  const { t } = words;
  return send(reply, {
    words,
    status,
    title: t('oauth.error-title'),
    body: html`<h1>${t('oauth.error-heading')}</h1>
<p class="error" role="alert" lang="en" dir="ltr"><code>${error}</code>: ${description}</p>
<p>${t('oauth.error-advice')}</p>`,
    formTargets: [],
  });
}
