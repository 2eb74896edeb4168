// The redirect_uri rule of spec 000 step 1 as a pure function; the HTTP tests walk the same cases
// through the authorize page.
import { describe, expect, it } from 'vitest';
import { redirectTarget, withParameters } from '../../../service/oauth/redirectUri';

const CONFIGURED = 'https://app.example.test:8443/oauth/callback';
const accepted = (given: string | undefined, configured = CONFIGURED) =>
  redirectTarget(configured, given)?.href ?? null;

describe('the redirect_uri rule', () => {
  it('uses the configured callback when none is given', () => {
    expect(accepted(undefined)).toBe(CONFIGURED);
  });

  it.each([
    ['the same URI', CONFIGURED],
    ['a subdirectory', 'https://app.example.test:8443/oauth/callback/step/2'],
    ['another scheme', 'http://app.example.test:8443/oauth/callback'],
    ['a query string', 'https://app.example.test:8443/oauth/callback?from=menu'],
    ['upper-case host letters', 'https://APP.example.test:8443/oauth/callback'],
    ['the default port written out', 'https://app.example.test:443/cb', 'https://app.example.test/cb'],
    [
      'encoded characters below the path that are no dot segment or slash',
      'https://app.example.test:8443/oauth/callback/step%20two/%7Eme',
    ],
    ['segments that only start with dots', 'https://app.example.test:8443/oauth/callback/..x/.y/a..b'],
  ])('accepts %s', (_, given, configured = CONFIGURED) => {
    expect(accepted(given, configured)).not.toBeNull();
  });

  it.each([
    ['another host', 'https://evil.example.test:8443/oauth/callback'],
    ['a subdomain', 'https://x.app.example.test:8443/oauth/callback'],
    ['another port', 'https://app.example.test:9443/oauth/callback'],
    ['no port', 'https://app.example.test/oauth/callback'],
    ['a path above', 'https://app.example.test:8443/oauth'],
    ['a path beside', 'https://app.example.test:8443/oauth/other'],
    ['a path sharing a prefix', 'https://app.example.test:8443/oauth/callback2'],
    ['dot segments leaving the path', 'https://app.example.test:8443/oauth/callback/../other'],
    ['encoded dot segments', 'https://app.example.test:8443/oauth/callback/%2e%2e/other'],
    ['a dot segment with an encoded slash', 'https://app.example.test:8443/oauth/callback/..%2fother'],
    ['an encoded dot segment and slash', 'https://app.example.test:8443/oauth/callback/%2e%2e%2fother'],
    ['an encoded dot segment and slash in capitals', 'https://app.example.test:8443/oauth/callback/%2E%2E%2Fother'],
    ['a dot segment with an encoded backslash', 'https://app.example.test:8443/oauth/callback/..%5cother'],
    ['a doubly encoded dot segment and slash', 'https://app.example.test:8443/oauth/callback/%252e%252e%252fother'],
    ['a dot segment with a path parameter', 'https://app.example.test:8443/oauth/callback/..;/other'],
    ['an encoded slash below the path', 'https://app.example.test:8443/oauth/callback/a%2fb'],
    ['an encoded backslash below the path', 'https://app.example.test:8443/oauth/callback/a%5Cb'],
    ['another top-level domain', 'https://app.example.com:8443/oauth/callback'],
    ['a fragment', 'https://app.example.test:8443/oauth/callback#x'],
    ['user info', 'https://evil@app.example.test:8443/oauth/callback'],
    ['a script', 'javascript:alert(1)//app.example.test:8443/oauth/callback'],
    ['a relative URI', '/oauth/callback'],
    ['something not a URI', 'not a uri'],
  ])('refuses %s', (_, given) => {
    expect(accepted(given)).toBeNull();
  });

  // URL leaves the port empty when it is the scheme's default: compared as written, http://h/cb
  // (port 80, cleartext) passed for https://h/cb (port 443). The port each one connects to is compared.
  it('compares the port each URI connects to: http and https of a host without a port differ (80 and 443), a default port written out or not is the same', () => {
    expect(accepted('http://app.example.test/cb', 'https://app.example.test/cb')).toBeNull();
    expect(accepted('http://app.example.test:80/cb', 'https://app.example.test/cb')).toBeNull();
    expect(accepted('https://app.example.test/cb', 'http://app.example.test/cb')).toBeNull();
    expect(accepted('https://app.example.test:80/cb', 'http://app.example.test/cb')).not.toBeNull();
    expect(accepted('https://app.example.test:443/cb', 'https://app.example.test/cb')).not.toBeNull();
    expect(accepted('http://app.example.test:80/cb', 'http://app.example.test/cb')).not.toBeNull();
  });

  it('treats a configured path ending in / as the folder itself', () => {
    expect(accepted('https://a.test/cb/', 'https://a.test/cb/')).not.toBeNull();
    expect(accepted('https://a.test/cb/x', 'https://a.test/cb/')).not.toBeNull();
    expect(accepted('https://a.test/cbx', 'https://a.test/cb/')).toBeNull();
  });

  it('adds the response parameters to the query the URI already has', () => {
    expect(withParameters(new URL('https://a.test/cb?x=1'), { code: 'c d', state: undefined })).toBe(
      'https://a.test/cb?x=1&code=c+d',
    );
  });
});
