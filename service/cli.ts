// `npm run service -- [--port <n>] [--data <dir>] [--token-file <file>] …` (usage below), or its
// environment (serviceConfig.ts): runs the local service alone until SIGINT or SIGTERM, which
// drain it (/readyz 503), finish the requests in flight, stop background work and exit 0.
// Subcommands: register-app and set-password (oauth/cli.ts), import (importCommand.ts).
import { parseArgs } from 'node:util';
import { startService } from './index';
import { openStore, redactDatabaseUrl } from './storage/openStore';
import { OAUTH_COMMANDS_USAGE, runOAuthCommand } from './oauth/cli';
import { IMPORT_USAGE, runImportCommand } from './importCommand';
import { ConfigError, readServiceConfig, type ServiceConfig } from './serviceConfig';
import {
  OWNER_PASSWORD_SOURCE,
  parseSecretsKey,
  readSecretOption,
  SECRETS_KEY_SOURCE,
  SecretOptionError,
  type SecretOption,
  TOKEN_SOURCE,
} from './secretOption';

const MIN_TOKEN_LENGTH = 32;

const usage = [
  'usage: npm run service -- --port <n> --data <dir> [--token-file <file>] [--owner-password-file <file>] [--rate-limit <req/s>] [--host 127.0.0.1]',
  '         [--public-url <url>] [--trust-proxy <true|false|hops|addresses>] [--metrics-port <n>] [--metrics-host 127.0.0.1]',
  '         [--log-level info|silent|…] [--drain-seconds <s>]',
  '  each flag may come from the environment instead: PORT, HOST, RATE_LIMIT, PUBLIC_URL, TRUST_PROXY, METRICS_PORT,',
  '  METRICS_HOST, LOG_LEVEL, DRAIN_SECONDS (a flag wins over its variable)',
  `  the owner's personal token: --token-file <file> (mode 600), or ${TOKEN_SOURCE.env}, or ${TOKEN_SOURCE.fileEnv}=<file>; at least ${MIN_TOKEN_LENGTH} characters, else one is made and printed once`,
  `  the owner's password: --owner-password-file <file> (mode 600), or ${OWNER_PASSWORD_SOURCE.env}, or ${OWNER_PASSWORD_SOURCE.fileEnv}=<file>`,
  `  the key that seals webhook secrets at rest (32 bytes, hex or base64; the same on every instance): --secrets-key-file <file> (mode 600), or ${SECRETS_KEY_SOURCE.fileEnv}=<file>, or ${SECRETS_KEY_SOURCE.env}`,
  '  --token <value> and --owner-password <password> work too, but every user of this machine can read',
  '  them in the process list (ps, /proc/<pid>/cmdline): prefer the file or the variable',
  '  DATABASE_URL=postgres://… runs on that PostgreSQL database instead of SQLite in --data (DATABASE_POOL_SIZE: connections, default 10)',
  '  logs: one JSON line per request on stdout (LOG_LEVEL=silent: none); metrics: /metrics on --metrics-port only',
  OAUTH_COMMANDS_USAGE,
  IMPORT_USAGE,
].join('\n');

// The subcommands act on the database and exit; they take no service options.
const commandExit = (await runOAuthCommand(process.argv.slice(2))) ?? (await runImportCommand(process.argv.slice(2)));
if (commandExit !== null) process.exit(commandExit);

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

function readArgs() {
  const text = { type: 'string' } as const;
  try {
    return parseArgs({
      options: {
        port: text,
        data: text,
        token: text,
        'token-file': text,
        'owner-password': text,
        'owner-password-file': text,
        'secrets-key': text,
        'secrets-key-file': text,
        'rate-limit': text,
        host: text,
        'public-url': text,
        'trust-proxy': text,
        'metrics-port': text,
        'metrics-host': text,
        'log-level': text,
        'drain-seconds': text,
        // The request log is on by default; --log is kept for the scripts that asked for it.
        log: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}

const args = readArgs();
if (args.help) {
  console.log(usage);
  process.exit(0);
}

function readConfig(): ServiceConfig {
  try {
    return readServiceConfig(args);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
const config = readConfig();

function secret(source: typeof TOKEN_SOURCE): SecretOption {
  try {
    const option = readSecretOption(source, args);
    if (option.warning) console.error(option.warning);
    return option;
  } catch (error) {
    if (error instanceof SecretOptionError) fail(error.message);
    throw error;
  }
}
const token = secret(TOKEN_SOURCE);
const ownerPassword = secret(OWNER_PASSWORD_SOURCE);
const secretsKeyText = secret(SECRETS_KEY_SOURCE);
function secretsKey(): Uint8Array | undefined {
  if (secretsKeyText.value === undefined) return undefined;
  try {
    return parseSecretsKey(secretsKeyText.value, secretsKeyText.from!);
  } catch (error) {
    if (error instanceof SecretOptionError) fail(error.message);
    throw error;
  }
}

// A token anyone could guess opens the owner's account to every local process.
if (token.value !== undefined && token.value.length < MIN_TOKEN_LENGTH) {
  fail(
    `${token.from} must be at least ${MIN_TOKEN_LENGTH} characters (a random one is made for you when no token is given)`,
  );
}

// A team's store: PostgreSQL named by DATABASE_URL (any number of instances on one database);
// without it, SQLite in --data as before.
const { databaseUrl } = config;
const store = databaseUrl
  ? await openStore({ databaseUrl, poolSize: config.poolSize }).catch((error: Error) =>
      fail(`cannot open the database ${redactDatabaseUrl(databaseUrl)}: ${error.message}`),
    )
  : undefined;

const service = await startService({
  port: config.port,
  host: config.host,
  dataDir: args.data,
  store,
  token: token.value,
  ownerPassword: ownerPassword.value,
  secretsKey: secretsKey(),
  rateLimit: config.rateLimit,
  publicUrl: config.publicUrl,
  trustProxy: config.trustProxy,
  metricsPort: config.metricsPort,
  metricsHost: config.metricsHost,
  logger: config.logLevel === 'silent' ? false : { stream: process.stdout, level: config.logLevel },
}).catch((error: Error) => fail(`cannot start the service: ${error.message}`));

console.log(`Stint service listening on ${service.url}`);
if (service.metricsUrl) console.log(`Metrics: ${service.metricsUrl}`);
console.log(
  databaseUrl
    ? `Data: PostgreSQL ${redactDatabaseUrl(databaseUrl)}`
    : args.data
      ? `Data: ${args.data}`
      : 'Data: in memory (lost on exit; pass --data <dir> to keep it)',
);
if (service.tokenCreated) console.log(`Personal token (shown once): ${service.token}`);
else if (!service.token)
  console.log('Personal token: the one shown when this database was created (only its hash is stored)');

// A stop: /readyz answers 503 at once, so balancers take this instance out; after drainSeconds
// (long enough for their health checks to notice) the listener closes, the requests in flight
// finish, background work stops and the database closes.
let closing: { signal: string; at: number } | undefined;
let closeNow: (() => void) | undefined;
function close(): void {
  service.close().then(
    () => {
      console.log('Stopped');
      process.exit(0);
    },
    (error: Error) => {
      console.error(`error while closing: ${error.message}`);
      process.exit(1);
    },
  );
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Another signal during the drain closes at once (the requests in flight still finish), but
    // not the same signal within a second: a supervisor that signals the whole process group
    // reaches this process both directly and through tsx, which passes signals on.
    if (closing) {
      if (signal !== closing.signal || performance.now() - closing.at > 1000) closeNow?.();
      return;
    }
    closing = { signal, at: performance.now() };
    service.drain();
    console.log(`${signal}: draining; closing in ${config.drainSeconds} s`);
    const timer = setTimeout(() => {
      closeNow = undefined;
      close();
    }, config.drainSeconds * 1000);
    closeNow = () => {
      closeNow = undefined;
      clearTimeout(timer);
      close();
    };
  });
}
