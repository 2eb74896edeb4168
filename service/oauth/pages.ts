// The HTML of the authorize endpoint: sign-in, consent and error pages. Server-rendered, no
// script and nothing loaded from elsewhere, so the Content-Security-Policy can forbid everything
// but this one stylesheet (allowed by its hash) and posting forms back here or, for the redirect
// that follows a post, to the application's callback origin.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

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

interface SendOptions {
  status: number;
  title: string;
  body: Html;
  formTargets: string[];
}

// In a string, which the build writes as an escape: a literal one in the template would make the
// main bundle non-ASCII (test/unit/build/asciiBundle.test.ts).
const MIDDLE_DOT = '·';

function send(reply: FastifyReply, { status, title, body, formTargets }: SendOptions): FastifyReply {
  const formAction = formTargets.length ? `'self' ${formTargets.join(' ')}` : `'none'`;
  const page = html`<!doctype html>
<html lang="en">
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
  message?: string;
  /** Origin the application will be sent back to, allowed as a form target. */
  returnOrigin: string;
}

export function signInPage(reply: FastifyReply, status: number, view: SignInView): FastifyReply {
  return send(reply, {
    status,
    title: 'Sign in',
    body: html`<h1>Sign in to continue to ${view.appName}</h1>
<p><strong>${view.appName}</strong> asks to use your Stint account. Sign in first; you then choose whether to allow it.</p>
${view.message ? html`<p class="error" role="alert">${view.message}</p>` : undefined}
<form method="post" action="/oauth/2/authorize">
${hidden({ ...view.fields, csrf: view.csrf, action: 'sign_in' })}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${view.email ?? ''}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
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

export function consentPage(reply: FastifyReply, view: ConsentView): FastifyReply {
  return send(reply, {
    status: 200,
    title: 'Allow access',
    body: html`<h1>Allow ${view.appName} to use your Stint account?</h1>
<p>Signed in as <strong>${view.email}</strong>.</p>
<p>${view.appName} will be able to see and change what you can in Stint: time entries, timers, projects and the rest.</p>
<p class="where">You will return to <strong>${view.target}</strong></p>
<form method="post" action="/oauth/2/authorize">
${hidden({ ticket: view.ticket, csrf: view.csrf })}
<div class="actions">
<button type="submit" name="action" value="deny">Deny</button>
<button class="primary" type="submit" name="action" value="allow">Allow</button>
</div>
</form>`,
    formTargets: [view.returnOrigin],
  });
}

export function errorPage(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return send(reply, {
    status,
    title: 'Cannot continue',
    body: html`<h1>This sign-in request cannot continue</h1>
<p class="error" role="alert"><code>${error}</code>: ${description}</p>
<p>Go back to the application you came from and start again. If this keeps happening, tell its makers.</p>`,
    formTargets: [],
  });
}
