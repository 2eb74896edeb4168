// The OAuth commands of `npm run service --`: registering an application (spec 000: "not an API
// operation") and setting a user's password. Both work on the database in --data, or on the
// PostgreSQL database DATABASE_URL names, also while services run on it (the service reads
// applications and passwords afresh on every request).
import { parseArgs } from 'node:util';
import { openStore, redactDatabaseUrl } from '../storage/openStore';
import { openSqliteStore } from '../storage/sqliteStore';
import type { Store } from '../storage/store';
import { timestamp } from '../time';
import { GRANT_TYPES, registerApplication, type GrantType } from './applications';
import { MIN_PASSWORD_LENGTH, setPassword, userIdByEmail } from './setPassword';

export const OAUTH_COMMANDS_USAGE = [
  'npm run service -- register-app --name <name> --callback <url> --data <dir> [--grant-types authorization_code,refresh_token]',
  'npm run service -- set-password --email <address> --data <dir> [--password <password>]   (without --password: read from stdin; the flag is visible to every local user)',
  '  (with DATABASE_URL=postgres://… in the environment instead of --data: on that PostgreSQL database)',
].join('\n');

class UsageError extends Error {}

function options(argv: string[], names: string[]): Record<string, string | undefined> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
      strict: true,
    });
    return values as Record<string, string | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  // Without a folder the database would be in memory and vanish with this command.
  if (!value?.trim())
    throw new UsageError(`--${name} is required${name === 'data' ? ' (the service folder to write to)' : ''}`);
  return value;
}

/** The team's PostgreSQL when DATABASE_URL names one, else SQLite in --data (required then). */
async function commandStore(values: Record<string, string | undefined>): Promise<Store> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) return openSqliteStore(required(values, 'data'));
  // Two databases named: writing to the one not meant is worse than refusing.
  if (values.data !== undefined) throw new UsageError('give --data or DATABASE_URL, not both');
  try {
    return await openStore({ databaseUrl });
  } catch (error) {
    throw new Error(`cannot open the database ${redactDatabaseUrl(databaseUrl)}: ${(error as Error).message}`);
  }
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

async function registerApp(argv: string[]): Promise<number> {
  const values = options(argv, ['name', 'callback', 'data', 'grant-types']);
  const [name, callbackUrl] = [required(values, 'name'), required(values, 'callback')];
  const grantTypes = values['grant-types']?.split(/[\s,]+/).filter(Boolean) as GrantType[] | undefined;
  if (grantTypes?.some((g) => !GRANT_TYPES.includes(g)))
    throw new UsageError(`--grant-types takes ${GRANT_TYPES.join(', ')}`);
  const db = await commandStore(values);
  try {
    const { clientId, clientSecret } = await registerApplication(db, { name, callbackUrl, grantTypes });
    console.log(`Application registered: ${name.trim()}`);
    console.log(`Callback URL: ${callbackUrl}`);
    console.log(`client_id: ${clientId}`);
    console.log(`client_secret (shown once; only its hash is stored): ${clientSecret}`);
    return 0;
  } finally {
    await db.close();
  }
}

export const PASSWORD_FLAG_WARNING =
  'warning: --password can be read by every user of this machine in the process list; leave it out and give the password on stdin';

async function setPasswordCommand(argv: string[]): Promise<number> {
  const values = options(argv, ['email', 'password', 'data']);
  const email = required(values, 'email');
  if (!process.env.DATABASE_URL?.trim()) required(values, 'data');
  // Reading stdin keeps the password out of shell history and the process list.
  if (values.password !== undefined) console.error(PASSWORD_FLAG_WARNING);
  const password = values.password ?? (await readStdin());
  if (password.length < MIN_PASSWORD_LENGTH) {
    console.error(`a password needs at least ${MIN_PASSWORD_LENGTH} characters`);
    return 1;
  }
  const db = await commandStore(values);
  try {
    const userId = await userIdByEmail(db, email);
    if (userId === null) {
      console.error(`no user has the e-mail ${email}`);
      return 1;
    }
    await setPassword(db, userId, password, { now: timestamp(new Date()) });
    console.log(`Password set for ${email}`);
    return 0;
  } finally {
    await db.close();
  }
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  'register-app': registerApp,
  'set-password': setPasswordCommand,
};

/** Runs the command named by argv[0] and answers its exit code; null when argv names none of these. */
export async function runOAuthCommand(argv: string[]): Promise<number | null> {
  const command = argv[0] ? COMMANDS[argv[0]] : undefined;
  if (!command) return null;
  try {
    return await command(argv.slice(1));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nusage:\n${OAUTH_COMMANDS_USAGE}`);
      return 2;
    }
    console.error((error as Error).message);
    return 1;
  }
}
