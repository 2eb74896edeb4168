// One piece of bench/startCosts.ts, measured in a fresh process of its own (bundled for plain
// node, run with --expose-gc): the process's memory after a collection, before and after the
// piece is loaded, printed as one JSON line. A piece is a package (`package:<id>`, required as the
// shipped bundle requires it, from node_modules) or a group of the embedded service's routes
// (`routes:<group>`), registered on a bare fastify app over an in-memory SQLite store that is
// made before the first reading, so the group's own code, routes and schemas are what is counted.
//
//   node --expose-gc startCostsChild.mjs <piece>
import { createRequire } from 'node:module';
import { join } from 'node:path';

const piece = process.argv[2]!;
const gc = (globalThis as { gc?: () => void }).gc!;
const reading = () => {
  for (let i = 0; i < 3; i++) gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};

type Group = (app: import('fastify').FastifyInstance, context: import('../service/context').Context) => Promise<void>;
const groups: Record<string, Group> = {
  // What the embedded account reads and writes: the user, projects, tags, timers, entries.
  v2: async (app, context) => {
    const [user, projects, tags, timers, entries, both] = await Promise.all([
      import('../service/resources/currentUser'),
      import('../service/resources/projects'),
      import('../service/resources/tags'),
      import('../service/resources/timers'),
      import('../service/resources/entries'),
      import('../service/resources/projectsAndTags'),
    ]);
    user.currentUserRoutes(app, context);
    projects.projectRoutes(app, context);
    tags.tagRoutes(app, context);
    timers.timerRoutes(app, context);
    entries.entryRoutes(app, context);
    both.projectAndTagRoutes(app, context);
  },
  v1: async (app, context) => (await import('../service/v1/plugin')).v1Routes(app, context),
  oauth: async (app, context) => {
    app.register((await import('../service/oauth/routes')).oauthRoutes(context));
  },
  money: async (app, context) => (await import('../service/resources/money')).moneyRoutes(app, context),
  people: async (app, context) => (await import('../service/resources/people')).peopleRoutes(app, context),
  delivery: async (app, context) => {
    (await import('../service/events/install')).installEventDelivery(app, context);
  },
};

async function measure(): Promise<{ before: ReturnType<typeof reading>; after: ReturnType<typeof reading> }> {
  const kind = piece.slice(0, piece.indexOf(':'));
  const name = piece.slice(kind.length + 1);
  if (kind === 'package') {
    // From the project's node_modules, as dist/main/account.cjs requires it.
    const require = createRequire(join(process.cwd(), 'package.json'));
    const before = reading();
    const loaded = require(name);
    if (name === 'node:sqlite') new loaded.DatabaseSync(':memory:').exec('CREATE TABLE t (x)');
    return { before, after: reading() };
  }
  const group = groups[name];
  if (!group) throw new Error(`no such piece: ${piece}`);
  const { default: Fastify } = await import('fastify');
  const { createContext } = await import('../service/context');
  const { openSqliteStore } = await import('../service/storage/sqliteStore');
  const { DEFAULT_TUNING } = await import('../service/tuning');
  const context = createContext(openSqliteStore(), () => new Date());
  context.tuning = DEFAULT_TUNING;
  const options = {
    exposeHeadRoutes: true,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  };
  // A first app made and readied: what fastify itself allocates for one is in the baseline.
  await Fastify(options).ready();
  const app = Fastify(options);
  const before = reading();
  await group(app, context);
  await app.ready();
  return { before, after: reading() };
}

process.stdout.write(`${JSON.stringify(await measure())}\n`);
process.exit(0);
