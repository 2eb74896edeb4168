// A team's deployment for tests: deploy/run-team.sh (the script the README's "Run it for a team"
// runs) starting N service instances on one PostgreSQL database behind a real HAProxy, every
// port a free one. Gives the balancer's URL, each instance's ports and pid, a way to start a
// killed instance again (as a supervisor would) and to stop the whole deployment.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// import.meta, not __dirname: the benchmarks load this file as an ES module too.
const root = fileURLToPath(new URL('../..', import.meta.url));
export const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

export interface TeamInstance {
  /** 1-based; HAProxy calls it `stint<index>` (its X-Stint-Instance header). */
  index: number;
  name: string;
  url: string;
  metricsUrl: string;
  pid: number;
  /** Its log so far (JSON request lines and the command's own lines). */
  log(): string;
}

export interface TeamCluster {
  /** The balancer: where clients go. */
  url: string;
  /** The owner's personal token, shared by every instance. */
  token: string;
  instances: TeamInstance[];
  runDir: string;
  /** What the script printed. */
  output(): string;
  /** HAProxy's log (one line per request: the server that answered, the status). */
  haproxyLog(): string;
  /**
   * Starts a stopped or killed instance again on its ports, with the settings the script gives
   * its instances (a supervisor's restart); resolves once it is ready. Its log goes on in the same file.
   */
  restart(instance: TeamInstance): Promise<void>;
  /** SIGTERM to the script, which stops the instances and then HAProxy; resolves with its exit code. */
  stop(): Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** N ports free now and distinct (the script needs runs of consecutive ones: it gets a base each). */
async function consecutiveFreePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => canListen(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** True once the process is gone (or a zombie its parent has not reaped yet). */
export function exited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

export async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface TeamClusterOptions {
  databaseUrl: string;
  /** Default 3. */
  instances?: number;
  /** More environment for the script and the instances (RATE_LIMIT, DRAIN_SECONDS…). */
  env?: Record<string, string>;
  /** The owner's token (default: a new random one); give the database's own when it is already seeded. */
  token?: string;
}

const running = new Set<ChildProcess>();
const pidsOfRunning = new Map<ChildProcess, () => number[]>();

/** Starts the deployment and resolves once the script says it is up (every instance ready, HAProxy started). */
export async function startTeamCluster(options: TeamClusterOptions): Promise<TeamCluster> {
  const count = options.instances ?? 3;
  const runDir = mkdtempSync(join(tmpdir(), 'stint-team-'));
  const token = options.token ?? randomBytes(32).toString('base64url');
  const tokenFile = join(runDir, 'token');
  writeFileSync(tokenFile, token, { mode: 0o600 });
  const [basePort, metricsBasePort, lbPort, statsPort] = [
    await consecutiveFreePorts(count),
    await consecutiveFreePorts(count),
    await freePort(),
    await freePort(),
  ];
  const {
    DATABASE_URL: _d,
    STINT_SERVICE_TOKEN: _t,
    STINT_OWNER_PASSWORD: _p,
    STINT_TEST_STORE: _s,
    ...inherited
  } = process.env;
  const scriptEnv: NodeJS.ProcessEnv = {
    ...inherited,
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: '4',
    STINT_INSTANCES: String(count),
    STINT_BASE_PORT: String(basePort),
    STINT_METRICS_BASE_PORT: String(metricsBasePort),
    STINT_LB_BIND: `127.0.0.1:${lbPort}`,
    STINT_LB_STATS: `127.0.0.1:${statsPort}`,
    STINT_RUN_DIR: runDir,
    STINT_SERVICE_TOKEN_FILE: tokenFile,
    HAPROXY,
    ...options.env,
  };
  const script = spawn('bash', [join(root, 'deploy/run-team.sh')], {
    cwd: runDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: scriptEnv,
  });
  running.add(script);
  let output = '';
  script.stdout!.on('data', (d) => (output += d));
  script.stderr!.on('data', (d) => (output += d));
  const exit = new Promise<number | null>((resolve) => script.on('exit', (code) => resolve(code)));
  const pids = () =>
    ['haproxy', ...Array.from({ length: count }, (_, i) => `instance-${i + 1}`)]
      .map((name) => join(runDir, `${name}.pid`))
      .filter((file) => existsSync(file))
      .map((file) => Number(readFileSync(file, 'utf8')));
  pidsOfRunning.set(script, pids);
  // Instances started again by restart(): children of this process, not of the script.
  const restarted = new Set<ChildProcess>();
  let ended = false;
  void exit.then(() => (ended = true));
  await until(() => ended || output.includes('Stint for a team is up'), 'the team deployment to start', 240_000);
  if (ended) throw new Error(`deploy/run-team.sh exited: ${output}`);

  const url = `http://127.0.0.1:${lbPort}`;
  await until(
    () =>
      fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    'HAProxy to answer',
    60_000,
  );
  const instances: TeamInstance[] = Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    name: `stint${i + 1}`,
    url: `http://127.0.0.1:${basePort + i}`,
    metricsUrl: `http://127.0.0.1:${metricsBasePort + i}/metrics`,
    pid: Number(readFileSync(join(runDir, `instance-${i + 1}.pid`), 'utf8')),
    log: () => readFileSync(join(runDir, `instance-${i + 1}.log`), 'utf8'),
  }));
  return {
    url,
    token,
    instances,
    runDir,
    output: () => output,
    haproxyLog: () => readFileSync(join(runDir, 'haproxy.log'), 'utf8'),
    async restart(instance) {
      const again = restartInstance(instance, runDir, scriptEnv);
      restarted.add(again);
      instance.pid = again.pid!;
      await until(
        () =>
          fetch(`${instance.url}/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        `instance ${instance.index} to be ready again`,
        120_000,
      );
    },
    async stop() {
      if (!ended) script.kill('SIGTERM');
      // The restarted instances are ours, not the script's: stopped beside its own.
      const ours = [...restarted].filter((child) => child.exitCode === null && child.signalCode === null);
      const oursExited = ours.map((child) => new Promise((resolve) => child.once('exit', resolve)));
      for (const child of ours) child.kill('SIGTERM');
      await Promise.all(oursExited);
      const code = await exit;
      running.delete(script);
      rmSync(runDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Starts instance `index` as deploy/run-team.sh's start_instance does, in the settings the script exports to it. */
function restartInstance(instance: TeamInstance, runDir: string, scriptEnv: NodeJS.ProcessEnv): ChildProcess {
  const { STINT_SERVICE_TOKEN: _t, ...env } = scriptEnv;
  const log = openSync(join(runDir, `instance-${instance.index}.log`), 'a');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'service/cli.ts',
      '--host',
      '127.0.0.1',
      '--port',
      new URL(instance.url).port,
      '--metrics-port',
      new URL(instance.metricsUrl).port,
    ],
    {
      cwd: root,
      stdio: ['ignore', log, log],
      env: {
        ...env,
        DRAIN_SECONDS: env.DRAIN_SECONDS ?? '2',
        TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
        STINT_SECRETS_KEY_FILE: env.STINT_SECRETS_KEY_FILE ?? join(runDir, 'secrets-key'),
      },
    },
  );
  closeSync(log);
  writeFileSync(join(runDir, `instance-${instance.index}.pid`), String(child.pid));
  return child;
}

/** For afterEach/afterAll: whatever a failed test left running is killed. */
export function killTeamClusters(): void {
  for (const script of running) {
    for (const pid of pidsOfRunning.get(script)?.() ?? []) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    script.kill('SIGKILL');
  }
  running.clear();
}
