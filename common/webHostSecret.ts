// How a page of the web host proves it holds this run's secret, shared by the host (web/host.ts)
// and the page (renderer/webSecret.ts).
//
// The secret travels only where a browser never sends anything by itself: in the printed address's
// fragment (#k=…, which no browser sends to any server), then in the page's sessionStorage (kept
// per origin, so per port, unlike cookies), then in the WebSocket handshake's
// Sec-WebSocket-Protocol, which only the page's own script sets. No cookie carries it.

/** The fragment's key in the printed address: http://127.0.0.1:PORT/#k=<secret>. */
export const SECRET_FRAGMENT_KEY = 'k';

/** The subprotocol the host answers with: the bridge's own, which carries no secret. */
export const BRIDGE_PROTOCOL = 'stint.bridge';

/** The offered subprotocol that carries the secret (base64url is a valid protocol token). */
export const SECRET_PROTOCOL_PREFIX = 'stint.k.';

/** What the page offers in its WebSocket handshake: the bridge's protocol and the secret. */
export const bridgeProtocols = (secret: string): string[] => [BRIDGE_PROTOCOL, `${SECRET_PROTOCOL_PREFIX}${secret}`];

/** Every secret offered in a Sec-WebSocket-Protocol header (a comma-separated list of tokens). */
export function offeredSecrets(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token.startsWith(SECRET_PROTOCOL_PREFIX))
    .map((token) => token.slice(SECRET_PROTOCOL_PREFIX.length));
}
