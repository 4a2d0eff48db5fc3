/**
 * What one view of a revisions page costs (issue 39 item 2): a question edited 200 times, each
 * edit swapping its whole text between two texts of 1,000 words (the attack), then
 * `GET /revisions/question/:qid` read by a visitor: the first view of page 1 (it computes and
 * stores that page's diffs), then VIEWS views more, each timed, with the server's CPU per view
 * (user + system, from /proc) and the page's bytes. One process, RATE_LIMIT_FACTOR=1000, on PGlite,
 * or on a new database of the PostgreSQL server at BENCH_DATABASE_URL when it is set.
 * Not part of `npm run bench`: run alone, after `npm run build`, in this checkout or in another
 * built one (the code before the change, say):
 *   node bench/revisions-page.mjs [port] [checkout] [views, default 20]
 * Prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cpuMs, postgresDatabase, signUp, startServer } from './lib.mjs';

const EDITS = 200;
const [port = '4305', checkout, views = '20'] = process.argv.slice(2);
const VIEWS = Number(views);

const words = (prefix) => Array.from({ length: 1000 }, (_, i) => `${prefix}${i}`).join(' ');
const texts = [words('alpha'), words('omega')];

const dataDir = mkdtempSync(join(tmpdir(), 'fso-revisions-'));
const database = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: await postgresDatabase(process.env.BENCH_DATABASE_URL) }
  : { DATA_DIR: dataDir };
const server = await startServer(
  { ...database, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  Number(port),
  'entry/main.ts',
  [],
  checkout,
);
try {
  const username = `editor${Date.now().toString(36)}`;
  const cookie = await signUp(server.base, username);
  const send = async (method, path, body) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const question = (n) => ({ title: 'Edited two hundred times', text: texts[n % 2], tags: ['revisions'] });
  const { _id: qid } = await send('POST', '/question/addQuestion', { ...question(0), askedBy: username });
  for (let n = 1; n <= EDITS; n++) await send('PATCH', `/question/editQuestion/${qid}`, question(n));

  const view = async (path) => {
    const cpu = cpuMs(server.pid);
    const started = performance.now();
    const res = await fetch(`${server.base}${path}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return { ms: performance.now() - started, cpu: cpuMs(server.pid) - cpu, bytes };
  };
  const path = `/revisions/question/${qid}`;
  const first = await view(path);
  const views = [];
  for (let i = 0; i < VIEWS; i++) views.push(await view(path));
  const ms = views.map((v) => v.ms).sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify({
      edits: EDITS,
      first: { ms: round(first.ms), cpuMs: round(first.cpu), bytes: first.bytes },
      views: VIEWS,
      p50Ms: round(ms[Math.floor(VIEWS / 2)]),
      maxMs: round(ms.at(-1)),
      cpuMsPerView: round(views.reduce((n, v) => n + v.cpu, 0) / VIEWS),
      bytes: views[0].bytes,
    }),
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (database.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(database.DATABASE_URL).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
}
