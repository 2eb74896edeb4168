// The settings of `npm run service` from its flags and its environment (a flag wins over its
// variable), checked before anything starts: a bad value refuses to start with a message naming
// the flag or variable it came from. Secrets are not here: secretOption.ts reads them.
import { isIP } from 'node:net';

export class ConfigError extends Error {}

/** The environment variable that stands for each flag. */
export const SETTING_ENV = {
  port: 'PORT',
  host: 'HOST',
  'rate-limit': 'RATE_LIMIT',
  'public-url': 'PUBLIC_URL',
  'trust-proxy': 'TRUST_PROXY',
  'metrics-port': 'METRICS_PORT',
  'metrics-host': 'METRICS_HOST',
  'log-level': 'LOG_LEVEL',
  'drain-seconds': 'DRAIN_SECONDS',
} as const;
type Setting = keyof typeof SETTING_ENV;

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** Names proxy-addr (fastify's trustProxy) knows for ranges of addresses. */
const ADDRESS_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

export interface ServiceConfig {
  port?: number;
  host?: string;
  rateLimit?: number;
  publicUrl?: string;
  trustProxy?: boolean | string[];
  metricsPort?: number;
  metricsHost?: string;
  /** pino's level; 'silent' turns the request log off. Default info. */
  logLevel: (typeof LOG_LEVELS)[number];
  /** Seconds between SIGTERM (/readyz answers 503 from then) and closing the listener. Default 0. */
  drainSeconds: number;
  /** DATABASE_URL: PostgreSQL; absent = SQLite in --data. */
  databaseUrl?: string;
  /** DATABASE_POOL_SIZE. */
  poolSize?: number;
}

type Values = Record<string, unknown>;

/** The flag's value, else its variable's; with where it came from, for messages. */
function raw(values: Values, env: NodeJS.ProcessEnv, setting: Setting): { text: string; from: string } | undefined {
  const flag = values[setting];
  if (typeof flag === 'string') return { text: flag, from: `--${setting}` };
  const fromEnv = env[SETTING_ENV[setting]];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { text: fromEnv, from: SETTING_ENV[setting] };
  return undefined;
}

function numberSetting(
  given: { text: string; from: string } | undefined,
  valid: (n: number) => boolean,
  what: string,
): number | undefined {
  if (!given) return undefined;
  const n = Number(given.text);
  if (given.text.trim() === '' || !Number.isFinite(n) || !valid(n))
    throw new ConfigError(`${given.from} must be ${what} (got ${JSON.stringify(given.text)})`);
  return n;
}

const isPort = (n: number) => Number.isInteger(n) && n >= 0 && n <= 65535;

/** PUBLIC_URL: an absolute http(s) URL, no credentials, query or fragment; no final slash. */
export function parsePublicUrl(text: string, from: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ConfigError(
      `${from} must be an absolute URL such as https://stint.example.com (got ${JSON.stringify(text)})`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${from} must start with https:// or http:// (got ${url.protocol})`);
  if (url.username || url.password) throw new ConfigError(`${from} must not hold a user name or password`);
  if (url.search || url.hash || text.includes('?') || text.includes('#'))
    throw new ConfigError(`${from} must not have a query or a fragment`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function isAddressOrRange(entry: string): boolean {
  if (ADDRESS_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: true, false, or a comma-separated list of addresses and CIDR ranges. A number of
 * hops is refused: fastify trusts no peer for it (it cannot check the one next to it), so it would
 * silently count every client as the balancer.
 */
export function parseTrustProxy(text: string, from: string): boolean | string[] {
  const value = text.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value))
    throw new ConfigError(
      `${from}: a number of proxy hops cannot be checked against the peer; name the proxies' addresses or CIDR ranges (such as 127.0.0.1 or 10.0.0.0/8)`,
    );
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const wrong = entries.filter((e) => !isAddressOrRange(e));
  if (entries.length === 0 || wrong.length > 0)
    throw new ConfigError(
      `${from} must be true, false, or addresses and CIDR ranges separated by commas ` +
        `(such as 10.0.0.0/8,127.0.0.1 or loopback); not ${JSON.stringify(wrong[0] ?? text)}`,
    );
  return entries;
}

function databaseSettings(env: NodeJS.ProcessEnv): Pick<ServiceConfig, 'databaseUrl' | 'poolSize'> {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const pool = env.DATABASE_POOL_SIZE?.trim();
  const poolSize = pool
    ? numberSetting(
        { text: pool, from: 'DATABASE_POOL_SIZE' },
        (n) => Number.isInteger(n) && n >= 1,
        'a whole number of connections, at least 1',
      )
    : undefined;
  if (poolSize !== undefined && !databaseUrl)
    throw new ConfigError('DATABASE_POOL_SIZE is for PostgreSQL: set DATABASE_URL too');
  return { databaseUrl, poolSize };
}

/** Reads and checks every setting; throws ConfigError naming the first bad one. */
export function readServiceConfig(values: Values, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const get = (setting: Setting) => raw(values, env, setting);
  const publicUrl = get('public-url');
  const trustProxy = get('trust-proxy');
  const logLevel = get('log-level');
  if (logLevel && !(LOG_LEVELS as readonly string[]).includes(logLevel.text.trim()))
    throw new ConfigError(
      `${logLevel.from} must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(logLevel.text)})`,
    );
  return {
    port: numberSetting(get('port'), isPort, 'a port number (0..65535)'),
    host: get('host')?.text.trim(),
    rateLimit: numberSetting(get('rate-limit'), (n) => n >= 0, 'a number of requests per second >= 0'),
    publicUrl: publicUrl && parsePublicUrl(publicUrl.text, publicUrl.from),
    trustProxy: trustProxy && parseTrustProxy(trustProxy.text, trustProxy.from),
    metricsPort: numberSetting(get('metrics-port'), isPort, 'a port number (0..65535)'),
    metricsHost: get('metrics-host')?.text.trim(),
    logLevel: (logLevel?.text.trim() as ServiceConfig['logLevel'] | undefined) ?? 'info',
    drainSeconds:
      numberSetting(get('drain-seconds'), (n) => n >= 0 && n <= 600, 'a number of seconds from 0 to 600') ?? 0,
    ...databaseSettings(env),
  };
}
