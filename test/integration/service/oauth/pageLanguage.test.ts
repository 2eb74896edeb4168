// The sign-in and consent pages over real HTTP speak the browser's language (Accept-Language), in
// the page's lang and dir; English when the browser asks for none Stint has. The OAuth error and
// its description, the protocol's words, stay English, marked so.
import { describe, expect, it } from 'vitest';
import { Browser, OWNER_EMAIL, serveOAuth } from '../support/oauthSupport';

const start = (clientId: string) => ({ client_id: clientId, response_type: 'code', state: 'st-1' });

describe('the OAuth pages in the browser’s language', () => {
  it('signs in and asks for consent in French when the browser prefers it', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    const french = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };
    const page = await browser.open(start(oauth.clientId), french);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="fr" dir="ltr">');
    expect(page.text).toContain('<title>Connexion');
    expect(page.text).toContain('<label for="password">Mot de passe</label>');
    expect(page.text).toContain('>Se connecter</button>');

    const wrong = await browser.post({ ...page.fields, email: OWNER_EMAIL, password: 'wrong' }, french);
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('L’adresse e-mail ou le mot de passe est incorrect.');

    const consent = await browser.post(
      { ...wrong.fields, email: OWNER_EMAIL, password: 'correct horse battery' },
      french,
    );
    expect(consent.status).toBe(200);
    expect(consent.text).toContain(`Connecté en tant que <strong>${OWNER_EMAIL}</strong>.`);
    expect(consent.text).toContain('value="allow">Autoriser</button>');
  });

  it('speaks English by default, and right to left in Hebrew', async () => {
    const oauth = await serveOAuth();
    const english = await new Browser(oauth.service.url).open(start(oauth.clientId));
    expect(english.text).toContain('<html lang="en" dir="ltr">');
    expect(english.text).toContain('<label for="password">Password</label>');
    const unknown = await new Browser(oauth.service.url).open(start(oauth.clientId), { 'accept-language': 'ko' });
    expect(unknown.text).toContain('<label for="email">E-mail</label>');
    const hebrew = await new Browser(oauth.service.url).open(start(oauth.clientId), { 'accept-language': 'he' });
    expect(hebrew.text).toContain('<html lang="he" dir="rtl">');
  });

  it('keeps the protocol’s error in English inside a page in the browser’s language', async () => {
    const oauth = await serveOAuth();
    const page = await new Browser(oauth.service.url).open(
      { client_id: 'nobody', response_type: 'code' },
      { 'accept-language': 'de' },
    );
    expect(page.status).toBe(400);
    expect(page.text).toContain('<html lang="de" dir="ltr">');
    expect(page.text).toContain('Diese Anmeldeanfrage kann nicht fortgesetzt werden');
    expect(page.text).toMatch(/<p class="error" role="alert" lang="en" dir="ltr"><code>[a-z_]+<\/code>/);
  });
});
