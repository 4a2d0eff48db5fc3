/**
 * The image's final stage, reproduced without Docker and run. In a temporary folder (the
 * WORKDIR), the final stage's COPY lines copy what they name — through .dockerignore, and for
 * `--from=build` the repository's own web build — and its `npm ci --omit=dev` installs the
 * production dependencies. Then, as the platform would: fly.toml's release command migrates a
 * fresh PostgreSQL database; fly.toml's realtime command and the Dockerfile's CMD (web) serve
 * the site with the image's ENV and fly.toml's [env], pass the HEALTHCHECK's command, and exit
 * 0 within 10 s of SIGTERM. So nothing needed at run time is only a devDependency.
 * Unlike a container: the host's node and npm, and the current user (root on the CI machine)
 * instead of USER node. Needs TEST_DATABASE_URL and the web build (`npm run build`; npm test
 * builds first), skipped without either. Takes 25–50 s here, mostly npm ci from a warm cache.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, query, startProcess, stopService, withDatabase, type ServerProcess } from '../remix-app/server/local-cluster.ts';
import { copyStep, destinationOf, execForm, finalStage, fly, imageEnv, inContext, ofKeyword, root, stages, workdirOf, words, type CopyStep } from './deployment.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** A `--from=<stage>` source (a path in that stage) as the repository path the same build made here. */
function builtPath(copy: CopyStep, source: string): string {
  const workdir = workdirOf(stages.find((stage) => stage.name === copy.from)!);
  if (!source.startsWith(`${workdir}/`)) throw new Error(`line ${copy.line + 1}: ${source} is outside the build stage's WORKDIR`);
  return source.slice(workdir.length + 1);
}

const builtCopies = ofKeyword(finalStage, 'COPY').map(copyStep).filter((copy) => copy.from !== null);
const missingBuild = builtCopies.flatMap((copy) => copy.sources.map((source) => builtPath(copy, source))).filter((path) => !existsSync(join(root, path)));
const skipReason = !serverUrl ? 'set TEST_DATABASE_URL to a PostgreSQL server' : missingBuild.length ? `run \`npm run build\` first (missing ${missingBuild.join(', ')})` : null;
if (skipReason) console.info(`Image test skipped: ${skipReason}.`);

/** Runs `argv` in `cwd` with exactly `env`; resolves with its exit code and output. */
function run(argv: string[], cwd: string, env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // Passed as given: Remix's globals make NODE_ENV a required key of ProcessEnv.
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The variables every command gets: the host's PATH and HOME, then the image's ENV. */
const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...imageEnv };

/**
 * Carries out the final stage's instructions in `app`: each COPY, and the `npm ci` of each RUN
 * (with --prefer-offline: the npm cache is warm from the repository's own install; the cache
 * clean after it is skipped). Any other RUN step is refused, for this test to be taught it.
 */
async function assemble(app: string) {
  if (ofKeyword(finalStage, 'WORKDIR').length !== 1) throw new Error('the final stage should have one WORKDIR, the folder this test stands in for');
  for (const instruction of finalStage.instructions) {
    if (instruction.getKeyword() === 'COPY') {
      const copy = copyStep(instruction);
      if (posix.isAbsolute(copy.dest)) throw new Error(`line ${copy.line + 1}: absolute COPY destination`);
      for (const source of copy.sources) {
        const from = copy.from === null ? source : builtPath(copy, source);
        const keep = (path: string) => copy.from !== null || inContext(relative(root, path));
        cpSync(join(root, from), join(app, destinationOf(copy, from)), { recursive: true, filter: keep });
      }
    } else if (instruction.getKeyword() === 'RUN') {
      for (const argv of (instruction.getArgumentsContent() ?? '').split('&&').map(words)) {
        if (argv[0] === 'npm' && argv[1] === 'ci') {
          const { code, output } = await run([...argv, '--prefer-offline'], app, baseEnv);
          expect(code, output).toBe(0);
        } else if (argv.join(' ') !== 'npm cache clean --force') throw new Error(`RUN step this test does not know: ${argv.join(' ')}`);
      }
    }
  }
}

describe.skipIf(skipReason !== null)("the image's final stage, run without Docker (needs TEST_DATABASE_URL and the web build)", () => {
  let app: string;
  const database = `fso_image_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = withDatabase(serverUrl ?? 'postgres://unused', database);
  const env = { ...baseEnv, ...fly.env, DATABASE_URL: databaseUrl, SESSION_SECRET: 'image-test-session-secret-0123456789abcdef' };
  const servers: ServerProcess[] = [];
  let realtime: ServerProcess, web: ServerProcess;
  const timings: string[] = [];
  const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    timings.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

  beforeAll(async () => {
    app = mkdtempSync(join(tmpdir(), 'fso-image-'));
    await query(serverUrl!, `CREATE DATABASE ${database}`);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopService(server, 'SIGKILL')));
    await query(serverUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(app, { recursive: true, force: true });
    console.info(`Image test: ${timings.join(', ')}.`);
  }, 60_000);

  it('copies what the final stage copies and installs production dependencies only', async () => {
    await timed('copy + npm ci', () => assemble(app));
    expect(existsSync(join(app, 'node_modules/tsx/package.json'))).toBe(true);
    for (const devDependency of ['vitest', '@remix-run/dev']) expect(existsSync(join(app, 'node_modules', devDependency)), devDependency).toBe(false);
  }, 300_000);

  it("fly.toml's release command migrates a fresh database", async () => {
    const { code, output } = await timed('release command', () => run(words(fly.deploy.release_command), app, env));
    expect(code, output).toBe(0);
    const tables = await query<{ n: number }>(databaseUrl, `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(tables[0]!.n).toBeGreaterThan(0);
  }, 60_000);

  it('realtime and web start with their commands, serve the site and pass the HEALTHCHECK', async () => {
    const realtimePort = await freePort();
    realtime = await timed('realtime start', () => startProcess(words(fly.processes.realtime!), app, { ...env, PORT: String(realtimePort) }, realtimePort));
    servers.push(realtime);
    const webPort = await freePort();
    const cmd = execForm(ofKeyword(finalStage, 'CMD')[0]!)!;
    web = await timed('web start', () => startProcess(cmd, app, { ...env, PORT: String(webPort), REALTIME_URL: realtime.base }, webPort));
    servers.push(web);

    expect((await fetch(`${web.base}/healthz`)).status).toBe(200);
    const home = await fetch(`${web.base}/home`);
    const html = await home.text();
    expect(home.status, html.slice(0, 500)).toBe(200);
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('All Questions — Fake Stack Overflow');
    // Socket.IO through web's forward to realtime: the Engine.IO handshake of a polling client.
    const socket = await fetch(`${web.base}/socket.io/?EIO=4&transport=polling`);
    expect(socket.status).toBe(200);
    expect(await socket.text()).toMatch(/^0\{"sid":/);

    const healthcheck = execForm(ofKeyword(finalStage, 'HEALTHCHECK')[0]!)!;
    const check = await run(healthcheck, app, { ...env, PORT: String(webPort) });
    expect(check.code, check.output).toBe(0);
  }, 120_000);

  it('SIGTERM stops each with exit code 0 within 10 s', async () => {
    const stopped = await Promise.all([web, realtime].map((server) => stopService(server)));
    timings.push(`stop ${stopped.map((s) => s.ms).join(' / ')} ms`);
    for (const { code, ms } of stopped) {
      expect(code, [web, realtime].map((s) => s.log.join('')).join('\n').slice(-2000)).toBe(0);
      expect(ms).toBeLessThan(10_000);
    }
  }, 30_000);
});
