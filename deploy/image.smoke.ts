/**
 * `npm run image:smoke`: the image `npm run image` built, started for real. Each command runs in
 * a working container of the image with `buildah run --isolation chroot`, so with the image's
 * user, ENV and WORKDIR, on the host's network: fly.toml's release command against a fresh
 * PostgreSQL database (TEST_DATABASE_URL), then fly.toml's realtime and web processes with
 * fly.toml's [env] (PORT and REALTIME_URL pointing at loopback instead of 8080 and Flycast).
 * Checks the image's budget and contents, /healthz, a question page, a Socket.IO connection
 * through web, the HEALTHCHECK command, and a graceful SIGTERM. Skipped, saying why, without
 * root, buildah, the image or TEST_DATABASE_URL. IMAGE_TAG names the image.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, post, serverUrl, signUp, socketAt } from '../entry/test/cluster.test-support.ts';
import { freePort, query, startProcess, withDatabase, type ServerProcess } from '../entry/test/local-cluster.ts';
import { execForm, finalStage, fly, ofKeyword, words } from './deployment.ts';

const imageTag = process.env.IMAGE_TAG ?? 'localhost/fake-stack-overflow:latest';
const BUDGET_MB = 400;
/** How long a server may take to answer /healthz: slow on a busy machine (it opens the database, loads the search index). */
const START_WITHIN_MS = 180_000;

/** Runs `argv` quietly: exit status and output. */
const sh = (argv: string[]) => {
  const result = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
};

/**
 * `signal` to the server's own process, as a container runtime sends it to its main process; the
 * exit code and time are `buildah run`'s, which ends with it. (Sent to `buildah run` itself, the
 * signal would be answered with SIGKILL to the command.) With `--isolation chroot` the process
 * is one of the host's, a descendant of `buildah run` named node.
 */
/** The file name a process runs ('' for a kernel thread, whose link cannot be read). */
function executableOf(pid: string): string {
  try {
    return basename(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return '';
  }
}

function terminate(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; ms: number }> {
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    return Promise.resolve({ code: server.child.exitCode, ms: 0 });
  const parents = new Map<number, { ppid: number; name: string }>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // /proc/PID/stat: "pid (name) state ppid …"; the name may hold spaces and parentheses. The
      // name is the executable's file (not the thread's: Node.js 24 names its main thread MainThread).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = executableOf(pid);
      parents.set(Number(pid), { ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), name });
    } catch {
      // exited meanwhile
    }
  }
  const descends = (pid: number): boolean =>
    pid > 1 && (parents.get(pid)?.ppid === server.child.pid || descends(parents.get(pid)?.ppid ?? 0));
  const node = [...parents].find(([pid, { name }]) => name === 'node' && descends(pid));
  if (!node) throw new Error(`no node process under buildah run (pid ${server.child.pid})`);
  const started = Date.now();
  return new Promise((resolve) => {
    server.child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
    process.kill(node[0], signal);
  });
}

function skipReason(): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0)
    return 'needs root on Linux (buildah --isolation chroot)';
  if (sh(['buildah', '--version']).code !== 0) return 'needs buildah (`npm run image` installs it)';
  if (sh(['buildah', 'inspect', '--type', 'image', imageTag]).code !== 0)
    return `no image ${imageTag}: run \`npm run image\` first`;
  if (!serverUrl) return 'set TEST_DATABASE_URL to a PostgreSQL server';
  return null;
}
const skip = skipReason();
if (skip) console.info(`Image smoke test skipped: ${skip}.`);

describe.skipIf(skip !== null)(`the image ${imageTag}, started as fly.toml starts it`, () => {
  const database = `fso_image_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = withDatabase(serverUrl ?? 'postgres://unused', database);
  const env: Record<string, string> = {
    ...fly.env,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'image-smoke-session-secret-0123456789abcdef',
  };
  let container = '';
  let rootfs = '';
  let web: ServerProcess, realtime: ServerProcess;

  /** `buildah run` of `command` in the working container, with `env` on top of the image's. */
  const inImage = (command: string[], extra: Record<string, string> = {}) => [
    'buildah',
    'run',
    '--isolation',
    'chroot',
    ...Object.entries({ ...env, ...extra }).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    container,
    '--',
    ...command,
  ];

  /** The output of a shell `script` run in the image's root filesystem (mounted). */
  const inRootfs = (script: string) => sh(['sh', '-c', `cd ${rootfs} && ${script}`]).output;

  beforeAll(async () => {
    const from = sh(['buildah', 'from', '--pull=never', imageTag]);
    expect(from.code, from.output).toBe(0);
    container = from.output.split('\n').at(-1)!;
    rootfs = sh(['buildah', 'mount', container]).output;
    await query(serverUrl!, `CREATE DATABASE ${database}`);
  });

  afterAll(async () => {
    await Promise.all([web, realtime].filter(Boolean).map((server) => terminate(server, 'SIGKILL')));
    if (container) sh(['buildah', 'rm', container]);
    await query(serverUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }, 120_000);

  it(`is under ${BUDGET_MB} MB unpacked`, () => {
    const mb = Number(sh(['du', '-sxm', rootfs]).output.split('\t')[0]);
    console.info(`Image ${imageTag}: ${mb} MB unpacked.`);
    expect(mb).toBeGreaterThan(0);
    expect(mb).toBeLessThan(BUDGET_MB);
  });

  it('runs as a non-root user, with node ≥ 20.10', () => {
    const id = sh(inImage(['id', '-u']));
    expect(id.code, id.output).toBe(0);
    expect(Number(id.output)).toBeGreaterThan(0);
    const [major, minor] = sh(inImage(['node', '--version']))
      .output.replace(/^v/, '')
      .split('.')
      .map(Number);
    expect(major! > 20 || (major === 20 && minor! >= 10), `node ${major}.${minor}`).toBe(true);
  });

  it('holds production dependencies only, no build tools and no source maps of the server', () => {
    expect(inRootfs('ls -d app/node_modules/tsx')).toBe('app/node_modules/tsx');
    expect(
      inRootfs(
        'ls -d app/node_modules/vitest app/node_modules/@remix-run/dev app/node_modules/eslint app/node_modules/typescript 2>/dev/null',
      ),
    ).toBe('');
    expect(
      inRootfs('ls usr/bin/gcc usr/bin/cc usr/bin/g++ usr/bin/make usr/bin/python3 usr/local/bin/python3 2>/dev/null'),
    ).toBe('');
    expect(inRootfs('find app -name "*.map" -not -path "*/node_modules/*"')).toBe('');
  });

  it('holds no tests, local data, git history or test output (.dockerignore)', () => {
    expect(inRootfs('ls -d app/.git app/data app/remix-app/data app/remix-app/test app/test-results 2>/dev/null')).toBe(
      '',
    );
    expect(inRootfs('find app -name "*.test.ts" -not -path "*/node_modules/*"')).toBe('');
  });

  it("fly.toml's release command migrates the fresh database", async () => {
    const release = sh(inImage(words(fly.deploy.release_command)));
    expect(release.code, release.output).toBe(0);
    const tables = await query<{ n: number }>(
      databaseUrl,
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables[0]!.n).toBeGreaterThan(0);
  }, 300_000);

  it(
    "fly.toml's realtime and web processes start and answer /healthz",
    async () => {
      const realtimePort = await freePort();
      realtime = await startProcess(
        inImage(words(fly.processes.realtime!), { PORT: String(realtimePort) }),
        '/',
        process.env,
        realtimePort,
        START_WITHIN_MS,
      );
      const webPort = await freePort();
      web = await startProcess(
        inImage(words(fly.processes.web!), { PORT: String(webPort), REALTIME_URL: realtime.base }),
        '/',
        process.env,
        webPort,
        START_WITHIN_MS,
      );
      for (const server of [realtime, web]) expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    },
    3 * START_WITHIN_MS,
  );

  let cookie = '';
  it('a question asked through the REST API shows on its page', async () => {
    cookie = await signUp(web.base, 'imagesmoke');
    const title = `Does the image start ${Date.now()}`;
    const question = await post(web.base, cookie, '/question/addQuestion', {
      title,
      text: 'Asked by the image smoke test.',
      tags: ['deploy'],
      askedBy: 'imagesmoke',
    });
    const page = await fetch(`${web.base}/question/${question._id}`, { headers: { cookie } });
    const html = await page.text();
    expect(page.status, html.slice(0, 500)).toBe(200);
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain(title);
  }, 120_000);

  it('a Socket.IO client connects through web (forwarded to realtime) with its session', async () => {
    const socket = socketAt(web.base, cookie);
    try {
      await connected(socket);
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  }, 120_000);

  it("the Dockerfile's HEALTHCHECK command passes in the image", () => {
    const check = sh(inImage(execForm(ofKeyword(finalStage, 'HEALTHCHECK')[0]!)!, { PORT: String(web.port) }));
    expect(check.code, check.output).toBe(0);
  }, 120_000);

  it('SIGTERM stops web and realtime with exit code 0 within 10 s', async () => {
    const stopped = await Promise.all([web, realtime].map((server) => terminate(server)));
    console.info(`Image smoke test: stopped in ${stopped.map((s) => s.ms).join(' / ')} ms.`);
    for (const { code, ms } of stopped) {
      expect(
        code,
        [web, realtime]
          .map((s) => s.log.join(''))
          .join('\n')
          .slice(-2000),
      ).toBe(0);
      expect(ms).toBeLessThan(10_000);
    }
  }, 120_000);
});
