// Which URLs main agrees to open in the system browser: absolute http(s) only, with a host and
// no credentials. Anything else (file:, javascript:, custom schemes) could run code or leak data.

export function isSafeExternalUrl(candidate: unknown): candidate is string {
  if (typeof candidate !== 'string' || candidate.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}
