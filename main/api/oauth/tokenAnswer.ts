// The token endpoint's answer (spec 000 step 3 "Response fields"): access_token, refresh_token,
// expires_in, scope, token_type; form-encoded by default, JSON with Accept: application/json
// (GAPS.md "OAuth"). The answer is read by its Content-Type, whichever form was asked for, so a
// server that ignores Accept is still understood.
//
// Nothing here quotes the answer: it holds the tokens, and a parse error's message (JSON.parse
// quotes the text it choked on) must not carry them into a log.

/** What a successful code exchange or refresh gives. */
export interface OAuthTokens {
  accessToken: string;
  /** null when the application may not refresh (it was given none) */
  refreshToken: string | null;
  /** seconds the access token lives, as the server said; null when it did not say */
  expiresIn: number | null;
  scope: string;
  /** bearer (spec 000 "default value bearer") */
  tokenType: string;
}

/** Why an answer could not be read; the message never contains the answer. */
export class TokenAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenAnswerError';
  }
}

const isJson = (contentType: string) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType.trim());

/** The fields of the answer as strings (JSON numbers written out), from JSON or a form-encoded query string. */
function fields(text: string, contentType: string): Map<string, string> {
  if (!isJson(contentType)) return new Map(new URLSearchParams(text.trim()));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new TokenAnswerError('The token endpoint answered JSON that does not parse');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new TokenAnswerError('The token endpoint answered JSON that is not an object');
  const out = new Map<string, string>();
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string' || typeof field === 'number') out.set(key, String(field));
  }
  return out;
}

export function readTokenAnswer(text: string, contentType = ''): OAuthTokens {
  const values = fields(text, contentType);
  const accessToken = values.get('access_token');
  if (!accessToken) throw new TokenAnswerError('The token endpoint answered without an access_token');
  const tokenType = values.get('token_type') || 'bearer';
  // Anything but a bearer token would need another way of sending it than this client knows.
  if (tokenType.toLowerCase() !== 'bearer')
    throw new TokenAnswerError(`The token endpoint issued a token of type "${tokenType.slice(0, 40)}", not bearer`);
  const expires = values.get('expires_in');
  const expiresIn = expires !== undefined && /^\d{1,10}$/.test(expires.trim()) ? Number(expires) : null;
  return {
    accessToken,
    refreshToken: values.get('refresh_token') || null,
    expiresIn,
    scope: values.get('scope') ?? '',
    tokenType: 'bearer',
  };
}
