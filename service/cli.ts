// `npm run service -- --port <n> --data <dir> [--token-file <file>] [--rate-limit <req/s>] [--host 127.0.0.1]`
// Runs the local service alone until SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import { startService } from './index';
import { openStore, redactDatabaseUrl } from './storage/openStore';
import { OAUTH_COMMANDS_USAGE, runOAuthCommand } from './oauth/cli';
import {
  OWNER_PASSWORD_SOURCE,
  readSecretOption,
  SecretOptionError,
  type SecretOption,
  TOKEN_SOURCE,
} from './secretOption';

const MIN_TOKEN_LENGTH = 32;

const usage = [
  'usage: npm run service -- --port <n> --data <dir> [--token-file <file>] [--owner-password-file <file>] [--rate-limit <req/s>] [--host 127.0.0.1] [--log]',
  `  the owner's personal token: --token-file <file> (mode 600), or ${TOKEN_SOURCE.env}; at least ${MIN_TOKEN_LENGTH} characters, else one is made and printed once`,
  `  the owner's password: --owner-password-file <file> (mode 600), or ${OWNER_PASSWORD_SOURCE.env}`,
  '  --token <value> and --owner-password <password> work too, but every user of this machine can read',
  '  them in the process list (ps, /proc/<pid>/cmdline): prefer the file or the variable',
  '  DATABASE_URL=postgres://… runs on that PostgreSQL database instead of SQLite in --data (DATABASE_POOL_SIZE: connections, default 10)',
  OAUTH_COMMANDS_USAGE,
].join('\n');

// register-app and set-password act on the database and exit; they take no service options.
const commandExit = await runOAuthCommand(process.argv.slice(2));
if (commandExit !== null) process.exit(commandExit);

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

function numberOption(value: string | undefined, name: string, valid: (n: number) => boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || !valid(n))
    fail(`--${name} must be ${name === 'port' ? 'a port number (0..65535)' : 'a number of requests per second >= 0'}`);
  return n;
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        token: { type: 'string' },
        'token-file': { type: 'string' },
        'owner-password': { type: 'string' },
        'owner-password-file': { type: 'string' },
        'rate-limit': { type: 'string' },
        host: { type: 'string' },
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

// A token anyone could guess opens the owner's account to every local process.
if (token.value !== undefined && token.value.length < MIN_TOKEN_LENGTH) {
  fail(
    `${token.from} must be at least ${MIN_TOKEN_LENGTH} characters (a random one is made for you when no token is given)`,
  );
}

// A team's store: PostgreSQL named by DATABASE_URL (any number of instances on one database);
// without it, SQLite in --data as before.
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const store = databaseUrl
  ? await openStore({
      databaseUrl,
      poolSize: process.env.DATABASE_POOL_SIZE ? Number(process.env.DATABASE_POOL_SIZE) : undefined,
    }).catch((error: Error) => fail(`cannot open the database ${redactDatabaseUrl(databaseUrl)}: ${error.message}`))
  : undefined;

const service = await startService({
  port: numberOption(args.port, 'port', (n) => Number.isInteger(n) && n >= 0 && n <= 65535),
  dataDir: args.data,
  store,
  token: token.value,
  ownerPassword: ownerPassword.value,
  rateLimit: numberOption(args['rate-limit'], 'rate-limit', (n) => n >= 0),
  host: args.host,
  logger: args.log ?? false,
}).catch((error: Error) => fail(`cannot start the service: ${error.message}`));

console.log(`Stint service listening on ${service.url}`);
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

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    service.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`error while closing: ${error.message}`);
        process.exit(1);
      },
    );
  });
}
